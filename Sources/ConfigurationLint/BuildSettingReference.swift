/// Build-setting references in an Info.plist value: `$(NAME)` or `${NAME}` (also nested, or with a
/// modifier such as `$(NAME:lower)`), which the build replaces with the setting's value when it
/// processes the source Info.plist into the app's. The source file does not hold the value the
/// app will have, so a rule that checks a value sees it only in the built app's Info.plist.
enum BuildSettingReference {
    /// The references in a text, outermost ones, in order: `["$(APP_ID)"]`. An opening `$(` or
    /// `${` that is never closed, or closed at once (`$()`), is not a reference.
    static func references(in text: String) -> [Substring] {
        var found: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "$", let end = closing(in: text, from: index) else {
                index = text.index(after: index)
                continue
            }
            found.append(text[index..<end])
            index = end
        }
        return found
    }

    /// Whether a text holds a reference.
    static func contains(_ text: String) -> Bool { !references(in: text).isEmpty }

    /// The text with its references taken out: what of it the source file fixes.
    static func literalText(of text: String) -> String {
        var literal = text
        for reference in references(in: text).reversed() { literal.removeSubrange(reference.startIndex..<reference.endIndex) }
        return literal
    }

    /// The index just past the reference that starts at `start` (a `$`), or nil when none does.
    private static func closing(in text: String, from start: String.Index) -> String.Index? {
        let open = text.index(after: start)
        guard open < text.endIndex, let close: Character = text[open] == "(" ? ")" : text[open] == "{" ? "}" : nil else { return nil }
        var depth = 0
        var index = open
        while index < text.endIndex {
            let character = text[index]
            if character == text[open] {
                depth += 1
            } else if character == close {
                depth -= 1
                if depth == 0 {
                    return text.distance(from: open, to: index) > 1 ? text.index(after: index) : nil
                }
            }
            index = text.index(after: index)
        }
        return nil
    }
}
