/// Parses strict JSON (RFC 8259) into a ``JSONNode`` tree, failing at the first problem with its
/// offset, the JSON path being read and what was expected there.
///
/// Recursion is bounded by ``JSONDocument/maximumDepth``, and every byte is looked at a bounded
/// number of times, so any input ends in a tree or a problem, in time linear in its size.
struct JSONParser {
    /// A problem at a byte offset.
    struct Failure: Error {
        var offset: Int
        var path: String
        var message: String
        /// Another place the message is about: the first of two equal keys.
        var earlierOffset: Int?
    }

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var path: [PathComponent] = []

    /// The tree of a whole text: one value, with only white space around it.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        try parser.checkEncoding()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipSpace()
        let root = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.index < bytes.count { throw parser.failure("the end of the file after the top-level value") }
        return root
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Problems

    private var pathText: String {
        path.reduce("$") { text, component in
            switch component {
            case .key(let key): "\(text).\(key)"
            case .index(let index): "\(text)[\(index)]"
            }
        }
    }

    /// A failure at the current byte: `expected X, found Y`.
    private func failure(_ expected: String) -> Failure {
        Failure(offset: index, path: pathText, message: "not valid JSON: expected \(expected), found \(foundHere)")
    }

    private func failure(at offset: Int, _ message: String) -> Failure {
        Failure(offset: offset, path: pathText, message: message)
    }

    private var foundHere: String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "the control character U+\(hex(UInt32(byte), width: 4))" }
        return "a non-ASCII character"
    }

    private func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // MARK: Encoding

    /// Fails at the first byte that does not belong to a well-formed UTF-8 sequence.
    private func checkEncoding() throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            if lead < 0x80 {
                offset += 1
                continue
            }
            let length: Int
            let lowest: UInt32
            switch lead {
            case 0xC2...0xDF: (length, lowest) = (2, 0x80)
            case 0xE0...0xEF: (length, lowest) = (3, 0x800)
            case 0xF0...0xF4: (length, lowest) = (4, 0x10000)
            default: throw invalidUTF8(at: offset)
            }
            guard offset + length <= bytes.count else { throw invalidUTF8(at: offset) }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for next in bytes[(offset + 1)..<(offset + length)] {
                guard next & 0xC0 == 0x80 else { throw invalidUTF8(at: offset) }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { throw invalidUTF8(at: offset) }
            offset += length
        }
    }

    private func invalidUTF8(at offset: Int) -> Failure {
        Failure(
            offset: offset, path: "$",
            message: "not valid UTF-8: expected a well-formed UTF-8 character, found the byte 0x\(hex(UInt32(bytes[offset]), width: 2)); save the file as UTF-8"
        )
    }

    // MARK: Values

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONNode {
        let start = index
        switch current {
        case UInt8(ascii: "{"):
            return JSONNode(value: .object(try object(depth: depth + 1)), offset: start)
        case UInt8(ascii: "["):
            return JSONNode(value: .array(try array(depth: depth + 1)), offset: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try string()), offset: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(value: .null, offset: start)
        case let byte? where byte == UInt8(ascii: "-") || isDigit(byte):
            return JSONNode(value: .number(try number()), offset: start)
        default:
            throw failure("a value (object, array, string, number, true, false or null)")
        }
    }

    private func checkDepth(_ depth: Int) throws(Failure) {
        guard depth <= JSONDocument.maximumDepth else {
            throw failure(
                at: index,
                "expected arrays and objects nested at most \(JSONDocument.maximumDepth) deep (a scenario needs a handful of levels), found deeper nesting")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> [JSONNode.Member] {
        try checkDepth(depth)
        index += 1
        var members: [JSONNode.Member] = []
        var seen: [String: Int] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw failure("a quoted key") }
            let keyOffset = index
            let key = try string()
            if let first = seen[key] {
                path.append(.key(key))
                var duplicate = failure(at: keyOffset, "expected each key once in an object, found \"\(key)\" a second time")
                duplicate.earlierOffset = first
                throw duplicate
            }
            seen[key] = keyOffset
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("':' after the key") }
            index += 1
            skipSpace()
            path.append(.key(key))
            let member = try value(depth: depth)
            path.removeLast()
            members.append(JSONNode.Member(key: key, keyOffset: keyOffset, value: member))
            skipSpace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "}") else { throw failure("',' or '}' after a member of the object") }
            index += 1
            return members
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> [JSONNode] {
        try checkDepth(depth)
        index += 1
        var elements: [JSONNode] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipSpace()
            path.append(.index(elements.count))
            elements.append(try value(depth: depth))
            path.removeLast()
            skipSpace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "]") else { throw failure("',' or ']' after an element of the array") }
            index += 1
            return elements
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let start = index
        for expected in word.utf8 {
            guard current == expected else {
                index = start
                throw failure("a value (object, array, string, number, true, false or null)")
            }
            index += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func digits() -> Int {
        let start = index
        while let byte = current, isDigit(byte) { index += 1 }
        return index - start
    }

    /// A number's text, checked against JSON's grammar and a double's range.
    private mutating func number() throws(Failure) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw failure("a digit after '-'") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            throw failure(at: start, "not valid JSON: expected a number without a leading zero, found \(text(start..<index))")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("a digit after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("a digit in the exponent") }
        }
        let number = text(start..<index)
        guard let double = Double(number), double.isFinite else {
            throw failure(at: start, "expected a number within a double's range, found \(number)")
        }
        return number
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// A string's contents, with escapes resolved; raw control characters and bad escapes fail.
    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                scalars.append(contentsOf: text(runStart..<index).unicodeScalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(contentsOf: text(runStart..<index).unicodeScalars)
                scalars.append(try escape())
                runStart = index
            case 0x00..<0x20:
                throw failure(
                    at: index,
                    "not valid JSON: expected an escape such as \\n, \\t or \\u\(hex(UInt32(byte), width: 4)) inside a string, found the raw control character U+\(hex(UInt32(byte), width: 4))"
                )
            default:
                index += 1
            }
        }
        throw failure("the closing quote of the string")
    }

    /// One escape sequence, at its backslash; a surrogate pair makes one scalar.
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        let start = index
        index += 1
        guard let byte = current else { throw failure("an escaped character after '\\'") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default:
            index -= 1
            throw failure(
                at: start, "not valid JSON: expected one of the escapes \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found \\\(foundHere.trimmingQuotes)")
        }
        let unit = try hexUnit()
        if (0xDC00...0xDFFF).contains(unit) {
            throw failure(
                at: start, "not valid JSON: expected a character, found \\u\(hex(unit, width: 4)), the second half of a surrogate pair with no first half")
        }
        guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit)! }
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
            throw failure(at: start, "not valid JSON: expected \\uDC00-\\uDFFF after \\u\(hex(unit, width: 4)), the first half of a surrogate pair, found none")
        }
        index += 2
        let low = try hexUnit()
        guard (0xDC00...0xDFFF).contains(low) else {
            throw failure(
                at: start,
                "not valid JSON: expected \\uDC00-\\uDFFF after \\u\(hex(unit, width: 4)), the first half of a surrogate pair, found \\u\(hex(low, width: 4))")
        }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
    }

    private mutating func hexUnit() throws(Failure) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else { throw failure("four hexadecimal digits after \\u") }
            unit = unit << 4 | digit
            index += 1
        }
        return unit
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

extension String {
    /// `'x'` without its quotes.
    fileprivate var trimmingQuotes: String { hasPrefix("'") && hasSuffix("'") && count == 3 ? String(dropFirst().dropLast()) : self }
}
