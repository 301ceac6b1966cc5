import AdHarness
import AdRequestKit
import Foundation

/// A team's async consent manager on the main actor whose banner awaits consent: the gathering (the
/// update, the form if required, then the tracking prompt unless every purpose was refused) runs as
/// a task the manager keeps, started at launch and again when the app comes back to the foreground,
/// and a banner that appears awaits the gathering under way before it asks `canRequestAds` and
/// loads. The ad SDK starts with the first banner ads may be requested for. No `npa` of its own: the
/// ad SDK reads the consent SDK's signals.
///
/// Its bug, subtle because every safety rule holds: a consent update that never answers (a network
/// that hangs) keeps a returning user whose stored decision allows ads from every ad of the session,
/// where Google's guide requests on the stored decision while the update runs
/// (`storedConsentUsedWhenUpdateFails`).
@MainActor
final class GatedBannerManager: AsyncConsentGlue {
    private let ports: AppPorts
    private var gathering: Task<Void, Never>?
    private var started = false, askWhenActive = false

    init(ports: AppPorts) { self.ports = ports }

    /// A returning user whose decision stands, at a launch whose consent update never answers.
    nonisolated static let updateNeverAnswers = """
        {"name":"returning user, the update never answers","previousSession":{"tracking":"authorized","consent":"obtained"},
         "faults":[{"target":"consentInfoUpdate","callback":"never"}],"steps":["launch","requestAd",{"advance":"30s"}],"expect":{}}
        """

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
        await gathering?.value  // the banner waits for the gathering under way
        guard ports.consentInformation.canRequestAds else { return }
        if !started {
            started = true
            await ports.adSDK.start()
        }
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID))
    }

    func openPrivacyOptions() async {
        try? await ports.consentForms.presentPrivacyOptionsForm()
        await askForTracking()  // consent given after a refusal that skipped the prompt
    }

    func readAdvertisingIdentifier() async -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    /// Starts a gathering unless one is under way, and awaits it.
    private func gatherConsent() async {
        if gathering == nil {
            gathering = Task { @MainActor in
                try? await self.ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
                try? await self.ports.consentForms.loadAndPresentIfRequired()
                await self.askForTracking()
                self.gathering = nil
            }
        }
        await gathering?.value
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
}
