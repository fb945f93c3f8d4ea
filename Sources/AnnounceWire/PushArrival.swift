import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

/// The strict reading of a push as the extension receives it, in any
/// ``PushService``'s shape: announce's fields (``PushMessage/key``,
/// ``PushPayload/idKey``, ``PushPayload/atKey``, ``PushPayload/urlKey``) at
/// the top level or inside Getui's `payload` string, each as a JSON value
/// or as the string a service turned it into (`announce-message` as a JSON
/// string, `announce-at` as `"1767225600"`).
///
/// Refused, in one ``PushArrivalError`` line: a push over APNs's 4096
/// bytes, a string that must hold JSON and does not, a field of the wrong
/// type, announce's fields nested one object deeper than any service puts
/// them, and a field at the top level and in Getui's payload with different
/// values. Keys announce does not know are passed over.
enum PushArrival {
    /// announce's four keys.
    static let keys: Set<String> = [PushMessage.key, PushPayload.idKey, PushPayload.atKey, PushPayload.urlKey]

    /// The fields of `userInfo`.
    static func read(_ userInfo: [AnyHashable: Any]) throws(PushArrivalError) -> PushFields {
        let size = PushArrivalSize.bytes(of: userInfo)
        guard size <= PushPayload.apnsLimit else {
            throw PushArrivalError(.tooLarge, "the push is \(size) bytes as JSON, over the \(PushPayload.apnsLimit) APNs delivers")
        }
        var fields = PushFields()
        try readAPS(userInfo["aps"], into: &fields)
        try requireNotNested(in: userInfo, place: "the push", skipping: [PushService.getuiPayloadKey])
        var found = try Found(userInfo, place: "the top level")
        if let payload = userInfo[PushService.getuiPayloadKey] {
            if let inner = try getuiPayload(payload) {
                try requireNotNested(in: inner, place: "Getui's payload", skipping: [])
                found = try found.merged(with: Found(inner, place: "Getui's payload"))
            }
        }
        fields.url = found.url?.value
        if let id = found.id?.value, !id.isEmpty, id.utf8.count <= PushPayload.maximumIDBytes { fields.id = id }
        fields.at = found.at?.value
        switch found.message?.value {
        case .some(.success(let message)): fields.message = message
        case .some(.failure(let problem)): fields.messageProblem = problem
        case nil: break
        }
        return fields
    }

    /// The longest JSON text read: a push laid out on many lines is
    /// measured as the compact JSON a service sends.
    static let maximumTextBytes = 64 * 1024

    /// The fields of a push's JSON text: one object (no key twice) of at
    /// most ``PushPayload/apnsLimit`` bytes as compact JSON, read as
    /// ``read(_:)`` reads the dictionary iOS makes of it.
    static func read(json bytes: [UInt8]) throws(PushArrivalError) -> PushFields {
        guard bytes.count <= maximumTextBytes else {
            throw PushArrivalError(.tooLarge, "the push is \(bytes.count) bytes, over the \(PushPayload.apnsLimit) APNs delivers")
        }
        let members: [JSONLineParser.Member]
        do {
            members = try JSONLineParser(maximumLength: maximumTextBytes).parseObject(bytes)
        } catch {
            throw PushArrivalError(.notJSON, "the push is not a JSON object: \(error.description)")
        }
        let size = PushArrivalSize.compactBytes(of: .object(members))
        guard size <= PushPayload.apnsLimit else {
            throw PushArrivalError(.tooLarge, "the push is \(size) bytes as compact JSON, over the \(PushPayload.apnsLimit) APNs delivers")
        }
        return try read(PushJSON.dictionary(members))
    }

    /// `aps.sound` as a name or the critical-alert dictionary
    /// `{"critical": 1, "name": "x.caf", "volume": 0.8}`.
    private static func readAPS(_ value: Any?, into fields: inout PushFields) throws(PushArrivalError) {
        guard let value else { return }
        guard let aps = value as? [AnyHashable: Any] else {
            throw PushArrivalError(.wrongType, "aps is \(PushJSON.kind(of: value)), not an object")
        }
        guard let sound = aps["sound"] else { return }
        if let name = sound as? String {
            // Getui's name for no sound, should it ever reach the phone.
            fields.sound = name == PushService.getuiSilence ? nil : name
            return
        }
        guard let critical = sound as? [AnyHashable: Any] else {
            throw PushArrivalError(.wrongType, "aps.sound is \(PushJSON.kind(of: sound)), not a name or a critical sound's object")
        }
        if let name = critical["name"] {
            guard let name = name as? String else {
                throw PushArrivalError(.wrongType, "aps.sound.name is \(PushJSON.kind(of: name)), not a string")
            }
            fields.sound = name
        }
        if let flag = critical["critical"] {
            // Apple documents 1; a JSON true means the same to iOS.
            if let on = PushNumber.boolean(flag) {
                fields.isCritical = on
            } else {
                guard let number = PushNumber.whole(flag), number <= 1 else {
                    throw PushArrivalError(.wrongType, "aps.sound.critical is \(PushJSON.kind(of: flag)), not 0 or 1")
                }
                fields.isCritical = number == 1
            }
        }
        if let volume = critical["volume"] {
            guard let level = PushNumber.finite(volume), level >= 0, level <= 1 else {
                throw PushArrivalError(.wrongType, "aps.sound.volume is \(PushJSON.kind(of: volume)), not a number from 0 to 1")
            }
            fields.criticalVolume = level
        }
    }

    /// Getui's `payload`: a string holding a JSON object is read; a string
    /// that starts like one and is not JSON is refused; any other string is
    /// not announce's and is passed over.
    private static func getuiPayload(_ value: Any) throws(PushArrivalError) -> [AnyHashable: Any]? {
        guard let text = value as? String else { return nil }
        guard text.utf8.first(where: { !PushJSON.isBlank($0) }) == UInt8(ascii: "{") else { return nil }
        do {
            return PushJSON.dictionary(try JSONLineParser(maximumLength: PushPayload.apnsLimit).parseObject(text))
        } catch {
            throw PushArrivalError(.notJSON, "Getui's payload is not JSON: \(error.description)")
        }
    }

    /// Refuses announce's fields inside an object one level down, or inside
    /// a string of JSON holding one (a JPush `extras` object sent as a
    /// custom key, a service's custom content sent as one string, a payload
    /// in a payload). `skipping` names the string keys read as containers
    /// of their own (Getui's `payload` at the top level).
    private static func requireNotNested(in object: [AnyHashable: Any], place: String, skipping: Set<String>) throws(PushArrivalError) {
        // In key order, so one push is always refused with the same line.
        let named = object.compactMap { key, value in (key as? String).map { (key: $0, value: value) } }
        for (key, value) in named.sorted(by: { $0.key < $1.key }) {
            guard key != "aps", !(skipping.contains(key) && value is String) else { continue }
            // Inside announce-message only its own fields belong; the other
            // three of announce's keys hold no object.
            guard !keys.contains(key) || key == PushMessage.key else { continue }
            let inner = (value as? [AnyHashable: Any]) ?? (value as? String).flatMap(PushJSON.objectIfJSON)
            guard let inner, let nested = inner.keys.compactMap({ $0 as? String }).filter(keys.contains).min() else { continue }
            throw PushArrivalError(
                .nestedTooDeep,
                "\(nested) is nested one level too deep, inside \(MessageText.quoted(key)) of \(place); announce's fields go at the top level of the push")
        }
    }
}

/// announce's fields as found in one place of a push, each with the place
/// it was found, for comparing the places.
private struct Found {
    struct Field<Value: Equatable> {
        let value: Value
        let place: String
    }

    var message: Field<Result<PushMessage, MalformedPushMessage>>?
    var id: Field<String>?
    var at: Field<Double>?
    var url: Field<String>?

    init(_ object: [AnyHashable: Any], place: String) throws(PushArrivalError) {
        if let value = object[PushMessage.key] { message = Field(value: try Self.message(value), place: place) }
        if let value = object[PushPayload.idKey] { id = Field(value: try Self.string(value, key: PushPayload.idKey), place: place) }
        if let value = object[PushPayload.atKey] { at = Field(value: try Self.seconds(value), place: place) }
        if let value = object[PushPayload.urlKey] { url = Field(value: try Self.string(value, key: PushPayload.urlKey), place: place) }
    }

    /// These fields with `other`'s; a field in both must have one value.
    func merged(with other: Found) throws(PushArrivalError) -> Found {
        var merged = self
        merged.message = try Self.one(message, other.message, key: PushMessage.key)
        merged.id = try Self.one(id, other.id, key: PushPayload.idKey)
        merged.at = try Self.one(at, other.at, key: PushPayload.atKey)
        merged.url = try Self.one(url, other.url, key: PushPayload.urlKey)
        return merged
    }

    private static func one<Value>(_ first: Field<Value>?, _ second: Field<Value>?, key: String) throws(PushArrivalError) -> Field<Value>? {
        guard let first, let second else { return first ?? second }
        guard first.value == second.value else {
            throw PushArrivalError(.disagreement, "\(key) is both in \(first.place) and in \(second.place), with different values")
        }
        return first
    }

    /// The message as an object or as a string holding one.
    private static func message(_ value: Any) throws(PushArrivalError) -> Result<PushMessage, MalformedPushMessage> {
        var object = value
        if let text = value as? String {
            let members: [JSONLineParser.Member]
            do {
                members = try JSONLineParser(maximumLength: PushPayload.apnsLimit).parseObject(text)
            } catch {
                throw PushArrivalError(.notJSON, "\(PushMessage.key) is a string that is not a JSON object: \(error.description)")
            }
            object = PushJSON.dictionary(members)
        } else if !(value is [AnyHashable: Any]) {
            throw PushArrivalError(.wrongType, "\(PushMessage.key) is \(PushJSON.kind(of: value)), not an object or a string of JSON holding one")
        }
        do {
            return .success(try PushMessage(fields: object))
        } catch {
            return .failure(error)
        }
    }

    private static func string(_ value: Any, key: String) throws(PushArrivalError) -> String {
        guard let text = value as? String else {
            throw PushArrivalError(.wrongType, "\(key) is \(PushJSON.kind(of: value)), not a string")
        }
        return text
    }

    /// The latest `announce-at` read: the largest of 12 digits, as a string
    /// may give it. Beyond it a time is no payment's, and the phone's clock
    /// check (its offset from the push, in whole seconds) must never see it.
    static let latestSeconds: Double = 999_999_999_999

    /// Seconds since 1970: a whole number from 0 to ``latestSeconds``, or a string
    /// of 1 to 12 digits (services that carry every value as a string).
    private static func seconds(_ value: Any) throws(PushArrivalError) -> Double {
        if let text = value as? String {
            guard (1...12).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let whole = Int(text)
            else {
                throw PushArrivalError(.wrongType, "\(PushPayload.atKey) is \(MessageText.quoted(text)), not whole seconds since 1970")
            }
            return Double(whole)
        }
        guard let number = PushNumber.finite(value), number >= 0, number <= Self.latestSeconds else {
            throw PushArrivalError(.wrongType, "\(PushPayload.atKey) is \(PushJSON.kind(of: value)), not seconds since 1970")
        }
        // announce writes whole seconds; a fraction is not its field.
        guard number == number.rounded(.down) else {
            throw PushArrivalError(.wrongType, "\(PushPayload.atKey) is \(number), not whole seconds since 1970")
        }
        return number
    }
}
