/// Decodes any `Decodable` type from a parsed ``JSONDocument``, so every error carries its coding
/// path and names what it found.
///
/// Foundation's decoder on Linux reports a number that does not fit (`1.5` or `1e308` where a
/// whole number is expected) as invalid JSON with no path; this one says where and why.
struct JSONTreeDecoder: Decoder {
    /// The value being decoded.
    let node: JSONNode
    /// Where it is.
    let codingPath: [any CodingKey]
    /// What the caller gives every value's decoding (the rule set a rule's name is read against).
    let info: [CodingUserInfoKey: Any]
    /// ``info``, as `Decodable` types read it.
    var userInfo: [CodingUserInfoKey: Any] { info }

    /// Decodes the document's top-level value, with `userInfo` for every value's decoding.
    static func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument, userInfo: [CodingUserInfoKey: Any] = [:]) throws -> T {
        try JSONTreeDecoder(node: document.root, codingPath: [], info: userInfo).decodeValue(type)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath, info: info))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node.value else { throw mismatch([Any].self) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath, info: info)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueContainer(decoder: self) }

    /// `typeMismatch`, naming what was found.
    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "found \(node.found)"))
    }

    /// The node as `T`: strings, Booleans and numbers directly (numbers range-checked), anything
    /// else through its own `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type:
            guard case .string(let text) = node.value else { throw mismatch(type) }
            return text as! T
        case is Bool.Type:
            guard case .bool(let flag) = node.value else { throw mismatch(type) }
            return flag as! T
        case is Double.Type:
            return try number(Double.self) as! T
        case is Float.Type:
            return Float(try number(Double.self)) as! T
        case is Int.Type:
            return try wholeNumber(Int.self) as! T
        case is Int64.Type:
            return try wholeNumber(Int64.self) as! T
        case is Int32.Type:
            return try wholeNumber(Int32.self) as! T
        case is UInt.Type:
            return try wholeNumber(UInt.self) as! T
        case is UInt64.Type:
            return try wholeNumber(UInt64.self) as! T
        case is UInt32.Type:
            return try wholeNumber(UInt32.self) as! T
        case is Int16.Type:
            return try wholeNumber(Int16.self) as! T
        case is Int8.Type:
            return try wholeNumber(Int8.self) as! T
        case is UInt16.Type:
            return try wholeNumber(UInt16.self) as! T
        case is UInt8.Type:
            return try wholeNumber(UInt8.self) as! T
        default:
            return try T(from: self)
        }
    }

    private func number(_: Double.Type) throws -> Double {
        guard case .number(let text) = node.value, let value = Double(text) else { throw mismatch(Double.self) }
        return value
    }

    /// A whole number that fits `T`; `1.0` and `1e2` are whole, `1.5` and `1e308` are not.
    private func wholeNumber<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text) = node.value else { throw mismatch(type) }
        if let value = T(text) { return value }
        if let double = Double(text), let value = T(exactly: double) { return value }
        let isWhole = Double(text).map { $0.rounded() == $0 } ?? false
        let expected = isWhole ? "a whole number from \(T.min) to \(T.max)" : "a whole number"
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), found the number \(text)"))
    }
}

/// The members of an object, by key.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONNode.Member]
    let codingPath: [any CodingKey]
    let info: [CodingUserInfoKey: Any]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    private func decoder(for key: Key) throws -> JSONTreeDecoder {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return JSONTreeDecoder(node: member.value, codingPath: codingPath + [key], info: info)
    }

    /// Always false, so `decodeIfPresent` decodes a member that is `null` as the type it reads, and
    /// fails with what was expected: `"adRequests": null` is not an expectation left out (which
    /// would pass whatever the run sends), and the format takes `null` only where a type reads it
    /// itself (an `infoPlist` value, an `Optional` whose own decoding sees the `null`).
    func decodeNil(forKey key: Key) throws -> Bool {
        _ = try decoder(for: key)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).decodeValue(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(for: key).unkeyedContainer() }

    func superDecoder() throws -> any Decoder { try decoder(for: Key(stringValue: "super")!) }

    /// The decoder of a member; of `null` when the key is absent, as Foundation's does.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        (try? decoder(for: key)) ?? JSONTreeDecoder(node: JSONNode(value: .null, offset: 0), codingPath: codingPath + [key], info: info)
    }
}

/// The elements of an array, in order.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    let info: [CodingUserInfoKey: Any]

    init(elements: [JSONNode], codingPath: [any CodingKey], info: [CodingUserInfoKey: Any]) {
        self.elements = elements
        self.codingPath = codingPath
        self.info = info
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> JSONTreeDecoder {
        let path = codingPath + [AnyCodingKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, DecodingError.Context(codingPath: path, debugDescription: "the array has only \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return JSONTreeDecoder(node: elements[currentIndex], codingPath: path, info: info)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex].value else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeValue(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeValue(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeValue(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeValue(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeValue(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeValue(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeValue(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeValue(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeValue(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeValue(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// One value.
private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .null = decoder.node.value { true } else { false }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeValue(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeValue(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeValue(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeValue(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeValue(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeValue(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeValue(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeValue(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeValue(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeValue(type) }
}
