import AdHarness
import AdRequestKit
import StandInRuntime

/// A coding key for any string, to see every key an object has, known or not.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Fails on any key of the current object that `Keys` does not list, naming the accepted ones.
    ///
    /// A silently ignored field is a scenario that does not test what its author thinks it tests.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_: Keys.Type) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        let known = Keys.allCases.map(\.stringValue)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key \"\(key.stringValue)\"; expected one of \(known.joined(separator: ", "))"
                        + Suggestion.hint(for: key.stringValue, in: known)
                ))
        }
    }
}

extension KeyedDecodingContainer {
    /// The object under a key, with any key `Nested` does not list rejected; `nil` when the key is absent.
    func strictObjectIfPresent<Nested: CodingKey & CaseIterable>(_: Nested.Type, forKey key: Key) throws -> KeyedDecodingContainer<Nested>? {
        guard contains(key) else { return nil }
        let object = try superDecoder(forKey: key)
        try object.rejectUnknownKeys(Nested.self)
        return try object.container(keyedBy: Nested.self)
    }

    /// Decodes one of a fixed set of names, or fails listing them.
    func decodeChoice<T: CaseIterable & RawRepresentable>(_: T.Type, forKey key: Key) throws -> T where T.RawValue == String {
        let text = try decode(String.self, forKey: key)
        guard let value = T(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: unknownChoice(text, among: T.allCases.map(\.rawValue), of: T.self)
            )
        }
        return value
    }

    /// Decodes one of a fixed set of names if the key is present.
    func decodeChoiceIfPresent<T: CaseIterable & RawRepresentable>(_ type: T.Type, forKey key: Key) throws -> T? where T.RawValue == String {
        try contains(key) ? decodeChoice(type, forKey: key) : nil
    }

    /// Decodes a status by its name (`"denied"`), or fails listing the names.
    func decodeStatusIfPresent<T: OpenStatus>(_: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        let text = try decode(String.self, forKey: key)
        guard let value = T(name: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: unknownChoice(text, among: T.recognizedNames, of: T.self)
            )
        }
        return value
    }

    /// Decodes a duration string (`"250ms"`, `"3s"`...), or fails saying what one looks like.
    func decodeDuration(forKey key: Key) throws -> Duration {
        let text = try decode(String.self, forKey: key)
        guard let duration = Duration(harnessText: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected \(Duration.harnessFormatHelp), got \"\(text)\""
            )
        }
        return duration
    }

    /// Decodes a duration string if the key is present.
    func decodeDurationIfPresent(forKey key: Key) throws -> Duration? {
        try contains(key) ? decodeDuration(forKey: key) : nil
    }

    /// Decodes an array of strings, each converted by `convert`; an element it rejects fails with
    /// that element's own path and `expected(text)`.
    func decodeList<T>(forKey key: Key, _ convert: (String) -> T?, expected: (String) -> String) throws -> [T]? {
        guard let texts = try decodeIfPresent([String].self, forKey: key) else { return nil }
        return try texts.enumerated().map { index, text in
            guard let value = convert(text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath + [key, AnyCodingKey(intValue: index)], debugDescription: expected(text)
                    ))
            }
            return value
        }
    }

    /// Decodes a list of names from a fixed set if the key is present; an unknown name fails at its
    /// own element, listing the names.
    func decodeChoicesIfPresent<T: CaseIterable & RawRepresentable>(_: T.Type, forKey key: Key) throws -> [T]? where T.RawValue == String {
        try decodeList(forKey: key, T.init(rawValue:)) { unknownChoice($0, among: T.allCases.map(\.rawValue), of: T.self) }
    }

    /// Decodes a rule's name, read against `known` (the package's rules and those it adds), if the
    /// key is present; an unknown name fails listing the names.
    func decodeRuleIfPresent(forKey key: Key, knowing known: RuleSet) throws -> RuleID? {
        guard contains(key) else { return nil }
        let text = try decode(String.self, forKey: key)
        guard let rule = RuleID(rawValue: text, in: known) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: unknownRule(text, knowing: known))
        }
        return rule
    }

    /// Decodes a list of rules' names, as ``decodeRuleIfPresent(forKey:knowing:)`` reads one, if the
    /// key is present; an unknown name fails at its own element.
    func decodeRulesIfPresent(forKey key: Key, knowing known: RuleSet) throws -> [RuleID]? {
        try decodeList(forKey: key, { RuleID(rawValue: $0, in: known) }, expected: { unknownRule($0, knowing: known) })
    }

    /// Decodes a whole number of at least `minimum`.
    func decodeCountIfPresent(forKey key: Key, minimum: Int = 0) throws -> Int? {
        guard let value = try decodeIfPresent(Int.self, forKey: key) else { return nil }
        guard value >= minimum else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected a whole number of at least \(minimum), got \(value)")
        }
        return value
    }
}

/// `expected one of a, b, c, got "x"`, followed by what replaced `x` if a type retired it, or else
/// the nearest name if `x` looks like a typo of one.
func unknownChoice<T>(_ text: String, among names: [String], of _: T.Type) -> String {
    let retired = retiredHint(T.self, text)
    let meaning = (T.self as? any ExplainedChoices.Type).map { " (\($0.meaning))" } ?? ""
    return "expected one of \(names.joined(separator: ", "))\(meaning), got \"\(text)\""
        + (retired.isEmpty ? Suggestion.hint(for: text, in: names) : retired)
}

/// `expected one of ...` for a rule's name, the rules of a team's that `known` adds included, and
/// where a rule of one's own is known.
func unknownRule(_ text: String, knowing known: RuleSet) -> String {
    "unknown rule: " + unknownChoice(text, among: RuleID.allCases.map(\.rawValue) + known.customRules.map(\.0.id.rawValue), of: RuleID.self)
        + (text.contains(".") ? "; a rule of your own is known only where the rule set that adds it is given" : "")
}

/// A closed set of names whose list alone could be misread: an error about it says what they mean.
protocol ExplainedChoices {
    /// What the names are, in a few words: `the app's own toggle in Settings`.
    static var meaning: String { get }
}
