@testable import Exploration

/// Seeded copies of signal strings with a few characters replaced, removed or inserted: what the
/// codecs' fuzz tests decode, so each test says only what it decodes and what counts as a value.
struct MutatedStrings: Sequence, IteratorProtocol {
    private var random: SplitMix64
    private let seeds: [[Character]]
    private let alphabet: [Character]
    private let maximumEdits: Int
    private var remaining: Int

    /// `count` copies of the seeds in turn, each with one to `maximumEdits + 1` edits drawn from `alphabet`.
    init(of seeds: [String], count: Int, seed: UInt64, alphabet: String, maximumEdits: Int) {
        random = SplitMix64(seed: seed)
        self.seeds = seeds.map(Array.init)
        self.alphabet = Array(alphabet)
        self.maximumEdits = maximumEdits
        remaining = count
    }

    mutating func next() -> String? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        var text = seeds[remaining % seeds.count]
        for _ in 0...random.below(maximumEdits) {
            let position = random.below(text.count + 1)
            switch random.below(3) {
            case 0 where position < text.count: text[position] = alphabet[random.below(alphabet.count)]
            case 1 where position < text.count: text.remove(at: position)
            default: text.insert(alphabet[random.below(alphabet.count)], at: position)
            }
        }
        return String(text)
    }
}
