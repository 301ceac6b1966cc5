import AdHarness
import AdRequestKit
import Foundation

/// An async glue that uses every way Swift starts and joins work: a `Task {}`, a detached task,
/// `async let`, a task group, `MainActor.run` and sleeps on the app's clock. Its trace must not
/// depend on which thread ran what first.
@MainActor
final class BusyAsyncGlue: AsyncConsentGlue {
    private let ports: AppPorts
    private var started = false

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() async {
        Task { try? await self.ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) }
    }

    func runOnboarding() async {
        let ports = ports
        async let update: Void? = try? ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
        async let pause: Void? = try? ports.clock.sleep(for: .milliseconds(300))
        _ = await (update, pause)
        try? await ports.consentForms.loadAndPresentIfRequired()
        let statuses = await withTaskGroup(of: String.self) { group in
            group.addTask {
                try? await ports.clock.sleep(for: .milliseconds(200))
                return "late"
            }
            group.addTask { "early" }
            var seen: [String] = []
            for await status in group { seen.append(status) }
            return seen
        }
        // The group's children finish in virtual-time order, every run.
        guard statuses == ["early", "late"] else { return }
        let detached = Task.detached { await ports.tracking.requestTrackingAuthorization() }
        _ = await detached.value
        await MainActor.run { self.startAds() }
    }

    func requestTracking() async { _ = await ports.tracking.requestTrackingAuthorization() }

    func requestAd(adUnitID: String) async {
        guard started, ports.consentInformation.canRequestAds else { return }
        let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && TCFSignals(store: ports.store).allowPersonalizedAds
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"]))
    }

    func openPrivacyOptions() async { try? await ports.consentForms.presentPrivacyOptionsForm() }

    func readAdvertisingIdentifier() async -> UUID? { nil }

    private func startAds() {
        guard !started, ports.consentInformation.canRequestAds else { return }
        started = true
        Task { await self.ports.adSDK.start() }
    }
}

/// An async glue whose onboarding waits for a thread of its own, which a later ad request starts:
/// nothing the harness drives can resume it.
@MainActor
final class OwnThreadGlue: AsyncConsentGlue {
    private let ports: AppPorts
    private var waiting: CheckedContinuation<Void, Never>?
    init(ports: AppPorts) { self.ports = ports }

    func runOnboarding() async {
        await withCheckedContinuation { waiting = $0 }
        _ = await ports.tracking.requestTrackingAuthorization()
    }

    func requestAd(adUnitID: String) async {
        guard let waiting else { return }
        self.waiting = nil
        Thread { waiting.resume() }.start()
    }

    func didFinishLaunching() async {}
    func requestTracking() async {}
    func openPrivacyOptions() async {}
    func readAdvertisingIdentifier() async -> UUID? { nil }
}
