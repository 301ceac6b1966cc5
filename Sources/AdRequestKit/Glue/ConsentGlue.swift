import Foundation

/// An app's consent glue as the harness drives it: the app's own entry points, called where a real
/// app calls them, with the outside world reached only through ``AppPorts``.
///
/// Write one adapter from your app's consent manager to this protocol, and the harness runs it on
/// the simulated device, checks every safety rule against what the OS and SDK stand-ins saw, and
/// runs scenario fixtures against it. Nothing the glue logs is needed: a glue that logs nothing is
/// checked exactly as well. ``AdsService`` with ``AdsConsentCoordinator`` is one glue among others.
/// A glue written with async/await adopts ``AsyncConsentGlue`` instead, and is hosted the same way.
///
/// The harness calls the entry points one at a time, from the thread that runs the test, except that
/// `requestAd(adUnitID:)` may also come from the completion of ``requestTracking(completion:)``, on
/// whatever thread the glue calls it. Callbacks from the ports may arrive on any thread, as on a device.
///
/// A glue that shows the consent form, then asks for tracking; the entry points it leaves empty are
/// an app that does nothing there. `SimulatedApp(glue: MyGlue.init)` hosts it.
///
/// ```swift
/// final class MyGlue: ConsentGlue {
///     let ports: AppPorts
///     init(ports: AppPorts) { self.ports = ports }
///
///     func runOnboarding() {
///         ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
///             self.ports.consentForms.loadAndPresentIfRequired { _ in self.requestTracking {} }
///         }
///     }
///     func requestTracking(completion: @escaping @Sendable () -> Void) { ports.tracking.requestTrackingAuthorization { _ in completion() } }
///     func didFinishLaunching() {}
///     func requestAd(adUnitID: String) {}
///     func openPrivacyOptions() {}
///     func readAdvertisingIdentifier() -> UUID? { nil }
/// }
/// ```
public protocol ConsentGlue: AnyObject, Sendable {
    /// The process started: `application(_:didFinishLaunchingWithOptions:)`. The app is still
    /// inactive here, as under UIKit, so the OS shows no prompt asked for now.
    func didFinishLaunching()

    /// The app became active: `UIApplication.didBecomeActiveNotification` or `scenePhase == .active`.
    /// Also called when a system prompt goes away.
    func didBecomeActive()

    /// The app went to the background: `applicationDidEnterBackground(_:)`,
    /// `UIApplication.didEnterBackgroundNotification` or `scenePhase == .background`.
    func didEnterBackground()

    /// The app is coming back from the background: `applicationWillEnterForeground(_:)` or
    /// `UIApplication.willEnterForegroundNotification`; ``didBecomeActive()`` follows. Apps hang
    /// their app-open ads and consent re-checks here.
    func willEnterForeground()

    /// The first-run flow the app shows (tracking and consent, in the glue's own order).
    func runOnboarding()

    /// The app asks for tracking authorization on its own; `completion` runs when the glue's
    /// tracking flow is over, whatever the answer.
    func requestTracking(completion: @escaping @Sendable () -> Void)

    /// The app wants to show an ad for an ad unit: the glue decides whether and how to request it.
    func requestAd(adUnitID: String)

    /// The user opened the app's privacy-options entry point.
    func openPrivacyOptions()

    /// The app reads the advertising identifier; `nil` when the glue decides not to.
    func readAdvertisingIdentifier() -> UUID?

    /// The process is about to end.
    func willTerminate()

    /// The app's own controls a test may tap (a pre-prompt screen's `continue`), by name.
    static var controls: [String] { get }

    /// The user tapped one of ``controls``: a button of the app's own screens.
    func tap(_ control: String)

    /// What the glue believes now, if it says: both statuses and both outputs. Tests may read it
    /// (`SimulatedApp.consentState`); no rule and no scenario expectation depends on it.
    var believedState: ConsentState? { get }
}

extension ConsentGlue {
    /// Does nothing: many apps do not watch for the app becoming active.
    public func didBecomeActive() {}
    /// Does nothing: many apps do not watch for the background.
    public func didEnterBackground() {}
    /// Does nothing: many apps do not watch for the foreground.
    public func willEnterForeground() {}
    /// Does nothing.
    public func willTerminate() {}
    /// No control of the app's own.
    public static var controls: [String] { [] }
    /// Does nothing.
    public func tap(_ control: String) {}
    /// The glue says nothing about what it believes.
    public var believedState: ConsentState? { nil }
}
