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
        case .settings(let changes): return .object([("settings", .object(changes.map(\.json)))])
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

extension SettingsChange {
    /// The fixture's key and value for the change, as the `settings` step reads them:
    /// `"tracking": "denied"`, `"locationServicesEnabled": false`.
    package var json: (String, JSONValue) {
        switch self {
        case .device(.tracking(let allowed)): ("tracking", .string(allowed ? "authorized" : "denied"))
        case .device(.allowAppsToRequestToTrack(let on)): ("allowAppsToRequestToTrack", .bool(on))
        case .device(.trackingRestricted(let on)): ("trackingRestricted", .bool(on))
        case .device(.limitAdTracking(let on)): ("limitAdTracking", .bool(on))
        case .location(.servicesEnabled(let on)): ("locationServicesEnabled", .bool(on))
        case .location(.restricted(let on)): ("locationRestricted", .bool(on))
        case .location(.appAccess(let status)): ("locationAccess", .string(status.description))
        case .location(.preciseLocation(let on)): ("preciseLocation", .bool(on))
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
