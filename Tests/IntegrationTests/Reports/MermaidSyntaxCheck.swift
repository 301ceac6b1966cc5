import Foundation

/// A small parser for the Mermaid sequence diagrams the harness writes: every line must be a
/// statement it recognizes, and every message safe to render.
///
/// Recognized: `sequenceDiagram` as the first line; `participant ID` and `participant ID as Title`;
/// arrows `A->>B: text` and `A-->>B: text`; `Note over A: text`, `Note over A,B: text`,
/// `Note left of A: text`, `Note right of A: text`; `rect rgb(...)` or `rect rgba(...)` opening a
/// block that `end` closes. A participant must be declared before it is used. A message must not
/// be empty and must hold no `;`, no `<` or `>`, no control character, and no `#` except in an
/// entity code (`#59;`, `#quot;`).
enum MermaidSyntaxCheck {
    /// Every rule the diagram breaks, with its line number; empty when it parses.
    static func problems(in diagram: String) -> [String] {
        let lines = diagram.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "sequenceDiagram" else { return ["line 1: expected sequenceDiagram, found \(lines.first ?? "nothing")"] }
        var declared: Set<String> = []
        var openBlocks = 0
        var problems: [String] = []
        for (offset, raw) in lines.enumerated().dropFirst() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let place = "line \(offset + 1)"
            if line.hasPrefix("participant ") {
                let parts = line.dropFirst("participant ".count).components(separatedBy: " as ")
                guard let id = parts.first, isIdentifier(id), parts.count <= 2 else {
                    problems.append("\(place): bad participant declaration: \(line)")
                    continue
                }
                declared.insert(id)
            } else if line == "end" {
                openBlocks -= 1
                if openBlocks < 0 { problems.append("\(place): end with no open block") }
            } else if line.hasPrefix("rect ") {
                let color = line.dropFirst("rect ".count)
                if !(color.hasPrefix("rgb(") || color.hasPrefix("rgba(")) || !color.hasSuffix(")") {
                    problems.append("\(place): bad rect colour: \(line)")
                }
                openBlocks += 1
            } else if let colon = line.range(of: ": ") {
                let head = String(line[..<colon.lowerBound])
                let text = String(line[colon.upperBound...])
                guard let used = participants(inHead: head) else {
                    problems.append("\(place): not a statement: \(line)")
                    continue
                }
                for id in used where !declared.contains(id) { problems.append("\(place): \(id) is not declared") }
                if let problem = messageProblem(text) { problems.append("\(place): \(problem): \(line)") }
            } else {
                problems.append("\(place): not a statement: \(line)")
            }
        }
        if openBlocks > 0 { problems.append("\(openBlocks) block(s) never closed with end") }
        return problems
    }

    /// The participants an arrow or a note names, or `nil` when the head is neither.
    static func participants(inHead head: String) -> [String]? {
        for arrow in ["-->>", "->>"] {
            let ends = head.components(separatedBy: arrow)
            if ends.count == 2 { return ends.allSatisfy(isIdentifier) ? ends : nil }
        }
        if head.hasPrefix("Note over ") {
            let ids = head.dropFirst("Note over ".count).components(separatedBy: ",")
            return ids.count <= 2 && ids.allSatisfy(isIdentifier) ? ids : nil
        }
        for side in ["Note left of ", "Note right of "] where head.hasPrefix(side) {
            let id = String(head.dropFirst(side.count))
            return isIdentifier(id) ? [id] : nil
        }
        return nil
    }

    /// Why a message's text is unsafe, or `nil` when it is safe.
    static func messageProblem(_ text: String) -> String? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return "empty message" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "a control character" }
        guard let plain = withoutEntities(text) else { return "a # that starts no entity code" }
        if plain.contains(where: { $0 == ";" || $0 == "<" || $0 == ">" }) { return "a raw ; < or >" }
        return nil
    }

    /// The text with every entity code (`#59;`, `#quot;`) removed, or `nil` if a `#` starts none.
    static func withoutEntities(_ text: String) -> String? {
        var result = ""
        var rest = Substring(text)
        while let hash = rest.firstIndex(of: "#") {
            result += rest[..<hash]
            let after = rest[rest.index(after: hash)...]
            guard let semicolon = after.firstIndex(of: ";") else { return nil }
            let code = after[..<semicolon]
            let isEntity = !code.isEmpty && (code.allSatisfy(\.isNumber) || code.allSatisfy(\.isLetter))
            guard isEntity else { return nil }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    /// A participant identifier: letters and digits.
    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber }
    }
}
