import AdHarness
import AdRequestKit
import Foundation

/// A reviewer's SwiftUI-style consent manager on the main actor: the onboarding runs as a `.task`
/// (a `Task` the manager keeps) that the system cancels when the screen goes away (the app goes to
/// the background) and that runs again when the app is active again, until it has finished. Every
/// SDK call goes through the manager's own `withCheckedContinuation` wrappers of the completion
/// forms (as many apps wrote them before the SDKs had async forms). The flow: the update, the
/// consent form if required, then the tracking prompt (not after a refusal of every purpose). The
/// ad SDK starts once `canRequestAds`; ads carry no `npa` of the app's own (the ad SDK reads the TC
/// string). After the privacy-options form the last ad is requested again.
@MainActor
final class CancellableTaskConsentManager: AsyncConsentGlue {
    private let ports: AppPorts
    private var onboardingTask: Task<Void, Never>?
    private var onboarded = false, started = false, askWhenActive = false
    private var lastAdUnit: String?

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() async {
        _ = await updateConsentInfo()
        await startIfAllowed()
    }

    func didBecomeActive() async {
        if askWhenActive {
            askWhenActive = false
            await askTracking()
        }
        // The `.task` runs again when its screen comes back, until the onboarding finished.
        if onboardingTask?.isCancelled == true && !onboarded { await runOnboarding() }
        await startIfAllowed()
    }

    func didEnterBackground() async { onboardingTask?.cancel() }

    func runOnboarding() async {
        if let running = onboardingTask, !running.isCancelled {
            return await running.value  // a second call joins the first
        }
        let previous = onboardingTask
        let task = Task { @MainActor in
            await previous?.value  // a cancelled run finishes its await first
            await self.onboard()
        }
        onboardingTask = task
        await task.value
    }

    private func onboard() async {
        guard !onboarded else { return }
        _ = await updateConsentInfo()
        if Task.isCancelled { return }
        _ = await loadAndPresentIfRequired()
        if Task.isCancelled { return }
        await askTracking()
        await startIfAllowed()
        onboarded = true
    }

    func requestTracking() async { await askTracking() }

    func requestAd(adUnitID: String) async {
        lastAdUnit = adUnitID
        await startIfAllowed()
        guard started, ports.consentInformation.canRequestAds else { return }
        _ = await loadAd(adUnitID)
    }

    func openPrivacyOptions() async {
        _ = await presentPrivacyOptions()
        if !ports.refusedEveryPurpose { await askTracking() }
        await startIfAllowed()
        if let unit = lastAdUnit, started, ports.consentInformation.canRequestAds { _ = await loadAd(unit) }
    }

    func readAdvertisingIdentifier() async -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func askTracking() async {
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            return
        }
        let status = await withCheckedContinuation { continuation in
            ports.tracking.requestTrackingAuthorization { continuation.resume(returning: $0) }
        }
        if status == .notDetermined && !ports.lifecycle.isActive { askWhenActive = true }
    }

    private func startIfAllowed() async {
        guard ports.consentInformation.canRequestAds, !started else { return }
        started = true
        await withCheckedContinuation { continuation in ports.adSDK.start { continuation.resume() } }
    }

    // The manager's own wrappers of the completion forms.
    private func updateConsentInfo() async -> ConsentRequestError? {
        await withCheckedContinuation { continuation in
            ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { continuation.resume(returning: $0) }
        }
    }

    private func loadAndPresentIfRequired() async -> ConsentFormError? {
        await withCheckedContinuation { continuation in ports.consentForms.loadAndPresentIfRequired { continuation.resume(returning: $0) } }
    }

    private func presentPrivacyOptions() async -> ConsentFormError? {
        await withCheckedContinuation { continuation in ports.consentForms.presentPrivacyOptionsForm { continuation.resume(returning: $0) } }
    }

    private func loadAd(_ unit: String) async -> Result<LoadedAd, AdLoadError> {
        await withCheckedContinuation { continuation in ports.adSDK.loadAd(AdRequest(adUnitID: unit)) { continuation.resume(returning: $0) } }
    }
}
