/// Durations as scenario files and reports spell them: `250ms`, `3s`, `2m`, `1h`, `365d`.
extension Duration {
    /// The units a duration string may use, largest first.
    package static let harnessUnits: [(suffix: String, duration: Duration)] = [
        ("ms", .milliseconds(1)), ("s", .seconds(1)), ("m", .seconds(60)), ("h", .seconds(3_600)), ("d", .seconds(86_400)),
    ]

    /// The longest duration a scenario may write: 100 years of 365 days.
    ///
    /// With at most a million steps in a file, virtual time stays far inside what the clock and
    /// every report can count, so no sum of durations can overflow.
    package static let harnessMaximum = Duration.seconds(36_500 * 86_400)

    /// What a duration string must look like, for error messages.
    package static let harnessFormatHelp = "a duration such as \"250ms\", \"3s\", \"2m\", \"1h\" or \"365d\", at most \"36500d\""

    /// Parses `250ms`, `3s`, `1.5s`, `2m`, `1h` or `365d`, up to ``harnessMaximum``; `nil` for
    /// anything else.
    package init?(harnessText text: String) {
        for (suffix, unit) in Self.harnessUnits where text.hasSuffix(suffix) {
            // "ms" also ends in "s": the longer suffix is tried first, so "250ms" never reaches "s".
            let parts = text.dropLast(suffix.count).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            // Twelve digits of 365d-units already pass the maximum, so no digit count overflows an Int.
            guard let whole = parts.first, !whole.isEmpty, whole.count <= 12, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
                let integer = Int(whole), parts.count == 1 || !parts[1].isEmpty, parts.count == 1 || parts[1].count <= 9
            else { return nil }
            // Exact arithmetic: the fraction's digits over a power of ten, never a Double.
            let fraction = parts.count == 2 ? parts[1] : ""
            let scale = (0..<fraction.count).reduce(1) { total, _ in total * 10 }
            let duration = unit * integer + unit * (Int(fraction) ?? 0) / scale
            guard duration <= Self.harnessMaximum else { return nil }
            self = duration
            return
        }
        return nil
    }

    /// Seconds with millisecond precision: `3.400s`.
    ///
    /// Reports print virtual time to the millisecond; finer steps still run in order.
    public var harnessDescription: String {
        // Checked: a duration built in code (not from a file) may hold more milliseconds than an Int.
        let (scaled, overflow) = components.seconds.multipliedReportingOverflow(by: 1_000)
        guard !overflow else { return "\(components.seconds)s" }
        let milliseconds = scaled + components.attoseconds / 1_000_000_000_000_000
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = abs(milliseconds)
        let fraction = String(magnitude % 1_000)
        return "\(sign)\(magnitude / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}

extension Duration {
    /// The shortest exact spelling ``init(harnessText:)`` reads back: `61s`, `250ms`, `1.000000001s`.
    package var exactText: String {
        let (seconds, attoseconds) = components
        let nanoseconds = attoseconds / 1_000_000_000
        if nanoseconds == 0 { return "\(seconds)s" }
        if nanoseconds % 1_000_000 == 0 { return "\(seconds * 1_000 + nanoseconds / 1_000_000)ms" }
        var fraction = String(nanoseconds)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction)s"
    }
}

extension Character {
    /// Whether this is one of 0-9, alone: a digit with a combining mark (`5\u{301}`) is one
    /// Character that sorts between "0" and "9", and is not a digit.
    fileprivate var isASCIIDigit: Bool { isASCII && ("0"..."9").contains(self) }
}
