import AdHarness
import AdRequestKit
import Dispatch
import Foundation

/// A glue that makes the consent update synchronous at launch, as some apps do: it waits on a
/// semaphore in `didFinishLaunching` for the update's completion. The consent SDK delivers that
/// completion on the main thread the app is blocking, so the app hangs at launch until the system's
/// watchdog ends it; the harness delivers it on the thread driving the run, which is blocked too.
///
/// Run only in worker processes of the tests' team tool (`Tests/ForeignGlueTests/Tool`): a run of it
/// never returns.
public final class BlockingLaunchGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts

    public init(ports: AppPorts) { self.ports = ports }

    public func didFinishLaunching() {
        let updated = DispatchSemaphore(value: 0)
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in updated.signal() }
        updated.wait()
        if ports.consentInformation.canRequestAds { ports.adSDK.start {} }
    }

    public func runOnboarding() {
        ports.consentForms.loadAndPresentIfRequired { _ in }
    }

    public func requestTracking(completion: @escaping @Sendable () -> Void) { ports.tracking.requestTrackingAuthorization { _ in completion() } }

    public func requestAd(adUnitID: String) {
        guard ports.consentInformation.canRequestAds else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: ["npa": "1"])) { _ in }
    }

    public func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    public func readAdvertisingIdentifier() -> UUID? { nil }
}
