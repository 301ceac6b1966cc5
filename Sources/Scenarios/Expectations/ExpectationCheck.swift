import AdHarness
import AdRequestKit
import Foundation
import StandInRuntime

/// Compares a finished run with a scenario's expectations.
struct ExpectationCheck {
    let app: SimulatedApp
    let trace: [TraceEvent]
    let leftovers: Leftovers
    var mismatches: [Mismatch] = []

    init(app: SimulatedApp, trace: [TraceEvent], leftovers: Leftovers) {
        self.app = app
        self.trace = trace
        self.leftovers = leftovers
    }

    mutating func mismatch(_ expectation: String, expected: String, actual: String, at divergence: Int? = nil) {
        mismatches.append(Mismatch(expectation: expectation, expected: expected, actual: actual, divergence: divergence))
    }

    func indices(of name: TraceName) -> [Int] { trace.indices.filter { trace[$0].name == name } }

    mutating func all(_ expect: Expectations) {
        if let final = expect.final { check(final) }
        if let requests = expect.adRequests { check(requests) }
        if let every = expect.everyAdRequest { check(every: every) }
        if let count = expect.trackingPrompts { check(count: count, of: .trackingPrompt, as: "expect.trackingPrompts") }
        if let count = expect.consentForms { check(count: count, of: .consentFormPresent, as: "expect.consentForms") }
        if let trace = expect.trace { check(trace) }
        if let errors = expect.errors {
            check(list: errors, events: .appError, as: "expect.errors") { "\($0["stage"] ?? "?").\($0["code"] ?? "?")" }
        }
        if let refusals = expect.refusals {
            check(list: refusals.map(\.rawValue), events: .adsRefused, as: "expect.refusals") { $0["reason"] ?? "?" }
        }
        if let crash = expect.crash { check(crash) }
        if let pending = expect.pending, app.pendingWork.count != pending {
            mismatch(
                "expect.pending", expected: String(pending), actual: "\(app.pendingWork.count): \(app.pendingWork.map(\.description).joined(separator: "; "))")
        }
        if let warnings = expect.warnings {
            var seen: [String] = []
            for warning in app.warnings where !seen.contains(warning.rule.rawValue) { seen.append(warning.rule.rawValue) }
            let wanted = warnings.map(\.rawValue)
            if seen != wanted {
                mismatch(
                    "expect.warnings", expected: wanted.isEmpty ? "none" : wanted.joined(separator: ", "),
                    actual: seen.isEmpty ? "none" : seen.joined(separator: ", "))
            }
        }
        if expect.nothingLeft == true, !leftovers.inTheWorld.isClean {
            mismatch("expect.nothingLeft", expected: "nothing left", actual: leftovers.inTheWorld.description.replacingOccurrences(of: "\n", with: "; "))
        }
    }

    mutating func check(_ final: FinalState) {
        guard let truth = app.groundTruth else {
            mismatch("expect.final", expected: "a launched app", actual: "never launched")
            return
        }
        let believed = app.referenceGlue?.believedState?.legacy
        // The current consent SDK's own statuses; the legacy profile has neither.
        let currentSDK = app.runningStandIns.flatMap { $0.legacyConsentInformation == nil ? $0.consentInformation : nil }
        let pairs: [(String, String?, String)] = [
            ("tracking", final.tracking?.description, truth.tracking.description),
            ("consent", final.consent?.description, truth.consent.description),
            ("canRequestAds", final.canRequestAds.map { String($0) }, String(truth.canRequestAds)),
            ("shouldUseNPA", final.shouldUseNPA.map { String($0) }, String(truth.shouldUseNPA)),
            ("legacyConsent", final.legacyConsent?.description, truth.legacyConsent?.description ?? "none (current profile)"),
            ("usePersonalizedAds", final.usePersonalizedAds.map { String($0) }, believed.map { String($0.usePersonalizedAds) } ?? "none"),
            ("prefersAdFree", final.prefersAdFree.map { String($0) }, believed.map { String($0.prefersAdFree) } ?? "none"),
            ("location", final.location?.description, truth.location.description),
            ("formStatus", final.formStatus?.description, currentSDK.map { $0.formStatus.description } ?? "none (legacy profile)"),
            ("privacyOptions", final.privacyOptions?.description, currentSDK.map { $0.privacyOptionsRequirement.description } ?? "none (legacy profile)"),
        ]
        for (field, expected, actual) in pairs {
            if let expected, expected != actual { mismatch("expect.final.\(field)", expected: expected, actual: actual, at: trace.indices.last) }
        }
    }

    mutating func check(_ expected: [ExpectedAdRequest]) {
        let requests = indices(of: .adsRequest)
        for (offset, expectation) in expected.enumerated() {
            guard offset < requests.count else {
                mismatch("expect.adRequests", expected: "\(expected.count) requests", actual: "\(requests.count)", at: requests.last)
                return
            }
            let event = trace[requests[offset]]
            if !expectation.matches(event.fields) {
                mismatch("expect.adRequests[\(offset)]", expected: expectation.summary, actual: shown(event, as: expectation), at: requests[offset])
            }
        }
        if requests.count > expected.count {
            mismatch("expect.adRequests", expected: "\(expected.count) requests", actual: "\(requests.count)", at: requests[expected.count])
        }
    }

    /// Each request must match; the first that does not is the mismatch.
    mutating func check(every expectation: ExpectedAdRequest) {
        let requests = indices(of: .adsRequest)
        guard let (number, index) = requests.enumerated().first(where: { !expectation.matches(trace[$0.element].fields) }) else { return }
        mismatch(
            "expect.everyAdRequest", expected: "every request \(expectation.summary)",
            actual: "request \(number + 1) of \(requests.count) \(shown(trace[index], as: expectation))", at: index)
    }

    /// A recorded request, with what the expectation pins: the mode and its rule when it pins either,
    /// the tags when it pins one, the consent SDK's answer when it pins that.
    func shown(_ event: TraceEvent, as expectation: ExpectedAdRequest) -> String {
        let serving =
            expectation.mode == nil && expectation.modeRule == nil
            ? "" : ", mode: \(event[.mode]?.traceText ?? "?"), modeRule: \(event[.modeRule]?.traceText ?? "?")"
        let tags =
            !expectation.pinsTags
            ? ""
            : ", childDirected: \(event[.childDirected] ?? false)" + ", underAgeOfConsent: \(event[.underAgeOfConsent] ?? false)"
                + ", ageTreatment: \((event[.ageTreatment] ?? .unspecified).traceText)"
        let signal = expectation.canRequestAds == nil ? "" : ", canRequestAds: \(event[.canRequestAds]?.traceText ?? "?")"
        return "{npa: \(event[.npa]?.traceText ?? "?"), idfa: \(event[.identifierSent]?.traceText ?? "?")\(serving)\(tags)\(signal)}"
    }

    mutating func check(count expected: Int, of name: TraceName, as expectation: String) {
        let found = indices(of: name)
        guard found.count != expected else { return }
        mismatch(expectation, expected: String(expected), actual: String(found.count), at: found.count > expected ? found[expected] : nil)
    }

    mutating func check(_ expected: TraceExpectations) {
        for pattern in expected.contains where !trace.contains(where: pattern.matches) {
            mismatch("expect.trace.contains", expected: "an event \(pattern)", actual: "none")
        }
        var position = 0
        var lastMatch: Int?
        for pattern in expected.inOrder {
            guard let found = trace[position...].firstIndex(where: pattern.matches) else {
                let after = lastMatch.map { "after event \($0 + 1) (\(trace[$0].name))" } ?? "from the start"
                mismatch("expect.trace.inOrder", expected: "\(pattern) \(after)", actual: "none", at: lastMatch)
                break
            }
            lastMatch = found
            position = found + 1
        }
        for pattern in expected.absent {
            if let found = trace.firstIndex(where: pattern.matches) {
                mismatch("expect.trace.absent", expected: "no event \(pattern)", actual: trace[found].description, at: found)
            }
        }
    }

    mutating func check(list expected: [String], events name: TraceName, as expectation: String, _ spell: (TraceEvent) -> String) {
        let found = indices(of: name)
        let actual = found.map { spell(trace[$0]) }
        guard actual != expected else { return }
        let firstDifference = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
        mismatch(
            expectation, expected: "[\(expected.joined(separator: ", "))]", actual: "[\(actual.joined(separator: ", "))]",
            at: firstDifference < found.count ? found[firstDifference] : nil)
    }

    mutating func check(_ crash: CrashExpectation) {
        let crashed = indices(of: .appCrash).first
        switch crash {
        case .none:
            if let crashed { mismatch("expect.crash", expected: "none", actual: trace[crashed]["reason"] ?? "?", at: crashed) }
        case .crashed(let reason):
            let actual = crashed.flatMap { trace[$0]["reason"] } ?? "none"
            if actual != reason.rawValue { mismatch("expect.crash", expected: reason.rawValue, actual: actual, at: crashed) }
        }
    }
}
