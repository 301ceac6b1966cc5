import Foundation

/// A JSON value with ordered object keys, so a written fixture reads in the order people expect.
package enum JSONValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value of a parsed node, object keys in the order they were written.
    package init(_ node: JSONNode) {
        switch node.value {
        case .string(let text): self = .string(text)
        case .number(let text): self = Int(text).map(JSONValue.integer) ?? .number(Double(text) ?? 0)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members): self = .object(members.map { ($0.key, JSONValue($0.value)) })
        }
    }

    package static func == (left: JSONValue, right: JSONValue) -> Bool { left.text(indent: nil) == right.text(indent: nil) }

    package func hash(into hasher: inout Hasher) { hasher.combine(text(indent: nil)) }

    /// The value of a key of an object.
    package subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let pairs) = self else { return nil }
            return pairs.first { $0.0 == key }?.1
        }
        set {
            guard case .object(var pairs) = self else { return }
            if let index = pairs.firstIndex(where: { $0.0 == key }) {
                if let newValue { pairs[index].1 = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
            self = .object(pairs)
        }
    }

    /// The keys of an object, in order; none for anything else.
    package var keys: [String] {
        guard case .object(let pairs) = self else { return [] }
        return pairs.map(\.0)
    }

    /// The value of a key of an object, named by a spec's coding key.
    package subscript(key: some CodingKey) -> JSONValue? {
        get { self[key.stringValue] }
        set { self[key.stringValue] = newValue }
    }

    /// The object with the keys of `order` first, in that order, and any others after them as they were.
    package func ordered(by order: [String]) -> JSONValue {
        guard case .object(let pairs) = self else { return self }
        let known = order.compactMap { key in pairs.first { $0.0 == key } }
        return .object(known + pairs.filter { !order.contains($0.0) })
    }

    /// JSON text: compact with `indent` nil, else objects one key a line and arrays of scalars on one line.
    package func text(indent: String?, level: Int = 0) -> String {
        switch self {
        case .string(let value): return Self.quoted(value)
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            let inner = items.map { $0.text(indent: nil) }
            guard let indent, inner.joined(separator: ", ").count > 60 else { return "[" + inner.joined(separator: ", ") + "]" }
            let pad = String(repeating: indent, count: level + 1)
            return "[\n" + items.map { pad + $0.text(indent: nil) }.joined(separator: ",\n") + "\n" + String(repeating: indent, count: level) + "]"
        case .object(let pairs):
            guard let indent, !pairs.isEmpty else {
                return "{" + pairs.map { "\(Self.quoted($0.0)): \($0.1.text(indent: nil))" }.joined(separator: ", ") + "}"
            }
            if level > 0, text(indent: nil).count <= 60 { return text(indent: nil) }
            let pad = String(repeating: indent, count: level + 1)
            let body = pairs.map { "\(pad)\(Self.quoted($0.0)): \($0.1.text(indent: indent, level: level + 1))" }
            return "{\n" + body.joined(separator: ",\n") + "\n" + String(repeating: indent, count: level) + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20: result += String(format: "\\u%04x", control.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
