import AdHarness
import ScenarioRunner
import Testing

/// One rule concept: every rule of the package's is a `Rule`, the protocol a team's rule implements,
/// and runs through it as the package runs it.
@Suite("The package's rules are Rules")
struct PackageRulesAsRulesTests {
    @Test("a rule set lists every rule of the package's as a Rule, with its statement, definition and source, reading ground truth only")
    func everyRuleIsARule() throws {
        let rules = RuleSet.standard.allRules
        #expect(rules.map(\.name) == RuleID.allCases.map(\.rawValue))
        for rule in rules {
            #expect(!rule.statement.isEmpty && !rule.definition.isEmpty && !rule.source.isEmpty, "\(rule.name)")
            // What a rule reads is what the stand-ins and the harness recorded, never the glue's log.
            #expect(!rule.events.isEmpty && rule.events.allSatisfy(\.isGroundTruth), "\(rule.name)")
        }
        let added = try RuleSet.standard.adding(NoAdBeforeOnboarding(), severity: .failure)
        #expect(added.allRules.map(\.name) == RuleID.allCases.map(\.rawValue) + ["myApp.noAdBeforeOnboarding"])
        #expect(added.allRules.last is NoAdBeforeOnboarding, "a team's rule is listed as the team wrote it")
    }

    /// Every rule of the package's on, and a copy of each beside it, both warnings: no run stops early.
    static func rulesWithCopies() throws -> RuleSet {
        var rules = RuleSet(base: .strict, Dictionary(uniqueKeysWithValues: RuleID.allCases.map { ($0, .warning) }))
        for rule in RuleSet.standard.allRules { rules = try adding(copyOf: rule, to: rules) }
        return rules
    }

    /// What a scenario's run found, as the originals found it and as the copies did: each finding
    /// as its rule, the event that made it and the step it names as its cause.
    static func findings(of file: ScenarioFile, glue: GlueFactory?, rules: RuleSet) throws -> (originals: [String], copies: [String]) {
        let verdict = try file.load().run(glue: glue, rules: rules)
        let findings = verdict.warnings.map { (name: $0.rule.rawValue, at: "at \($0.event), caused by \($0.cause.map { "\($0)" } ?? "itself")") }
        let originals = findings.filter { !$0.name.hasPrefix("copy.") }.map { "\($0.name) \($0.at)" }
        let copies = findings.filter { $0.name.hasPrefix("copy.") }.map { "\($0.name.dropFirst("copy.".count)) \($0.at)" }
        return (originals.sorted(), copies.sorted())
    }

    @Test("each rule of the package's, added under another name as a team's rule, finds what it finds on every bundled scenario of the reference glue")
    func copiesOnTheReferenceGlue() throws {
        let rules = try Self.rulesWithCopies()
        var fired: Set<String> = []
        for file in try ScenarioFile.bundled(for: .referenceGlue) {
            let (originals, copies) = try Self.findings(of: file, glue: nil, rules: rules)
            #expect(copies == originals, "\(file)")
            fired.formUnion(originals.map { String($0.prefix { $0 != " " }) })
        }
        // The comparison means something only where rules fire: a dozen do in the reference glue's files.
        #expect(fired.count >= 12, "\(fired.sorted())")
    }

    /// A glue with a bug, a scenario for any glue on which it breaks rules the reference glue's
    /// scenarios never break, and those rules. (A runaway loop, which spins each run to its budget,
    /// costs seconds here and is left out: `adLoadsBackOff` and `noRunawayLoop` are not compared.)
    struct BuggyRun: Sendable, CustomTestStringConvertible {
        let glue: GlueFactory
        let file: String
        let breaks: [RuleID]
        var testDescription: String { "\(glue.name) on \(file)" }
    }

    static let buggyRuns: [BuggyRun] = [
        BuggyRun(
            glue: ConsentManagerGlue.factory(.presentsFormWhenAvailable), file: "any-glue/decision-table/authorized-obtained.json",
            breaks: [.consentFormOnlyWhenRequired]),
        BuggyRun(
            glue: ConsentManagerGlue.factory(.privacyButtonShowsConsentForm),
            file: "any-glue/analytics/consent-mode-link-needs-analytics-configured-first.json", breaks: [.privacyOptionsReachable]),
        BuggyRun(
            glue: ConsentManagerGlue.factory(.neverShowsConsentForm), file: "any-glue/decision-table/denied-required.json",
            breaks: [.consentGatheredWhenRequired]),
        BuggyRun(
            glue: ConsentManagerGlue.factory(.neverRequestsAds), file: "any-glue/decision-table/authorized-not-required.json", breaks: [.wantedAdsRequested]),
        BuggyRun(
            glue: ConsentManagerGlue.factory(.neverRequestsAds), file: "any-glue/lifecycle/offline-returning-user-keeps-cached-consent.json",
            breaks: [.storedConsentUsedWhenUpdateFails]),
        BuggyRun(
            glue: RetryingConsentManager.factory(.nonPersonalizedAdsWhenUpdateFails), file: "any-glue/faults/consent-update-keeps-failing-new-user.json",
            breaks: [.noRequestWithoutConsentSDKPermission, .adSDKStartsOnlyWhenAdsAllowed]),
        BuggyRun(
            glue: ConsentManagerGlue.factory(.startsSDKWithoutGuard), file: "any-glue/decision-table/authorized-not-required.json", breaks: [.adSDKStartedOnce]),
        BuggyRun(
            glue: ConsentManagerGlue.factory(.asksTrackingAfterRefusal), file: "any-glue/tcf/reject-all-any-glue.json",
            breaks: [.noTrackingPromptAfterConsentRefused]),
        BuggyRun(
            glue: PreFixGlue.factory(.ignoresLateTrackingAnswer), file: "any-glue/quirks/os-17.4-early-denied.json", breaks: [.requestsFollowCurrentAnswers]),
        BuggyRun(
            glue: AnalyticsOrderGlue.factory(.analyticsAfterConsentSDK), file: "any-glue/analytics/consent-mode-link-needs-analytics-configured-first.json",
            breaks: [.analyticsConfiguredBeforeConsentSDK]),
        BuggyRun(
            glue: PartnerFlagsGlue.factory(.hardCodedConsent), file: "any-glue/decision-table/authorized-required.json",
            breaks: [.partnersToldConsentAfterConsentSDK]),
        BuggyRun(
            glue: InterstitialBreakGlue.factory(reloadsAfterEachShow: false), file: "any-glue/decision-table/denied-obtained.json",
            breaks: [.fullScreenAdPresentedOnce]),
        BuggyRun(
            glue: GlueFactory(name: "KidsAppGlue.tagTakenForNPA") { KidsAppGlue(ports: $0, bug: .tagTakenForNPA) },
            file: "any-glue/location/location-prompt-before-onboarding.json", breaks: [.trackingAskedAgainOnceActive]),
        BuggyRun(
            glue: GlueFactory(NaiveLaunchGlue.init), file: "any-glue/quirks/os-14.2-identifier-without-asking.json", breaks: [.identifierOnlyWhenAuthorized]),
    ]

    /// The bundled scenarios for any glue, read once for every case.
    static let anyGlueFiles = Result { try ScenarioFile.bundled(for: .anyGlue) }

    @Test("each rule of the package's, added under another name as a team's rule, finds what it finds in a glue with a bug", arguments: buggyRuns)
    func copiesOnABuggyGlue(_ run: BuggyRun) throws {
        let file = try #require(try Self.anyGlueFiles.get().first { "\($0)" == run.file }, "no bundled scenario \(run.file)")
        let (originals, copies) = try Self.findings(of: file, glue: run.glue, rules: Self.rulesWithCopies())
        #expect(copies == originals)
        for rule in run.breaks { #expect(originals.contains { $0.hasPrefix(rule.rawValue + " ") }, "\(rule) is not broken: \(originals)") }
    }

    /// Adds a copy of `rule` under another name, its type opened from `any Rule`.
    private static func adding<Base: Rule>(copyOf rule: Base, to rules: RuleSet) throws -> RuleSet {
        try rules.adding(Copy(base: rule), severity: .warning)
    }
}

/// A rule under another name that forwards every requirement to a rule it wraps.
private struct Copy<Base: Rule>: Rule {
    let base: Base
    var name: String { "copy." + base.name }
    var authority: RuleAuthority { base.authority }
    var statement: String { base.statement }
    var definition: String { base.definition }
    var source: String { base.source }
    var events: Set<TraceName> { base.events }
    var initialState: Base.State { base.initialState }
    var causedBy: Set<Step.Kind> { base.causedBy }

    func breaks(_ event: TraceEvent, state: Base.State, context: RuleContext) -> Bool { base.breaks(event, state: state, context: context) }
    func update(_ state: inout Base.State, after event: TraceEvent, context: RuleContext) { base.update(&state, after: event, context: context) }
}
