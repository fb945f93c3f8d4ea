/// The members of one JSON object read by the strict parser, taken field by
/// field with the kind each must have: the way announce reads the JSON files
/// it writes (voice manifests, voice scripts) into its own types. A wrong
/// or missing field is one line naming it (`'items'[3].'file' must be a
/// string`), never a decoder's debug text.
package struct JSONFields {
    /// Why a field could not be read: one line naming the field.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line: the field's path and what is wrong.
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    private let fields: [String: JSONLineParser.Value]
    /// Where this object is, for messages: `'covers'`, `'items'[3]`.
    private let path: String

    /// The fields of `value`, which must be an object; `path` names it in messages.
    package init(_ value: JSONLineParser.Value, path: String = "the file") throws(Problem) {
        guard let fields = value.fields else { throw Problem(description: "\(path) must be an object, not \(value.kindName)") }
        self.fields = fields
        self.path = path
    }

    /// The fields of `members`, a whole document's object.
    package init(members: [JSONLineParser.Member]) {
        fields = JSONLineParser.Value.object(members).fields ?? [:]
        path = "the file"
    }

    /// Whether the field is there.
    package func has(_ key: String) -> Bool { fields[key] != nil }

    /// Refuses a key outside `known`, naming the first by sort order: a
    /// misspelt key is an error, not a field silently left out.
    package func requireOnly(_ known: Set<String>) throws(Problem) {
        guard let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) else { return }
        throw Problem(description: "\(name(unknown)) is not a field here (known: \(known.sorted().joined(separator: ", ")))")
    }

    private func name(_ key: String) -> String {
        path == "the file" ? "'\(key)'" : "\(path).'\(key)'"
    }

    private func required(_ key: String) throws(Problem) -> JSONLineParser.Value {
        guard let value = fields[key] else { throw Problem(description: "\(name(key)) is missing") }
        return value
    }

    /// A string field.
    package func string(_ key: String) throws(Problem) -> String {
        let value = try required(key)
        guard let string = value.string else { throw Problem(description: "\(name(key)) must be a string, not \(value.kindName)") }
        return string
    }

    /// A string field that may be missing.
    package func optionalString(_ key: String) throws(Problem) -> String? {
        guard has(key) else { return nil }
        return try string(key)
    }

    /// A boolean field.
    package func bool(_ key: String) throws(Problem) -> Bool {
        let value = try required(key)
        guard case .bool(let flag) = value else { throw Problem(description: "\(name(key)) must be true or false, not \(value.kindName)") }
        return flag
    }

    /// A whole-number field.
    package func integer(_ key: String) throws(Problem) -> Int {
        let value = try required(key)
        guard let number = value.integer else { throw Problem(description: "\(name(key)) must be a whole number, not \(value.kindName)") }
        return number
    }

    /// A list of strings.
    package func strings(_ key: String) throws(Problem) -> [String] {
        let value = try required(key)
        guard case .array(let elements) = value else { throw Problem(description: "\(name(key)) must be a list, not \(value.kindName)") }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.string else {
                throw Problem(description: "\(name(key))[\(index + 1)] must be a string, not \(element.kindName)")
            }
            strings.append(string)
        }
        return strings
    }

    /// An object field.
    package func object(_ key: String) throws(Problem) -> JSONFields {
        try JSONFields(try required(key), path: name(key))
    }

    /// A list of objects.
    package func objects(_ key: String) throws(Problem) -> [JSONFields] {
        let value = try required(key)
        guard case .array(let elements) = value else { throw Problem(description: "\(name(key)) must be a list, not \(value.kindName)") }
        var objects: [JSONFields] = []
        for (index, element) in elements.enumerated() {
            objects.append(try JSONFields(element, path: "\(name(key))[\(index + 1)]"))
        }
        return objects
    }

    /// A string field holding one of `Value`'s raw values.
    package func choice<Value: RawRepresentable & CaseIterable>(_ key: String, of: Value.Type) throws(Problem) -> Value
    where Value.RawValue == String {
        try Self.value(try string(key), of: Value.self, name: name(key))
    }

    /// A list of strings each holding one of `Value`'s raw values.
    package func choices<Value: RawRepresentable & CaseIterable>(_ key: String, of: Value.Type) throws(Problem) -> [Value]
    where Value.RawValue == String {
        var values: [Value] = []
        for (index, text) in try strings(key).enumerated() {
            values.append(try Self.value(text, of: Value.self, name: "\(name(key))[\(index + 1)]"))
        }
        return values
    }

    /// `text` as one of `Value`'s raw values; `name` says where it stands.
    private static func value<Value: RawRepresentable & CaseIterable>(
        _ text: String, of: Value.Type, name: String
    ) throws(Problem) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: text) else {
            let known = Value.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw Problem(description: "\(name) is \(MessageText.quoted(text)), not one of \(known)")
        }
        return value
    }
}
