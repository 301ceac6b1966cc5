import AdHarness
import AdRequestKit
import Foundation

/// A team's async consent manager on the main actor that copes with a flaky network: a consent update
/// that fails is tried again twice, after 2 and 4 seconds on the app's clock, and the form is loaded
/// only after an update that succeeded. It gathers consent at launch and again each time the app comes
/// back to the foreground (a decision that expired meanwhile is asked again), one gathering at a time.
/// The ad SDK starts once `canRequestAds`, on the last session's consent too while the update runs. The
/// banner is loaded only once ads may be requested: one wanted before then waits for the end of the
/// gathering. Each request says `npa=1` unless tracking is authorized and the TCF signals allow
/// personalized ads. The tracking prompt follows the form, never after a refusal of every purpose.
@MainActor
final class RetryingConsentManager: AsyncConsentGlue {
    /// A defect a team's manager has.
    enum Bug: String, Sendable {
        /// When the update still fails after the retries, the app shows ads anyway, non-personalized
        /// (`npa=1`), as if that needed no consent: it starts the ad SDK and loads the banner though the
        /// consent SDK does not allow ad requests.
        case nonPersonalizedAdsWhenUpdateFails
    }

    private let ports: AppPorts
    private let bug: Bug?
    private var gathering: Task<Void, Never>?
    private var started = false, askWhenActive = false, updateFailed = false
    /// The banner's ad unit while it waits for ads to be allowed.
    private var waitingBanner: String?

    init(ports: AppPorts) { (self.ports, self.bug) = (ports, nil) }
    init(ports: AppPorts, bug: Bug?) { (self.ports, self.bug) = (ports, bug) }

    /// The manager with a defect, or without.
    nonisolated static func factory(_ bug: Bug? = nil) -> GlueFactory {
        GlueFactory(name: bug.map { "RetryingConsentManager.\($0.rawValue)" } ?? "RetryingConsentManager") { RetryingConsentManager(ports: $0, bug: bug) }
    }

    func didFinishLaunching() async { await gatherConsent() }

    func willEnterForeground() async { await gatherConsent() }

    func didBecomeActive() async {
        guard askWhenActive else { return }
        askWhenActive = false
        await askForTracking()
    }

    func runOnboarding() async { await gatherConsent() }

    func requestTracking() async { await askForTracking() }

    func requestAd(adUnitID: String) async {
        waitingBanner = adUnitID
        await loadBannerIfAllowed()
    }

    func openPrivacyOptions() async {
        try? await ports.consentForms.presentPrivacyOptionsForm()
        await askForTracking()  // consent given after a refusal that skipped the prompt
        await loadBannerIfAllowed()
    }

    func readAdvertisingIdentifier() async -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    /// One gathering at a time: a second call waits for the one running.
    private func gatherConsent() async {
        if let running = gathering { return await running.value }
        let task = Task { @MainActor in await self.gather() }
        gathering = task
        await task.value
        gathering = nil
    }

    private func gather() async {
        updateFailed = false
        var updated = false
        for attempt in 0..<3 {
            if attempt > 0 {
                // The last session's consent serves ads while the app waits to try again.
                await loadBannerIfAllowed()
                guard (try? await ports.clock.sleep(for: .seconds(1 << attempt))) != nil else { return }
            }
            do {
                try await ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
                updated = true
                break
            } catch {}
        }
        updateFailed = !updated
        if updated { try? await ports.consentForms.loadAndPresentIfRequired() }
        await askForTracking()
        await loadBannerIfAllowed()
    }

    private func askForTracking() async {
        // Not after a refusal of every purpose (App Review rejects asking then).
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        // The OS shows no prompt to an app that is not active: ask once it is.
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            return
        }
        if await ports.tracking.requestTrackingAuthorization() == .notDetermined && !ports.lifecycle.isActive { askWhenActive = true }
    }

    private var adsAllowed: Bool {
        ports.consentInformation.canRequestAds || (bug == .nonPersonalizedAdsWhenUpdateFails && updateFailed)
    }

    /// Starts the ad SDK and loads the waiting banner, once ads may be requested.
    private func loadBannerIfAllowed() async {
        guard adsAllowed else { return }
        if !started {
            started = true
            await ports.adSDK.start()
        }
        guard let unit = waitingBanner, adsAllowed else { return }
        waitingBanner = nil
        let consent = ports.consentInformation.consentStatus
        let personalized =
            ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
            && TCFSignals(store: ports.store).allowPersonalizedAds
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: unit, extras: personalized ? [:] : ["npa": "1"]))
    }
}
