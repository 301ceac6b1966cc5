// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
import AdHarness
import AdRequestKit
import Foundation

// Ported from YuMori1031/MahjongRate @ c7ae288c58ca83b3c36e0aafe214e7e98c49beeb:
// MahjongRate/Services/AdmobController.swift, MahjongRate/Models/AdMobBanner.swift,
// MahjongRate/Views/AdMobBannerView.swift and the call site in MahjongRate/MahjongRateApp.swift.
// Each real symbol is replaced by its neutral name from the README table; order, conditions and bugs are
// kept. `prepare()` runs in `.task` on the root view, at first appearance during launch: here
// `didFinishLaunching`. Its awaits become the callback forms in the same order (issue 26). The release
// build is ported: the `#if DEBUG` reset and test device are left out.

/// MahjongRate's `AdmobController`: consent, tracking, the ad SDK, then ads shown whatever consent says.
final class MahjongRateAdmobController: ConsentGlue {
    private let ports: AppPorts
    private let state = Protected(State())

    private struct State {
        var canShowAds = false
        var didStartAds = false
        var bannerLoaded = false
    }

    init(ports: AppPorts) { self.ports = ports }

    /// `.task { await admob.prepare() }`.
    func didFinishLaunching() {
        requestIDFAMessageIfNeeded { [weak self] in
            guard let self else { return }
            ports.tracking.requestTrackingAuthorization { [weak self] _ in
                guard let self else { return }
                if !state.withLock({ swap(&$0.didStartAds, true) }) {
                    ports.adSDK.start { [weak self] in self?.state.withLock { $0.canShowAds = true } }
                } else {
                    state.withLock { $0.canShowAds = true }
                }
            }
        }
    }

    /// `requestIDFAMessageIfNeeded()`: an update error returns at once, skipping the form.
    private func requestIDFAMessageIfNeeded(then next: @escaping @Sendable () -> Void) {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] error in
            guard let self, error == nil else { return next() }
            ports.consentForms.loadAndPresentIfRequired { _ in next() }
        }
    }

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    /// `AdMobBannerView.updateUIView`: while no ad has loaded, every view update loads again;
    /// `npa=1` unless tracking is authorized.
    func requestAd(adUnitID: String) {
        guard state.withLock({ $0.canShowAds && !$0.bannerLoaded }) else { return }
        let allowPersonalizedAds = ports.tracking.trackingAuthorizationStatus == .authorized
        let request = AdRequest(adUnitID: adUnitID, extras: allowPersonalizedAds ? [:] : ["npa": "1"])
        ports.adSDK.loadAd(request) { [weak self] result in
            if case .success = result { self?.state.withLock { $0.bannerLoaded = true } }
        }
    }

    /// The side menu has a privacy-policy link only: no privacy-options entry point.
    func openPrivacyOptions() {}

    /// The app never reads the identifier.
    func readAdvertisingIdentifier() -> UUID? { nil }
}
