import AdHarness
import AdRequestKit
import Foundation

/// A consent manager as Google's own sample writes one: the consent update at every launch, the
/// form if required, the ad SDK started once the consent SDK allows ads, the tracking prompt after
/// the form, and requests with no `npa` of their own (the ad SDK reads the TC string itself). It
/// keeps every platform rule: with no bug it is the careful glue the standard rules must pass.
///
/// Each ``Bug`` switches on one defect found in public apps' consent code.
final class ConsentManagerGlue: ConsentGlue {
    /// A defect public apps have.
    enum Bug: String, Sendable, CaseIterable {
        /// The form is shown whenever one is available, not only when consent is required: a
        /// returning user whose decision stands sees it again at every launch.
        case presentsFormWhenAvailable
        /// The consent SDK is reset at every launch, in production.
        case resetsConsentAtLaunch
        /// The privacy-options button shows the consent form again instead of the privacy-options form.
        case privacyButtonShowsConsentForm
        /// The app offers no privacy-options entry point: its button does nothing.
        case noPrivacyEntryPoint
        /// The onboarding updates consent but never shows the form.
        case neverShowsConsentForm
        /// A failed ad load is retried at once from its completion, without end.
        case retriesFailedLoadsAtOnce
        /// The app never requests an ad.
        case neverRequestsAds
        /// The ad SDK is started first thing in `didFinishLaunching`, before the consent update: the
        /// commonest real bug, which Google's advice (not its law) rules out, so it only warns.
        case startsAdSDKAtLaunch
        /// The consent flow runs only once tracking is allowed: the onboarding asks for tracking
        /// first, and a user who denies it is never asked for consent (no consent update at all).
        case consentOnlyAfterTrackingAllowed
        /// The ad SDK is started from every path that finds ads allowed, with no guard.
        case startsSDKWithoutGuard
        /// A failed consent update ends the session's ads: nothing is started or requested after it.
        case givesUpAdsWhenUpdateFails
        /// The tracking prompt follows the consent form whatever the user chose there, a refusal of
        /// every purpose included (App Review has rejected apps for it).
        case asksTrackingAfterRefusal
    }

    private let ports: AppPorts
    private let bug: Bug?
    private let sdkStarted = Protected(false)
    private let noAdsThisSession = Protected(false)
    private let flow = Protected(Flow())

    /// What the glue remembers between callbacks.
    private struct Flow {
        /// The onboarding is running: a second call joins it.
        var onboarding = false
        /// The OS could not prompt (the app was not active): ask again once it is.
        var askWhenActive = false
    }

    init(ports: AppPorts, bug: Bug? = nil) {
        self.ports = ports
        self.bug = bug
    }

    /// A factory for a version with a bug (or none).
    static func factory(_ bug: Bug? = nil) -> GlueFactory {
        GlueFactory(name: bug.map { "ConsentManagerGlue.\($0.rawValue)" } ?? "ConsentManagerGlue") { ConsentManagerGlue(ports: $0, bug: bug) }
    }

    func didFinishLaunching() {
        if bug == .resetsConsentAtLaunch { ports.consentInformation.reset() }
        if bug == .startsAdSDKAtLaunch, !sdkStarted.withLock({ swap(&$0, true) }) { ports.adSDK.start {} }
        if bug == .consentOnlyAfterTrackingAllowed && ports.tracking.trackingAuthorizationStatus != .authorized { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] error in
            guard let self else { return }
            if bug == .givesUpAdsWhenUpdateFails && error != nil { return noAdsThisSession.withLock { $0 = true } }
            if bug == .presentsFormWhenAvailable && ports.consentInformation.formStatus == .available {
                ports.consentForms.loadForm { result in
                    if case .success(let form) = result { form.present { [weak self] _ in self?.startIfAllowed() } }
                }
            }
            startIfAllowed()
        }
    }

    func didBecomeActive() {
        if flow.withLock({ swap(&$0.askWhenActive, false) }) { requestTracking {} }
    }

    func runOnboarding() {
        guard !flow.withLock({ swap(&$0.onboarding, true) }) else { return }
        let finish: @Sendable () -> Void = { [weak self] in self?.flow.withLock { $0.onboarding = false } }
        if bug == .consentOnlyAfterTrackingAllowed {
            return requestTracking { [weak self] in
                guard let self, ports.tracking.trackingAuthorizationStatus == .authorized else { return finish() }
                ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in
                    self?.ports.consentForms.loadAndPresentIfRequired { [weak self] _ in
                        self?.startIfAllowed()
                        finish()
                    }
                }
            }
        }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in
            guard let self else { return }
            guard bug != .neverShowsConsentForm else { return requestTracking(completion: finish) }
            ports.consentForms.loadAndPresentIfRequired { [weak self] _ in
                guard let self else { return }
                startIfAllowed()
                requestTracking(completion: finish)
            }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        // After a refusal of every purpose, the app does not ask (App Review rejects asking then).
        guard bug == .asksTrackingAfterRefusal || !ports.refusedEveryPurpose else { return completion() }
        guard ports.lifecycle.isActive else { return flow.withLock { $0.askWhenActive = true } }
        let call = CallInProgress()
        ports.tracking.requestTrackingAuthorization { [weak self] status in
            // The OS answers during the call only when it shows no prompt: undecided, then, means
            // the app was not active, and the request is made again once it is.
            if status == .notDetermined && call.isInProgress { return self?.flow.withLock { $0.askWhenActive = true } ?? () }
            completion()
        }
        call.end()
    }

    func requestAd(adUnitID: String) {
        guard bug != .neverRequestsAds else { return }
        startIfAllowed()
        guard ports.consentInformation.canRequestAds, !noAdsThisSession.withLock({ $0 }) else { return }
        load(adUnitID)
    }

    private func load(_ adUnitID: String) {
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { [weak self] result in
            if case .failure = result, self?.bug == .retriesFailedLoadsAtOnce { self?.load(adUnitID) }
        }
    }

    func openPrivacyOptions() {
        switch bug {
        case .noPrivacyEntryPoint: return
        case .privacyButtonShowsConsentForm:
            ports.consentForms.loadForm { result in if case .success(let form) = result { form.present { _ in } } }
        default:
            ports.consentForms.presentPrivacyOptionsForm { _ in }
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !noAdsThisSession.withLock({ $0 }) else { return }
        if bug == .startsSDKWithoutGuard { return ports.adSDK.start {} }
        guard !sdkStarted.withLock({ swap(&$0, true) }) else { return }
        ports.adSDK.start {}
    }
}
