/// Finds where a JSON text stops being valid, for a message with a line and column.
///
/// Foundation's JSON parser on Linux reports only that the data is not valid JSON; a fixture
/// author needs to know where. Used only after decoding has failed on syntax.
struct JSONSyntaxCheck {
    /// The first syntax error: 1-based line and column, and what was expected there.
    struct Problem: Error, Equatable {
        var line: Int
        var column: Int
        var expected: String
    }

    private let bytes: [UInt8]
    private var index = 0

    /// The first syntax error in the text, or `nil` if it is valid JSON.
    static func firstProblem(in bytes: [UInt8]) -> Problem? {
        var check = JSONSyntaxCheck(bytes: bytes)
        do throws(Problem) {
            check.skipSpace()
            try check.value()
            check.skipSpace()
            if check.index < bytes.count { throw check.problem("the end of the file after the top-level value") }
            return nil
        } catch {
            return error
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func problem(_ expected: String) -> Problem {
        let before = bytes[..<min(index, bytes.count)]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return Problem(line: line, column: column, expected: expected)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
    }

    private mutating func expect(_ character: Character, _ what: String) throws(Problem) {
        guard current == character.asciiValue else { throw problem(what) }
        index += 1
    }

    private mutating func value() throws(Problem) {
        switch current {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): number()
        default: throw problem("a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func object() throws(Problem) {
        index += 1
        skipSpace()
        if current == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw problem("a quoted key") }
            try string()
            skipSpace()
            try expect(":", "':' after the key")
            skipSpace()
            try value()
            skipSpace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect("}", "',' or '}' in the object")
            return
        }
    }

    private mutating func array() throws(Problem) {
        index += 1
        skipSpace()
        if current == UInt8(ascii: "]") { index += 1; return }
        while true {
            skipSpace()
            try value()
            skipSpace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect("]", "',' or ']' in the array")
            return
        }
    }

    private mutating func string() throws(Problem) {
        index += 1
        while let byte = current {
            index += 1
            if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { return }
        }
        throw problem("the closing quote of the string")
    }

    private mutating func literal(_ word: String) throws(Problem) {
        for character in word.utf8 {
            guard current == character else { throw problem(word) }
            index += 1
        }
    }

    private mutating func number() {
        while let byte = current, "+-.eE0123456789".utf8.contains(byte) { index += 1 }
    }
}
