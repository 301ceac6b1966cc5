import AdHarness
import AdRequestKit
import Foundation

/// An async consent manager that orders the two questions by region: the consent update first
/// (no UI), then, where the consent SDK requires consent (the EEA), the consent form first and the
/// tracking prompt after (not after a refusal of every purpose); elsewhere the tracking prompt first,
/// then `loadAndPresentIfRequired` (a no-op there, or a US-state message). A failed update is
/// retried on the next foreground, with a back-off that doubles (1 s, 2 s, 4 s ... 60 s); the stored
/// decision serves ads meanwhile. The ad SDK starts once `canRequestAds`; ads carry no `npa` of the
/// app's own.
@MainActor
final class RegionOrderedConsentManager: AsyncConsentGlue {
    private let ports: AppPorts
    private var gathering = false, started = false, askWhenActive = false
    private var updateSucceeded = false
    private var backOff: Duration = .seconds(1)
    private var nextRetry: Duration = .zero

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() async { await gather() }

    func didBecomeActive() async {
        if askWhenActive {
            askWhenActive = false
            await askForTracking()
        }
        await startIfAllowed()
    }

    func willEnterForeground() async {
        guard !updateSucceeded, ports.clock.now >= nextRetry else { return }
        await gather()
    }

    func runOnboarding() async { await gather() }

    func requestTracking() async { await askForTracking() }

    func requestAd(adUnitID: String) async {
        await startIfAllowed()
        guard started, ports.consentInformation.canRequestAds else { return }
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID))
    }

    func openPrivacyOptions() async {
        let refusedBefore = ports.refusedEveryPurpose
        try? await ports.consentForms.presentPrivacyOptionsForm()
        if refusedBefore && !ports.refusedEveryPurpose { await askForTracking() }
        await startIfAllowed()
    }

    func readAdvertisingIdentifier() async -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func gather() async {
        guard !gathering else { return }
        gathering = true
        defer { gathering = false }
        do {
            try await ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
            updateSucceeded = true
            backOff = .seconds(1)
        } catch {
            // Retry on a later foreground, no sooner than the back-off; the stored decision serves meanwhile.
            nextRetry = ports.clock.now + backOff
            backOff = min(backOff * 2, .seconds(60))
            await askForTracking()
            await startIfAllowed()
            return
        }
        if ports.consentInformation.consentStatus == .required {
            try? await ports.consentForms.loadAndPresentIfRequired()
            await askForTracking()
        } else {
            await askForTracking()
            try? await ports.consentForms.loadAndPresentIfRequired()
        }
        await startIfAllowed()
    }

    private func askForTracking() async {
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            return
        }
        if await ports.tracking.requestTrackingAuthorization() == .notDetermined, !ports.lifecycle.isActive { askWhenActive = true }
    }

    private func startIfAllowed() async {
        guard ports.consentInformation.canRequestAds, !started else { return }
        started = true
        await ports.adSDK.start()
    }
}
