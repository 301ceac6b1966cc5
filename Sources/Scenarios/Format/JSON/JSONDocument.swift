/// A strict JSON text, parsed: every value with the byte offset where it starts, object members in
/// the file's order.
///
/// Foundation's decoder on Linux answers most bad input with one sentence, "The given data was not
/// valid JSON", no place, and keeps the first of two equal keys. A fixture author needs the line,
/// the column and the reason, so the runner parses the text itself and decodes from this tree.
package struct JSONDocument {
    /// The deepest nesting of arrays and objects accepted; a scenario needs fewer than ten.
    static let maximumDepth = 64
    /// The largest file accepted, in bytes; the bundled fixtures are under 4 KiB.
    static let maximumSize = 8 << 20

    /// The top-level value.
    package let root: JSONNode
    /// The text, to count characters on a line.
    private let bytes: [UInt8]
    /// The offset where each line starts, to turn an offset into a line and column.
    private let lineStarts: [Int]

    /// Parses a text, or fails at the first thing that is not strict JSON within the limits.
    ///
    /// A UTF-8 byte-order mark at the start is skipped, as editors on Windows write one.
    init(bytes: [UInt8]) throws(JSONProblem) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
        self.bytes = bytes
        let located = { (problem: JSONParser.Failure) -> JSONProblem in
            let (line, column) = Self.position(of: problem.offset, lineStarts: starts, bytes: bytes)
            var message = problem.message
            if let earlier = problem.earlierOffset {
                let (firstLine, firstColumn) = Self.position(of: earlier, lineStarts: starts, bytes: bytes)
                message += " (the first is at line \(firstLine), column \(firstColumn))"
            }
            return JSONProblem(path: problem.path, line: line, column: column, message: message)
        }
        guard bytes.count <= Self.maximumSize else {
            throw JSONProblem(path: "$", line: 1, column: 1, message: "expected a file of at most \(Self.maximumSize) bytes, found \(bytes.count)")
        }
        do throws(JSONParser.Failure) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw located(error)
        }
    }

    /// The 1-based line and column (in characters) of the value at a coding path, or of the
    /// deepest value on the way there.
    func position(at path: [any CodingKey]) -> (line: Int, column: Int) {
        Self.position(of: node(at: path).offset, lineStarts: lineStarts, bytes: bytes)
    }

    private static func position(of offset: Int, lineStarts: [Int], bytes: [UInt8]) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        let end = min(offset, bytes.count)
        // Count characters, not bytes: continuation bytes (10xxxxxx) do not start one.
        let characters = start < end ? bytes[start..<end].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } : 0
        return (low + 1, characters + 1)
    }

    /// The value at a coding path, or the deepest value on the way there.
    func node(at path: [any CodingKey]) -> JSONNode {
        var node = root
        for key in path {
            switch node.value {
            case .object(let members):
                guard let member = members.first(where: { $0.key == key.stringValue }) else { return node }
                node = member.value
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return node }
                node = elements[index]
            default:
                return node
            }
        }
        return node
    }
}

/// Where a JSON text stops being acceptable: the JSON path, line, column, and what was expected.
struct JSONProblem: Error, Equatable {
    /// The path of the value being read: `$.steps[2]`.
    var path: String
    /// The 1-based line.
    var line: Int
    /// The 1-based column, in characters.
    var column: Int
    /// What was expected there, and what was found.
    var message: String
}

/// A JSON value and the byte offset where it starts.
package struct JSONNode {
    /// The value.
    var value: Value
    /// Where it starts in the text.
    var offset: Int

    /// A JSON value; numbers keep their text, so each reader converts and range-checks for itself.
    indirect enum Value {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    /// An object member: the key, where the key starts, and the value.
    struct Member {
        var key: String
        var keyOffset: Int
        var value: JSONNode
    }

    /// How a message names what was found: `a string "x"`, `the number 1.5`, `an object`.
    var found: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): "a string \"\(text.count > 40 ? text.prefix(40) + "..." : text)\""
        case .number(let text): "the number \(text)"
        case .bool(let flag): "\(flag)"
        case .null: "null"
        }
    }
}
