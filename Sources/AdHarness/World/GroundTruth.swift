import AdRequestKit
import MockAdNetwork

/// What the OS and the consent SDK in charge report at one moment, and what the decision table
/// requires of a request made then: the state a scenario's `expect.final` pins, whatever the glue.
public struct GroundTruth: Hashable, Sendable {
    /// The tracking status the OS reports.
    public var tracking: TrackingAuthorizationStatus
    /// The consent status; for the legacy SDK, its choice in the current SDK's terms.
    public var consent: UserConsentStatus
    /// The legacy consent SDK's own status, when the app runs it.
    public var legacyConsent: LegacyConsentStatus?
    /// Whether the consent SDK allows ad requests (`canRequestAds`).
    public var canRequestAds: Bool
    /// Whether the consent SDK's *status* leaves personalized ads open: with the current SDK, `obtained`
    /// or `notRequired`, which says only that the user answered (or need not), so it is `true` after
    /// "Reject all" too; what the user chose is in ``signalsAllowPersonalized``. With the legacy SDK,
    /// its recorded choice: `personalized` in the EEA, anything but `nonPersonalized` elsewhere.
    package var consentAllowsPersonalized: Bool
    /// The location status the OS reports.
    public var location: LocationAuthorizationStatus
    /// Whether the user's choice, as the consent SDK stored it in the TCF signals, allows personalized
    /// ads: `true` after "Accept all" or where GDPR does not apply, `false` after "Reject all" or a
    /// choice without the personalization purposes. Always `true` with the legacy SDK, which writes none.
    public var signalsAllowPersonalized = true

    /// Whether a request made now must carry `npa=1`: unless tracking is authorized, consent allows
    /// personalized ads and so do the TCF signals.
    public var shouldUseNPA: Bool { !(tracking == .authorized && consentAllowsPersonalized && signalsAllowPersonalized) }

    /// Reads the stand-ins of a process.
    init(standIns: ProcessStandIns, tracking: TrackingAuthorizationStatus, location: LocationAuthorizationStatus) {
        self.tracking = tracking
        self.location = location
        if let legacy = standIns.legacyConsentInformation {
            let status = legacy.consentStatus
            legacyConsent = status
            consent =
                switch status {
                case .personalized, .nonPersonalized: .obtained
                case .unknown: legacy.isRequestLocationInEEAOrUnknown ? .required : .notRequired
                default: .unknown
                }
            canRequestAds = legacy.signalAllowsAdRequests
            consentAllowsPersonalized = legacy.signalAllowsPersonalizedAds
        } else {
            let information = standIns.consentInformation
            consent = information.consentStatus
            legacyConsent = nil
            canRequestAds = information.signalAllowsAdRequests
            consentAllowsPersonalized = information.signalAllowsPersonalizedAds
            let now = SimulatedCMP.deciseconds(at: standIns.process.clock.now)
            signalsAllowPersonalized = ServingModeOracle.signalsDecision(store: information.storage.store, now: now).mode == .personalized
        }
    }
}
