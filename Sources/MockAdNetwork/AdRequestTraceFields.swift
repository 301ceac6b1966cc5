import HarnessSupport

extension ServingMode: TraceValue {}
extension ServingModeRule: TraceValue {}

extension TraceField where Value == ServingMode {
    /// The ad serving mode the ad SDK served the request in, from the TCF signals and `npa` (`ads.request`).
    @inlinable public static var mode: Self { Self("mode") }
}

extension TraceField where Value == ServingModeRule {
    /// The serving-mode rule that decided it (`ads.request`).
    @inlinable public static var modeRule: Self { Self("modeRule") }
}

extension ConsentFormKind: TraceValue {}

extension TraceField where Value == ConsentFormKind {
    /// Which of the consent SDK's forms (`consent.form.present`, `consent.form.answer`...).
    @inlinable public static var formKind: Self { Self("kind") }
}
