import AdHarness
import AdRequestKit
import Foundation

/// A reviewer's callback glue: consent is gathered (update, then `loadAndPresentIfRequired`, as
/// Google's `gatherConsent` does) in the onboarding and again on every return to the foreground,
/// debounced by 1 s on the app's clock (a quick background/foreground bounce gathers once). The
/// tracking prompt follows the consent form, only while active, never after a refusal of every
/// purpose. The ad SDK starts as soon as `canRequestAds` (Google's sample). A wanted ad is kept
/// and requested once allowed; after the privacy-options form the shown ad is requested again with
/// the new choice. `npa=1` unless tracking is authorized and the TCF signals allow personalization,
/// computed at each request.
final class ForegroundDebounceGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let lock = NSLock()
    // guarded by `lock`
    private var started = false, gathering = false, askWhenActive = false
    private var wantedAdUnit: String?, shownAdUnit: String?
    private var pendingGather: (any ScheduledWork)?

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        // Every launch: the update (restores the stored answer at once), no UI.
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in self.startIfAllowed() }
        startIfAllowed()
    }

    func didBecomeActive() {
        if locked({ swap(&askWhenActive, false) }) { askTracking() }
        startIfAllowed()
    }

    func willEnterForeground() {
        let work = ports.clock.schedule(after: .seconds(1), label: "foreground gather") { self.gather() }
        let earlier = locked { () -> (any ScheduledWork)? in
            let earlier = pendingGather
            pendingGather = work
            return earlier
        }
        earlier?.cancel()
    }

    func didEnterBackground() {
        let pending = locked { () -> (any ScheduledWork)? in
            defer { pendingGather = nil }
            return pendingGather
        }
        pending?.cancel()
    }

    func runOnboarding() { gather() }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        askTracking()
        completion()
    }

    func requestAd(adUnitID: String) {
        locked { wantedAdUnit = adUnitID }
        startIfAllowed()
        loadWantedAd()
    }

    func openPrivacyOptions() {
        ports.consentForms.presentPrivacyOptionsForm { _ in
            if !self.ports.refusedEveryPurpose, self.ports.tracking.trackingAuthorizationStatus == .notDetermined { self.askTracking() }
            self.startIfAllowed()
            // The user may have changed their choice: the ad on screen is requested again with it.
            self.locked { if self.wantedAdUnit == nil { self.wantedAdUnit = self.shownAdUnit } }
            self.loadWantedAd()
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func gather() {
        guard !locked({ swap(&gathering, true) }) else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            self.ports.consentForms.loadAndPresentIfRequired { _ in
                self.locked { self.gathering = false }
                self.askTracking()
                self.startIfAllowed()
                self.loadWantedAd()
            }
        }
    }

    private func askTracking() {
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        guard ports.lifecycle.isActive else { return locked { askWhenActive = true } }
        ports.tracking.requestTrackingAuthorization { status in
            if status == .notDetermined, !self.ports.lifecycle.isActive { self.locked { self.askWhenActive = true } }
            self.loadWantedAd()
        }
    }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !locked({ swap(&started, true) }) else { return }
        ports.adSDK.start { self.loadWantedAd() }
    }

    private func loadWantedAd() {
        guard ports.consentInformation.canRequestAds, locked({ started }) else { return }
        guard
            let unit = locked({ () -> String? in
                defer {
                    if wantedAdUnit != nil {
                        shownAdUnit = wantedAdUnit
                        wantedAdUnit = nil
                    }
                }
                return wantedAdUnit
            })
        else { return }
        let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: unit, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
