import AdRequestKit
import AppInfoPlist
import Foundation
import StandInRuntime

/// The simulated phone: system settings, the stored tracking answer, the app's foreground state
/// and the advertising identifier. It outlives app processes; a reinstall forgets the app's answer.
package final class SimulatedDevice: AppLifecycle, SystemVersionProvider, Sendable {
    private let trace: Trace
    private let state: Locked<State>

    private struct State {
        var settings: OSSettings
        var infoPlist: InfoPlist
        var answer: StoredTrackingAnswer
        /// When the user last answered a prompt (virtual time), for the EU yearly re-prompt.
        var answeredAt: Duration?
        var appState: AppState = .background
        /// The system prompts on screen; each may say what happens when the system dismisses it.
        var prompts: [Int: (@Sendable () -> Void)?] = [:]
        var nextPrompt = 0
        var identifier: UUID
        var onLifecycle: (@Sendable (AppLifecycleEvent) -> Void)?
        var appStateObservers: [@Sendable (AppState) -> Void] = []
    }

    /// Creates a device with an installed app that has the given Info.plist and stored answer; a
    /// stored answer counts as given at the start of virtual time.
    package init(
        settings: OSSettings = .init(),
        infoPlist: InfoPlist = .standard,
        storedAnswer: StoredTrackingAnswer = .none,
        // 6D92078A-8246-4BA4-AE5B-76104861E7DC, spelled in bytes: parsing the text cost every run a string scan.
        advertisingIdentifier: UUID = UUID(uuid: (0x6D, 0x92, 0x07, 0x8A, 0x82, 0x46, 0x4B, 0xA4, 0xAE, 0x5B, 0x76, 0x10, 0x48, 0x61, 0xE7, 0xDC)),
        trace: Trace
    ) {
        self.trace = trace
        state = Locked(
            State(
                settings: settings, infoPlist: infoPlist, answer: storedAnswer, answeredAt: storedAnswer == .none ? nil : .zero,
                identifier: advertisingIdentifier
            ))
    }

    /// The system settings.
    package var settings: OSSettings { state.withLock { $0.settings } }
    /// The installed app's Info.plist.
    package var infoPlist: InfoPlist { state.withLock { $0.infoPlist } }
    /// The tracking answer stored for the app.
    package var storedAnswer: StoredTrackingAnswer { state.withLock { $0.answer } }
    /// The app's foreground state.
    package var appState: AppState { state.withLock { $0.appState } }
    /// Whether the app is active (``AppLifecycle``).
    package var isActive: Bool { appState == .active }

    /// The OS version in the device's settings (an update in Settings changes it).
    package var osVersion: OSVersion { settings.osVersion }
    /// Whether a system prompt is on screen.
    package var isPromptOnScreen: Bool { state.withLock { !$0.prompts.isEmpty } }
    /// The device's advertising identifier, as the OS hands it out when allowed.
    package var deviceAdvertisingIdentifier: UUID { state.withLock { $0.identifier } }

    /// The tracking status as the OS computes it on every read.
    package var trackingStatus: TrackingAuthorizationStatus {
        state.withLock { Self.status(settings: $0.settings, answer: $0.answer) }
    }

    static func status(settings: OSSettings, answer: StoredTrackingAnswer) -> TrackingAuthorizationStatus {
        // Before 14 there is no prompt: the status an app sees follows the "limit ad tracking" switch.
        guard settings.osVersion.hasTrackingPrompt else { return settings.limitAdTracking ? .denied : .authorized }
        if settings.trackingRestricted { return .restricted }
        switch answer {
        case .allowed: return .authorized
        case .denied: return .denied
        case .none: return settings.allowAppsToRequestToTrack ? .notDetermined : .denied
        }
    }

    // MARK: App lifecycle

    /// Called when the app becomes active; the harness forwards it to the app, as a real app delegate does.
    /// The same handler as ``onLifecycle(_:)``, hearing only ``AppLifecycleEvent/didBecomeActive``.
    package func onDidBecomeActive(_ handler: (@Sendable () -> Void)?) {
        guard let handler else { return onLifecycle(nil) }
        onLifecycle { event in
            if event == .didBecomeActive { handler() }
        }
    }

    /// Called as the app becomes active, enters the background or comes back to the foreground; the
    /// harness forwards each to the app, as UIKit tells an app delegate.
    package func onLifecycle(_ handler: (@Sendable (AppLifecycleEvent) -> Void)?) {
        state.withLock { $0.onLifecycle = handler }
    }

    /// Calls the observer on every change of the app's foreground state, after `app.*` is recorded.
    package func observeAppState(_ observer: @escaping @Sendable (AppState) -> Void) {
        state.withLock { $0.appStateObservers.append(observer) }
    }

    /// Moves the app to a foreground state, recording `app.active`, `app.inactive` or `app.background`;
    /// becoming active tells the app.
    ///
    /// An app with a system prompt over it is inactive, not active. Leaving the foreground dismisses
    /// the prompts the system dismisses then (the tracking prompt), after `app.background` is recorded.
    package func setAppState(_ requested: AppState, reason: String? = nil) {
        typealias Change = (
            changed: Bool, handler: (@Sendable (AppLifecycleEvent) -> Void)?, observers: [@Sendable (AppState) -> Void],
            dismissed: [@Sendable () -> Void], state: AppState, old: AppState, reason: String?
        )
        let change: Change = state.withLock { state in
            var newState = requested
            var reason = reason
            if newState == .active && !state.prompts.isEmpty {
                newState = .inactive
                reason = "systemPrompt"
            }
            var dismissed: [@Sendable () -> Void] = []
            if newState == .background {
                for (token, onDismiss) in state.prompts {
                    guard let onDismiss else { continue }
                    dismissed.append(onDismiss)
                    state.prompts[token] = nil
                }
            }
            let old = state.appState
            guard old != newState else { return (false, nil, [], dismissed, newState, old, reason) }
            state.appState = newState
            return (true, state.onLifecycle, state.appStateObservers, dismissed, newState, old, reason)
        }
        defer { for onDismiss in change.dismissed { onDismiss() } }
        guard change.changed else { return }
        let (handler, observers, newState, reason) = (change.handler, change.observers, change.state, change.reason)
        // UIKit's order: back from the background, the app hears it will enter the foreground first.
        if change.old == .background { handler?(.willEnterForeground) }
        let name: TraceName =
            switch newState {
            case .active: .appActive
            case .inactive: .appInactive
            case .background: .appBackground
            }
        trace.record(name, reason.map { [EventField("reason", $0)] } ?? [])
        for observer in observers { observer(newState) }
        switch newState {
        case .active: handler?(.didBecomeActive)
        case .background: handler?(.didEnterBackground)
        case .inactive: break
        }
    }

    /// A system prompt appears: the app is inactive until it goes away. `onSystemDismiss`, if
    /// given, runs when the system dismisses the prompt because the app left the foreground.
    /// Returns the prompt's token for ``promptDisappeared(_:)``.
    func promptAppeared(onSystemDismiss: (@Sendable () -> Void)? = nil) -> Int {
        let token = state.withLock { state in
            defer { state.nextPrompt += 1 }
            state.prompts[state.nextPrompt] = .some(onSystemDismiss)
            return state.nextPrompt
        }
        setAppState(.inactive, reason: "systemPrompt")
        return token
    }

    /// A system prompt was answered; the app is active again once none is left, unless it left the foreground.
    func promptDisappeared(_ token: Int) {
        let activate = state.withLock { state -> Bool in
            state.prompts[token] = nil
            return state.prompts.isEmpty && state.appState == .inactive
        }
        if activate { setAppState(.active, reason: "promptAnswered") }
    }

    /// Stores the user's answer to the tracking prompt, noting when it was given, and returns the
    /// resulting status; an answer that is not a choice stores nothing.
    func store(_ answer: TrackingPromptAnswer, at now: Duration) -> TrackingAuthorizationStatus {
        state.withLock { state in
            switch answer {
            case .allow: state.answer = .allowed
            case .deny: state.answer = .denied
            case .leaveApp, .additionalInformation: return Self.status(settings: state.settings, answer: state.answer)
            }
            state.answeredAt = now
            return Self.status(settings: state.settings, answer: state.answer)
        }
    }

    /// A year, as the OS counts it for the EU re-prompt: 365 days (the documentation says only "a year").
    package static let repromptInterval: Duration = .seconds(365 * 24 * 3600)

    /// Whether a stored answer may be asked for again at `now`: from 27.2, in the EU, a year after
    /// the user answered a prompt, unless the system switch is off.
    package func isEligibleForReprompt(at now: Duration) -> Bool {
        state.withLock { state in
            guard state.settings.osVersion.hasEUTrackingPromptRules, state.settings.trackingPromptRegion.isEU,
                state.settings.allowAppsToRequestToTrack, state.answer != .none, let answeredAt = state.answeredAt
            else { return false }
            return now - answeredAt >= Self.repromptInterval
        }
    }

    // MARK: Settings and installs

    /// Applies a Settings change; returns why it cannot be made, if it cannot.
    ///
    /// The app's own toggle exists only once the app has asked: Settings lists only apps that did.
    @discardableResult
    package func change(_ change: TrackingSettingsChange) -> String? {
        let problem: String? = state.withLock { state in
            switch change {
            case .tracking(let allowed):
                guard state.answer != .none else {
                    return "the app's tracking toggle appears in Settings only after the app has asked"
                }
                state.answer = allowed ? .allowed : .denied
            case .allowAppsToRequestToTrack(let on):
                // An app never asked reads `denied` while the switch is off; nothing is stored, so it
                // reads `notDetermined` again once the switch is back on.
                state.settings.allowAppsToRequestToTrack = on
            case .trackingRestricted(let on): state.settings.trackingRestricted = on
            case .limitAdTracking(let on): state.settings.limitAdTracking = on
            }
            return nil
        }
        trace.record(
            .settingsChange,
            [EventField("change", change.description), EventField(.tracking, trackingStatus)]
                + (problem.map { [EventField("refused", $0)] } ?? []))
        return problem
    }

    /// Deletes the app and installs it again: the OS forgets its tracking answer.
    package func reinstallApp(infoPlist: InfoPlist? = nil) {
        state.withLock { state in
            state.answer = .none
            state.answeredAt = nil
            state.prompts = [:]
            state.appState = .background
            if let infoPlist { state.infoPlist = infoPlist }
        }
    }

    /// The run is over: forgets the prompts on screen and the app's handler without telling anyone,
    /// so the app's completions they hold are released with the run.
    package func releaseApp() {
        state.withLock { state in
            state.prompts = [:]
            state.onLifecycle = nil
        }
    }

    /// The process ended: nothing is on screen any more, and the app is no longer in use.
    package func appTerminated() {
        let observers = state.withLock { state in
            state.prompts = [:]
            state.appState = .background
            state.onLifecycle = nil
            return state.appStateObservers
        }
        for observer in observers { observer(.background) }
    }
}

/// A change of the app's lifecycle that UIKit tells an app of, which the harness forwards to the glue.
package enum AppLifecycleEvent: String, Hashable, Sendable {
    /// The app became active (`didBecomeActive`).
    case didBecomeActive
    /// The app went to the background (`applicationDidEnterBackground(_:)`, `scenePhase == .background`).
    case didEnterBackground
    /// The app is coming back from the background (`applicationWillEnterForeground(_:)`).
    case willEnterForeground
}
