import HarnessSupport
import MockAdNetwork

// Writing a scenario: the fixture spelling of each value the format reads (`Step.swift`,
// `Scenario+Fault.swift`), used to write what the explorer found as a format-1 fixture.

extension Fault {
    /// `{"target": "formLoad", "error": "timeout", "times": 1}`.
    package var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("target", .string(target.rawValue))]
        switch effect {
        case .error(let error): pairs.append(("error", .string(error.rawValue)))
        case .callback(let fault): pairs.append(("callback", .string(fault.rawValue)))
        case .delay(let delay): pairs.append(("delay", .string(delay.exactText)))
        case .appInactive: pairs.append(("appState", .string("inactive")))
        }
        if let times { pairs.append(("times", .integer(times))) }
        return .object(pairs)
    }
}

extension Step {
    /// `"launch"`, `{"advance": "61s"}`, `{"settings": {"tracking": "denied"}}`.
    package var json: JSONValue {
        switch self {
        case .advance(let duration): return .object([("advance", .string(duration.exactText))])
        case .settings(let changes):
            // Each change reads `key=value` in the fixture's own spelling.
            let pairs = changes.map { change -> (String, JSONValue) in
                let parts = change.description.split(separator: "=", maxSplits: 1).map(String.init)
                let value = parts.count == 2 ? parts[1] : ""
                return (parts[0], value == "true" ? .bool(true) : value == "false" ? .bool(false) : .string(value))
            }
            return .object([("settings", .object(pairs))])
        case .travel(let region): return .object([("travel", .string(region.rawValue))])
        case .tap(let control): return .object([("tap", .string(control))])
        case .sdk(let call):
            var pairs: [(String, JSONValue)] = [("sdk", .string(call.name.rawValue))]
            if let geography = call.debugGeography { pairs.append(("debugGeography", .string(geography.description))) }
            if call.underAgeOfConsent { pairs.append(("underAgeOfConsent", .bool(true))) }
            if call.presenter != .window { pairs.append(("from", .string(call.presenter.rawValue))) }
            return .object(pairs)
        default: return .string(description)
        }
    }
}

extension Duration {
    /// The shortest exact spelling a fixture accepts: `61s`, `250ms`, `1.000000001s`.
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
