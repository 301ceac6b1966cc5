import StandInRuntime

extension ServingMode: TraceValue {}
extension ServingModeRule: TraceValue {}
extension ConsentRegion: TraceValue {}

extension TraceField where Value == ConsentRegion {
    /// The region the device is in (`device.ready`, `device.travel`).
    @inlinable public static var region: Self { Self("region") }
}

extension TraceField where Value == ServingMode {
    /// The ad serving mode the ad SDK served the request in, from the TCF signals and `npa` (`ads.request`).
    @inlinable public static var mode: Self { Self("mode") }
}

extension TraceField where Value == ServingModeRule {
    /// The serving-mode rule that decided it (`ads.request`).
    public static var modeRule: Self { Self("modeRule") }
}

/// What an ad request sent as the advertising identifier.
public enum AdvertisingIdentifierSent: String, CaseIterable, Hashable, Sendable, TraceValue {
    /// All zeros: the OS withheld it, as the ad SDK read it.
    case zero
    /// A real identifier.
    case set
    /// None at all: child-directed treatment, where the ad SDK sends no identifier.
    case withheld
}

extension TraceField where Value == AdvertisingIdentifierSent {
    /// What the ad SDK sent or read as the advertising identifier (`ads.request`, `ads.start`).
    @inlinable public static var identifierSent: Self { Self("idfa") }
}

extension TraceField where Value == Bool {
    /// The ad SDK started on its own, at the first load of a process the app had not started it in
    /// (`ads.start`); absent on the app's own start.
    @inlinable public static var implicitStart: Self { Self("implicit") }
    /// The consent SDK's stored choice consents to no TCF purpose (`ads.start`, and `device.ready`
    /// for the previous session's choice); absent otherwise.
    /// An app that respects such a refusal never asks for tracking, so it starts the SDK undecided.
    @inlinable public static var refusedEveryPurpose: Self { Self("refusedEveryPurpose") }
    /// Whether the ad SDK may collect coarse location, when the app set it (`ads.configure`, `ads.request`).
    @inlinable public static var coarseLocationCollection: Self { Self("coarseLocation") }
    /// Whether the ad SDK uses the publisher first-party ID (`ads.configure`; `ads.request` when off).
    @inlinable public static var publisherFirstPartyID: Self { Self("firstPartyID") }
}

extension ConsentFormKind: TraceValue {}

extension TraceField where Value == ConsentFormKind {
    /// Which of the consent SDK's forms (`consent.form.present`, `consent.form.answer`...).
    public static var formKind: Self { Self("kind") }
}
