import AdHarness
import AdRequestKit
import Foundation

/// An async consent manager that wraps the consent update's completion form in a checked
/// continuation of its own, with no guard, as the docs allow: were the consent SDK to call that
/// completion twice (the fault `callback: twice`), the continuation would be resumed twice and Swift
/// would trap. No public source shows the SDK doing so, and a test process could not survive the
/// trap, so the harness gives the app's own continuation the first completion only, in every
/// process: the glue passes in a worker and in process alike.
@MainActor
public final class ResumingTwiceConsentManager: AsyncConsentGlue {
    private let ports: AppPorts
    private var sdkStarted = false

    public init(ports: AppPorts) { self.ports = ports }

    public func didFinishLaunching() async {
        await update()
        if ports.consentInformation.canRequestAds && !sdkStarted {
            sdkStarted = true
            ports.adSDK.start {}
        }
    }

    public func runOnboarding() async {
        await update()
        try? await ports.consentForms.loadAndPresentIfRequired()
    }

    public func requestTracking() async { _ = await ports.tracking.requestTrackingAuthorization() }

    public func requestAd(adUnitID: String) async {
        guard ports.consentInformation.canRequestAds, sdkStarted else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: ["npa": "1"])) { _ in }
    }

    public func openPrivacyOptions() async { try? await ports.consentForms.presentPrivacyOptionsForm() }

    public func readAdvertisingIdentifier() async -> UUID? { nil }

    /// The consent update, awaited through the app's own continuation around the completion form.
    private func update() async {
        let information = ports.consentInformation
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            information.requestInfoUpdate(with: ConsentRequestParameters()) { _ in continuation.resume() }
        }
    }
}
