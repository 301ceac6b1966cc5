import AdRequestKit
import StandInRuntime

/// The legacy consent SDK's consent information for one app process (catalogue LC1-LC9).
///
/// The update answers whether the request came from the EEA or somewhere unknown (the region, or a
/// debug geography when this device is a listed debug device). Publisher identifiers the service
/// does not know fail the update, for a request from the EEA (the only case the service checks them). The status is read-write and kept in the app's storage; it
/// resets to unknown when the ad technology providers changed. Completions come on a later turn.
package final class SimulatedLegacyConsentInformation: LegacyConsentInformation, ConsentSignals, Sendable {
    private let region: @Sendable () -> ConsentRegion
    private let settings: LegacyConsentSDKSettings
    private let store: any KeyValueStore
    private let process: AppProcess

    enum Key {
        static let status = "legacyConsentSDK.status"
        static let inEEAOrUnknown = "legacyConsentSDK.inEEAOrUnknown"
    }

    /// Creates the SDK object for a process in a region that holds for the whole process.
    package convenience init(region: ConsentRegion, settings: LegacyConsentSDKSettings, store: any KeyValueStore, process: AppProcess) {
        self.init(settings: settings, store: store, process: process, region: { region })
    }

    /// Creates the SDK object for a process; `region` says where the device is at each update (it may travel).
    package init(settings: LegacyConsentSDKSettings, store: any KeyValueStore, process: AppProcess, region: @escaping @Sendable () -> ConsentRegion) {
        self.region = region
        self.settings = settings
        self.store = store
        self.process = process
    }

    /// The stored choice.
    package var consentStatus: LegacyConsentStatus {
        store.integer(forKey: Key.status).map(LegacyConsentStatus.init(rawValue:)) ?? .unknown
    }

    /// The last update's answer; an unknown location counts as the EEA until an update says otherwise.
    package var isRequestLocationInEEAOrUnknown: Bool { store.bool(forKey: Key.inEEAOrUnknown) ?? true }

    /// Writes a choice where the SDK keeps it, as an earlier session would have left it.
    package static func storeStatus(_ status: LegacyConsentStatus, in store: any KeyValueStore) {
        store.set(status.rawValue, forKey: Key.status)
    }

    /// Sets the choice, as the form does and as the app may.
    package func setConsentStatus(_ status: LegacyConsentStatus) {
        store.set(status.rawValue, forKey: Key.status)
    }

    /// Updates for the publisher identifiers.
    package func requestConsentInfoUpdate(
        forPublisherIdentifiers identifiers: [String],
        debug: LegacyDebugSettings,
        completion: @escaping @Sendable (LegacyConsentError?) -> Void
    ) {
        guard process.answersCalls else { return }
        let trace = process.trace
        trace.record(
            .legacyConsentUpdate,
            [
                EventField("publishers", identifiers.joined(separator: ",")), EventField("debugGeography", debug.geography.description),
            ])
        let effects = process.faults.take(.consentInfoUpdate)
        let unknownPublisher = identifiers.isEmpty || identifiers.contains { !$0.hasPrefix("pub-") }
        process.delivery.deliver("legacyConsent.update completion", timing: .later(.zero), effects: effects) { [self] in
            // The service checks the publisher identifiers only for a request from the EEA or somewhere unknown.
            let error: LegacyConsentError? =
                effects.error.map { LegacyConsentError($0.legacyReason) }
                ?? (unknownPublisher && requestInEEA(debug) ? LegacyConsentError(.invalidPublisherIdentifiers) : nil)
            if error == nil { applyUpdate(debug) }
            trace.record(
                .legacyConsentUpdateDone,
                (error.map { [EventField(.error, $0.description)] } ?? []) + [
                    EventField("status", consentStatus.description), EventField("inEEAOrUnknown", String(isRequestLocationInEEAOrUnknown)),
                ])
            completion(error)
        }
    }

    /// Clears the stored consent.
    package func reset() {
        store.removeValue(forKey: Key.status)
        store.removeValue(forKey: Key.inEEAOrUnknown)
        process.trace.record(.legacyConsentReset)
    }

    /// Whether the service places the request in the EEA: the debug geography on a debug device, else the region.
    private func requestInEEA(_ debug: LegacyDebugSettings) -> Bool {
        let debugApplies = debug.geography != .disabled && (settings.isSimulator || debug.deviceIdentifiers.contains(settings.deviceIdentifier))
        return debugApplies ? debug.geography == .eea : region() == .eea
    }

    private func applyUpdate(_ debug: LegacyDebugSettings) {
        let inEEA = requestInEEA(debug)
        store.set(inEEA, forKey: Key.inEEAOrUnknown)
        if settings.providersChanged && inEEA && consentStatus != .unknown { setConsentStatus(.unknown) }
    }

    // MARK: Signals for the ad SDK

    /// The legacy status.
    package var signalStatus: String { consentStatus.description }
    /// Ads are allowed outside the EEA, and inside it once the user chose.
    package var signalAllowsAdRequests: Bool { !isRequestLocationInEEAOrUnknown || consentStatus != .unknown }
    /// Personalized ads: in the EEA only if chosen; elsewhere unless refused.
    package var signalAllowsPersonalizedAds: Bool {
        isRequestLocationInEEAOrUnknown ? consentStatus == .personalized : consentStatus != .nonPersonalized
    }
}
