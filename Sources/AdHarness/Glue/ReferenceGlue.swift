import AdRequestKit
import Foundation
import StandInRuntime

/// The package's own glue, `AdsService` with `AdsConsentCoordinator`, behind the same seam as
/// any other: the harness drives it only through `ConsentGlue` and checks it only from ground truth.
///
/// It also keeps what a Swift test of this glue asserts on: the outcome of each ad request and the
/// errors it surfaced, in a ``Ledger`` the glues of one app's processes share.
package final class ReferenceGlue: ConsentGlue {
    /// The service the entry points call.
    package let service: AdsService
    /// The coordinator whose state the glue believes.
    package let coordinator: AdsConsentCoordinator
    private let ports: AppPorts
    /// The ad SDK as the service calls it (with the mistakes switched on), which tells the mediated
    /// partners the user's choices.
    private let adSDK: PartnerForwardingAdSDK
    private let mistakes: Set<AppMistake>
    private let records: Ledger

    /// What the reference glues of one app keep across its processes: every ad request's outcome
    /// and every error surfaced, in order. A relaunch makes a new glue over the same ledger.
    package final class Ledger: Sendable {
        private struct Records {
            var adResults: [Result<LoadedAd, AdRequestFailure>] = []
            var errors: [AdsFlowError] = []
        }
        private let records = Locked(Records())

        /// A ledger with nothing in it, for a new app.
        package init() {}

        /// Every ad request's outcome, in order.
        package var adResults: [Result<LoadedAd, AdRequestFailure>] { records.withLock { $0.adResults } }
        /// Every error surfaced, in order.
        package var errors: [AdsFlowError] { records.withLock { $0.errors } }

        func append(_ result: Result<LoadedAd, AdRequestFailure>) { records.withLock { $0.adResults.append(result) } }
        func append(_ error: AdsFlowError) { records.withLock { $0.errors.append(error) } }
    }

    /// Builds the service and coordinator on a process's ports.
    ///
    /// The consent SDK does not pass the under-age tag of its request on to the ad SDK, so the glue
    /// does: a consent request tagged under the age of consent tags the ad side too, unless the
    /// configuration says otherwise.
    package init(
        ports: AppPorts, consent: ConsentSetup, configuration: AdsConfiguration, mistakes: Set<AppMistake>, ledger records: Ledger = Ledger()
    ) {
        var configuration = configuration
        if case .current(let parameters) = consent, parameters.isTaggedForUnderAgeOfConsent,
            configuration.adRequestConfiguration.underAgeOfConsent == nil
        {
            configuration.adRequestConfiguration.underAgeOfConsent = true
        }
        let profile: any ConsentProfile =
            switch consent {
            case .current(let parameters):
                Self.currentProfile(
                    CurrentConsentProfile(consentInfo: ports.consentInformation, consentForms: ports.consentForms, parameters: parameters),
                    mistakes.contains(.treatsObtainedAsFullConsent) ? .seed : configuration.decisionProfile, store: ports.store
                )
            case .legacy(let settings, _):
                if let legacy = ports.legacyConsent {
                    LegacyConsentProfile(consentInfo: legacy.information, forms: legacy.forms, settings: settings, store: ports.store)
                } else {
                    CurrentConsentProfile(consentInfo: ports.consentInformation, consentForms: ports.consentForms)
                }
            }
        var wired = ports
        let forwarding = PartnerForwardingAdSDK(
            base: MistakenAdSDK(base: ports.adSDK, mistakes: mistakes), ports: ports, partners: configuration.mediationPartners,
            ageRestricted: configuration.adRequestConfiguration.forbidsPersonalizedAds,
            fromTrackingAnswer: mistakes.contains(.forwardsTrackingAnswerToPartners))
        wired.adSDK = forwarding
        wired.log = ErrorKeepingLog(base: ports.log) { error in records.append(error) }
        let environment = AdsEnvironment(ports: wired, consent: profile)
        let coordinator = AdsConsentCoordinator(environment: environment, configuration: configuration)
        self.coordinator = coordinator
        self.service = AdsService(
            environment: environment,
            coordinator: MistakenCoordinator(coordinator, mistakes: mistakes),
            configuration: configuration
        )
        self.ports = ports
        self.adSDK = forwarding
        self.mistakes = mistakes
        self.records = records
    }

    /// The current consent SDK's profile, decided by the configured table.
    private static func currentProfile(_ base: CurrentConsentProfile, _ decision: DecisionProfile, store: any KeyValueStore) -> any ConsentProfile {
        switch decision {
        case .seed: base
        case .tcf: TCFConsentProfile(base: base, store: store)
        }
    }

    /// Every ad request's outcome, in order, in this process and the app's earlier ones.
    package var adResults: [Result<LoadedAd, AdRequestFailure>] { records.adResults }
    /// Every error surfaced, in order, in this process and the app's earlier ones.
    package var errors: [AdsFlowError] { records.errors }

    /// Updates consent and starts the ad SDK if allowed (or, as a mistake, starts it regardless).
    package func didFinishLaunching() {
        service.launch()
        if mistakes.contains(.startsAdSDKAtLaunch)
            || mistakes.contains(.startsAdSDKBeforeConsent) && ports.tracking.trackingAuthorizationStatus != .notDetermined
        {
            adSDK.start {}
        }
        if mistakes.contains(.asksTrackingOnlyAtLaunch) { ports.tracking.requestTrackingAuthorization { _ in } }
    }

    /// Resumes a deferred tracking request or resyncs after Settings.
    package func didBecomeActive() { service.applicationDidBecomeActive() }

    /// Tracking first, then the consent form if required (as a mistake, the consent form only).
    package func runOnboarding() {
        guard mistakes.contains(.asksTrackingOnlyAtLaunch) else {
            service.runOnboarding()
            return
        }
        service.coordinator.requestConsentIfNeeded { _ in }
    }

    /// Asks for tracking and refreshes consent.
    package func requestTracking(completion: @escaping @Sendable () -> Void) {
        service.requestTrackingAuthorization { _ in completion() }
    }

    /// Requests an ad built from the decision of this moment.
    package func requestAd(adUnitID: String) {
        service.requestAd(AdRequestBuilder(adUnitID: adUnitID)) { [records] result in
            records.append(result)
        }
    }

    /// Shows the privacy-options form, then tells the partners told before the choice as it is now.
    package func openPrivacyOptions() { service.openPrivacyOptions { [adSDK] _ in adSDK.forwardAgain() } }

    /// Reads the identifier only while authorized (or, as a mistake, without checking).
    package func readAdvertisingIdentifier() -> UUID? {
        guard mistakes.contains(.readsIdentifierUnchecked) else { return service.advertisingIdentifier() }
        let value = ports.advertisingIdentifier.advertisingIdentifier
        return value.isZero ? nil : value
    }

    /// The coordinator's last evaluated state.
    package var believedState: ConsentState? { coordinator.state }
}

/// The glue's log: passed on to the process's log, with errors kept for assertions.
struct ErrorKeepingLog: AdsEventLog {
    let base: any AdsEventLog
    let onError: @Sendable (AdsFlowError) -> Void

    func record(_ event: AdsEvent) {
        if case .error(let error) = event { onError(error) }
        base.record(event)
    }
}
