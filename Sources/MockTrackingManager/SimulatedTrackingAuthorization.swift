import AdRequestKit
import AppInfoPlist
import HarnessSupport

/// The OS's tracking authorization for one app process, with the OS's paths and quirks.
///
/// No prompt, completion at once on the caller's thread, when: the device is restricted
/// (`restricted`); the system switch is off (`denied`, nothing stored, except on 14.4 to 14.5.0,
/// which store the denial); the answer is stored; the
/// app is not active or another system prompt is on screen (`notDetermined`). Otherwise the prompt
/// shows, the app goes inactive, and the scripted user's answer arrives later on a background
/// thread. OS 17.4 answers `denied` at once while the prompt is still up. If the app leaves the
/// foreground while the prompt is up, the system dismisses it: `notDetermined`. Asking without
/// `NSUserTrackingUsageDescription` in the Info.plist crashes the app, reported as `app.crash`.
public final class SimulatedTrackingAuthorization: TrackingAuthorizer, Sendable {
    private let device: SimulatedDevice
    let process: AppProcess
    private let user: ScriptedAnswer<TrackingPromptAnswer>?

    /// Creates the OS service for a process, with the user's scripted answer to the prompt.
    public init(device: SimulatedDevice, process: AppProcess, user: ScriptedAnswer<TrackingPromptAnswer>?) {
        self.device = device
        self.process = process
        self.user = user
    }

    /// The status, computed by the OS on every read.
    public var trackingAuthorizationStatus: TrackingAuthorizationStatus { device.trackingStatus }

    /// Asks for authorization, as the OS does.
    public func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
        requestTrackingAuthorization(by: .app, completion: completion)
    }

    /// Asks for authorization on behalf of the app or of an SDK in its process (the consent SDK's
    /// IDFA explainer asks itself); the OS treats both alike, the trace says who asked (`by`).
    public func requestTrackingAuthorization(by requester: TrackingRequester, completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
        guard process.isRunning else { return }
        // An `appState: inactive` fault: the app goes inactive as it asks (another alert comes up, or
        // the launch is not over), and stays so until it next comes to the foreground.
        if !process.faults.take(.trackingRequest, matching: { $0 == .appInactive }).isEmpty {
            device.setAppState(.inactive, reason: "fault")
        }
        let effects = process.faults.take(.trackingRequest) { $0 != .appInactive }
        let trace = process.trace
        let settings = device.settings
        trace.record(.trackingRequest, [
            EventField("appState", device.appState.rawValue), EventField("os", settings.osVersion.description),
        ] + (requester == .app ? [] : [EventField("by", requester.rawValue)]))

        let immediate: (TrackingAuthorizationStatus, TrackingNoPromptReason)? = {
            if !settings.osVersion.hasTrackingPrompt { return (device.trackingStatus, .noPromptBefore14) }
            if settings.trackingRestricted { return (.restricted, .restricted) }
            switch device.storedAnswer {
            case .allowed, .denied: return (device.trackingStatus, .storedAnswer)
            case .none: break
            }
            if !settings.allowAppsToRequestToTrack {
                if settings.osVersion.keepsDenialFromSwitchOff { _ = device.store(.deny) }
                return (.denied, .systemSwitchOff)
            }
            if device.isPromptOnScreen { return (.notDetermined, .anotherPromptOnScreen) }
            if !device.isActive { return (.notDetermined, .appNotActive) }
            return nil
        }()
        if let (status, reason) = immediate {
            trace.record(.trackingAnswer, [
                EventField(TraceField.status, status.description), EventField(TraceField.prompted, "false"), EventField(TraceField.reason, reason.rawValue),
            ])
            process.delivery.deliver("tracking.request completion", timing: .immediate, effects: effects) { completion(status) }
            return
        }
        guard device.infoPlist.contains(.trackingUsageDescription) else {
            process.crash(.trackingUsageDescriptionMissing)
            return
        }
        showPrompt(effects: effects, completion: completion)
    }

    private func showPrompt(effects: [FaultEffect], completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
        let trace = process.trace
        let delivery = process.delivery
        let answersEarly = device.settings.osVersion.answersTrackingRequestEarly
        // The prompt ends once: answered by the user, or dismissed by the system when the app leaves.
        let prompt = Locked<(over: Bool, answer: (any ScheduledWork)?)>((false, nil))
        let claim: @Sendable () -> Bool = {
            prompt.withLock { prompt in
                defer { prompt.over = true }
                return !prompt.over
            }
        }
        let token = device.promptAppeared(onSystemDismiss: {
            guard claim() else { return }
            prompt.withLock { $0.answer }?.cancel()
            trace.record(.trackingAnswer, [
                EventField(TraceField.status, TrackingAuthorizationStatus.notDetermined.description), EventField(TraceField.prompted, "true"),
                EventField(TraceField.answer, TrackingPromptAnswer.dismiss.rawValue), EventField(TraceField.reason, "appLeftForeground"),
            ])
            if !answersEarly {
                delivery.deliver("tracking.request completion", timing: .laterOnBackgroundThread(.zero), effects: effects) {
                    completion(.notDetermined)
                }
            }
        })
        trace.record(.trackingPrompt)
        if answersEarly {
            trace.record(.trackingAnswer, [
                EventField(TraceField.status, "denied"), EventField(TraceField.prompted, "true"), EventField(TraceField.reason, "earlyAnswerOS17.4"),
            ])
            delivery.deliver("tracking.request completion", timing: .immediate, effects: effects) { completion(.denied) }
        }
        guard let user else {
            process.leaveUnanswered("tracking prompt", scriptKey: "trackingPrompt", because: "the tracking prompt is on screen but the user has no scripted answer (user.trackingPrompt)")
            return
        }
        let device = device
        let answer = process.scheduleUserAnswer(after: user.after, label: "user answers the tracking prompt: \(user.answer.rawValue)") {
            guard claim() else { return }
            let status = device.store(user.answer)
            trace.record(.trackingAnswer, [
                EventField(TraceField.status, status.description), EventField(TraceField.prompted, "true"), EventField(TraceField.answer, user.answer.rawValue),
            ])
            if !answersEarly {
                delivery.deliver("tracking.request completion", timing: .nowOnBackgroundThread, effects: effects) { completion(status) }
            }
            device.promptDisappeared(token)
        }
        prompt.withLock { $0.answer = answer }
    }
}
