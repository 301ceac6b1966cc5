import AdHarness
import AdRequestKit
import Foundation

/// A callback glue with the app's own banner refresh: once a banner is wanted, it is reloaded every
/// 60 s on the app's clock while the app is in front (the timer stops in the background and starts
/// again in the foreground), as apps do that manage refresh themselves. Consent first (update, form
/// if required), then tracking (never after a refusal of every purpose). Ads start once
/// `canRequestAds`; `npa=1` unless tracking is authorized and the TCF signals allow personalization.
final class BannerRefreshGlue: ConsentGlue, @unchecked Sendable {
    static let refreshInterval: Duration = .seconds(60)
    private let ports: AppPorts
    private let lock = NSLock()
    // guarded by `lock`
    private var started = false, gathering = false, askWhenActive = false
    private var banner: String?
    private var refresh: (any ScheduledWork)?

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in self.startIfAllowed() }
        startIfAllowed()
    }

    func didBecomeActive() {
        if lock.withLock({ swap(&askWhenActive, false) }) { askTracking() }
        startIfAllowed()
    }

    func willEnterForeground() { scheduleRefresh() }

    func didEnterBackground() { stopRefresh() }

    func runOnboarding() {
        guard !lock.withLock({ swap(&gathering, true) }) else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            self.ports.consentForms.loadAndPresentIfRequired { _ in
                self.lock.withLock { self.gathering = false }
                self.askTracking()
                self.startIfAllowed()
            }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        askTracking()
        completion()
    }

    func requestAd(adUnitID: String) {
        lock.withLock { banner = adUnitID }
        loadBanner()
        scheduleRefresh()
    }

    func openPrivacyOptions() {
        ports.consentForms.presentPrivacyOptionsForm { _ in
            self.askTracking()
            self.startIfAllowed()
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func loadBanner() {
        startIfAllowed()
        guard let unit = lock.withLock({ banner }), ports.consentInformation.canRequestAds, lock.withLock({ started }) else { return }
        let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: unit, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    private func scheduleRefresh() {
        guard lock.withLock({ banner != nil }) else { return }
        let work = ports.clock.schedule(after: Self.refreshInterval, label: "banner refresh") {
            self.loadBanner()
            self.scheduleRefresh()
        }
        lock.withLock { () -> (any ScheduledWork)? in
            defer { refresh = work }
            return refresh
        }?.cancel()
    }

    private func stopRefresh() {
        lock.withLock { () -> (any ScheduledWork)? in
            defer { refresh = nil }
            return refresh
        }?.cancel()
    }

    private func askTracking() {
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        guard ports.lifecycle.isActive else { return lock.withLock { askWhenActive = true } }
        ports.tracking.requestTrackingAuthorization { status in
            if status == .notDetermined, !self.ports.lifecycle.isActive { self.lock.withLock { self.askWhenActive = true } }
        }
    }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !lock.withLock({ swap(&started, true) }) else { return }
        ports.adSDK.start {}
    }
}
