import AdHarness
import AdRequestKit
import Foundation

/// ``AwaitingConsentGlue``'s flow as many apps write it: each completion handler of the SDKs and the
/// OS wrapped in the app's own `withCheckedContinuation`, not the ports' async forms. It counts, in a
/// ``ContinuationLedger``, every continuation it makes and resumes, and the worlds its processes run on.
@MainActor
final class WrappingConsentGlue: AsyncConsentGlue {
    private let ports: AppPorts
    private let ledger: ContinuationLedger
    private var sdkStarted = false, onboarding = false, askWhenActive = false

    init(ports: AppPorts, ledger: ContinuationLedger) {
        self.ports = ports
        self.ledger = ledger
        ledger.glueMade(on: ports)
    }

    deinit { ledger.glueReleased() }

    func didFinishLaunching() async {
        _ = await callback { ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters(), completion: $0) }
        await startAdsIfAllowed()
    }

    func didBecomeActive() async {
        if askWhenActive {
            askWhenActive = false
            await requestTracking()
        }
        await startAdsIfAllowed()
    }

    func runOnboarding() async {
        guard !onboarding else { return }
        onboarding = true
        _ = await callback { ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters(), completion: $0) }
        _ = await callback { ports.consentForms.loadAndPresentIfRequired(completion: $0) }
        try? await ports.clock.sleep(for: .seconds(1))
        await requestTracking()
        onboarding = false
    }

    func requestTracking() async {
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            return
        }
        // An undecided answer is a prompt the system took away (the user left the app): asking again at once would loop.
        guard await callback({ ports.tracking.requestTrackingAuthorization(completion: $0) }) != .notDetermined else { return }
        await startAdsIfAllowed()
    }

    func requestAd(adUnitID: String) async {
        await startAdsIfAllowed()
        guard ports.consentInformation.canRequestAds, sdkStarted else { return }
        let consent = ports.consentInformation.consentStatus
        let personalized =
            ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
            && TCFSignals(store: ports.store).allowPersonalizedAds
        let request = AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])
        _ = await callback { ports.adSDK.loadAd(request, completion: $0) }
    }

    func openPrivacyOptions() async {
        _ = await callback { ports.consentForms.presentPrivacyOptionsForm(completion: $0) }
        await startAdsIfAllowed()
    }

    func readAdvertisingIdentifier() async -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func startAdsIfAllowed() async {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined, ports.consentInformation.canRequestAds, !sdkStarted else { return }
        sdkStarted = true
        await callback { done in ports.adSDK.start { done(()) } }
    }

    /// The app's own wrapper: a checked continuation around a completion handler, counted.
    private func callback<Value: Sendable>(_ call: (@escaping @Sendable (Value) -> Void) -> Void) async -> Value {
        ledger.continuationMade()
        return await withCheckedContinuation { continuation in
            call { [ledger] value in
                ledger.continuationResumed()
                continuation.resume(returning: value)
            }
        }
    }
}

/// What a test of ``WrappingConsentGlue`` counts: the glue's continuations made and resumed, its
/// instances alive, and the worlds (devices) its processes ran on that are still alive.
final class ContinuationLedger: Sendable {
    private struct Counts {
        var made = 0, resumed = 0, glues = 0
        var devices: [WeakDevice] = []
    }

    private struct WeakDevice {
        weak var device: AnyObject?
    }

    private let counts = Protected(Counts())

    /// Continuations the glue made.
    var made: Int { counts.withLock { $0.made } }
    /// Continuations the glue resumed.
    var resumed: Int { counts.withLock { $0.resumed } }
    /// Glues made and not yet released.
    var liveGlues: Int { counts.withLock { $0.glues } }
    /// Worlds the glue's processes ran on that are still alive (their device is).
    var liveWorlds: Int { counts.withLock { $0.devices.filter { $0.device != nil }.count } }
    /// Worlds the glue's processes ran on.
    var worlds: Int { counts.withLock { $0.devices.count } }

    func continuationMade() { counts.withLock { $0.made += 1 } }
    func continuationResumed() { counts.withLock { $0.resumed += 1 } }
    func glueReleased() { counts.withLock { $0.glues -= 1 } }

    /// A glue was made for a process: its world's device is noted, weakly, once.
    func glueMade(on ports: AppPorts) {
        // The simulated phone stands behind the lifecycle port; it is an object, held weakly here.
        let device = type(of: ports.lifecycle) is AnyClass ? ports.lifecycle as AnyObject : nil
        counts.withLock { counts in
            counts.glues += 1
            guard let device, !counts.devices.contains(where: { $0.device === device }) else { return }
            counts.devices.append(WeakDevice(device: device))
        }
    }
}
