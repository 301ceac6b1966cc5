/// Reads big-endian unsigned fields from a segment's bits, left to right, naming what it reads.
///
/// Every read checks that enough bits are left, so a short or truncated string is an error that
/// says which field and where, never an out-of-range access.
struct TCFBitReader {
    private let bits: [Bool]
    private let segment: TCStringError.Segment
    /// The offset of the next bit to read.
    private(set) var offset = 0

    /// Reads the bits of one decoded segment.
    init(bits: [Bool], segment: TCStringError.Segment) {
        self.bits = bits
        self.segment = segment
    }

    /// How many bits are left.
    var remaining: Int { bits.count - offset }

    /// Reads a field of `width` bits (at most 63) as an integer.
    mutating func integer(_ field: String, width: Int) throws(TCStringError) -> Int {
        guard width <= remaining else {
            throw error(field, "expected \(width) bits, found \(remaining) left (the string is cut short)")
        }
        var value = 0
        for bit in bits[offset..<offset + width] { value = value << 1 | (bit ? 1 : 0) }
        offset += width
        return value
    }

    /// Reads a one-bit flag.
    mutating func flag(_ field: String) throws(TCStringError) -> Bool {
        try integer(field, width: 1) == 1
    }

    /// Reads a bit field of `width` bits as the set of ids (from 1) whose bit is 1.
    mutating func idSet(_ field: String, width: Int) throws(TCStringError) -> Set<Int> {
        guard width <= remaining else {
            throw error(field, "expected \(width) bits, found \(remaining) left (the string is cut short)")
        }
        let ids = (0..<width).filter { bits[offset + $0] }.map { $0 + 1 }
        offset += width
        return Set(ids)
    }

    /// Reads two letters of 6 bits each (`a` = 0 ... `z` = 25), as upper-case text.
    mutating func letters(_ field: String) throws(TCStringError) -> String {
        let start = offset
        var text = ""
        for _ in 0..<2 {
            let value = try integer(field, width: 6)
            guard value < 26 else {
                offset = start
                throw error(field, "expected a letter (0 to 25), found \(value)")
            }
            text.append(Character(UnicodeScalar(UInt8(65 + value))))
        }
        return text
    }

    /// An error at the current offset.
    func error(_ field: String, _ message: String) -> TCStringError {
        TCStringError(segment: segment, bitOffset: offset, field: field, message: message)
    }
}
