import AppInfoPlist
import Foundation

/// A property-list file being linted: its values, and its text for finding the line of a key.
struct LintDocument {
    var file: String
    var kind: LintFileKind
    var values: [String: PropertyListValue]
    /// The lines of an XML file; empty for a binary one or for values given in code.
    var lines: [Substring] = []

    /// The 1-based line of the top-level key a key path starts with, or 1 when it is not written.
    func line(of keyPath: String) -> Int {
        let top = keyPath.prefix { $0 != "." && $0 != "[" }
        guard !top.isEmpty, let index = lines.firstIndex(where: { $0.contains("<key>\(top)</key>") }) else { return 1 }
        return index + 1
    }

    /// A finding of `rule` at `keyPath`, on the key's line; `fix` when it says more than the rule's.
    func finding(_ rule: LintRule, _ keyPath: String, _ message: String, fix: String? = nil) -> LintFinding {
        LintFinding(rule: rule, file: file, keyPath: keyPath, message: message, line: line(of: keyPath), fix: fix)
    }

    /// Reads a file, XML or binary.
    static func read(_ url: URL, file: String, kind: LintFileKind) throws(InfoPlistError) -> LintDocument {
        let values = try PropertyListFile.dictionary(at: url, file: file)
        let data = (try? Data(contentsOf: url)) ?? Data()
        let lines =
            data.starts(with: Array("bplist".utf8)) ? [] : String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return LintDocument(file: file, kind: kind, values: values, lines: lines)
    }
}

extension PropertyListValue {
    /// The value's kind in words, for "expected ..., found ..." messages.
    var kindDescription: String {
        switch self {
        case .string(let text): "the string \"\(text)\""
        case .bool(let flag): "the Boolean \(flag)"
        case .number(let number): "the number \(number.formatted())"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}

extension Double {
    /// Whole numbers without a fraction.
    fileprivate func formatted() -> String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
