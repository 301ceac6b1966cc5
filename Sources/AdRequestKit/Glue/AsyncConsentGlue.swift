import Foundation

/// An app's consent glue written with async/await, as the harness drives it: the same entry points
/// as ``ConsentGlue``, each an `async` function on the main actor, as in a SwiftUI app's `.task` or
/// a consent manager that awaits the SDKs' async forms.
///
/// The harness runs each entry point as a task of the app and runs every job of the app's tasks on
/// virtual time, in one order: the awaits, a `Task {}` the glue starts, `async let`s, task groups
/// and main-actor hops. Sleep on the app's clock (`try await ports.clock.sleep(for:)`), not on the
/// wall clock: a task that waits on something the harness does not drive is named at the end of the
/// run. A callback glue and its async twin give the same trace for the same scenario.
///
/// A glue that awaits the consent form, then the tracking prompt; the entry points it leaves empty
/// are an app that does nothing there. `SimulatedApp(glue: MyConsentManager.init)` hosts it.
///
/// ```swift
/// @MainActor final class MyConsentManager: AsyncConsentGlue {
///     let ports: AppPorts
///     init(ports: AppPorts) { self.ports = ports }
///
///     func runOnboarding() async {
///         try? await ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
///         try? await ports.consentForms.loadAndPresentIfRequired()
///         _ = await ports.tracking.requestTrackingAuthorization()
///     }
///     func didFinishLaunching() async {}
///     func requestTracking() async {}
///     func requestAd(adUnitID: String) async {}
///     func openPrivacyOptions() async {}
///     func readAdvertisingIdentifier() async -> UUID? { nil }
/// }
/// ```
@MainActor
public protocol AsyncConsentGlue: AnyObject, Sendable {
    /// The process started: `application(_:didFinishLaunchingWithOptions:)`; the app is inactive.
    func didFinishLaunching() async
    /// The app became active (`scenePhase == .active`); also when a system prompt goes away.
    func didBecomeActive() async
    /// The app went to the background (`scenePhase == .background`).
    func didEnterBackground() async
    /// The app is coming back from the background (`applicationWillEnterForeground(_:)`); `didBecomeActive` follows.
    func willEnterForeground() async
    /// The first-run flow the app shows.
    func runOnboarding() async
    /// The app asks for tracking authorization on its own; returns when the glue's flow is over.
    func requestTracking() async
    /// The app wants to show an ad for an ad unit.
    func requestAd(adUnitID: String) async
    /// The user opened the app's privacy-options entry point.
    func openPrivacyOptions() async
    /// The app reads the advertising identifier; `nil` when the glue decides not to.
    func readAdvertisingIdentifier() async -> UUID?
    /// The process is about to end.
    func willTerminate() async
    /// The app's own controls a test may tap (a pre-prompt screen's `continue`), by name.
    nonisolated static var controls: [String] { get }
    /// The user tapped one of ``controls``: a button of the app's own screens.
    func tap(_ control: String) async
    /// What the glue believes now, if it says (``ConsentGlue/believedState``).
    var believedState: ConsentState? { get }
}

extension AsyncConsentGlue {
    /// Does nothing: many apps do not watch for the app becoming active.
    public func didBecomeActive() async {}
    /// Does nothing: many apps do not watch for the background.
    public func didEnterBackground() async {}
    /// Does nothing: many apps do not watch for the foreground.
    public func willEnterForeground() async {}
    /// Does nothing.
    public func willTerminate() async {}
    /// No control of the app's own.
    public nonisolated static var controls: [String] { [] }
    /// Does nothing.
    public func tap(_ control: String) async {}
    /// The glue says nothing about what it believes.
    public var believedState: ConsentState? { nil }
}
