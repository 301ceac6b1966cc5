import AdRequestKit
import AppInfoPlist

/// A value a ground-truth trace field carries: written as text in the trace, read back typed.
///
/// A rule compares `event[.npa] == false`, never `event["npa"] == "false"`: a recorder that wrote
/// `"False"` would read back as no value at all, not as a value that quietly fails every comparison.
public protocol TraceValue: Sendable, Equatable {
    /// The value as traces and fixtures spell it.
    var traceText: String { get }
    /// The value a trace spells so, or `nil` for any other text.
    init?(traceText: String)
}

extension TraceValue where Self: RawRepresentable, RawValue == String {
    /// The raw value.
    public var traceText: String { rawValue }
    /// The case of that raw value.
    public init?(traceText: String) { self.init(rawValue: traceText) }
}

extension TraceValue where Self: OpenStatus {
    /// The status's name (`authorized`), or `unrecognized(7)`.
    @inlinable public var traceText: String { description }
    /// The status of that name.
    @inlinable public init?(traceText: String) { self.init(name: traceText) }
}

extension Bool: TraceValue {
    /// `true` or `false`.
    public var traceText: String { self ? "true" : "false" }
    /// `true` or `false` only.
    public init?(traceText: String) {
        switch traceText {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension String: TraceValue {
    /// The text itself.
    public var traceText: String { self }
    /// Any text.
    public init?(traceText: String) { self = traceText }
}

extension Int: TraceValue {
    /// The number in decimal.
    public var traceText: String { String(self) }
    /// A decimal whole number only.
    public init?(traceText: String) { self.init(traceText) }
}

extension TrackingAuthorizationStatus: TraceValue {}

extension UserConsentStatus: TraceValue {}

extension AudienceAgeTreatment: TraceValue {}

extension CrashReason: TraceValue {}

extension ConsentFormStatus: TraceValue {}

extension PrivacyOptionsRequirement: TraceValue {}

extension ConsentDebugGeography: TraceValue {}

/// A trace field that carries ground truth: its name and the type of its value. The stand-ins write
/// these fields and the rules read them through these declarations only, so neither a name nor
/// a value can be misspelled.
///
/// ```swift
/// trace.record(.adsRequest, [EventField(.npa, true)])
/// if event[.npa] == false { ... }
/// ```
///
/// Each field is declared next to its value's type: the statuses and tags here, the serving mode
/// with the ad SDK's stand-in, the prompt's outcome with the tracking stand-in.
public struct TraceField<Value: TraceValue>: Hashable, Sendable, CustomStringConvertible {
    /// The field's name, as traces spell it.
    public let name: String

    /// A field of that name. Declare one as a static member beside its value's type.
    @inlinable public init(_ name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}

extension TraceField where Value == TrackingAuthorizationStatus {
    /// The OS tracking status at that moment (`ads.request`, `ads.start`, `idfa.read`, `settings.change`).
    @inlinable public static var tracking: Self { Self("tracking") }
    /// The status an OS answer carries (`tracking.answer`).
    @inlinable public static var trackingStatus: Self { Self("status") }
}

extension TraceField where Value == UserConsentStatus {
    /// The consent status the consent SDK reported (`consent.update.done`, `consent.form.answer`).
    @inlinable public static var consentStatus: Self { Self("status") }
    /// The consent status the previous session left stored (`device.ready`).
    @inlinable public static var consent: Self { Self("consent") }
}

extension TraceField where Value == Bool {
    /// Whether the consent SDK allowed ad requests at that moment.
    @inlinable public static var canRequestAds: Self { Self("canRequestAds") }
    /// Whether the consent SDK's answer allowed personalized ads at that moment (`ads.request`).
    @inlinable public static var consentAllowsPersonalized: Self { Self("consentAllowsPersonalized") }
    /// Whether the request carried `npa=1` (`ads.request`).
    @inlinable public static var npa: Self { Self("npa") }
    /// Whether the OS showed a prompt (`tracking.answer`).
    @inlinable public static var prompted: Self { Self("prompted") }
    /// The under-age-of-consent tag in force, when set (`ads.configure`, `ads.request`).
    @inlinable public static var underAgeOfConsent: Self { Self("underAgeOfConsent") }
    /// The child-directed tag in force, when set (`ads.configure`, `ads.request`).
    @inlinable public static var childDirected: Self { Self("childDirected") }
    /// Whether the ad SDK had started when the app set its configuration (`ads.configure`).
    @inlinable public static var afterStart: Self { Self("afterStart") }
}

extension TraceField where Value == String {
    /// What else a step or an event says in words (`step step=requestTracking detail=thenRequestAd`).
    @inlinable public static var detail: Self { Self("detail") }
    /// The storage key a value is written to or removed from (`store.set`, `store.remove`).
    @inlinable public static var storageKey: Self { Self("key") }
    /// The value written, as the trace shows it: in full up to 100 characters (`store.set`).
    @inlinable public static var storedValue: Self { Self("value") }
    /// What failed, as the stand-in describes its error; absent when nothing failed.
    @inlinable public static var error: Self { Self("error") }
}

extension TraceField where Value == Int {
    /// How much work was still scheduled on the clock when the run ended: the app's timers, callbacks
    /// and prompts on screen (`run.finish`); absent when none.
    @inlinable public static var pendingWork: Self { Self("pending") }
    /// How much of that work is due at a time (a timer, a late callback, a user about to answer),
    /// as against work that never comes by itself (a withheld callback, a prompt nobody answers).
    @inlinable public static var pendingDue: Self { Self("due") }
}

extension TraceField where Value == ConsentFormStatus {
    /// Whether a consent form is available to load (`consent.update.done`, `sdk.result`).
    @inlinable public static var formStatus: Self { Self("formStatus") }
}

extension TraceField where Value == PrivacyOptionsRequirement {
    /// Whether the privacy-options entry point is required (`consent.update.done`, `device.ready`, `sdk.result`).
    @inlinable public static var privacyOptions: Self { Self("privacyOptions") }
}

extension TraceField where Value == ConsentDebugGeography {
    /// The debug geography a consent update asked for (`consent.update`).
    @inlinable public static var debugGeography: Self { Self("debugGeography") }
}

extension TraceField where Value == CrashReason {
    /// Why the app crashed (`app.crash`).
    @inlinable public static var crashReason: Self { Self("reason") }
}

extension TraceField where Value == AudienceAgeTreatment {
    /// The age treatment in force, when not `unspecified` (`ads.configure`, `ads.request`).
    @inlinable public static var ageTreatment: Self { Self("ageTreatment") }
}

extension EventField {
    /// A ground-truth field with its typed value, spelled as traces spell it.
    @inlinable public init<Value>(_ field: TraceField<Value>, _ value: Value) {
        self.init(field.name, value.traceText)
    }

    /// A ground-truth field that may have no value, spelled `unset` then (and read back as `nil`).
    @inlinable public init<Value>(_ field: TraceField<Value>, orUnset value: Value?) {
        self.init(field.name, value?.traceText ?? "unset")
    }
}

extension Array where Element == EventField {
    /// The typed value of the first field with the field's name, if any and if it reads as one.
    @inlinable public subscript<Value>(field field: TraceField<Value>) -> Value? {
        self[field: field.name].flatMap(Value.init(traceText:))
    }
}

extension TraceEvent {
    /// The typed value of a ground-truth field, if the event has it and it reads as one.
    @inlinable public subscript<Value>(field: TraceField<Value>) -> Value? { fields[field: field] }
}
