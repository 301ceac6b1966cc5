/// Durations as scenario files and reports spell them: `250ms`, `3s`, `2m`, `1h`, `365d`.
extension Duration {
    /// The units a duration string may use, largest first.
    public static let harnessUnits: [(suffix: String, duration: Duration)] = [
        ("ms", .milliseconds(1)), ("s", .seconds(1)), ("m", .seconds(60)), ("h", .seconds(3_600)), ("d", .seconds(86_400)),
    ]

    /// What a duration string must look like, for error messages.
    public static let harnessFormatHelp = "a duration such as \"250ms\", \"3s\", \"2m\", \"1h\" or \"365d\""

    /// Parses `250ms`, `3s`, `1.5s`, `2m`, `1h` or `365d`; `nil` for anything else.
    public init?(harnessText text: String) {
        for (suffix, unit) in Self.harnessUnits where text.hasSuffix(suffix) {
            // "ms" also ends in "s": the longer suffix is tried first, so "250ms" never reaches "s".
            let parts = text.dropLast(suffix.count).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard let whole = parts.first, !whole.isEmpty, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
                  let integer = Int(whole), parts.count == 1 || !parts[1].isEmpty, (parts.last?.count ?? 0) <= 9 else { return nil }
            // Exact arithmetic: the fraction's digits over a power of ten, never a Double.
            let fraction = parts.count == 2 ? parts[1] : ""
            let scale = (0..<fraction.count).reduce(1) { total, _ in total * 10 }
            self = unit * integer + unit * (Int(fraction) ?? 0) / scale
            return
        }
        return nil
    }

    /// Seconds with millisecond precision: `3.400s`.
    ///
    /// Reports print virtual time to the millisecond; finer steps still run in order.
    public var harnessDescription: String {
        let milliseconds = components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = abs(milliseconds)
        let fraction = String(magnitude % 1_000)
        return "\(sign)\(magnitude / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}

extension Character {
    /// Whether this is one of 0-9.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
