import AdRequestKit
import AppInfoPlist
import StandInRuntime

/// The requests' rules: when the OS ignores a request, which prompt it shows, what an answer does.
extension SimulatedLocationServices {
    /// Why a request does nothing, as recorded in `location.ignored`.
    struct Refusal {
        var reason: String
        var details: [EventField] = []

        /// The status is not one the request acts on.
        static func alreadyDetermined(_ status: LocationAuthorizationStatus) -> Refusal {
            Refusal(reason: "alreadyDetermined", details: [EventField("status", status.description)])
        }

        /// The first rule, in the order given, that refuses.
        static func first(_ rules: Refusal?...) -> Refusal? { rules.lazy.compactMap { $0 }.first }
    }

    func requestWhenInUse(process: AppProcess) {
        trace.record(.locationRequest, [EventField("kind", "whenInUse"), EventField("appState", device.appState.rawValue)])
        let (status, servicesOn) = state.withLock { ($0.status, $0.settings.servicesEnabled) }
        if let refusal = Refusal.first(
            missingUsageDescriptions(InfoPlistKey.locationUsageDescriptions(always: false)),
            servicesOn ? nil : Refusal(reason: "locationServicesOff"),
            status == .notDetermined ? nil : .alreadyDetermined(status),
            device.isActive ? nil : Refusal(reason: "appNotActive")
        ) {
            ignore("whenInUse", refusal)
            return
        }
        showPrompt("whenInUse", script: user.prompt, scriptField: "prompt", process: process) { [self] answer in
            answerFirstPrompt(answer, askedForAlways: false, process: process)
        }
    }

    func requestAlways(process: AppProcess) {
        trace.record(.locationRequest, [EventField("kind", "always"), EventField("appState", device.appState.rawValue)])
        let (status, servicesOn, allowOnce, requested) = state.withLock {
            ($0.status, $0.settings.servicesEnabled, $0.allowOnceProcess != nil, $0.alwaysRequested)
        }
        if let refusal = Refusal.first(
            missingUsageDescriptions(InfoPlistKey.locationUsageDescriptions(always: true)),
            servicesOn ? nil : Refusal(reason: "locationServicesOff"),
            allowOnce ? Refusal(reason: "allowOnce") : nil,
            requested ? Refusal(reason: "alwaysAlreadyRequested") : nil,
            status == .notDetermined || status == .authorizedWhenInUse ? nil : .alreadyDetermined(status),
            device.isActive ? nil : Refusal(reason: "appNotActive")
        ) {
            ignore("always", refusal)
            return
        }
        state.withLock { $0.alwaysRequested = true }
        guard status == .notDetermined else {
            showPrompt("escalateToAlways", script: user.alwaysPrompt, scriptField: "alwaysPrompt", process: process) { [self] answer in
                // "Keep Only While Using" changes nothing, so the app hears nothing.
                guard answer == .changeToAlways else { return }
                update(cause: "answer") { $0.access = .authorizedAlways }
            }
            return
        }
        showPrompt("always", script: user.prompt, scriptField: "prompt", process: process) { [self] answer in
            answerFirstPrompt(answer, askedForAlways: true, process: process)
        }
    }

    func requestTemporaryFullAccuracy(
        process: AppProcess,
        purposeKey: String,
        completion: @escaping @Sendable (LocationAuthorizationError?) -> Void
    ) {
        trace.record(.locationRequest, [EventField("kind", "temporaryFullAccuracy"), EventField("purpose", purposeKey)])
        let purposes: [String: PropertyListValue] =
            if case .dictionary(let purposes)? = device.infoPlist[InfoPlistKey.locationTemporaryUsageDescriptionDictionary] { purposes } else { [:] }
        let reading = state.withLock { $0.reading }
        let reason: LocationAuthorizationError.Reason? =
            if purposes[purposeKey] == nil { .missingPurposeKey } else if !reading.status.isAuthorized {
                .notAuthorized
            } else if reading.accuracy == .fullAccuracy { .alreadyFullAccuracy } else if !device.isActive { .appNotActive } else { nil }
        let delivery = process.delivery
        if let reason {
            ignore("temporaryFullAccuracy", Refusal(reason: reason.rawValue))
            delivery.deliver("temporary full accuracy completion", timing: .later(.zero)) { completion(LocationAuthorizationError(reason)) }
            return
        }
        // A prompt nobody answers is taken away once the run is over: the accuracy stays, and the completion comes.
        let takenAway: @Sendable () -> Void = { delivery.deliver("temporary full accuracy completion", timing: .later(.zero)) { completion(nil) } }
        showPrompt(
            "temporaryFullAccuracy", script: user.fullAccuracyPrompt, scriptField: "fullAccuracyPrompt", process: process, takenAway: takenAway
        ) { [self] answer in
            if answer == .allow {
                update(cause: "answer") { state in
                    state.accuracy = .fullAccuracy
                    state.fullAccuracyProcess = process.number
                }
            }
            // Answered either way: no error; the app reads the accuracy.
            delivery.deliver("temporary full accuracy completion", timing: .later(.zero)) { completion(nil) }
        }
    }

    // MARK: Rules

    /// The first prompt's answer; asked for always directly, "Allow While Using" grants a provisional always.
    private func answerFirstPrompt(_ answer: LocationPromptAnswer, askedForAlways: Bool, process: AppProcess) {
        let reduced = user.turnsPreciseOff
        update(cause: "answer") { state in
            switch answer {
            case .allowWhileUsing:
                state.access = askedForAlways ? .authorizedAlways : .authorizedWhenInUse
                state.provisionalAlways = askedForAlways
            case .allowOnce:
                state.access = .authorizedWhenInUse
                state.allowOnceProcess = process.number
            case .dontAllow:
                state.access = .denied
            }
            if answer != .dontAllow && reduced { state.accuracy = .reducedAccuracy }
        }
    }

    private func missingUsageDescriptions(_ keys: [InfoPlistKey]) -> Refusal? {
        let infoPlist = device.infoPlist
        let missing = keys.filter { !infoPlist.contains($0) }
        guard !missing.isEmpty else { return nil }
        return Refusal(reason: "missingUsageDescription", details: [EventField("missing", missing.map(\.name).joined(separator: ","))])
    }

    private func ignore(_ kind: String, _ refusal: Refusal) {
        trace.record(.locationIgnored, [EventField("kind", kind), EventField("reason", refusal.reason)] + refusal.details)
    }

    /// Shows a prompt (the app goes inactive) and applies the scripted answer after its delay;
    /// `takenAway` is what the app hears if nobody answers and the run is over.
    private func showPrompt<Answer: RawRepresentable & Hashable & Sendable>(
        _ kind: String,
        script: ScriptedAnswer<Answer>?,
        scriptField: String,
        process: AppProcess,
        takenAway: @escaping @Sendable () -> Void = {},
        answered: @escaping @Sendable (Answer) -> Void
    ) where Answer.RawValue == String {
        let token = device.promptAppeared()
        trace.record(.locationPrompt, [EventField("kind", kind)])
        guard let script else {
            process.leaveUnanswered(
                "location prompt (\(kind))",
                because: "the location prompt (\(kind)) is on screen but the user has no scripted answer (location \(scriptField))",
                takeAway: takenAway
            )
            return
        }
        process.scheduleUserAnswer(after: script.after, label: "user answers the location prompt (\(kind)): \(script.answer.rawValue)") { [self] in
            trace.record(.locationAnswer, [EventField("kind", kind), EventField("answer", script.answer.rawValue)])
            answered(script.answer)
            device.promptDisappeared(token)
        }
    }
}
