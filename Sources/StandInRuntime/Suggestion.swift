/// The nearest known word to a mistyped one, for the "did you mean" hints of the scenario format
/// and the command line: one implementation, so a fixture and a flag are forgiven the same typos.
package enum Suggestion {
    /// The known word closest to `word` by edit distance, ignoring case, if it is close enough to
    /// be a typo (two edits, or a third of its letters for long words).
    package static func nearest(to word: String, in known: [String]) -> String? {
        let typed = Array(word.lowercased())
        let scored = known.map { ($0, distance(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    /// `; did you mean "word"?` when a known word is near, else nothing: the tail of an error message.
    package static func hint(for word: String, in known: [String]) -> String {
        nearest(to: word, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Levenshtein distance, one row at a time.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                row[j + 1] = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
