/// Encodes any `Encodable` as a ``JSONValue``, each object's keys in the order the type encodes
/// them: a written fixture reads in the order its spec declares, with no list of keys kept aside.
///
/// It is the writing half of ``JSONTreeDecoder``: a spec type spells a field once, in its
/// `CodingKeys`, and both reads and writes it through them.
package enum JSONValueEncoder {
    /// The JSON value of `value`.
    package static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.value
    }
}

extension JSONValue {
    /// The value a spec writes: `JSONValue(encoding: FaultSpec(fault))`.
    package init(encoding value: some Encodable) throws { self = try JSONValueEncoder.encode(value) }
}

/// A value under construction; containers hold nodes so that a nested container written after
/// its parent moved on still lands in the right place.
private final class Node {
    enum Content {
        case unset
        case scalar(JSONValue)
        case object([(String, Node)])
        case array([Node])
    }

    var content = Content.unset

    var value: JSONValue {
        switch content {
        case .unset: .object([])
        case .scalar(let value): value
        case .object(let members): .object(members.map { ($0.0, $0.1.value) })
        case .array(let elements): .array(elements.map(\.value))
        }
    }

    /// The node for a key of an object, made on first use; a key written twice keeps its first
    /// place and its last value. A node that held something else becomes an object: the last
    /// container asked for wins, as a value written twice does.
    func member(_ key: String) -> Node {
        guard case .object(var members) = content else {
            let child = Node()
            content = .object([(key, child)])
            return child
        }
        if let existing = members.first(where: { $0.0 == key }) { return existing.1 }
        let child = Node()
        members.append((key, child))
        content = .object(members)
        return child
    }

    /// A new last element of an array; a node that held something else becomes an array.
    func appended() -> Node {
        let child = Node()
        guard case .array(var elements) = content else {
            content = .array([child])
            return child
        }
        elements.append(child)
        content = .array(elements)
        return child
    }

    /// Stores `value`: strings, Booleans and numbers directly, anything else through its own
    /// `encode(to:)`. A whole number that does not fit an `Int`, or a number JSON cannot spell
    /// (infinity, NaN), is an error, not a different value.
    func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: content = .scalar(.string(text))
        case let flag as Bool: content = .scalar(.bool(flag))
        case let number as any BinaryInteger:
            guard let whole = Int(exactly: number) else {
                throw EncodingError.invalidValue(
                    value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(number) does not fit a whole number of 64 bits"))
            }
            content = .scalar(.integer(whole))
        case let number as any BinaryFloatingPoint:
            let double = Double(number)
            guard double.isFinite else {
                throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(double) has no JSON spelling"))
            }
            content = .scalar(.number(double))
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: node, codingPath: codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) { node.member(key.stringValue).content = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.member(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.content = .object([])
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.content = .array([])
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int {
        guard case .array(let elements) = node.content else { return 0 }
        return elements.count
    }

    private var nextPath: [any CodingKey] { codingPath + [AnyCodingKey(intValue: count)] }

    mutating func encodeNil() { node.appended().content = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try node.appended().store(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let child = node.appended()
        child.content = .object([])
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = node.appended()
        child.content = .array([])
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(node: node.appended(), codingPath: path)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() { node.content = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
}
