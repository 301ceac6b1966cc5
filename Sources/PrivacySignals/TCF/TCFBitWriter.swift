/// Appends big-endian unsigned fields to a segment's bits, the inverse of ``TCFBitReader``.
struct TCFBitWriter {
    /// The bits written so far.
    private(set) var bits: [Bool] = []

    /// Appends `value` in `width` bits; a value too wide for its field is a programming error of the
    /// caller, so the encoder validates values before writing them.
    mutating func integer(_ value: Int, width: Int) {
        precondition(value >= 0 && (width == 63 || value < 1 << width), "value \(value) does not fit \(width) bits")
        for shift in stride(from: width - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }

    /// Appends a one-bit flag.
    mutating func flag(_ value: Bool) { bits.append(value) }

    /// Appends a bit field of `width` bits where the bit of id *n* (from 1) is 1 when the set holds *n*.
    mutating func idSet(_ ids: Set<Int>, width: Int) {
        for id in stride(from: 1, through: width, by: 1) { bits.append(ids.contains(id)) }
    }

    /// Appends two letters of 6 bits each.
    mutating func letters(_ text: String) {
        for scalar in text.unicodeScalars { integer(Int(scalar.value) - 65, width: 6) }
    }
}
