// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
import AdHarness
import AdRequestKit
import Foundation

// Ported from humsleep/fcscope, FCScope/Core/Ads/AdsManager.swift @ 940f9152152c61f0994eba8a3bb6f863c2d9e47f,
// FCScope/App/FCScopeApp.swift @ 163300039e2d1ab7bb92c33f23af516b05bf7723 (the scenePhase hook) and
// FCScope/Features/Record/RecordView.swift @ 21b4c0a94c030de57b6b4415c00d851b1a043553 (the first-result trigger).
// Each real symbol is replaced by its neutral name from the README table; order, conditions and bugs are
// kept. The app is async/await: each `try await` becomes the callback form of the same call, in the same
// order, and its async pause becomes a timer on the app's virtual clock (the harness cannot yet run the async
// form as written: issue 26). Views (banner, interstitial presentation, search gate) are left out; the
// banner's load is `requestAd`.

/// FC Scope's `AdsManager`: consent, then tracking, then the ad SDK, asked after the user's first result.
final class FCScopeAdsManager: ConsentGlue {
    private let ports: AppPorts
    private let state = Protected(State())
    private static let consentAskedKey = "fcscope.ads.consentAsked"

    private struct State {
        var ready = false
        var consentFlowDone = false
        var loadingInterstitial = false
        var interstitialLoaded = false
        var loadFailures = 0
    }

    init(ports: AppPorts) { self.ports = ports }

    /// The app's own record of earlier sessions: a returning user who answered has `consentAsked` set.
    static let factory = GlueFactory(name: "FCScopeAdsManager", seedStorage: { session, store in
        if session.consent != .unknown { store.set(true, forKey: consentAskedKey) }
    }, FCScopeAdsManager.init)

    func didFinishLaunching() {}

    /// `.onChange(of: scenePhase, initial: true)` → `.active` → `resumeIfConsentAsked()`.
    func didBecomeActive() {
        guard ports.store.bool(forKey: Self.consentAskedKey) == true else { return }
        requestConsentIfNeeded()
    }

    /// The first match result is shown (`RecordViewModel.apply` → `requestConsentIfNeeded()`).
    func runOnboarding() { requestConsentIfNeeded() }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    /// `requestConsentIfNeeded()`: once per process.
    private func requestConsentIfNeeded() {
        guard !state.withLock({ swap(&$0.consentFlowDone, true) }) else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] error in
            guard let self else { return }
            // An update error is swallowed; canRequestAds below then reads the last session's answer.
            if error == nil, ports.consentInformation.formStatus == .available {
                ports.consentForms.loadAndPresentIfRequired { [weak self] _ in self?.askTrackingThenStart() }
            } else {
                askTrackingThenStart()
            }
        }
    }

    private func askTrackingThenStart() {
        if ports.tracking.trackingAuthorizationStatus == .notDetermined {
            ports.tracking.requestTrackingAuthorization { [weak self] _ in self?.markAskedAndStart() }
        } else {
            markAskedAndStart()
        }
    }

    private func markAskedAndStart() {
        ports.store.set(true, forKey: Self.consentAskedKey)
        guard ports.consentInformation.canRequestAds else { return }
        guard !state.withLock({ $0.ready }) else { return }
        ports.adSDK.start { [weak self] in
            self?.state.withLock { $0.ready = true }
            self?.preloadInterstitial(adUnitID: "ca-app-pub-3940256099942544/4411468910")
        }
    }

    /// `preloadInterstitial()`: on failure, 30 s doubling (at most 10 min), at most 5 failures.
    private func preloadInterstitial(adUnitID: String) {
        let go = state.withLock { state -> Bool in
            guard state.ready, !state.loadingInterstitial, !state.interstitialLoaded else { return false }
            state.loadingInterstitial = true
            return true
        }
        guard go else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { [weak self] result in
            guard let self else { return }
            let failures = state.withLock { state -> Int? in
                state.loadingInterstitial = false
                switch result {
                case .success:
                    state.interstitialLoaded = true
                    state.loadFailures = 0
                    return nil
                case .failure:
                    state.loadFailures += 1
                    return state.loadFailures
                }
            }
            guard let failures, failures <= 5 else { return }
            let delay = min(600.0, 30 * pow(2, Double(failures - 1)))
            ports.clock.schedule(after: .seconds(delay), label: "FC Scope interstitial retry") { [weak self] in
                self?.preloadInterstitial(adUnitID: adUnitID)
            }
        }
    }

    /// `AdSlot` shows the banner once the SDK is ready; `BannerAdView` loads a plain request, never retried.
    func requestAd(adUnitID: String) {
        guard state.withLock({ $0.ready }) else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { _ in }
    }

    /// The app has no privacy-options entry point: settings offer none.
    func openPrivacyOptions() {}

    /// The app never reads the identifier.
    func readAdvertisingIdentifier() -> UUID? { nil }
}
