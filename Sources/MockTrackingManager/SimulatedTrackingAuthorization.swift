import AdRequestKit
import AppInfoPlist
import StandInRuntime

/// The OS's tracking authorization for one app process, with the OS's paths and quirks.
///
/// No prompt, completion at once on the caller's thread, when: the device is restricted
/// (`restricted`); the system switch is off (`denied`, nothing stored, except on 14.4 to 14.5.0,
/// which store the denial); the answer is stored; the
/// app is not active or another system prompt is on screen (`notDetermined`). Otherwise the prompt
/// shows, the app goes inactive, and the scripted user's answer arrives later on a background
/// thread. OS 17.4 answers `denied` at once while the prompt is still up. If the app leaves the
/// foreground while the prompt is up, the system takes it away: `notDetermined`. From 27.2, in the
/// EU, a stored answer is asked for again a year after it was given, and the expanded request may
/// show a full-page sheet with an Additional Information button. Asking without
/// `NSUserTrackingUsageDescription` in the Info.plist crashes the app, reported as `app.crash`.
package final class SimulatedTrackingAuthorization: TrackingAuthorizer, Sendable {
    private let device: SimulatedDevice
    let process: AppProcess
    private let user: ScriptedAnswer<TrackingPromptAnswer>?
    /// Whether the user tapped Additional Information on a sheet of this process, and is reading
    /// what the app showed.
    private let readingAdditionalInformation = Locked(false)

    /// Creates the OS service for a process, with the user's scripted answer to the prompt.
    package init(device: SimulatedDevice, process: AppProcess, user: ScriptedAnswer<TrackingPromptAnswer>?) {
        self.device = device
        self.process = process
        self.user = user
    }

    /// The status, computed by the OS on every read.
    package var trackingAuthorizationStatus: TrackingAuthorizationStatus { device.trackingStatus }

    /// Asks for authorization, as the OS does.
    package func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
        requestTrackingAuthorization(by: .app, completion: completion)
    }

    /// Asks for authorization preferring the expanded interface, as OS 27.2 does (the plain
    /// request before 27.2 or outside the EU).
    package func requestTrackingAuthorization(
        preferringExpandedInterface: Bool, additionalInformation: (@Sendable () -> Void)?,
        completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void
    ) {
        requestTrackingAuthorization(
            by: .app, expanded: ExpandedRequest(prefers: preferringExpandedInterface, action: additionalInformation),
            completion: completion)
    }

    /// What an expanded request asked for: whether it prefers the sheet, and the app's action for
    /// the Additional Information button.
    struct ExpandedRequest: Sendable {
        let prefers: Bool
        let action: (@Sendable () -> Void)?
    }

    /// Asks for authorization on behalf of the app or of an SDK in its process (the consent SDK's
    /// IDFA explainer asks itself); the OS treats both alike, the trace says who asked (`by`).
    package func requestTrackingAuthorization(by requester: TrackingRequester, completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
        requestTrackingAuthorization(by: requester, expanded: nil, completion: completion)
    }

    private func requestTrackingAuthorization(
        by requester: TrackingRequester, expanded: ExpandedRequest?, completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void
    ) {
        guard process.answersCalls else { return }
        // An `appState: inactive` fault: the app goes inactive as it asks (another alert comes up, or
        // the launch is not over), and stays so until it next comes to the foreground.
        if !process.faults.take(.trackingRequest, matching: { $0 == .appInactive }).isEmpty {
            device.setAppState(.inactive, reason: "fault")
        }
        let effects = process.faults.take(.trackingRequest) { $0 != .appInactive }
        let trace = process.trace
        let settings = device.settings
        trace.record(
            .trackingRequest,
            [
                EventField("appState", device.appState.rawValue), EventField("os", settings.osVersion.description),
            ] + (requester == .app ? [] : [EventField("by", requester.rawValue)])
                + (expanded.map { [EventField("preferExpanded", String($0.prefers))] } ?? []))
        let reprompt = device.isEligibleForReprompt(at: process.clock.now)

        let immediate: (TrackingAuthorizationStatus, TrackingNoPromptReason)? = {
            if !settings.osVersion.hasTrackingPrompt { return (device.trackingStatus, .noPromptBefore14) }
            if settings.trackingRestricted { return (.restricted, .restricted) }
            switch device.storedAnswer {
            case .allowed, .denied: if !reprompt { return (device.trackingStatus, .storedAnswer) }
            case .none: break
            }
            if !settings.allowAppsToRequestToTrack {
                if settings.osVersion.keepsDenialFromSwitchOff { _ = device.store(.deny, at: process.clock.now) }
                return (.denied, .systemSwitchOff)
            }
            // No prompt: the status as it stands (`notDetermined` on a first ask, the stored answer
            // when it is eligible for the yearly re-prompt).
            if device.isPromptOnScreen { return (device.trackingStatus, .anotherPromptOnScreen) }
            if !device.isActive { return (device.trackingStatus, .appNotActive) }
            return nil
        }()
        if let (status, reason) = immediate {
            trace.record(
                .trackingAnswer,
                [
                    EventField(.trackingStatus, status), EventField(.prompted, false), EventField(.trackingAnswerReason, .noPrompt(reason)),
                ])
            process.delivery.deliver("tracking.request completion", timing: .immediate, effects: effects) { completion(status) }
            return
        }
        guard device.infoPlist.contains(.trackingUsageDescription) else {
            let device = device
            process.crash(.trackingUsageDescriptionMissing, in: "tracking.request completion") { completion(device.trackingStatus) }
            return
        }
        let sheet =
            settings.osVersion.hasEUTrackingPromptRules
            && (settings.trackingPromptRegion == .euFullPageSheet || settings.trackingPromptRegion == .eu && expanded?.prefers == true)
        let noAction: @Sendable () -> Void = {}
        showPrompt(sheet: sheet ? expanded?.action ?? noAction : nil, reprompt: reprompt, effects: effects, completion: completion)
    }

    /// Shows the prompt: the alert, or, with `sheet` (the app's Additional Information action), the
    /// expanded sheet.
    private func showPrompt(
        sheet: (@Sendable () -> Void)?, reprompt: Bool, effects: [FaultEffect], completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void
    ) {
        let trace = process.trace
        let delivery = process.delivery
        let device = device
        let answersEarly = device.settings.osVersion.answersTrackingRequestEarly
        // The prompt ends once: answered by the user, or dismissed by the system when the app leaves.
        let prompt = Locked<(over: Bool, answer: (any ScheduledWork)?)>((false, nil))
        let claim: @Sendable () -> Bool = {
            prompt.withLock { prompt in
                defer { prompt.over = true }
                return !prompt.over
            }
        }
        let takeAway: @Sendable () -> Void = {
            guard claim() else { return }
            prompt.withLock { $0.answer }?.cancel()
            let status = device.trackingStatus
            trace.record(
                .trackingAnswer,
                [
                    EventField(.trackingStatus, status), EventField(.prompted, true),
                    EventField(.trackingPromptOutcome, .takenAway), EventField(.trackingAnswerReason, .appLeftForeground),
                ])
            if !answersEarly {
                delivery.deliver("tracking.request completion", timing: .laterOnBackgroundThread(.zero), effects: effects) {
                    completion(status)
                }
            }
        }
        let token = device.promptAppeared(onSystemDismiss: takeAway)
        trace.record(.trackingPrompt, (sheet == nil ? [] : [EventField(.trackingPromptStyle, .sheet)]) + (reprompt ? [EventField("reprompt", "true")] : []))
        if answersEarly {
            trace.record(
                .trackingAnswer,
                [
                    EventField(.trackingStatus, .denied), EventField(.prompted, true), EventField(.trackingAnswerReason, .earlyAnswer),
                ])
            delivery.deliver("tracking.request completion", timing: .immediate, effects: effects) { completion(.denied) }
        }
        guard let user else {
            // Once the run is over, the system takes the prompt away, as when the app leaves the foreground.
            process.leaveUnanswered(
                "tracking prompt", scriptKey: .trackingPrompt,
                because: "the tracking prompt is on screen but the user has no scripted answer (user.trackingPrompt)", takeAway: takeAway)
            return
        }
        if user.answer == .additionalInformation && sheet == nil {
            process.leaveUnanswered(
                "tracking prompt",
                because: "the tracking alert has two buttons (allow, deny) and no Additional Information: that button is on the expanded "
                    + "sheet of OS 27.2 in the EU (device.osVersion, device.country, the app's expanded request)",
                takeAway: takeAway
            )
            return
        }
        if sheet != nil, user.answer == .additionalInformation, readingAdditionalInformation.snapshot {
            // A person who asked for more information reads what the app showed: a sheet the app
            // shows again in this process waits for them, as the user script gives no second
            // answer, rather than being answered at the same instant again and again.
            process.clock.scheduleNever(
                label: "tracking prompt: the user reads the app's additional information", kind: .unansweredPrompt, playOut: takeAway)
            return
        }
        let process = process
        let reading = readingAdditionalInformation
        let answer = process.scheduleUserAnswer(after: user.after, label: "user answers the tracking prompt: \(user.answer.rawValue)") {
            if user.answer == .leaveApp {
                // The user goes to the home screen: the system takes the prompt away (onSystemDismiss).
                // The user stays away until the scenario brings the app back (a `foreground` step), as
                // leaving and coming back take a person time: a glue that asks again once active is
                // asked again only then, never in a loop at one instant.
                device.setAppState(.background, reason: "userLeftApp")
                // The device no longer holds the prompt of a process that ended: once the run is over, it goes the same way.
                takeAway()
                return
            }
            guard claim() else { return }
            let status = device.store(user.answer, at: process.clock.now)
            trace.record(
                .trackingAnswer,
                [
                    EventField(.trackingStatus, status), EventField(.prompted, true), EventField(.trackingPromptOutcome, .answered(user.answer)),
                ])
            if let sheet, user.answer == .additionalInformation {
                reading.withLock { $0 = true }
                delivery.deliver("tracking.request additionalInformation", timing: .nowOnBackgroundThread, effects: []) { sheet() }
            }
            if !answersEarly {
                delivery.deliver("tracking.request completion", timing: .nowOnBackgroundThread, effects: effects) { completion(status) }
            }
            device.promptDisappeared(token)
        }
        prompt.withLock { $0.answer = answer }
    }

}
