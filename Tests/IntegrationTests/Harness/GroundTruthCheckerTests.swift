import AdHarness
import AdRequestKit
import StandInRuntime
import Testing

/// The rule checker, fed events as the stand-ins and a glue would record them: it decides
/// from the stand-ins' events alone, and the glue's log changes nothing.
@Suite("The checker reads ground truth only")
struct GroundTruthCheckerTests {
    typealias Event = (name: TraceName, fields: KeyValuePairs<String, String>)

    /// The rules the events break as failures, in order (by default under the seed's policy, as
    /// the reference glue is checked); `finish` ends the run after them. Each event comes `apart`
    /// after the one before (none: all at one instant).
    func violations(_ events: [Event], rules: RuleSet = .seed, finish: Bool = false, apart: Duration = .seconds(1)) -> [RuleID] {
        checker(events, rules: rules, finish: finish, apart: apart).findings.filter { $0.severity == .failure }.map(\.rule)
    }

    /// The rules the events break as warnings, in order.
    func warnings(_ events: [Event], rules: RuleSet = .standard, finish: Bool = false) -> [RuleID] {
        checker(events, rules: rules, finish: finish, apart: .seconds(1)).findings.filter { $0.severity == .warning }.map(\.rule)
    }

    private func checker(_ events: [Event], rules: RuleSet, finish: Bool, apart: Duration) -> RuleChecker {
        let now = Locked(Duration.zero)
        let trace = Trace(now: { now.withLock { $0 } })
        let checker = RuleChecker(checking: trace, by: rules)
        for event in events {
            trace.record(event.name, event.fields.map { EventField($0.key, $0.value) })
            now.withLock { $0 += apart }
        }
        if finish { trace.record(.runFinish) }
        return checker
    }

    /// This session's consent update answered: the app has a current answer.
    static let updated: Event = (.consentUpdateDone, ["status": "obtained", "canRequestAds": "true"])
    static let staleRequest: Event = (.adsRequest, ["npa": "true", "tracking": "authorized", "canRequestAds": "true", "consentAllowsPersonalized": "true"])
    static let personalizedRequest: Event = (
        .adsRequest, ["npa": "false", "tracking": "authorized", "canRequestAds": "true", "consentAllowsPersonalized": "true"]
    )

    @Test("what the glue logs neither excuses a stale request nor makes a correct one wrong")
    func glueLogIsNotRead() {
        let refreshLogged: [Event] = [
            Self.updated,
            (.trackingAnswer, ["status": "authorized", "prompted": "true", "answer": "allow"]),
            (.consentRefresh, ["trigger": "trackingAnswer"]),
            (.decision, ["tracking": "authorized", "shouldUseNPA": "false"]),
        ]
        #expect(violations(refreshLogged + [Self.staleRequest]) == [.requestsFollowCurrentAnswers])
        #expect(violations(refreshLogged + [Self.personalizedRequest]) == [])
        #expect(violations([(.decision, ["tracking": "denied", "shouldUseNPA": "true"]), Self.personalizedRequest]) == [])
    }

    @Test("turning on a toggle that is already on raises no alarm")
    func settingsChangeToTheSameValue() {
        #expect(violations([(.settingsChange, ["change": "tracking=authorized"]), Self.personalizedRequest]) == [])
    }

    @Test("more private than needed warns by default and fails only under the seed's policy, request by request")
    func stricterRequests() {
        #expect(violations([Self.updated, Self.staleRequest], rules: .standard) == [])
        #expect(warnings([Self.updated, Self.staleRequest]) == [.requestsFollowCurrentAnswers])
        #expect(violations([Self.updated, Self.staleRequest]) == [.requestsFollowCurrentAnswers])
        let personalizedWhileDenied: Event = (
            .adsRequest,
            [
                "npa": "false", "tracking": "denied", "canRequestAds": "true", "consentAllowsPersonalized": "true", "mode": "personalized",
            ]
        )
        #expect(violations([personalizedWhileDenied], rules: .standard) == [])
        #expect(violations([personalizedWhileDenied]) == [.personalizedOnlyWithBothAnswers])
    }

    @Test("npa=1 kept while the only consent answer is the previous session's (this session's update failed or has not answered) is no stale decision")
    func careWithAnUnconfirmedAnswer() {
        let failed: Event = (.consentUpdateDone, ["error": "network", "status": "obtained", "canRequestAds": "true"])
        #expect(warnings([Self.staleRequest]) == [])
        #expect(warnings([failed, Self.staleRequest]) == [])
        #expect(warnings([failed, Self.updated, Self.staleRequest]) == [.requestsFollowCurrentAnswers])
        #expect(warnings([(.consentFormAnswer, ["status": "obtained"]), Self.staleRequest]) == [.requestsFollowCurrentAnswers])
        #expect(warnings([Self.updated, (.appTerminate, [:]), (.appLaunch, [:]), Self.staleRequest]) == [])
    }

    @Test("privacy is judged on the mode the ad SDK serves: a request without npa=1 served by a refusing TC string is no failure")
    func servedMode() {
        let rejectedAll: Event = (
            .adsRequest,
            [
                "npa": "false", "tracking": "authorized", "canRequestAds": "true", "consentAllowsPersonalized": "true",
                "mode": "nonPersonalized", "modeRule": "personalizationNotConsented",
            ]
        )
        #expect(violations([rejectedAll], rules: .standard) == [])
        #expect(violations([rejectedAll]) == [.personalizedOnlyWhenSignalsAllow])
        let legacyChoiceIgnored: Event = (
            .adsRequest,
            [
                "npa": "false", "tracking": "authorized", "canRequestAds": "true", "consentAllowsPersonalized": "false",
                "mode": "personalized", "modeRule": "gdprDoesNotApply",
            ]
        )
        #expect(violations([legacyChoiceIgnored], rules: .standard) == [])
        #expect(violations([(.legacyConsentUpdate, [:]), legacyChoiceIgnored], rules: .standard) == [.servedModeWithinConsent])
    }

    @Test("the ad SDK starts only when both the tracking status and the consent SDK allow it")
    func adSDKStart() {
        #expect(violations([(.adsStart, ["tracking": "denied", "canRequestAds": "false"])]) == [.adSDKStartsOnlyWhenAdsAllowed])
        #expect(violations([(.adsStart, ["tracking": "notDetermined", "canRequestAds": "true"])]) == [.adSDKStartsAfterTrackingDecision])
        let dismissed: Event = (.trackingAnswer, ["status": "notDetermined", "prompted": "true", "answer": "none", "reason": "appLeftForeground"])
        #expect(violations([dismissed, (.adsStart, ["tracking": "notDetermined", "canRequestAds": "true"])]) == [])
    }

    @Test("tags set after the start are judged by the requests sent before them, compared by what the tags restrict")
    func tagsAfterStart() {
        let untagged: Event = (.adsRequest, ["npa": "true", "tracking": "denied", "canRequestAds": "true"])
        let noRestriction: Event = (.adsConfigure, ["underAgeOfConsent": "false", "childDirected": "false", "afterStart": "true"])
        let childDirected: Event = (.adsConfigure, ["childDirected": "true", "afterStart": "true"])
        #expect(violations([noRestriction, untagged]) == [])
        #expect(violations([childDirected, untagged]) == [])
        #expect(violations([untagged, noRestriction]) == [])
        #expect(violations([untagged, childDirected]) == [.requestConfigurationBeforeStart])
        #expect(violations([untagged, (.appTerminate, [:]), (.appLaunch, [:]), childDirected]) == [])
    }

    @Test("the user's own asks for an ad are not the app's retries, however fast they come after failed loads")
    func retriesAreTheAppsOwn() {
        let request: Event = (.adsRequest, ["npa": "true", "tracking": "denied", "canRequestAds": "true"])
        let failed: Event = (.adsLoadFailed, ["error": "network"])
        let tap: Event = (.step, ["step": "requestAd"])
        let tapThenAd: Event = (.step, ["step": "requestTracking", "detail": "thenRequestAd"])
        let taps = [tap, request, failed, tap, request, failed, tap, request, failed, tapThenAd, request, failed, tap, request]
        #expect(violations(taps, rules: .strict, apart: .zero) == [])
        let storm = [tap, request, failed, request, failed, request, failed, request]
        #expect(violations(storm, rules: .strict, apart: .zero) == [.adLoadsBackOff])
    }

    @Test("retries are counted per ad unit and per process: five units loaded once each after a failure are no storm, one unit retried is")
    func retriesPerUnitAndProcess() {
        func request(_ unit: String) -> Event { (.adsRequest, ["npa": "true", "tracking": "denied", "canRequestAds": "true", "adUnit": unit]) }
        func failed(_ unit: String) -> Event { (.adsLoadFailed, ["error": "network", "adUnit": unit]) }
        let tap: Event = (.step, ["step": "requestAd"])
        // The ads library of a real app: the previous process's last load failed, then five units load once each.
        let relaunched = [tap, request("banner"), failed("banner"), (.appTerminate, [:]), (.appLaunch, [:])] + ["a", "b", "c", "d", "e"].map(request)
        #expect(violations(relaunched, rules: .strict, apart: .zero) == [])
        let fiveUnits = [tap, request("a"), failed("a")] + ["a2", "b", "c", "d", "e"].flatMap { [request($0), failed($0)] }
        #expect(violations(fiveUnits, rules: .strict, apart: .zero) == [])
        let oneUnit = [tap, request("a"), failed("a"), request("a"), failed("a"), request("b"), request("a"), failed("a"), request("a")]
        #expect(violations(oneUnit, rules: .strict, apart: .zero) == [.adLoadsBackOff])
        // A storm stopped by a new process starts afresh.
        let acrossProcesses = [tap, request("a"), failed("a"), request("a"), failed("a"), (.appTerminate, [:]), (.appLaunch, [:]), request("a")]
        #expect(violations(acrossProcesses, rules: .strict, apart: .zero) == [])
    }

    /// A request the OS ignored because the app was inactive, what follows (at one instant, or a
    /// second apart), and whether it is a violation.
    struct LostPrompt: Sendable, CustomStringConvertible {
        let description: String
        let reason: String
        let then: [TraceName]
        let finish: Bool
        let caught: Bool
        var apart = Duration.seconds(1)
    }

    static let lostPrompts = [
        LostPrompt(
            description: "active, then backgrounded without asking", reason: "appNotActive", then: [.appActive, .appBackground], finish: false, caught: true),
        LostPrompt(
            description: "active, then the process ends", reason: "anotherPromptOnScreen", then: [.appActive, .appTerminate], finish: false, caught: true),
        LostPrompt(description: "active when the run ends", reason: "appNotActive", then: [.appActive], finish: true, caught: true),
        LostPrompt(
            description: "asked again once active", reason: "appNotActive", then: [.appActive, .trackingRequest, .appBackground], finish: true, caught: false),
        LostPrompt(description: "never active again", reason: "appNotActive", then: [.appBackground], finish: true, caught: false),
        LostPrompt(description: "a stored answer is no lost prompt", reason: "storedAnswer", then: [.appActive, .appBackground], finish: true, caught: false),
        LostPrompt(
            description: "left at the instant it became active, then back with no work waiting", reason: "appNotActive",
            then: [.appActive, .appBackground, .appActive], finish: true, caught: true, apart: .zero),
        LostPrompt(
            description: "left at the instant it became active, asked once back", reason: "appNotActive",
            then: [.appActive, .appBackground, .appActive, .trackingRequest], finish: true, caught: false, apart: .zero),
        LostPrompt(
            description: "ended at the instant it became active", reason: "appNotActive", then: [.appActive, .appTerminate], finish: false,
            caught: false, apart: .zero),
    ]

    @Test("a status decided in Settings, or by another request's prompt, leaves nothing to ask")
    func decidedInSettings() {
        let answer: Event = (.trackingAnswer, ["status": "notDetermined", "prompted": "false", "reason": "appNotActive"])
        let switchedOff: Event = (.settingsChange, ["change": "allowAppsToRequestToTrack=false", "tracking": "denied"])
        let stillOpen: Event = (.settingsChange, ["change": "trackingRestricted=false", "tracking": "notDetermined"])
        let location: Event = (.settingsChange, ["change": "locationServicesEnabled=false"])
        let otherPromptAnswered: Event = (.trackingAnswer, ["status": "authorized", "prompted": "true", "answer": "allow"])
        #expect(violations([answer, switchedOff, (.appActive, [:]), (.appBackground, [:])]) == [])
        #expect(violations([answer, otherPromptAnswered, (.appActive, [:]), (.appBackground, [:])]) == [])
        #expect(violations([answer, stillOpen, (.appActive, [:]), (.appBackground, [:])]) == [.trackingAskedAgainOnceActive])
        #expect(violations([answer, location, (.appActive, [:]), (.appBackground, [:])]) == [.trackingAskedAgainOnceActive])
    }

    @Test("work still waiting when the run ends may be the app's own request a moment away: the run's end does not decide")
    func pendingAtTheEnd() {
        let answer: Event = (.trackingAnswer, ["status": "notDetermined", "prompted": "false", "reason": "appNotActive"])
        #expect(violations([answer, (.appActive, [:]), (.runFinish, ["pending": "1"])]) == [])
        #expect(violations([answer, (.appActive, [:]), (.runFinish, [:])]) == [.trackingAskedAgainOnceActive])
    }

    @Test("a crash or a new process starts afresh: the last process's lost request is not owed by the next")
    func newProcess() {
        let answer: Event = (.trackingAnswer, ["status": "notDetermined", "prompted": "false", "reason": "appNotActive"])
        // The crash is a finding of its own; the request it cut short is not owed by the next process.
        #expect(violations([answer, (.appCrash, [:]), (.appLaunch, [:]), (.appActive, [:]), (.appBackground, [:])]) == [.noCrash])
    }

    @Test("events recorded from two threads at once reach the checker one at a time, in trace order")
    func orderUnderConcurrency() async {
        let trace = Trace(now: { .zero })
        let seen = Locked<[Int]>([])
        trace.observe { _, index in seen.withLock { $0.append(index) } }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask { for _ in 0..<2_000 { trace.record(.step) } }
            }
        }
        #expect(seen.withLock { $0 } == Array(0..<4_000))
    }

    @Test("a tracking request the OS ignored while the app was inactive must be asked again once it is active", arguments: lostPrompts)
    func lostPrompt(_ lost: LostPrompt) {
        let answer: Event = (.trackingAnswer, ["status": "notDetermined", "prompted": "false", "reason": lost.reason])
        let found = violations([answer] + lost.then.map { ($0, [:]) }, finish: lost.finish, apart: lost.apart)
        #expect(found == (lost.caught ? [.trackingAskedAgainOnceActive] : []))
    }

    @Test(
        "noTrackingPromptAfterConsentRefused reads the form's answer: a refusal written without one (consent sync), consent given since, a later process and a tap are not judged; the consent SDK's own request and the app's requestTracking are"
    )
    func promptAfterRefusal() {
        let refusal: Event = (.storeSet, ["key": "IABTCF_PurposeConsents", "value": "00000000000"])
        let refused: [Event] = [(.consentFormPresent, ["kind": "consent"]), refusal, (.consentFormAnswer, ["kind": "consent", "answer": "rejectAll"])]
        let prompt: [Event] = [(.trackingRequest, [:]), (.trackingPrompt, [:])]
        let rule = RuleID.noTrackingPromptAfterConsentRefused
        #expect(warnings(refused + prompt).contains(rule))
        #expect(!warnings([refusal] + prompt).contains(rule), "a refusal stored without a form answer (consent sync)")
        #expect(warnings(refused + [(.trackingRequest, ["by": "consentSDK"]), (.trackingPrompt, [:])]).contains(rule), "the consent SDK's own prompt")
        let consented: Event = (.storeSet, ["key": "IABTCF_PurposeConsents", "value": "11111111111"])
        #expect(!warnings(refused + [consented] + prompt).contains(rule), "consent given since")
        #expect(!warnings(refused + [(.appTerminate, [:]), (.appLaunch, [:])] + prompt).contains(rule), "a later process")
        #expect(warnings(refused + [(.step, ["step": "requestTracking"])] + prompt).contains(rule), "the app asks outside its onboarding")
        #expect(!warnings(refused + [(.step, ["step": "tap"])] + prompt).contains(rule), "a tap on one of the app's controls")
        #expect(warnings(refused + [(.step, ["step": "tap"]), (.step, ["step": "advance"])] + prompt).contains(rule), "after the tap's step")
    }
}

/// The app-side log's event names are the trace's glue names: one vocabulary.
@Suite("The glue's log speaks the trace's vocabulary")
struct GlueLogVocabularyTests {
    static let events: [AdsEvent] = [
        .evaluated(ConsentState(tracking: .denied, consent: .obtained, consentAllowsAdRequests: true), trigger: .created),
        .consentRefresh(trigger: .trackingAnswer), .trackingDeferred(reason: "appInactive"), .trackingSettled(.denied),
        .trackingChanged(from: .denied, to: .authorized), .adRequestRefused(.consentNotGathered),
        .error(AdsFlowError(stage: .formLoad, cause: .noResponse)), .timedOut(.formLoad),
        .duplicateCallbackIgnored(.formLoad), .lateCallback(.consentInfoUpdate),
    ]

    @Test("each event the app logs has the name it is traced under, recorded by the glue", arguments: events)
    func sameName(_ event: AdsEvent) {
        #expect(TraceName(adsEvent: event).rawValue == event.name)
        #expect(TraceName(adsEvent: event).recordedBy == .glue)
    }

}
