import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import FuzzSupport

/// libFuzzer's entry: one push as the iOS extension receives it
/// (`userInfo` as JSON), in any push service's shape.
///
/// The strict arrival reader (`PushFields(json:)`) refuses what it cannot
/// read with a one-line ``PushArrivalError``; what it accepts is at most
/// APNs's 4096 bytes as compact JSON, carries an amount in range when it carries one, and
/// reads the same through the dictionary iOS makes of it
/// (`PushFields(userInfo:)`, which keeps `aps` alone and the reason when it
/// refuses). A message it cannot read is a one-line problem, never a
func fuzzPushArrival(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = [UInt8](bytes(data, size))
    let read: Result<PushFields, PushArrivalError>
    do {
        read = .success(try PushFields(json: input))
    } catch {
        requireOneLine(error.description, "PushArrivalError")
        read = .failure(error)
    }
    guard let members = try? JSONLineParser(maximumLength: 1 << 20).parseObject(input) else {
        if case .success = read { fatalError("accepted a push the JSON parser refuses") }
        return 0
    }
    let userInfo = Dictionary(members.map { (AnyHashable($0.key), jsonValue($0.value)) }, uniquingKeysWith: { first, _ in first })
    let fields = PushFields(userInfo: userInfo)
    _ = PushService.detect(userInfo)
    switch read {
    case .success(let accepted):
        require(input.count <= 64 * 1024, "accepted \(input.count) bytes")
        require(fields == accepted, "the dictionary reads otherwise than the JSON: \(fields) against \(accepted)")
        check(accepted)
    case .failure(let error):
        // The dictionary is refused too, for the same kind of reason, unless
        // the bytes alone were (not one JSON object, or over the limit: the
        // dictionary counts each number as one byte).
        if error.kind != .tooLarge, error.kind != .notJSON || !error.description.hasPrefix("the push is") {
            require(fields.arrivalProblem?.kind == error.kind, "the dictionary is not refused as the JSON is: \(error)")
        }
        if fields.arrivalProblem != nil {
            require(fields.message == nil && fields.id == nil && fields.at == nil && fields.url == nil,
                    "a refused push kept announce's fields: \(fields)")
        }
    }
    return 0
}

/// An accepted push's fields are in range and every problem is one line.
private func check(_ fields: PushFields) {
    if let amount = fields.message?.message.amount {
        require(amount.fen <= Amount.maximumFen, "amount \(amount.fen) out of range")
        require((try? Amount(parsing: amount.description))?.fen == amount.fen, "amount \(amount.description) does not read back")
    }
    if let problem = fields.messageProblem {
        requireOneLine(problem.description, "MalformedPushMessage")
        require(fields.message == nil, "a message and a problem")
    }
    if let id = fields.id { require(!id.isEmpty && id.utf8.count <= PushPayload.maximumIDBytes, "id of \(id.utf8.count) bytes") }
    if let at = fields.at { require(at.isFinite && at >= 0, "announce-at \(at)") }
    if let volume = fields.criticalVolume { require((0...1).contains(volume), "critical volume \(volume)") }
}

/// A parsed value as iOS hands it over: objects as dictionaries, numbers as
/// Int or Double.
private func jsonValue(_ value: JSONLineParser.Value) -> Any {
    switch value {
    case .null: return Optional<Int>.none as Any
    case .bool(let flag): return flag
    case .number(let text): return Int(text) ?? Double(text) ?? Double.nan
    case .string(let text): return text
    case .array(let elements): return elements.map(jsonValue)
    case .object(let members):
        return Dictionary(members.map { (AnyHashable($0.key), jsonValue($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
}
