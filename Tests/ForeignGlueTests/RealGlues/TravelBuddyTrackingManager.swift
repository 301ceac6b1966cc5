// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
import AdHarness
import AdRequestKit
import Foundation

// Ported from DennisBaerXY/TravelBuddy @ 73b051b9b497bf951d45bf88f57c3e4f83517ab2:
// TravelBuddy/Managers/AppTrackingManager.swift (whole), the `onAppear` of the trips list in
// TravelBuddy/App/TravelBuddyApp.swift, TravelBuddy/UI/components/ADS/BannerAdView.swift and the
// "Privacy Settings" button of TravelBuddy/UI/Settings/SettingsView.swift. Each real symbol is replaced by
// its neutral name from the README table; order, conditions and bugs are kept. The `Task { try await
// ConsentForm.loadAndPresentIfRequired(from: nil) }` becomes its callback form (issue 26). The app never
// asks for tracking itself. The "Reset All Settings" development row, which calls the consent SDK's
// reset in release builds, is a user action the harness has no step for, so it is left out.

/// TravelBuddy's `AppTrackingManager`: Google's `gatherConsent` at every appearance of the trips list,
/// the ad SDK started once ads are allowed, banners loaded while ads are allowed.
final class TravelBuddyTrackingManager: ConsentGlue {
    private let ports: AppPorts
    private let state = Protected(State())

    private struct State {
        var isMobileAdsStartCalled = false
        var isAdLoadingOrLoaded = false
    }

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {}

    /// The trips list appears (the app's main screen, after onboarding): `gatherConsent`, then start.
    func didBecomeActive() { gatherConsentThenStart() }

    /// Onboarding ends on the trips list.
    func runOnboarding() { gatherConsentThenStart() }

    private func gatherConsentThenStart() {
        gatherConsent { [weak self] _ in self?.startGoogleMobileAdsSDK() }
    }

    /// `gatherConsent(consentGatheringComplete:)`, Google's sample nearly verbatim.
    private func gatherConsent(completion: @escaping @Sendable (Error?) -> Void) {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] error in
            guard let self else { return }
            if let error { return completion(error) }
            ports.consentForms.loadAndPresentIfRequired { error in completion(error) }
        }
    }

    /// `startGoogleMobileAdsSDK()`: once, and only while the consent SDK allows ads.
    private func startGoogleMobileAdsSDK() {
        guard ports.consentInformation.canRequestAds, !state.withLock({ swap(&$0.isMobileAdsStartCalled, true) }) else { return }
        ports.adSDK.start {}
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    /// The trip detail shows `BannerViewContainer` while `canRequestAds`; a failed load is loaded
    /// again at the next view update.
    func requestAd(adUnitID: String) {
        guard ports.consentInformation.canRequestAds, !state.withLock({ swap(&$0.isAdLoadingOrLoaded, true) }) else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { [weak self] result in
            if case .failure = result { self?.state.withLock { $0.isAdLoadingOrLoaded = false } }
        }
    }

    /// Settings → About → "Privacy Settings", always shown.
    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    /// The app never reads the identifier.
    func readAdvertisingIdentifier() -> UUID? { nil }
}
