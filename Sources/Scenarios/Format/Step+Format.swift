import AdHarness
import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// A step as a scenario's JSON spells it (`"launch"`, `{"advance": "30s"}`), read and written through the
/// same keys.
extension Step: Codable {
    enum ObjectKeys: String, CodingKey, CaseIterable {
        case advance, settings, travel, tap, sdk
    }

    /// The keys of a raw consent-SDK step: the call, and its arguments.
    enum SDKKeys: String, CodingKey, CaseIterable {
        case sdk, debugGeography, underAgeOfConsent, from
    }

    enum SettingsKeys: String, CodingKey, CaseIterable {
        case tracking, allowAppsToRequestToTrack, trackingRestricted, limitAdTracking
        case locationServicesEnabled, locationRestricted, locationAccess, preciseLocation
    }

    private static var expected: String {
        "one of \(named.map(\.0).joined(separator: ", ")), or an object {\"advance\": \"30s\"}, {\"settings\": {...}}, {\"travel\": \"other\"}, {\"tap\": \"continue\"} or {\"sdk\": \"update\"}"
    }

    /// Decodes `"launch"`, `{ "advance": "30s" }`, `{ "settings": { "tracking": "denied" } }`, `{ "travel": "other" }`,
    /// `{ "tap": "continue" }` or `{ "sdk": "update", "debugGeography": "eea" }`.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard let step = Self.named.first(where: { $0.0 == text })?.1 else {
                let hint =
                    ConsentSDKCall.Name(rawValue: text) != nil
                    ? "; a raw SDK call is written {\"sdk\": \"\(text)\"}" : Suggestion.hint(for: text, in: Self.named.map(\.0))
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "expected \(Self.expected), got \"\(text)\"\(hint)")
            }
            self = step
            return
        }
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected \(Self.expected)"))
        }
        if container.contains(AnyCodingKey(stringValue: SDKKeys.sdk.rawValue)) {
            self = .sdk(try Self.decodeSDKCall(from: decoder))
            return
        }
        guard container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "expected a step object with exactly one key, advance, settings, travel or tap (or sdk with its arguments); found \(container.allKeys.count) keys"
                ))
        }
        try decoder.rejectUnknownKeys(ObjectKeys.self)
        let keyed = try decoder.container(keyedBy: ObjectKeys.self)
        if keyed.contains(.advance) {
            self = .advance(try keyed.decodeDuration(forKey: .advance))
            return
        }
        if keyed.contains(.travel) {
            self = .travel(try keyed.decodeChoice(ConsentRegion.self, forKey: .travel))
            return
        }
        if keyed.contains(.tap) {
            let control = try keyed.decode(String.self, forKey: .tap)
            guard !control.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .tap, in: keyed, debugDescription: "expected the name of a control the glue declares, got an empty string")
            }
            self = .tap(control)
            return
        }
        let settings = try keyed.superDecoder(forKey: .settings)
        try settings.rejectUnknownKeys(SettingsKeys.self)
        let values = try settings.container(keyedBy: SettingsKeys.self)
        var changes: [SettingsChange] = []
        if let toggle = try values.decodeChoiceIfPresent(TrackingToggle.self, forKey: .tracking) {
            changes.append(.device(.tracking(allowed: toggle == .authorized)))
        }
        if let on = try values.decodeIfPresent(Bool.self, forKey: .allowAppsToRequestToTrack) { changes.append(.device(.allowAppsToRequestToTrack(on))) }
        if let on = try values.decodeIfPresent(Bool.self, forKey: .trackingRestricted) { changes.append(.device(.trackingRestricted(on))) }
        if let on = try values.decodeIfPresent(Bool.self, forKey: .limitAdTracking) { changes.append(.device(.limitAdTracking(on))) }
        if let on = try values.decodeIfPresent(Bool.self, forKey: .locationServicesEnabled) { changes.append(.location(.servicesEnabled(on))) }
        if let on = try values.decodeIfPresent(Bool.self, forKey: .locationRestricted) { changes.append(.location(.restricted(on))) }
        if let access = try values.decodeStatusIfPresent(LocationAuthorizationStatus.self, forKey: .locationAccess) {
            guard access != .restricted else {
                throw DecodingError.dataCorruptedError(
                    forKey: .locationAccess, in: values,
                    debugDescription:
                        "expected notDetermined, denied, authorizedAlways or authorizedWhenInUse (the app's own access); use locationRestricted for restrictions"
                )
            }
            changes.append(.location(.appAccess(access)))
        }
        if let on = try values.decodeIfPresent(Bool.self, forKey: .preciseLocation) { changes.append(.location(.preciseLocation(on))) }
        guard !changes.isEmpty else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: settings.codingPath,
                    debugDescription: "expected at least one of \(SettingsKeys.allCases.map(\.rawValue).joined(separator: ", "))"
                ))
        }
        self = .settings(changes)
    }

    /// Decodes `{ "sdk": "update", "debugGeography": "eea", "underAgeOfConsent": true }` or
    /// `{ "sdk": "presentForm", "from": "none" }`: an argument the call does not take is an error.
    private static func decodeSDKCall(from decoder: any Decoder) throws -> ConsentSDKCall {
        try decoder.rejectUnknownKeys(SDKKeys.self)
        let keyed = try decoder.container(keyedBy: SDKKeys.self)
        let name = try keyed.decodeChoice(ConsentSDKCall.Name.self, forKey: .sdk)
        let text = name.rawValue
        var call = ConsentSDKCall(name)
        if keyed.contains(.debugGeography) || keyed.contains(.underAgeOfConsent), name != .update {
            let key: SDKKeys = keyed.contains(.debugGeography) ? .debugGeography : .underAgeOfConsent
            throw DecodingError.dataCorruptedError(
                forKey: key, in: keyed, debugDescription: "expected \(key.rawValue) only with {\"sdk\": \"update\"}, found it with \(text)"
            )
        }
        call.debugGeography = try keyed.decodeStatusIfPresent(ConsentDebugGeography.self, forKey: .debugGeography)
        call.underAgeOfConsent = try keyed.decodeIfPresent(Bool.self, forKey: .underAgeOfConsent) ?? false
        if keyed.contains(.from) {
            guard name.presents else {
                let presenting = ConsentSDKCall.Name.allCases.filter(\.presents).map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    forKey: .from, in: keyed, debugDescription: "expected from only with a call that presents (\(presenting)), found it with \(text)"
                )
            }
            call.presenter = try keyed.decodeChoice(FormPresenter.self, forKey: .from)
        }
        return call
    }

    /// Encodes the step as a fixture spells it, through the same keys it is read by: `"launch"`,
    /// `{"advance": "61s"}`, `{"settings": {"tracking": "denied"}}`, `{"sdk": "update", "debugGeography": "eea"}`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .advance(let duration):
            var object = encoder.container(keyedBy: ObjectKeys.self)
            try object.encode(duration.exactText, forKey: .advance)
        case .travel(let region):
            var object = encoder.container(keyedBy: ObjectKeys.self)
            try object.encode(region.rawValue, forKey: .travel)
        case .tap(let control):
            var object = encoder.container(keyedBy: ObjectKeys.self)
            try object.encode(control, forKey: .tap)
        case .settings(let changes):
            var object = encoder.container(keyedBy: ObjectKeys.self)
            var values = object.nestedContainer(keyedBy: SettingsKeys.self, forKey: .settings)
            for change in changes { try change.encode(into: &values) }
        case .sdk(let call):
            var keyed = encoder.container(keyedBy: SDKKeys.self)
            try keyed.encode(call.name.rawValue, forKey: .sdk)
            try keyed.encodeIfPresent(call.debugGeography?.description, forKey: .debugGeography)
            if call.underAgeOfConsent { try keyed.encode(true, forKey: .underAgeOfConsent) }
            if call.presenter != .window { try keyed.encode(call.presenter.rawValue, forKey: .from) }
        default:
            var single = encoder.singleValueContainer()
            try single.encode(description)
        }
    }

    /// Fails at the first step that cannot happen in its place: an app step before the first
    /// `launch`, or a `launch` while the app runs. The order is in the file, so it is an error in
    /// the file, found before anything runs.
    static func checkOrder(of steps: [Step], codingPath: [any CodingKey]) throws {
        var running = false
        var closed = false
        for (index, step) in steps.enumerated() {
            let problem: String? =
                switch step {
                case .launch where running: "expected \"relaunch\" (the app is already running here), found \"launch\""
                case _ where step.needsRunningApp && !running && closed:
                    "expected \"launch\" after \"close\" before \"\(step)\" (it needs the app running), found none"
                case _ where step.needsRunningApp && !running: "expected \"launch\" before \"\(step)\" (it needs the app running), found no launch before it"
                default: nil
                }
            if let problem {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath + [AnyCodingKey(intValue: index)], debugDescription: problem))
            }
            if step == .launch || step == .relaunch || step == .reinstall { running = true }
            if step == .close { (running, closed) = (false, true) }
        }
    }
}

/// The app's own tracking toggle in Settings, as a `settings` step spells it.
enum TrackingToggle: String, CaseIterable, ExplainedChoices {
    /// The toggle is on.
    case authorized
    /// The toggle is off.
    case denied

    static var meaning: String { "the app's own toggle in Settings" }
}

extension SettingsChange {
    /// Writes the change under its `settings` key, as ``Step/init(from:)`` reads it back.
    func encode(into values: inout KeyedEncodingContainer<Step.SettingsKeys>) throws {
        switch self {
        case .device(.tracking(let allowed)): try values.encode((allowed ? TrackingToggle.authorized : .denied).rawValue, forKey: .tracking)
        case .device(.allowAppsToRequestToTrack(let on)): try values.encode(on, forKey: .allowAppsToRequestToTrack)
        case .device(.trackingRestricted(let on)): try values.encode(on, forKey: .trackingRestricted)
        case .device(.limitAdTracking(let on)): try values.encode(on, forKey: .limitAdTracking)
        case .location(.servicesEnabled(let on)): try values.encode(on, forKey: .locationServicesEnabled)
        case .location(.restricted(let on)): try values.encode(on, forKey: .locationRestricted)
        case .location(.appAccess(let status)): try values.encode(status.description, forKey: .locationAccess)
        case .location(.preciseLocation(let on)): try values.encode(on, forKey: .preciseLocation)
        }
    }
}
