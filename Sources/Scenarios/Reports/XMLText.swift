/// Text made safe for XML 1.0, in element content or in a double-quoted attribute value.
enum XMLText {
    /// Escapes the five markup characters and replaces every character XML 1.0 forbids (control
    /// characters other than tab, newline and carriage return; U+FFFE, U+FFFF) with a visible
    /// `\u{1B}`-style spelling, since no character reference to them is allowed either.
    ///
    /// A carriage return is always a reference (a parser would turn it into a newline); in an
    /// attribute, so are tab and newline (a parser would turn them into spaces).
    static func escaped(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t" where inAttribute: result += "&#9;"
            case "\n" where inAttribute: result += "&#10;"
            case "\r": result += "&#13;"
            default:
                if isAllowed(scalar) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
        }
        return result
    }

    /// Whether XML 1.0 allows the character at all (its `Char` production).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
