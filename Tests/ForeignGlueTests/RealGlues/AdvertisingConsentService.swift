// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
import AdHarness
import AdRequestKit
import Foundation

// Ported from d13nunes/wordskeers-website @ 5ce8553e95ac1d5a57f066ef493aa95438099cc0 (branch dev; every file below
// last changed in 64efc01c50b1de03a4c153695f562b7375ce02b8, "chore: move code to ios folder", and the same on the
// branches release/2.1.0, feat/daily-challenge and admob_issues): the iOS word-search game Wordskeers (project
// SoupLetter). From ios/SoupLetter/Source/Features/Ads/: AdvertisingConsentService.swift (whole), AdManager.swift
// (whole but its analytics), InterstitialAdManager.swift, RewardedAdManager.swift, RewardedInterstitialAdManager.swift,
// AdState.swift and AdConstants.swift (whole); and where the app calls them, under ios/SoupLetter/Source/:
// MainApp.swift (`init()`, `.onChange(of: scenePhase)`; its AppDelegate.swift does nothing for ads),
// Features/Game/GameModes/NewGameSelectionViewModel.swift (`startGame`), Features/Economy/Services/StoreService.swift
// (`showRewardedVideo`, from the rewarded-video row of Features/Economy/Views/CoinStoreView.swift) and
// Features/Game/GameViewModel.swift (`completionCollectCoins`, from the "double" button of
// Features/Game/Views/GameView.swift).
// The repository has no licence (no licence file in any branch's history): its author keeps all rights. This is a
// quotation of public code, kept as a test fixture for interoperability checks, not a licensed copy.
// This is a modified copy. Structure, names, comments, order and conditions are kept; the changes:
// - Imports: AppTrackingTransparency, GoogleMobileAds, SwiftUI, UserMessagingPlatform, Combine and UIKit become
//   AdHarness (the ports).
// - `@Observable` is dropped from AdvertisingConsentService and AdManager: the Observation module may be missing on
//   Linux, and nothing here observes them. `@Published` (Combine) is dropped from the ad managers' states, and
//   `NSObject` as their superclass (the delegate conformance it served is below).
// - Swift 6 language mode: each class is `@unchecked Sendable`, so that its SDK callbacks and tasks may capture it as
//   the original (built without strict concurrency checking) does; each method keeps its isolation as written
//   (`@MainActor` where the original says so, nonisolated elsewhere).
// - Each class gets `init(ports:)` and a `ports` property: the SDKs' and the OS's shared objects, for this process.
//   The `AdManaging` protocol (for previews and a mock) and the `analyticsManager` parameter go.
// - `ATTrackingManager.requestTrackingAuthorization()` becomes `ports.tracking.requestTrackingAuthorization()`; its
//   `switch` keeps its cases, `@unknown default` becomes `default` (the port's status is an open struct).
// - The one-second pause before the prompt ("Wait until the app is active") sleeps on the app's clock:
//   `ports.clock.sleep(for: .seconds(1))`.
// - `UMPRequestParameters()` becomes `ConsentRequestParameters()`, a value: `var` in the debug build, which sets its
//   debug fields, `let` otherwise. `UMPDebugSettings`' geography and test devices are fields of the parameters; the
//   simulator's test-device constant (a Google symbol's name) becomes the string "simulator". As on a real device,
//   which is no test device, the consent SDK ignores the debug geography (the harness's devices are real ones).
// - `UMPConsentInformation.sharedInstance` becomes `ports.consentInformation` (captured as `[ports]` where a
//   closure reads it); `requestConsentInfoUpdate(with:)` becomes `requestInfoUpdate(with:)` and
//   `UMPConsentForm.loadAndPresentIfRequired(from: nil)` becomes `ports.consentForms.loadAndPresentIfRequired`, both
//   in the callback form, inside the app's own `withCheckedThrowingContinuation`, as written; `UMPFormStatus`
//   becomes `ConsentFormStatus`. The `from: nil` argument stays as a comment (the ports leave screens out).
// - `MobileAds.shared.start { status in }` becomes `ports.adSDK.start { }`; the port reports no status, so the
//   branch on `status.adapterStatusesByClassName.count > 0` is the one the real SDK takes (its status always
//   lists the SDK's own entry), the other kept as a comment. The debug build's
//   `requestConfiguration.testDeviceIdentifiers` line has no port and stays as a comment.
// - `InterstitialAd.load(with:request:) { ad, error in }` becomes `ports.adSDK.loadAd(_:) { result in }` and
//   `try await RewardedAd.load(with:request:)` and `RewardedInterstitialAd.load(with:request:)` become
//   `try await ports.adSDK.loadAd(_:)`, each request an `AdRequest` for the same ad unit (`Request()` carried no
//   extras), as an interstitial or a rewarded ad; the rewarded interstitial loads as `.rewarded`, the port's only
//   format that grants a reward. The loaded ads are `LoadedAd`s.
// - Presenting: `interstitial.present(from:)` (synchronous, though written with `await`) becomes
//   `ports.adSDK.presentAd(_:) { error in }`, and `rewardedAd.present(from:) { reward }` the same call, inside the
//   app's own `withCheckedContinuation`. The port reports one completion, once the user closed the ad (a rewarded
//   ad's reward comes first) or at once with the error that kept it from showing, so the completion calls the
//   reward handler, then the `FullScreenContentDelegate` method the real SDK would call next. Those two methods
//   get neutral names, the real names in comments: `adDismissed()` and `adFailedToPresent(_:)`; setting
//   `fullScreenContentDelegate` becomes a comment. The reward's `adReward.amount.intValue > 0` becomes
//   `format == .rewarded` (the port grants a rewarded ad's reward once it was watched; it has no amount).
// - `UserDefaults.standard.bool(forKey:)` becomes `ports.store.bool(forKey:) ?? false`; the interstitial
//   frequency limit's timestamps are the app's clock (`ports.clock.now`, a `Duration`) instead of the system date.
// - `print`, `debugPrint` and the analytics events (`analyticsManager.trackEvent`, Firebase) become comments;
//   InterstitialAdManager's two unused properties (`lastAdShownDate`, `gameCompletionsCount`) go.
// - The `on viewController:` parameters go (the ports leave screens out).
// - The types other than AdvertisingConsentService are `private` to this file: their names are generic.
// - The app's own code around them (MainApp, the three screens) is the adapter at the end of the file, each entry
//   point where SwiftUI calls it. `.onChange(of: scenePhase)` is `didBecomeActive`: the port takes the first change
//   the closure sees at launch to be the one to `.active`, as the app needs to ask at all (a first change to
//   `.inactive` would clear `firstTime` and the flow would never run); the harness has no hook for the other
//   phases, which only clear `firstTime`.

/// Manages advertising consent requirements, including App Tracking Transparency
/// and Google's User Messaging Platform for GDPR/privacy compliance
final class AdvertisingConsentService: @unchecked Sendable {

  /// The OS's and the SDKs' shared objects, for this process.
  let ports: AppPorts

  init(ports: AppPorts) { self.ports = ports }

  // MARK: - Properties

  /// Current status of the consent process
  private(set) var consentState: ConsentState = .unknown

  /// Whether ads can be personalized based on user consent
  private(set) var canShowPersonalizedAds: Bool = false

  /// Whether the Google Mobile Ads SDK has been initialized
  private(set) var isAdMobInitialized: Bool = false

  // MARK: - Lifecycle

  /// Request necessary consents and initialize advertising
  /// - Should be called early in the app lifecycle, but after a short delay
  @MainActor
  func initialize() async {
    // Reset state
    consentState = .inProgress

    // Step 1: Request ATT authorization if needed
    await requestTrackingAuthorization()

    // Step 2: Initialize UMP SDK and request consent if needed
    await requestUMPConsent()

    consentState = .completed
  }

  // MARK: - ATT (App Tracking Transparency)

  @MainActor
  private func requestTrackingAuthorization() async {
    // Wait until the app is active
    try? await ports.clock.sleep(for: .seconds(1))

    // Request ATT authorization
    let status = await ports.tracking.requestTrackingAuthorization()

    // Log the result
    switch status {
    case .authorized:
      break  // debugPrint("ATT: User authorized tracking")
    case .denied, .restricted:
      break  // debugPrint("ATT: User denied tracking")
    case .notDetermined:
      break  // debugPrint("ATT: Tracking authorization status not determined")
    default:
      break  // debugPrint("ATT: Unknown tracking authorization status")
    }
  }

  // MARK: - UMP (User Messaging Platform)

  private func requestUMPConsent() async {
    // Create request parameters
    #if DEBUG
      var parameters = ConsentRequestParameters()
    #else
      let parameters = ConsentRequestParameters()
    #endif

    // Configure for debugging if needed
    #if DEBUG
      // let debugSettings = UMPDebugSettings(): the parameters hold the debug settings themselves.
      // debugSettings.geography = .EEA  // Test EEA consent
      // debugSettings.geography = .regulatedUSState  // Test US regulated States consent
      parameters.debugGeography = .other  // Test other consent
      parameters.testDeviceIdentifiers = ["simulator"]

      // parameters.debugSettings = debugSettings
    #endif

    do {
      // Request latest consent information
      let formStatus = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<ConsentFormStatus, Error>) in
        ports.consentInformation.requestInfoUpdate(with: parameters) { [ports] error in
          if let error = error {
            continuation.resume(throwing: error)
          } else {
            // Check if a form is available and load it
            if ports.consentInformation.formStatus == .available {
              ports.consentForms.loadAndPresentIfRequired(
                // from: nil  // forcing the use of the top view controller
              ) { [weak self] error in
                if let error = error {
                  continuation.resume(throwing: error)
                } else {
                  // Process consent status
                  self?.processConsentStatus()
                  continuation.resume(returning: ports.consentInformation.formStatus)
                }
              }
            } else {
              // No form needed, process existing consent
              self.processConsentStatus()
              continuation.resume(returning: ports.consentInformation.formStatus)
            }
          }
        }
      }

      _ = formStatus  // debugPrint("UMP: Consent form status - \(formStatus)")
    } catch {
      // debugPrint("UMP: Error obtaining consent: \(error.localizedDescription)")
      // Default to non-personalized ads in case of error
      canShowPersonalizedAds = false
    }
  }

  private func processConsentStatus() {
    // Check consent status
    let canShowPersonalizedAds = ports.consentInformation.canRequestAds

    // Update status
    self.canShowPersonalizedAds = canShowPersonalizedAds

    // debugPrint("UMP: Can show personalized ads: \(canShowPersonalizedAds)")
  }

  // MARK: - Enums

  enum ConsentState {
    case unknown
    case inProgress
    case completed
  }
}

// MARK: - AdManager.swift

private final class AdManager: @unchecked Sendable {

  // MARK: - Publishers
  var isInterstitialReady: Bool {
    interstitialAdManager.state == .loaded
  }

  var isRewardedReady: Bool {
    rewardedAdManager.adState == .loaded
  }

  var isRewardedInterstitialReady: Bool {
    rewardedInterstitialAdManager.adState == .loaded
  }

  var canShowAds: Bool {
    return !(ports.store.bool(forKey: "remove_ads_purchased") ?? false)
  }

  var canShowInterstitialBasedOnFrequency: Bool {
    let timeSinceLastAd = ports.clock.now - lastInterstitialShownTime
    return timeSinceLastAd >= .seconds(AdConstants.Frequency.minimumInterval)
  }

  private var isAdMobInitialized = false

  // Timestamps for when ads were last shown
  private var lastInterstitialShownTime: Duration

  private let interstitialAdManager: InterstitialAdManager
  private let rewardedAdManager: RewardedAdManager
  private let rewardedInterstitialAdManager: RewardedInterstitialAdManager
  // private let analyticsManager: AnalyticsService

  private let consentService: AdvertisingConsentService

  /// The SDKs' shared objects, for this process.
  private let ports: AppPorts

  /// The property initializers, in their order (the timestamp, then the three ad managers), then the init's body.
  init(ports: AppPorts, consentService: AdvertisingConsentService) {
    self.ports = ports
    lastInterstitialShownTime = ports.clock.now
    interstitialAdManager = InterstitialAdManager(ports: ports)
    rewardedAdManager = RewardedAdManager(ports: ports)
    rewardedInterstitialAdManager = RewardedInterstitialAdManager(ports: ports)
    self.consentService = consentService
  }

  private func getCanShowAds() -> Bool {
    return !(ports.store.bool(forKey: "remove_ads_purchased") ?? false)
  }

  // Private implementation of the frequency check
  private func checkInterstitialFrequency() -> Bool {
    return canShowInterstitialBasedOnFrequency
  }

  @MainActor
  func onAppActive() async {
    await consentService.initialize()
    initializeAdMob()
  }

  private func initializeAdMob() {
    // For testing
    #if DEBUG
      // print("📢 [AdMob] Initializing with test device identifiers: GADSimulatorID")
      // MobileAds.shared.requestConfiguration.testDeviceIdentifiers = ["GADSimulatorID"]  (no port)
    #endif

    // analyticsManager.trackEvent(.adMobInitializing)
    // Initialize the Google Mobile Ads SDK
    ports.adSDK.start { [weak self] in

      // Handle initialization status
      // if status.adapterStatusesByClassName.count > 0 {
      // debugPrint("AdMob: Successfully initialized")
      // self?.analyticsManager.trackEvent(.adMobInitializedSuccessfully)
      self?.isAdMobInitialized = true
      // } else {
      //   debugPrint("AdMob: Initialization incomplete")
      //   self?.analyticsManager.trackEvent(.adMobInitializationFailed)
      //   self?.isAdMobInitialized = false
      // }
    }
  }
  @MainActor
  func showInterstitialAd() async -> Bool {
    guard canShowAds else { return false }

    // Check frequency limit
    guard checkInterstitialFrequency() else {
      // print("📢 [Interstitial] Ad not shown due to frequency limit")
      // analyticsManager.trackEvent(.adInterstitialFailed, ... errorReason: "frequency_limit")
      return false
    }

    // Track ad requested event
    // analyticsManager.trackEvent(.adInterstitialRequested, ...)

    let result = await interstitialAdManager.showAd()

    // Track ad impression or failure
    if result {
      // Update the last shown timestamp
      lastInterstitialShownTime = ports.clock.now

      // analyticsManager.trackEvent(.adInterstitialImpression, ...)
    } else {
      // analyticsManager.trackEvent(.adInterstitialFailed, ...)
    }

    // Track ad closed event (we don't know exactly when it closes, so this is an approximation)
    // analyticsManager.trackEvent(.adInterstitialClosed, ...)

    return result
  }

  @MainActor
  func showRewardedAd() async -> Bool {
    // analyticsManager.trackEvent(.adRewardedRequested, ...)

    // Currently returns false as rewarded ads are not implemented
    let result = await rewardedAdManager.showAd()

    // Track failure for now since rewarded ads are not implemented
    // analyticsManager.trackEvent(.adRewardedFailed, ... errorReason: "not_implemented")

    if result {
      // analyticsManager.trackEvent(.adRewardedImpression, ...)
      // analyticsManager.trackEvent(.adRewardedCompleted, ... rewardGranted: true)
    }

    // analyticsManager.trackEvent(.adRewardedClosed, ...)

    return result
  }

  @MainActor
  func showRewardedInterstitial() async -> Bool {
    guard canShowAds else { return false }

    // analyticsManager.trackEvent(.adRewardedInterstitialRequested, ...)

    let result = await rewardedInterstitialAdManager.showAd()

    if result {
      // Update the last shown timestamp
      lastInterstitialShownTime = ports.clock.now

      // analyticsManager.trackEvent(.adRewardedInterstitialImpression, ...)
      // analyticsManager.trackEvent(.adRewardedInterstitialCompleted, ... rewardGranted: true)
    } else {
      // analyticsManager.trackEvent(.adRewardedInterstitialFailed, ... errorReason: "not_implemented_or_failed")
    }

    // analyticsManager.trackEvent(.adRewardedInterstitialClosed, ...)

    return result
  }
}

// MARK: - InterstitialAdManager.swift

/// Service responsible for loading and presenting interstitial ads
private final class InterstitialAdManager: @unchecked Sendable {
  // MARK: - Properties
  /// The current state of the ad
  private(set) var state: AdState = .notLoaded {
    didSet {
      // print("📢 [Interstitial] State changed: \(oldValue) -> \(state)")
    }
  }

  /// The interstitial ad instance
  private var interstitial: LoadedAd?

  /// The ad SDK, for this process.
  private let ports: AppPorts

  // MARK: - Initialization

  init(ports: AppPorts) {
    self.ports = ports
    loadAd()
  }

  // MARK: - Public Methods

  /// Presents the interstitial ad if one is loaded
  /// - Parameter completion: Called when the ad is dismissed or if it fails to present
  func showAd() async -> Bool {
    guard let interstitial else {
      // print("📢 [Interstitial] Ad not loaded")
      return false
    }

    state = .presenting
    ports.adSDK.presentAd(interstitial) { [weak self] error in
      // The delegate's callbacks.
      if let error { self?.adFailedToPresent(error) } else { self?.adDismissed() }
    }
    return true
  }

  private func loadAd() {
    // print("📢 [Interstitial] Attempting to load new ad")
    state = .loading

    let request = AdRequest(adUnitID: AdConstants.UnitID.interstitial, format: .interstitial)
    ports.adSDK.loadAd(request) { [weak self] result in
      if case .failure(let error) = result {
        // print("📢 [Interstitial] Failed to load ad with error: \(error.localizedDescription)")
        self?.state = .error(error)
        return
      }

      // print("📢 [Interstitial] Successfully loaded new ad")
      self?.interstitial = try? result.get()
      // self?.interstitial?.fullScreenContentDelegate = self
      self?.state = .loaded
    }
  }
}

// MARK: - GADFullScreenContentDelegate

extension InterstitialAdManager {
  /// `adDidDismissFullScreenContent(_:)`
  func adDismissed() {
    // print("📢 [Interstitial] Ad was dismissed")
    state = .notLoaded
    loadAd()
  }

  /// `ad(_:didFailToPresentFullScreenContentWithError:)`
  func adFailedToPresent(_ error: Error) {
    // print("📢 [Interstitial] Ad failed to present with error: \(error.localizedDescription)")
    state = .error(error)
    loadAd()
  }
}

// MARK: - RewardedAdManager.swift

private final class RewardedAdManager: @unchecked Sendable {

  private(set) var adState: AdState = .notLoaded {
    didSet {
      // print("📢 [Rewarded] State changed: \(oldValue) -> \(adState)")
    }
  }

  private var rewardedAd: LoadedAd?
  private var completionHandler: ((Bool) -> Void)?

  /// The ad SDK, for this process.
  private let ports: AppPorts

  init(ports: AppPorts) {
    self.ports = ports
    Task {
      await load()
    }
  }

  private func load() async {
    let adUnitID = AdConstants.UnitID.rewarded
    let request = AdRequest(adUnitID: adUnitID, format: .rewarded)

    do {
      let ad = try await ports.adSDK.loadAd(request)
      self.rewardedAd = ad
      self.adState = .loaded
    } catch {
      // print("📢 [Rewarded] Failed to load ad with error: \(error.localizedDescription)")
      await load()
    }
  }

  @MainActor
  func showAd() async -> Bool {
    guard let rewardedAd = rewardedAd else {
      // print("📢 [Rewarded] Ad not ready")
      return false
    }

    // rewardedAd.fullScreenContentDelegate = self

    let didRecieveReward = await withCheckedContinuation { continuation in
      ports.adSDK.presentAd(rewardedAd) { error in
        if let error { return self.adFailedToPresent(error) }
        // User earned reward
        // print("📢 [Rewarded] User earned reward \(rewardedAd.adReward.description)")
        // print("📢 [Rewarded] User earned reward \(rewardedAd.responseInfo.description)")
        let wasRewarded = rewardedAd.format == .rewarded
        continuation.resume(returning: wasRewarded)
        self.adDismissed()
      }
    }
    Task.detached {
      await self.load()
    }
    return didRecieveReward
  }
}

// MARK: - GADFullScreenContentDelegate
extension RewardedAdManager {
  /// `adDidDismissFullScreenContent(_:)`
  func adDismissed() {
    completionHandler?(false)
    completionHandler = nil
    Task {
      await load()
    }
  }

  /// `ad(_:didFailToPresentFullScreenContentWithError:)`
  func adFailedToPresent(_ error: Error) {
    // print("📢 [Rewarded] Failed to present ad with error: \(error.localizedDescription)")
    completionHandler?(false)
    completionHandler = nil
    Task {
      await load()
    }
  }
}

// MARK: - RewardedInterstitialAdManager.swift

private final class RewardedInterstitialAdManager: @unchecked Sendable {

  private(set) var adState: AdState = .notLoaded {
    didSet {
      // print("📢 [RewardedInterstitial] State changed: \(oldValue) -> \(adState)")
    }
  }

  private var rewardedInterstitialAd: LoadedAd?
  private var completionHandler: ((Bool) -> Void)?

  /// The ad SDK, for this process.
  private let ports: AppPorts

  init(ports: AppPorts) {
    self.ports = ports
    Task {
      await load()
    }
  }

  private func load() async {
    // Assuming this ad unit ID exists or will be created
    let adUnitID = AdConstants.UnitID.rewardedInterstitial
    let request = AdRequest(adUnitID: adUnitID, format: .rewarded)

    do {
      let ad = try await ports.adSDK.loadAd(request)
      self.rewardedInterstitialAd = ad
      self.adState = .loaded
    } catch {
      // print("📢 [RewardedInterstitial] Failed to load ad with error: \(error.localizedDescription)")
      await load()
    }
  }

  @MainActor
  func showAd() async -> Bool {
    guard let rewardedInterstitialAd = rewardedInterstitialAd else {
      // print("📢 [RewardedInterstitial] Ad not ready")
      return false
    }

    // rewardedInterstitialAd.fullScreenContentDelegate = self

    let didReceiveReward = await withCheckedContinuation { continuation in
      ports.adSDK.presentAd(rewardedInterstitialAd) { error in
        if let error { return self.adFailedToPresent(error) }
        // User earned reward
        // print("📢 [RewardedInterstitial] User earned reward \(rewardedInterstitialAd.adReward.description)")
        // print("📢 [RewardedInterstitial] User earned reward \(rewardedInterstitialAd.responseInfo.description)")
        let wasRewarded = rewardedInterstitialAd.format == .rewarded
        continuation.resume(returning: wasRewarded)
        self.adDismissed()
      }
    }
    Task.detached {
      await self.load()
    }
    return didReceiveReward
  }
}

// MARK: - GADFullScreenContentDelegate
extension RewardedInterstitialAdManager {
  /// `adDidDismissFullScreenContent(_:)`
  func adDismissed() {
    completionHandler?(false)
    completionHandler = nil
    Task {
      await load()
    }
  }

  /// `ad(_:didFailToPresentFullScreenContentWithError:)`
  func adFailedToPresent(_ error: Error) {
    // print("📢 [RewardedInterstitial] Failed to present ad with error: \(error.localizedDescription)")
    completionHandler?(false)
    completionHandler = nil
    Task {
      await load()
    }
  }
}

// MARK: - AdState.swift

/// Represents the current state of the ad
private enum AdState: Equatable {
  case notLoaded
  case loading
  case loaded
  case presenting
  case error(Error)

  static func == (lhs: AdState, rhs: AdState) -> Bool {
    switch (lhs, rhs) {
    case (.notLoaded, .notLoaded): return true
    case (.loading, .loading): return true
    case (.loaded, .loaded): return true
    case (.presenting, .presenting): return true
    case (.error, .error): return true
    default: return false
    }
  }
}

// MARK: - AdConstants.swift

/// Constants related to advertisements
private enum AdConstants {
  /// Ad unit IDs for different ad formats
  enum UnitID {
    #if DEBUG
      /// Test interstitial ad unit ID for development
      static let interstitial = "ca-app-pub-3940256099942544/4411468910"
      static let rewarded = "ca-app-pub-3940256099942544/1712485313"
      static let banner = "ca-app-pub-3940256099942544/2934735716"
      static let rewardedInterstitial = "ca-app-pub-3940256099942544/6978759866"
    #else
      /// Production interstitial ad unit ID
      static let interstitial = "ca-app-pub-9539843520256562/2545593663"
      static let rewarded = "ca-app-pub-9539843520256562/3226451648"
      static let banner = "ca-app-pub-9539843520256562/1015855733"
      static let rewardedInterstitial = "ca-app-pub-9539843520256562/5270995200"
    #endif
  }

  /// Configuration for when to show ads
  enum Frequency {
    /// Minimum time between interstitial ads (in seconds)
    static let minimumInterval: TimeInterval = 30  // 30 seconds

    /// Minimum time between rewarded interstitial ads (in seconds)
    static let minimumRewardedInterstitialInterval: TimeInterval = 30  // 30 seconds

    /// Number of game completions before showing an ad
    static let gameCompletionsBeforeAd = 3
  }

  enum RewardedVideoLocation {
    case store
    case dailyReward
  }
}

// MARK: - The app around it

/// Wordskeers' app around the consent service, called where SwiftUI calls it. `MainApp.init()` makes the
/// `AdManager` (and with it the three ad managers, which load at once); the first change of the scene phase to
/// `.active` starts `onAppActive()` (tracking prompt, consent, ad SDK). A new game from the game selection screen
/// shows the interstitial; the coin store's rewarded-video row and the completion screen's "double" button show
/// the rewarded ads. No screen offers the consent SDK's privacy options.
@MainActor
final class AdvertisingConsentServiceGlue: AsyncConsentGlue {
  private let ports: AppPorts

  /// `MainApp`'s `adManager`, made in `MainApp.init()`.
  private var adManager: AdManager!

  /// `MainApp`'s `@State private var firstTime = true`.
  private var firstTime = true

  init(ports: AppPorts) { self.ports = ports }

  /// The coin store's rewarded-video row, and the completion screen's button that doubles the coins with an ad.
  nonisolated static var controls: [String] { ["watchAdForCoins", "doubleCoins"] }

  // MARK: - Where SwiftUI calls the app

  /// `MainApp.init()`: SwiftUI makes the app value at launch, before the scene is active; then the app delegate's
  /// `application(_:didFinishLaunchingWithOptions:)` configures Firebase and the notification delegate (no ads).
  func didFinishLaunching() async {
    // (The analytics manager, databases, word store and game view model: not ads.)
    adManager = AdManager(ports: ports, consentService: AdvertisingConsentService(ports: ports))
    // setupNotificationObservers(): the daily rewards notification, not ads.
  }

  /// `.onChange(of: scenePhase) { _, newPhase in ... }` on the `WindowGroup`, as the phase becomes `.active`: at
  /// launch (the first change the closure sees), and whenever the app comes back. A new process starts with
  /// `firstTime` true again.
  func didBecomeActive() async {
    // trackAppState(scenePhase: newPhase, firstTime: firstTime): analytics.
    if firstTime /* , case .active = newPhase */ {
      Task {
        await adManager.onAppActive()
      }
    }
    firstTime = false

    // Refresh the daily rewards when returning to active state: not ads.
  }

  /// The app's first run has no step of its own for consent or tracking: both run at the first activation.
  func runOnboarding() async {}

  /// The app asks for tracking only inside `onAppActive()`.
  func requestTracking() async {}

  /// A new game from the game selection screen, `NewGameSelectionViewModel.startGame(on:)`: the interstitial,
  /// for the app's own ad unit.
  func requestAd(adUnitID: String) async {
    Task {
      _ = await adManager.showInterstitialAd()
    }
    // onStartGameCallback(selectedDifficulty)
  }

  /// No screen of the app presents the privacy-options form.
  func openPrivacyOptions() async {}

  /// The app never reads the identifier itself.
  func readAdvertisingIdentifier() async -> UUID? { nil }

  /// The app's own buttons.
  func tap(_ control: String) async {
    switch control {
    case "watchAdForCoins":
      // CoinStoreView's rewarded-video row (CoinPackageRow): `Task { await onPurchase() }`, whose `onPurchase`
      // is `{ await storeService.showRewardedVideo(on: viewController) }`.
      Task {
        await showRewardedVideo()
      }
    case "doubleCoins":
      // CompletionView's `doubleRewardWithAd`: `Task.detached { await viewModel.completionCollectCoins(double: true, on:) }`.
      Task.detached {
        await self.completionCollectCoins(double: true)
      }
    default:
      break
    }
  }

  /// `StoreService.showRewardedVideo(on:)`.
  private func showRewardedVideo() async {
    let success = await adManager.showRewardedAd()
    if success {
      // wallet.addCoins(rewardedVideoProduct.coinAmount), and the coins toast.
    }
  }

  /// `GameViewModel.completionCollectCoins(double:on:)`.
  private func completionCollectCoins(double: Bool) async {
    var amount = 5
    // let event: AnalyticsEvent = double ? .gameCoinsCollectedDouble : .gameCoinsCollected
    if double {
      let success = await adManager.showRewardedInterstitial()
      if success {
        amount = 10
      }
    }
    _ = amount  // wallet.addCoins(amount), the coins toast, track(event: event), onShowGameSelection()
  }
}
