/// The URL-safe base64 alphabet of TC string segments, without padding, to and from bits.
///
/// Decoding goes straight to bits, six a character, so the error for a bad character can name its
/// position in the whole string.
enum TCFBase64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)

    /// The bits of a segment; `start` is the segment's first character in the whole string.
    static func bits(of segment: Substring, start: Int, index: Int) throws(TCStringError) -> [Bool] {
        var bits: [Bool] = []
        bits.reserveCapacity(segment.unicodeScalars.count * 6)
        for (position, scalar) in segment.unicodeScalars.enumerated() {
            guard let value = value(of: scalar) else {
                throw TCStringError(
                    segment: .init(index: index), characterOffset: start + position,
                    message: "expected a URL-safe base64 character (A-Z a-z 0-9 - _), found \"\(String(scalar).debugDescription.dropFirst().dropLast())\""
                )
            }
            for shift in stride(from: 5, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
        }
        return bits
    }

    /// A segment's bits as unpadded URL-safe base64, with zero bits added up to a multiple of `quantum`:
    /// 24 for TC strings (whole base64 quanta, as the IAB's reference encoder does, so no `=` is ever
    /// needed), 6 for a GPP header (whole characters, as the GPP string spec says).
    static func text(of bits: [Bool], quantum: Int = 24) -> String {
        var padded = bits
        while padded.count % quantum != 0 { padded.append(false) }
        var text = ""
        for start in stride(from: 0, to: padded.count, by: 6) {
            let value = padded[start..<start + 6].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
            text.unicodeScalars.append(alphabet[value])
        }
        return text
    }

    private static func value(of scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "A"..."Z": Int(scalar.value) - 65
        case "a"..."z": Int(scalar.value) - 97 + 26
        case "0"..."9": Int(scalar.value) - 48 + 52
        case "-": 62
        case "_": 63
        default: nil
        }
    }
}
