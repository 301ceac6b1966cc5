// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
import AdHarness
import AdRequestKit
import Foundation

// Ported from googleads/googleads-mobile-ios-examples @ 2bd49d24aefc723e74289ff43e39c940ede0eff3 (both files
// last changed in f5d131eeb5e845994d1487f617a29f1d80de392a, "Fixed Swift Concurrency runtime errors"):
// Swift/admob/InterstitialExample/InterstitialExample/GoogleMobileAdsConsentManager.swift (whole), and the consent
// and ad code of Swift/admob/InterstitialExample/InterstitialExample/ViewController.swift (viewDidLoad,
// startGoogleMobileAdsSDK, loadInterstitial, playAgain, privacySettingsTapped); its AppDelegate.swift does nothing
// at launch. Copyright (C) 2015, 2023 Google LLC, licensed under the Apache License, Version 2.0
// (http://www.apache.org/licenses/LICENSE-2.0); distributed "AS IS", WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND.
// This is a modified copy. Structure, method names, comments, order and conditions are kept; the changes:
// - Imports: GoogleMobileAds, UserMessagingPlatform and UIKit become AdHarness (the ports).
// - `static let shared` becomes `init(ports:)`: the adapter makes one manager per process, as the singleton is.
// - `ConsentInformation.shared` becomes `ports.consentInformation` (captured as `[ports]` where a closure reads
//   it); `privacyOptionsRequirementStatus` becomes `privacyOptionsRequirement`.
// - `RequestParameters()` with an empty `DebugSettings()` becomes `ConsentRequestParameters()`; the commented-out
//   geography line becomes `parameters.debugGeography = .eea`, still commented out.
// - `requestConsentInfoUpdate(with:) { }` becomes `requestInfoUpdate(with:) { }`, the callback form, as written.
// - `ConsentForm.loadAndPresentIfRequired(from: viewController)` and `ConsentForm.presentPrivacyOptionsForm(from:)`
//   become the ports' async forms; the `from viewController` parameters go (the ports leave screens out).
// - `NSObject` as superclass is dropped (nothing uses it; the manager needs a designated init with ports).
// - viewDidLoad is the glue's `didFinishLaunching`: the storyboard's first view loads in every process, while
//   the app is still inactive, right after the app delegate's launch, which does nothing.
// - `DispatchQueue.main.async { }` in startGoogleMobileAdsSDK becomes `Task { @MainActor in }`: the main queue's
//   next turn as a main-actor job, which the harness runs; a block on the real main queue it never runs.
// - `MobileAds.shared.start()` (the call with no completion handler) becomes `ports.adSDK.start {}`.
// - `InterstitialAd.load(with:request: Request())` becomes `ports.adSDK.loadAd(AdRequest(adUnitID:))`, async as
//   written, with the sample's ad unit and the interstitial format; `interstitial` holds the loaded ad; its
//   delegate and presentation (after the game's "Game Over" alert: UI) go.
// - The privacy settings button's `isEnabled` becomes a Bool, off as in Main.storyboard until consent is gathered;
//   a tap while it is off does nothing.
// - UI only, left out: the loading spinner and its one-second timer, the game (start, pause, resume, timer),
//   the alerts, the ad inspector button; each `print` is kept as a comment.
// - The app never asks for tracking (no prompt code, no NSUserTrackingUsageDescription in its Info.plist), so
//   `requestTracking` and `runOnboarding` (the sample has no separate first-run flow) do nothing.

/// The Google Mobile Ads SDK provides the User Messaging Platform (Google's
/// IAB Certified consent management platform) as one solution to capture
/// consent for users in GDPR impacted countries. This is an example and
/// you can choose another consent management platform to capture consent.

@MainActor
class GoogleMobileAdsConsentManager {
    /// The consent SDK and the ad SDK, for this process (the sample's `shared` objects).
    let ports: AppPorts

    init(ports: AppPorts) { self.ports = ports }

    var canRequestAds: Bool {
        return ports.consentInformation.canRequestAds
    }

    var isPrivacyOptionsRequired: Bool {
        return ports.consentInformation.privacyOptionsRequirement == .required
    }

    /// Helper method to call the UMP SDK methods to request consent information and load/present a
    /// consent form if necessary.
    func gatherConsent(
        consentGatheringComplete: @escaping @MainActor (Error?) -> Void
    ) {
        let parameters = ConsentRequestParameters()

        // For testing purposes, you can use UMPDebugGeography to simulate a location.
        // parameters.debugGeography = .eea

        // Requesting an update to consent information should be called on every app launch.
        ports.consentInformation.requestInfoUpdate(with: parameters) {
            [ports] requestConsentError in
            guard requestConsentError == nil else {
                Task { @MainActor in
                    consentGatheringComplete(requestConsentError)
                }
                return
            }

            Task { @MainActor in
                do {
                    try await ports.consentForms.loadAndPresentIfRequired()
                    // Consent has been gathered.
                    consentGatheringComplete(nil)
                } catch {
                    consentGatheringComplete(error)
                }
            }
        }
    }

    /// Helper method to call the UMP SDK method to present the privacy options form.
    @MainActor func presentPrivacyOptionsForm() async throws {
        try await ports.consentForms.presentPrivacyOptionsForm()
    }
}

/// The sample app around the manager: its one view controller's consent and ad code, called where UIKit
/// calls it. The view loads at launch and gathers consent; "Play Again" loads an interstitial; the
/// "Privacy Settings" button presents the privacy options form.
@MainActor
final class GoogleConsentManagerGlue: AsyncConsentGlue {
    private let ports: AppPorts
    /// `GoogleMobileAdsConsentManager.shared`: one per process.
    private let consentManager: GoogleMobileAdsConsentManager

    /// The interstitial ad.
    var interstitial: LoadedAd?

    /// Indicates whether the Google Mobile Ads SDK has started.
    private var isMobileAdsStartCalled = false

    /// The privacy settings button's `isEnabled`: `enabled="NO"` in Main.storyboard.
    private var privacySettingsButtonIsEnabled = false

    init(ports: AppPorts) {
        self.ports = ports
        consentManager = GoogleMobileAdsConsentManager(ports: ports)
    }

    // MARK: - Where UIKit calls the sample

    /// `application(_:didFinishLaunchingWithOptions:)` returns true; then the first view loads.
    func didFinishLaunching() async { viewDidLoad() }

    /// The sample has no first-run flow of its own: consent is gathered as the view loads.
    func runOnboarding() async {}

    /// The sample never asks for tracking.
    func requestTracking() async {}

    /// The "Play Again" button, after a game: the sample's interstitial, for its own ad unit.
    func requestAd(adUnitID: String) async { playAgain() }

    /// The "Privacy Settings" button; a disabled button cannot be tapped.
    func openPrivacyOptions() async {
        guard privacySettingsButtonIsEnabled else { return }
        privacySettingsTapped()
    }

    /// The sample never reads the identifier.
    func readAdvertisingIdentifier() async -> UUID? { nil }

    // MARK: - ViewController

    /// Handle changes to user consent.
    private func privacySettingsTapped() {
        // pauseGame()
        Task {
            do {
                try await consentManager.presentPrivacyOptionsForm()
                // resumeGame()
            } catch {
                // An alert: error.localizedDescription, "Please try again later.", then resumeGame().
            }
        }
    }

    private func viewDidLoad() {
        // (The loading spinner, shown if loading takes longer than 1 second, and the game's pause and
        // resume observers: UI only.)

        consentManager.gatherConsent { [weak self] consentError in
            guard let self else { return }

            // (The spinner stops, the game view appears, startNewGame().)

            // if let consentError { print("Error: \(consentError.localizedDescription)") }
            _ = consentError

            if consentManager.canRequestAds {
                self.startGoogleMobileAdsSDK()
            }

            self.privacySettingsButtonIsEnabled =
                consentManager.isPrivacyOptionsRequired
        }

        // This sample attempts to load ads using consent obtained in the previous session.
        if consentManager.canRequestAds {
            startGoogleMobileAdsSDK()
        }
    }

    private func startGoogleMobileAdsSDK() {
        Task { @MainActor in
            guard !self.isMobileAdsStartCalled else { return }

            self.isMobileAdsStartCalled = true

            // Initialize the Google Mobile Ads SDK.
            self.ports.adSDK.start {}
            // Request an ad.
            Task {
                await self.loadInterstitial()
            }
        }
    }

    fileprivate func loadInterstitial() async {
        do {
            interstitial = try await ports.adSDK.loadAd(AdRequest(adUnitID: "ca-app-pub-3940256099942544/4411468910", format: .interstitial))
            // (interstitial?.fullScreenContentDelegate = self: presentation is left out.)
        } catch {
            // print("Failed to load interstitial ad with error: \(error.localizedDescription)")
        }
    }

    // MARK: - Interstitial Button Actions

    private func playAgain() {
        // startNewGame()

        if consentManager.canRequestAds {
            Task {
                await loadInterstitial()
            }
        }
    }
}
