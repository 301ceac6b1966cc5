import AdHarness
import AdRequestKit
import Foundation

/// A game that shows an interstitial at each break, as Google's sample does: the consent update at
/// launch, the ad SDK started once ads are allowed, and one interstitial loaded ahead. The careful
/// version loads the next one when the user closes it; the buggy one keeps the ad it has and shows
/// it again at the next break, where the ad SDK shows nothing.
final class InterstitialBreakGlue: ConsentGlue {
    private let ports: AppPorts
    private let reloads: Bool
    private let started = Protected(false)
    private let ad = Protected<LoadedAd?>(nil)

    init(ports: AppPorts, reloadsAfterEachShow: Bool) {
        self.ports = ports
        reloads = reloadsAfterEachShow
    }

    /// The careful version, or the one that shows a used ad again.
    static func factory(reloadsAfterEachShow: Bool) -> GlueFactory {
        GlueFactory(name: reloadsAfterEachShow ? "InterstitialBreakGlue" : "InterstitialBreakGlue.showsUsedAdAgain") {
            InterstitialBreakGlue(ports: $0, reloadsAfterEachShow: reloadsAfterEachShow)
        }
    }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in
            self?.ports.consentForms.loadAndPresentIfRequired { [weak self] _ in self?.startIfAllowed() }
        }
        startIfAllowed()
    }

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    /// A break in the game: show the interstitial held, if any.
    func requestAd(adUnitID: String) {
        guard let held = ad.withLock({ $0 }) else { return }
        if reloads { ad.withLock { $0 = nil } }
        ports.adSDK.presentAd(held) { [weak self] _ in
            guard let self, reloads else { return }
            load()
        }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? { nil }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !started.withLock({ swap(&$0, true) }) else { return }
        ports.adSDK.start { [weak self] in self?.load() }
    }

    private func load() {
        let request = AdRequest(adUnitID: "ca-app-pub-3940256099942544/4411468910", format: .interstitial)
        ports.adSDK.loadAd(request) { [weak self] result in
            if case .success(let loaded) = result { self?.ad.withLock { $0 = loaded } }
        }
    }
}
