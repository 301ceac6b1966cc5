import AdHarness
import Scenarios

/// Makes broken and strange copies of scenario files: bytes flipped, cut, repeated or spliced,
/// strings and numbers swapped for others, deep nesting, huge numbers, bad encodings.
///
/// The same seed and index always give the same copy, so a copy that breaks the runner is
/// reproduced from two numbers.
package struct FixtureMutator {
    /// The files the copies are made from.
    let originals: [[UInt8]]
    /// Every quoted string in the originals, for swaps that keep the JSON valid.
    private let strings: [[UInt8]]

    /// Texts inserted or swapped in: the places parsers and runners break. Every step the format
    /// spells as a string (`"close"` among them), so a new step is fuzzed from the day it is named,
    /// and orders around the app's process ending and starting again.
    package static let tokens: [String] =
        Step.named.map { "\"\($0.0)\"" } + [
            "\"close\",\"close\"", "\"close\",{\"advance\":\"36500d\"},\"launch\"", "\"close\",\"relaunch\"", "\"close\",\"reinstall\"",
            "\"launch\",\"launch\"", "\"close\",{\"settings\":{\"tracking\":\"denied\"}},\"launch\"",
        ] + [
            "{", "}", "[", "]", "\"", ",", ":", "\\", "0", "-", ".", "e", " ", "null", "true", "[]", "{}", "\"\"",
            "01", "1.5", "-1", "1e308", "1e400", "-1e400", "9223372036854775808", "-9223372036854775809", "1E2",
            "\"\\ud800\"", "\"\\udc00\"", "\"\\u00zz\"", "\"\\q\"", "\"36500d\"", "\"36501d\"", "\"0ms\"", "\"1.0000000001s\"",
            "{\"advance\":\"36500d\"}", "{\"advance\":\"1ms\"}",
            "{\"settings\":{\"tracking\":\"denied\"}}", "\"name\":\"dup\",", "\u{FEFF}", "\u{0}", "\u{1F}", "é", "😀",
            String(repeating: "[", count: 80) + String(repeating: "]", count: 80),
            String(repeating: "{\"a\":", count: 70) + "1" + String(repeating: "}", count: 70),
        ]
    private static let rawBytes: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xED, 0xEF, 0xF5, 0xFF]

    init(originals: [[UInt8]]) {
        self.originals = originals
        var found: [[UInt8]] = []
        for text in originals { found.append(contentsOf: Self.quotedStrings(in: text)) }
        strings = found.isEmpty ? [Array("\"x\"".utf8)] : found
    }

    /// The copy number `index` for a seed: one original with one to three changes.
    func mutant(seed: UInt64, index: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        guard !originals.isEmpty else { return [] }
        var text = originals[random.below(originals.count)]
        for _ in 0...random.below(3) { text = mutate(text, &random) }
        return text
    }

    private func mutate(_ text: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var text = text
        let at = random.below(text.count + 1)
        switch random.below(9) {
        case 0:
            guard at < text.count else { return text }
            text[at] = Self.rawBytes[random.below(Self.rawBytes.count)]
        case 1:
            text.removeSubrange(at..<min(text.count, at + 1 + random.below(16)))
        case 2:
            let piece = text[at..<min(text.count, at + 1 + random.below(32))]
            text.insert(contentsOf: Array(piece), at: random.below(text.count + 1))
        case 3:
            text.insert(contentsOf: Array(Self.tokens[random.below(Self.tokens.count)].utf8), at: at)
        case 4, 5:
            text = swapString(in: text, &random)
        case 6:
            text = swapNumber(in: text, &random)
        case 7:
            let other = originals[random.below(originals.count)]
            text = Array(text[..<at]) + Array(other[random.below(other.count + 1)...])
        default:
            text.removeSubrange(at...)
        }
        return text
    }

    /// One quoted string of the text replaced by a string from any original, or by a token.
    private func swapString(in text: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        let ranges = Self.quotedRanges(in: text)
        guard !ranges.isEmpty else { return text }
        var text = text
        let replacement =
            random.below(4) == 0
            ? Array(Self.tokens[random.below(Self.tokens.count)].utf8)
            : strings[random.below(strings.count)]
        text.replaceSubrange(ranges[random.below(ranges.count)], with: replacement)
        return text
    }

    /// One run of digits replaced by an extreme number.
    private func swapNumber(in text: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        let numbers = ["0", "-1", "1.5", "1e308", "1e400", "9223372036854775807", "9223372036854775808", "1000000"]
        let offset = random.below(text.count)
        guard let start = (text[offset...].firstIndex(where: Self.isDigit) ?? text[..<offset].firstIndex(where: Self.isDigit)) else {
            return text
        }
        var end = start
        while end < text.count, Self.isDigit(text[end]) { end += 1 }
        var text = text
        text.replaceSubrange(start..<end, with: Array(numbers[random.below(numbers.count)].utf8))
        return text
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The byte ranges of quoted strings, quotes included.
    private static func quotedRanges(in text: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < text.count, text[end] != UInt8(ascii: "\"") { end += text[end] == UInt8(ascii: "\\") ? 2 : 1 }
            guard end < text.count else { break }
            ranges.append(index..<(end + 1))
            index = end + 1
        }
        return ranges
    }

    private static func quotedStrings(in text: [UInt8]) -> [[UInt8]] {
        quotedRanges(in: text).map { Array(text[$0]) }
    }
}
