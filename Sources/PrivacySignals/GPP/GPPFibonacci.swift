/// The Fibonacci integers of GPP headers: each number is a sum of Fibonacci numbers (1, 2, 3, 5, 8,
/// ...), one bit per number from the smallest, closed by an extra `1`, so every code ends in `11`.
enum GPPFibonacci {
    /// The Fibonacci numbers 1, 2, 3, 5, ... up to a bound no section id or offset reaches.
    private static let numbers: [Int] = {
        var numbers = [1, 2]
        while numbers[numbers.count - 1] < 1 << 32 { numbers.append(numbers[numbers.count - 1] + numbers[numbers.count - 2]) }
        return numbers
    }()

    /// Appends the code of `value` (at least 1).
    static func write(_ value: Int, to writer: inout TCFBitWriter) {
        precondition(value >= 1, "Fibonacci codes start at 1, found \(value)")
        var remainder = value
        var bits = [Bool](repeating: false, count: numbers.lastIndex { $0 <= value }! + 1)
        for index in bits.indices.reversed() where numbers[index] <= remainder {
            bits[index] = true
            remainder -= numbers[index]
        }
        for bit in bits { writer.flag(bit) }
        writer.flag(true)
    }

    /// Reads one code: bits up to and including the first `11`.
    static func read(_ field: String, from reader: inout TCFBitReader) throws(TCStringError) -> Int {
        var value = 0
        var previous = false
        for index in numbers.indices {
            let bit = try reader.flag(field)
            if bit && previous { return value }
            if bit { value += numbers[index] }
            previous = bit
        }
        throw reader.error(field, "expected a Fibonacci code ending in 11, found none within \(numbers.count) bits")
    }
}
