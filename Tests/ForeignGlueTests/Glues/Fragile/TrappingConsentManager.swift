import AdHarness
import AdRequestKit
import Foundation

/// A consent manager as apps write one, with a force unwrap on its form-error path: when loading the
/// consent form fails, it presents "the form it loaded" again, which is `nil` exactly then. Every EEA
/// user whose form fails to load crashes it on a device. It has a second bug, which a search that
/// stopped at the crash would miss: its privacy-options button does nothing (`privacyOptionsReachable`).
///
/// Run only in worker processes of the tests' team tool (`Tests/ForeignGlueTests/Tool`): a run that reaches the trap ends its process.
public final class TrappingConsentManager: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let lock = NSLock()
    private var form: (any LoadedConsentForm)?, sdkStarted = false, askWhenActive = false  // guarded by `lock`

    public init(ports: AppPorts) { self.ports = ports }

    public func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in self.startAdsIfAllowed() }
    }

    public func didBecomeActive() {
        if locked({ swap(&askWhenActive, false) }) { requestTracking {} }
        startAdsIfAllowed()
    }

    public func runOnboarding() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            guard self.ports.consentInformation.consentStatus == .required else { return self.requestTracking {} }
            self.ports.consentForms.loadForm { result in
                switch result {
                case .success(let loaded):
                    self.locked { self.form = loaded }
                    loaded.present { _ in self.requestTracking {} }
                case .failure:
                    // The bug: "show the form again" with the form it never got.
                    let form = self.locked { self.form }
                    form!.present { _ in self.requestTracking {} }
                }
            }
        }
    }

    public func requestTracking(completion: @escaping @Sendable () -> Void) {
        guard ports.lifecycle.isActive else { return locked { askWhenActive = true } }
        let calling = Calling()
        ports.tracking.requestTrackingAuthorization { status in
            // An answer during the call is no prompt: undecided then means the app was not active.
            if status == .notDetermined && calling.isOn { return self.locked { self.askWhenActive = true } }
            self.startAdsIfAllowed()
            completion()
        }
        calling.end()
    }

    public func requestAd(adUnitID: String) {
        startAdsIfAllowed()
        guard ports.consentInformation.canRequestAds, locked({ sdkStarted }) else { return }
        let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    /// The second bug: the button is there, and does nothing.
    public func openPrivacyOptions() {}

    public func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func startAdsIfAllowed() {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined, ports.consentInformation.canRequestAds,
            !locked({ swap(&sdkStarted, true) })
        else { return }
        ports.adSDK.start {}
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func swap(_ value: inout Bool, _ new: Bool) -> Bool {
        defer { value = new }
        return value
    }
}

/// Whether a call is still in progress, read from its callback on any thread.
private final class Calling: @unchecked Sendable {
    private let lock = NSLock()
    private var on = true  // guarded by `lock`

    var isOn: Bool { lock.withLock { on } }
    func end() { lock.withLock { on = false } }
}
