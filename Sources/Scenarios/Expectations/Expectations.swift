import AdHarness
import AdRequestKit
import AppInfoPlist
import MockAdNetwork
import StandInRuntime

/// What must be true after a scenario's steps. Every part is optional; rules are always checked.
public struct Expectations: Sendable, Decodable {
    /// The state after the last step, as the OS and the consent SDK report it.
    public var final: FinalState?
    /// Every ad request that reached the ad SDK, in order.
    public var adRequests: [ExpectedAdRequest]?
    /// What each ad request that reached the ad SDK must show, however many there were (none passes):
    /// the form a scenario for any correct glue takes, since glues send different numbers of requests.
    public var everyAdRequest: ExpectedAdRequest?
    /// How many times the OS tracking prompt was shown.
    public var trackingPrompts: Int?
    /// How many times a consent or privacy-options form was shown.
    public var consentForms: Int?
    /// Events that must, or must not, appear.
    public var trace: TraceExpectations?
    /// Errors the app surfaced, as `stage.code`, in order.
    public var errors: [String]?
    /// Why the app crashed; `"none"` for no crash.
    public var crash: CrashExpectation?
    /// Why the app refused ad requests, in order.
    package var refusals: [AdRequestRefusal]?
    /// How much work is still pending at the end (unanswered prompts, withheld callbacks, timers).
    public var pending: Int?
    /// The rule the run must break (for scenarios that demonstrate an app mistake).
    public var violation: RuleID?
    /// The rules the run must warn of, each once, in the order first broken; `[]` for none.
    public var warnings: [RuleID]?
    /// Whether the run must leave nothing behind: no callback, prompt or scripted answer pending,
    /// no unfired fault. The glue's own timers are its business and are not counted.
    package var nothingLeft: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case final, adRequests, everyAdRequest, trackingPrompts, consentForms, trace, errors, crash, refusals, pending, violation, warnings, nothingLeft
    }

    /// Every code an error the app observes may have, as `expect.errors` spells it after the stage:
    /// the consent SDK's request and form errors, the ad SDK's load errors, the legacy consent
    /// SDK's reasons, and `noResponse` (no callback before the app's timeout).
    static let errorCodes: [String] = Array(
        Set(
            ConsentRequestError.recognizedNames + ConsentFormError.recognizedNames + AdLoadError.recognizedNames
                + LegacyConsentError.Reason.allCases.map(\.rawValue) + ["noResponse"])
    ).sorted()

    /// Whether `code` is one an observed error may have: a known code, or `unrecognized(N)`, an
    /// unknown raw value's spelling.
    static func isErrorCode(_ code: String) -> Bool {
        if errorCodes.contains(code) { return true }
        guard code.hasPrefix("unrecognized("), code.hasSuffix(")") else { return false }
        let number = code.dropFirst("unrecognized(".count).dropLast()
        return Int(number) != nil
    }

    /// The expectations that pin one glue's own flow (its calls, their number and order, where its
    /// steps leave the world), as JSON paths with why: a scenario for any correct glue (`"glue": "any"`)
    /// may not hold them, since correct glues differ in all of these.
    var glueFlowPins: [String] {
        var pins: [String] = []
        if final != nil { pins.append("expect.final (where one glue's steps leave the world)") }
        if adRequests != nil { pins.append("expect.adRequests (how many requests one glue sends, in order; use expect.everyAdRequest)") }
        if trackingPrompts != nil { pins.append("expect.trackingPrompts (how often one glue asks)") }
        if consentForms != nil { pins.append("expect.consentForms (how often one glue shows a form)") }
        if let trace {
            if !trace.contains.isEmpty { pins.append("expect.trace.contains (which calls one glue makes; expect.trace.absent holds for any glue)") }
            if !trace.inOrder.isEmpty { pins.append("expect.trace.inOrder (the order of one glue's calls)") }
        }
        if case .crashed? = crash { pins.append("expect.crash (a crash one glue's calls cause; \"none\" holds for any glue)") }
        if violation != nil { pins.append("expect.violation (a rule one glue breaks)") }
        if let warnings, !warnings.isEmpty { pins.append("expect.warnings (rules one glue breaks; [] holds for any correct glue)") }
        if nothingLeft != nil { pins.append("expect.nothingLeft (what one glue leaves waiting)") }
        return pins
    }

    /// The expectations that read the reference glue's log or beliefs, as JSON paths.
    var referenceGlueReasons: [String] {
        var reasons: [String] = []
        if final?.usePersonalizedAds != nil { reasons.append("expect.final.usePersonalizedAds") }
        if final?.prefersAdFree != nil { reasons.append("expect.final.prefersAdFree") }
        if errors != nil { reasons.append("expect.errors") }
        if refusals != nil { reasons.append("expect.refusals") }
        if pending != nil { reasons.append("expect.pending (counts the glue's own timers)") }
        if let trace {
            for (list, patterns) in [("contains", trace.contains), ("inOrder", trace.inOrder), ("absent", trace.absent)] {
                for pattern in patterns where !pattern.name.isGroundTruth {
                    reasons.append("expect.trace.\(list) \"\(pattern.name)\" (the glue's log)")
                }
            }
        }
        return reasons
    }

    /// Decodes the `expect` object.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        final = try container.decodeIfPresent(FinalState.self, forKey: .final)
        adRequests = try container.decodeIfPresent([ExpectedAdRequest].self, forKey: .adRequests)
        everyAdRequest = try container.decodeIfPresent(ExpectedAdRequest.self, forKey: .everyAdRequest)
        trackingPrompts = try container.decodeCountIfPresent(forKey: .trackingPrompts)
        consentForms = try container.decodeCountIfPresent(forKey: .consentForms)
        trace = try container.decodeIfPresent(TraceExpectations.self, forKey: .trace)
        errors = try container.decodeList(
            forKey: .errors,
            { text in
                let parts = text.split(separator: ".", maxSplits: 1)
                guard parts.count == 2, FlowStage(rawValue: String(parts[0])) != nil else { return nil }
                return Self.isErrorCode(String(parts[1])) ? text : nil
            },
            expected: { text in
                let parts = text.split(separator: ".", maxSplits: 1)
                guard parts.count == 2, FlowStage(rawValue: String(parts[0])) != nil else {
                    return "expected stage.code with a stage among \(FlowStage.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\""
                }
                // A code no error has would only ever fail the run, as if the app had missed an error.
                return "expected stage.code with a code among \(Self.errorCodes.joined(separator: ", ")) or unrecognized(N), got \"\(text)\""
                    + Suggestion.hint(for: String(parts[1]), in: Self.errorCodes)
            })
        if container.contains(.crash) {
            let text = try container.decode(String.self, forKey: .crash)
            if text == "none" {
                crash = CrashExpectation.none
            } else if let reason = CrashReason(rawValue: text) {
                crash = .crashed(reason)
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: .crash, in: container,
                    debugDescription: "expected none or one of \(CrashReason.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\""
                )
            }
        }
        refusals = try container.decodeChoicesIfPresent(AdRequestRefusal.self, forKey: .refusals)
        pending = try container.decodeCountIfPresent(forKey: .pending)
        let known = decoder.userInfo[RuleID.knownRulesKey] as? RuleSet ?? .standard
        violation = try container.decodeRuleIfPresent(forKey: .violation, knowing: known)
        warnings = try container.decodeRulesIfPresent(forKey: .warnings, knowing: known)
        nothingLeft = try container.decodeIfPresent(Bool.self, forKey: .nothingLeft)
    }
}

/// Whether, and why, the app is expected to crash.
public enum CrashExpectation: Hashable, Sendable {
    /// The app must not crash.
    case none
    /// The app must crash for this reason.
    case crashed(CrashReason)
}

/// The `expect.final` object: any subset of the state after the last step.
///
/// `tracking`, `consent`, `canRequestAds`, `formStatus`, `privacyOptions`, `legacyConsent` and
/// `location` are what the OS and the consent SDK report; `shouldUseNPA` is what the decision table requires of a request made now,
/// from those answers. `usePersonalizedAds` and `prefersAdFree` are the reference glue's own state.
public struct FinalState: Hashable, Sendable, Decodable {
    /// The tracking status the OS reports.
    package var tracking: TrackingAuthorizationStatus?
    /// The consent status the consent SDK reports (the legacy SDK's, in the current SDK's terms).
    package var consent: UserConsentStatus?
    /// Whether the consent SDK allows ad requests.
    package var canRequestAds: Bool?
    /// Whether a request made now must carry `npa=1`, by the decision table on those answers.
    package var shouldUseNPA: Bool?
    /// The legacy consent SDK's status (legacy profile).
    package var legacyConsent: LegacyConsentStatus?
    /// The app's "use personalized ads" preference (legacy profile).
    package var usePersonalizedAds: Bool?
    /// Whether the user chose the ad-free version (legacy profile).
    package var prefersAdFree: Bool?
    /// The location status as the OS reports it.
    package var location: LocationAuthorizationStatus?
    /// Whether the consent SDK has a form to load (current profile).
    package var formStatus: ConsentFormStatus?
    /// Whether the consent SDK requires a privacy-options entry point (current profile).
    package var privacyOptions: PrivacyOptionsRequirement?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case tracking, consent, canRequestAds, shouldUseNPA, legacyConsent, usePersonalizedAds, prefersAdFree, location, formStatus, privacyOptions
    }

    /// Decodes the object.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tracking = try container.decodeStatusIfPresent(TrackingAuthorizationStatus.self, forKey: .tracking)
        consent = try container.decodeStatusIfPresent(UserConsentStatus.self, forKey: .consent)
        canRequestAds = try container.decodeIfPresent(Bool.self, forKey: .canRequestAds)
        shouldUseNPA = try container.decodeIfPresent(Bool.self, forKey: .shouldUseNPA)
        legacyConsent = try container.decodeStatusIfPresent(LegacyConsentStatus.self, forKey: .legacyConsent)
        usePersonalizedAds = try container.decodeIfPresent(Bool.self, forKey: .usePersonalizedAds)
        prefersAdFree = try container.decodeIfPresent(Bool.self, forKey: .prefersAdFree)
        location = try container.decodeStatusIfPresent(LocationAuthorizationStatus.self, forKey: .location)
        formStatus = try container.decodeStatusIfPresent(ConsentFormStatus.self, forKey: .formStatus)
        privacyOptions = try container.decodeStatusIfPresent(PrivacyOptionsRequirement.self, forKey: .privacyOptions)
    }
}

/// An `expect.adRequests` entry.
public struct ExpectedAdRequest: Hashable, Sendable, Decodable {
    /// Whether the request carried `npa=1`.
    package var npa: Bool?
    /// What the request sent as the advertising identifier: `zero` or `set` as the ad SDK read it,
    /// or `withheld` under child-directed treatment.
    package var idfa: AdvertisingIdentifierSent?
    /// The ad serving mode the request got.
    package var mode: ServingMode?
    /// The serving-mode rule that decided it.
    package var modeRule: ServingModeRule?
    /// Whether the request was tagged child-directed (`false`: the tag was false or not set).
    package var childDirected: Bool?
    /// Whether the request was tagged under the age of consent (`false`: the tag was false or not set).
    package var underAgeOfConsent: Bool?
    /// The age treatment the request received.
    package var ageTreatment: AudienceAgeTreatment?
    /// Whether the consent SDK allowed ad requests when the request reached the ad SDK.
    package var canRequestAds: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case npa, idfa, mode, modeRule, childDirected, underAgeOfConsent, ageTreatment, canRequestAds
    }

    /// Decodes the object.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        npa = try container.decodeIfPresent(Bool.self, forKey: .npa)
        idfa = try container.decodeChoiceIfPresent(AdvertisingIdentifierSent.self, forKey: .idfa)
        mode = try container.decodeChoiceIfPresent(ServingMode.self, forKey: .mode)
        modeRule = try container.decodeChoiceIfPresent(ServingModeRule.self, forKey: .modeRule)
        childDirected = try container.decodeIfPresent(Bool.self, forKey: .childDirected)
        underAgeOfConsent = try container.decodeIfPresent(Bool.self, forKey: .underAgeOfConsent)
        ageTreatment = try container.decodeChoiceIfPresent(AudienceAgeTreatment.self, forKey: .ageTreatment)
        canRequestAds = try container.decodeIfPresent(Bool.self, forKey: .canRequestAds)
    }

    /// Whether a recorded request matches; a tag the request does not show counts as not set.
    func matches(_ request: [EventField]) -> Bool {
        (npa.map { $0 == request[field: .npa] } ?? true) && (idfa.map { $0 == request[field: .identifierSent] } ?? true)
            && (mode.map { $0 == request[field: .mode] } ?? true)
            && (modeRule.map { $0 == request[field: .modeRule] } ?? true)
            && (canRequestAds.map { $0 == request[field: .canRequestAds] } ?? true)
            && tagsMatch(request)
    }

    /// Whether the pinned tags match the request's.
    func tagsMatch(_ request: [EventField]) -> Bool {
        (childDirected.map { $0 == (request[field: .childDirected] ?? false) } ?? true)
            && (underAgeOfConsent.map { $0 == (request[field: .underAgeOfConsent] ?? false) } ?? true)
            && (ageTreatment.map { $0 == (request[field: .ageTreatment] ?? .unspecified) } ?? true)
    }

    /// Whether the entry pins a tag.
    var pinsTags: Bool { childDirected != nil || underAgeOfConsent != nil || ageTreatment != nil }

    /// `{npa: true, idfa: zero}`.
    var summary: String {
        "{"
            + [
                npa.map { "npa: \($0)" }, idfa.map { "idfa: \($0.rawValue)" }, mode.map { "mode: \($0.rawValue)" }, modeRule.map { "modeRule: \($0.rawValue)" },
                childDirected.map { "childDirected: \($0)" }, underAgeOfConsent.map { "underAgeOfConsent: \($0)" },
                ageTreatment.map { "ageTreatment: \($0.rawValue)" }, canRequestAds.map { "canRequestAds: \($0)" },
            ].compactMap { $0 }.joined(separator: ", ") + "}"
    }
}

/// The `expect.trace` object.
public struct TraceExpectations: Hashable, Sendable, Decodable {
    /// Events that must appear.
    package var contains: [TracePattern] = []
    /// Events that must appear in this order (not necessarily adjacent).
    package var inOrder: [TracePattern] = []
    /// Events that must not appear.
    package var absent: [TracePattern] = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case contains, inOrder, absent
    }

    /// Decodes the object.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contains = try container.decodeIfPresent([TracePattern].self, forKey: .contains) ?? []
        inOrder = try container.decodeIfPresent([TracePattern].self, forKey: .inOrder) ?? []
        absent = try container.decodeIfPresent([TracePattern].self, forKey: .absent) ?? []
    }
}
