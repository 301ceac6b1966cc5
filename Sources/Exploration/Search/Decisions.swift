import AdHarness
import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import Scenarios
import StandInRuntime

/// What the explorer has decided so far on one path: the answer to each prompt that has appeared,
/// and for each call made, clean or the fault it carries. Undecided means not met yet.
struct Decisions: Hashable, Sendable {
    /// The chosen answers, in the order their prompts first appeared.
    var answers: [AnswerChoice] = []
    /// Each target met so far: `nil` for clean, or the fault chosen for it.
    var faults: [FaultTarget: Fault?] = [:]
    /// The faults chosen, in the order their targets were met.
    var chosenFaults: [Fault] = []
    /// The device the path runs on, when the explorer varies it.
    var device = DeviceVariant()

    func hasAnswer(for key: UserScriptKey) -> Bool { answers.contains { $0.key == key } }

    func answering(_ choice: AnswerChoice) -> Decisions {
        var next = self
        next.answers.append(choice)
        return next
    }

    func deciding(_ target: FaultTarget, _ fault: Fault?) -> Decisions {
        var next = self
        next.faults[target] = .some(fault)
        if let fault { next.chosenFaults.append(fault) }
        return next
    }

    /// The scenario with these answers and faults added to the starting point's own.
    func applied(to start: Scenario, steps: [Step]) -> Scenario {
        var scenario = start
        device.apply(to: &scenario.device)
        for choice in answers { choice.apply(to: &scenario.user) }
        scenario.faults += chosenFaults
        scenario.steps = start.steps + steps
        return scenario
    }
}

/// An OS version, a consent region and a country the explorer runs on, where the starting point
/// leaves them open.
struct DeviceVariant: Hashable, Sendable, CustomStringConvertible {
    var osVersion: String?
    var region: ConsentRegion?
    /// The country, for the OS's EU rules on the tracking prompt (from 27.2, in the EEA only).
    var country: String?

    /// The OS versions where the OS changes its answers (the EU rules of 27.2, today, the early
    /// `denied` of 17.4, before tracking authorization was enforced, before it existed).
    static let osVersions = ["27.2", "18.0", "17.4", "14.4", "13.7"]

    /// The countries an EEA device of an OS with the EU rules is placed in: France, where every
    /// prompt is the full-page sheet, and Spain, where it is only when the app prefers it.
    static let euCountries = ["FR", "ES"]

    func apply(to device: inout Device) {
        if let osVersion, let parsed = OSVersion(text: osVersion) { device.os.osVersion = parsed }
        if let region { device.sdk.region = region }
        if let country { device.country = country }
    }

    /// The scenario object with the fields the search set, as a fixture's `device` object spells them.
    func setting(_ object: JSONValue) -> JSONValue { object.settingDevice(osVersion: osVersion, region: region, country: country) }

    /// `osVersion="27.2" region="eea" country="FR"`: the fields the search set, as the fixture's `device` object spells them.
    var description: String {
        guard case .object(let fields)? = setting(.object([]))[Scenario.CodingKeys.device] else { return "" }
        return fields.map { "\($0.0)=\($0.1.text(indent: nil))" }.joined(separator: " ")
    }
}

extension AnswerChoice {
    /// Puts the answer into a user script.
    func apply(to user: inout User) {
        switch key {
        case .trackingPrompt: user.trackingPrompt = TrackingPromptAnswer(rawValue: answer).map { ScriptedAnswer($0, after: after) }
        case .consentForm: user.consentForm = ConsentFormAnswer(rawValue: answer).map { ScriptedAnswer($0, after: after) }
        case .privacyOptionsForm: user.privacyOptionsForm = ConsentFormAnswer(rawValue: answer).map { ScriptedAnswer($0, after: after) }
        case .legacyConsentForm: user.legacyConsentForm = LegacyFormAnswer(rawValue: answer).map { ScriptedAnswer($0, after: after) }
        }
    }
}

extension User {
    /// The user-script keys that already have an answer.
    var answeredKeys: Set<UserScriptKey> {
        var keys: Set<UserScriptKey> = []
        if trackingPrompt != nil { keys.insert(.trackingPrompt) }
        if consentForm != nil { keys.insert(.consentForm) }
        if privacyOptionsForm != nil { keys.insert(.privacyOptionsForm) }
        if legacyConsentForm != nil { keys.insert(.legacyConsentForm) }
        return keys
    }
}
