/// Text made safe for a Mermaid message or note, which ends at the line's end.
package enum MermaidText {
    /// Writes the characters Mermaid reads as syntax as its entity codes (`;` as `#59;`, `#` as
    /// `#35;`, and `<`, `>`, `&`, `%`, `"`, which a renderer may take for markup or a directive), and
    /// turns line breaks (`\n`, U+2028...) and other control characters into spaces.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case ";", "#", "<", ">", "&", "%", "\"": result += "#\(scalar.value);"
            default:
                switch scalar.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator:
                    result += " "
                default:
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
