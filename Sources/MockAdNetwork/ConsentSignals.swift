import AdRequestKit

/// What the ad SDK reads from the consent SDK in charge, as the real ad SDK reads the consent
/// SDK's stored signals. Each `ads.request` records these, so the trace holds the ground truth.
package protocol ConsentSignals: Sendable {
    /// The consent SDK's status, as text.
    var signalStatus: String { get }
    /// Whether the consent SDK allows ad requests now.
    var signalAllowsAdRequests: Bool { get }
    /// Whether the consent SDK's answer allows personalized ads now.
    var signalAllowsPersonalizedAds: Bool { get }
    /// The storage where the consent SDK writes its TCF signals, which the ad SDK reads for the
    /// serving mode; `nil` for an SDK that writes none.
    var signalStore: (any KeyValueStore)? { get }
}

extension ConsentSignals {
    /// No TCF signals.
    package var signalStore: (any KeyValueStore)? { nil }
}

extension SimulatedConsentInformation: ConsentSignals {
    /// The consent status.
    package var signalStatus: String { consentStatus.description }
    /// `canRequestAds`.
    package var signalAllowsAdRequests: Bool { canRequestAds }
    /// Consent obtained or not required.
    package var signalAllowsPersonalizedAds: Bool { consentStatus == .obtained || consentStatus == .notRequired }
    /// The app's storage, where its TCF signals are.
    package var signalStore: (any KeyValueStore)? { storage.store }
}
