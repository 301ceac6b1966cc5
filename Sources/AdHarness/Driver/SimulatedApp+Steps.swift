import Foundation
import MockAdNetwork
import MockTrackingManager

/// The named steps: each is ``SimulatedApp/perform(_:fileID:filePath:line:column:)`` of its ``Step``,
/// called from the test's line (``readAdvertisingIdentifier(fileID:filePath:line:column:)`` runs the
/// same step and returns the identifier the glue read).
extension SimulatedApp {
    /// Process start, as UIKit does it: the glue's launch code runs while the app is inactive, then
    /// the app becomes active and the glue is told.
    public func launch(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.launch, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The glue's first-run flow.
    public func onboarding(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.onboarding, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The app asks for tracking authorization on its own (outside onboarding).
    ///
    /// With `thenRequestAd`, the app requests an ad as soon as the glue's tracking flow is over, as
    /// Google's sample suggests ("tracking authorization completed, start loading ads here"): the
    /// tightest spot for a stale decision.
    public func requestTracking(
        thenRequestAd: Bool = false, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) throws(HarnessFailure) {
        try perform(thenRequestAd ? .requestTrackingThenAd : .requestTracking, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The app wants to show an ad; the glue decides whether and how to request it.
    public func requestAd(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.requestAd, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The app asks for when-in-use location through `LocationPermission`, creating its location
    /// manager the first time; the answer lands in ``locationAnswers``.
    ///
    /// A location prompt makes the app inactive, so a tracking request made while it is up is
    /// answered `notDetermined` with no prompt, which the glue must repeat once the app is active.
    public func requestLocation(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.requestLocation, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The user leaves the app, changes a location setting in the Settings app, and comes back.
    public func changeLocationSettings(
        _ change: LocationSettingsChange, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) throws(HarnessFailure) {
        try perform(.settings([.location(change)]), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The user opens the app's privacy-options entry point.
    ///
    /// A consent form on screen covers the app, so the user cannot reach its entry point then: a
    /// scenario issue, not a call.
    public func openPrivacyOptions(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try perform(.openPrivacyOptions, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The user taps one of the app's own controls, by the name the glue declares in its `controls`
    /// (a pre-prompt screen's `continue`).
    ///
    /// A control the glue does not declare, or a tap while a consent form, a full-screen ad or a
    /// system prompt covers the app, is a scenario issue, not a call.
    public func tap(_ control: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try perform(.tap(control), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The app calls the consent SDK directly, bypassing the glue: an update, a form load or present,
    /// load-and-present, the privacy-options form, or reset, recorded as `sdk.call` and `sdk.result`.
    ///
    /// The peer suite drives the SDK so; a form a raw load gives is kept for a raw present in the
    /// same process. The legacy consent profile has no such calls: a scenario issue.
    public func callConsentSDK(_ call: ConsentSDKCall, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try perform(.sdk(call), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The device moves to another region (EEA, a US state, elsewhere); the consent SDK sees it at its next update.
    public func travel(to region: ConsentRegion, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try perform(.travel(region), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The user leaves the app and comes back to it: it becomes active (the system dismisses a
    /// tracking prompt that was up when the app left).
    public func foreground(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.foreground, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The user leaves the app, changes a setting in the Settings app, and comes back.
    public func changeSettings(
        _ change: TrackingSettingsChange, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) throws(HarnessFailure) {
        try perform(.settings([.device(change)]), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The app reads the advertising identifier through the glue.
    @discardableResult
    public func readAdvertisingIdentifier(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure) -> UUID?
    {
        try readAdvertisingIdentifier(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The process ends and starts again; stored state survives.
    public func relaunch(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.relaunch, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The user closes the app: the process ends, its timers with it, and ``launch(fileID:filePath:line:column:)``
    /// starts it again; stored state survives.
    public func close(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.close, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The app is deleted, installed and started again: the OS's answers and the app's storage are gone.
    public func reinstall(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.reinstall, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Virtual time passes; work that falls due runs in order.
    public func advance(by duration: Duration, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try perform(.advance(duration), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Virtual time jumps from one due time to the next until nothing that can run is left.
    public func runUntilIdle(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try perform(.runUntilIdle, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
