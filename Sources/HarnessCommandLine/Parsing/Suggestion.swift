/// The nearest known word to a mistyped one, for "did you mean" hints.
enum Suggestion {
    /// The known word closest to `word` by edit distance, if it is close enough to be a typo
    /// (two edits, or a third of its letters for long words).
    static func nearest(to word: String, in known: [String]) -> String? {
        let scored = known.map { ($0, distance(Array(word), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
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
