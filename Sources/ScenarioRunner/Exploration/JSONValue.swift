import Foundation

/// A JSON value with ordered object keys, so a written fixture reads in the order people expect.
enum JSONValue: Hashable, Sendable, Decodable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let value = try? single.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let object = try single.decode([String: JSONValue].self)
            self = .object(Self.canonicalOrder(object))
        }
    }

    /// Scenario keys in the order the format page lists them; others after, alphabetically.
    private static let keyOrder = [
        "name", "description", "glue", "consentProfile", "device", "app", "previousSession", "user", "faults", "steps", "expect",
        "target", "answer",
    ]

    private static func canonicalOrder(_ object: [String: JSONValue]) -> [(String, JSONValue)] {
        object.sorted { left, right in
            let (a, b) = (keyOrder.firstIndex(of: left.key) ?? keyOrder.count, keyOrder.firstIndex(of: right.key) ?? keyOrder.count)
            return a != b ? a < b : left.key < right.key
        }
    }

    static func == (left: JSONValue, right: JSONValue) -> Bool { left.text(indent: nil) == right.text(indent: nil) }

    func hash(into hasher: inout Hasher) { hasher.combine(text(indent: nil)) }

    /// The value of a key of an object.
    subscript(key: String) -> JSONValue? {
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
    var keys: [String] {
        guard case .object(let pairs) = self else { return [] }
        return pairs.map(\.0)
    }

    /// The object with its keys in the scenario format's order.
    var reordered: JSONValue {
        guard case .object(let pairs) = self else { return self }
        return .object(Self.canonicalOrder(Dictionary(pairs, uniquingKeysWith: { first, _ in first })))
    }

    /// JSON text: compact with `indent` nil, else objects one key a line and arrays of scalars on one line.
    func text(indent: String?, level: Int = 0) -> String {
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
