import AnnounceServer
import FuzzSupport

/// libFuzzer's entry: one line of `announce batch` input, as raw bytes.
///
/// The strict JSON parser sees the bytes themselves (so invalid UTF-8 reaches
/// it); the batch item parser sees them as a String, as the batch reader
/// hands it a line. Neither may trap; what they accept must be consistent.
func fuzzBatchLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    checkJSON(input)
    let text = String(decoding: input, as: UTF8.self)
    for fenByDefault in [false, true] {
        checkItem(text, fenByDefault: fenByDefault)
    }
    return 0
}

/// The JSON line parser, with its default limits and with tight ones (so
/// the depth and length limits are reached by short inputs too).
private func checkJSON(_ input: UnsafeRawBufferPointer) {
    let parsers = [JSONLineParser(), JSONLineParser(maximumLength: 64, maximumDepth: 3)]
    for parser in parsers {
        do {
            let members = try parser.parseObject(input)
            require(input.count <= parser.maximumLength, "accepted \(input.count) bytes over the limit")
            checkObject(members, depth: 1, maximumDepth: parser.maximumDepth)
            // The String entry point parses the same bytes when they are UTF-8.
            if let text = String(validating: input, as: UTF8.self) {
                let again = try? parser.parseObject(text)
                require(again == members, "parseObject(String) disagrees with parseObject(bytes) on \(debug(text))")
            } else {
                fatalError("accepted invalid UTF-8")
            }
        } catch {
            requireOneLine(error.description, "JSONLineParser.Error")
            require(error.offset >= 0 && error.offset <= max(input.count, parser.maximumLength),
                "error offset \(error.offset) outside the \(input.count)-byte input")
        }
    }
}

/// An accepted object: no key twice at any depth, nesting within the limit.
private func checkObject(_ members: [JSONLineParser.Member], depth: Int, maximumDepth: Int) {
    require(depth <= maximumDepth, "accepted nesting \(depth) over the limit \(maximumDepth)")
    var keys = Set<String>()
    for member in members {
        require(keys.insert(member.key).inserted, "accepted the key \(debug(member.key)) twice")
        checkValue(member.value, depth: depth, maximumDepth: maximumDepth)
    }
}

private func checkValue(_ value: JSONLineParser.Value, depth: Int, maximumDepth: Int) {
    switch value {
    case .object(let members): checkObject(members, depth: depth + 1, maximumDepth: maximumDepth)
    case .array(let values):
        require(depth + 1 <= maximumDepth, "accepted nesting \(depth + 1) over the limit \(maximumDepth)")
        for value in values { checkValue(value, depth: depth + 1, maximumDepth: maximumDepth) }
    case .number(let text):
        require(!text.isEmpty && text.utf8.allSatisfy { "0123456789+-.eE".utf8.contains($0) },
            "number \(debug(text)) is not JSON number text")
    case .null, .bool, .string: break
    }
}

/// The batch item parser: an item or one-line rejection; an item's amount
/// is in range and is what its amount text says.
private func checkItem(_ text: String, fenByDefault: Bool) {
    do {
        let item = try BatchItem.parse(text, line: 7, fenByDefault: fenByDefault)
        for amount in (item.amount.map { [$0] } ?? []) + (item.amounts ?? []) {
            require(amount.fen <= Amount.maximumFen, "item amount \(amount.fen) out of range")
        }
        require(item.amount != nil || item.amounts != nil || item.template?.slots.contains(.amount) == false,
                "an item without an amount needs a template without {amount}")
        require(item.line == 7, "item line \(item.line), not 7")
    } catch {
        requireOneLine(error.description, "BatchItem.Invalid for \(debug(text))")
    }
}
