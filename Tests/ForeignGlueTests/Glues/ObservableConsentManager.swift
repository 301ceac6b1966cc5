import AdHarness
import AdRequestKit
import Foundation

/// A team's consent manager written as a main-actor view model (an `ObservableObject` whose
/// `@Published` answers the app's views read), on the SDKs' completion handlers: each handler
/// captures `[weak self]` and hops back with `Task { @MainActor [weak self] in ... }`, as Swift 6
/// code on the completion forms does. The flow, Google's sample's: at every launch the consent update
/// and the form if required, the ad SDK started once `canRequestAds` (already at launch on the last
/// session's consent), then the tracking prompt unless the user refused every purpose. A banner view
/// asks for its ad when it appears; the manager loads it at once if ads may be requested, else once
/// gathering lets them. No `npa` of its own: the ad SDK reads the consent SDK's signals.
@MainActor
final class ObservableConsentManager: @preconcurrency ConsentGlue {
    /// What the app's views read (`@Published` in the app).
    private(set) var canRequestAds = false
    private(set) var isPrivacyOptionsRequired = false

    private let ports: AppPorts
    private var isGathering = false, started = false, askWhenActive = false
    /// Banner views that appeared before ads could be requested, by ad unit.
    private var waitingBanners: [String] = []

    nonisolated init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() { gatherConsent() }

    func didBecomeActive() {
        guard askWhenActive else { return }
        askWhenActive = false
        askForTracking()
    }

    func runOnboarding() { gatherConsent() }

    func requestTracking(completion: @escaping @Sendable () -> Void) { askForTracking(then: completion) }

    func requestAd(adUnitID: String) {
        if !waitingBanners.contains(adUnitID) { waitingBanners.append(adUnitID) }
        refresh()
    }

    func openPrivacyOptions() {
        ports.consentForms.presentPrivacyOptionsForm { [weak self] _ in
            Task { @MainActor [weak self] in
                guard let self else { return }
                self.refresh()
                self.askForTracking()  // consent given after a refusal that skipped the prompt
            }
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func gatherConsent() {
        guard !isGathering else { return }
        isGathering = true
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] error in
            Task { @MainActor [weak self] in
                guard let self else { return }
                guard error == nil else { return self.gatheringFinished() }
                self.ports.consentForms.loadAndPresentIfRequired { [weak self] _ in
                    Task { @MainActor [weak self] in self?.gatheringFinished() }
                }
            }
        }
        // The last session's consent allows ads while the update runs.
        refresh()
    }

    private func gatheringFinished() {
        isGathering = false
        refresh()
        askForTracking()
    }

    private func askForTracking(then completion: (@Sendable () -> Void)? = nil) {
        // Not after a refusal of every purpose (App Review rejects asking then).
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else {
            completion?()
            return
        }
        // The OS shows no prompt to an app that is not active: ask once it is.
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            completion?()
            return
        }
        ports.tracking.requestTrackingAuthorization { [weak self] status in
            Task { @MainActor [weak self] in
                if let self {
                    if status == .notDetermined && !self.ports.lifecycle.isActive { self.askWhenActive = true }
                    self.refresh()
                }
                completion?()
            }
        }
    }

    /// Reads the consent SDK's answers into the published state; starts the ad SDK and loads the
    /// waiting banners once ads may be requested.
    private func refresh() {
        canRequestAds = ports.consentInformation.canRequestAds
        isPrivacyOptionsRequired = ports.consentInformation.privacyOptionsRequirement == .required
        guard canRequestAds else { return }
        if !started {
            started = true
            ports.adSDK.start {}
        }
        let banners = waitingBanners
        waitingBanners = []
        for unit in banners { ports.adSDK.loadAd(AdRequest(adUnitID: unit)) { _ in } }
    }
}
