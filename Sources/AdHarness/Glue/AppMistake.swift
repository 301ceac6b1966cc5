import AdRequestKit

/// A deliberate mistake in the reference glue, switched on to prove that a rule catches it.
///
/// The mistakes wrap the reference glue's ports and coordinator; AdRequestKit itself ships none of them.
public enum AppMistake: String, CaseIterable, Hashable, Sendable, Codable {
    /// Requests use the decision cached at the last evaluation, which a tracking answer no longer
    /// refreshes (the refresh call is missing).
    case skipsConsentRefresh
    /// Requests go out without the `npa` extra whatever the decision says.
    case dropsNonPersonalizedExtra
    /// The app requests ads without checking `canRequestAds`.
    case ignoresCanRequestAds
    /// The app starts the ad SDK at launch, before the tracking status is decided.
    case startsAdSDKAtLaunch
    /// The app reads the advertising identifier without checking the tracking status.
    case readsIdentifierUnchecked
    /// The app starts the ad SDK at launch once the tracking status is decided, without asking
    /// the consent SDK whether ads may be requested.
    case startsAdSDKBeforeConsent
    /// The app asks for tracking in its launch code (while the app is inactive, so the OS ignores
    /// it) and its onboarding goes straight to consent: the prompt is lost for the session.
    case asksTrackingOnlyAtLaunch
    /// The app decides with the seed's table, which counts a consent status of `obtained` as
    /// consent to everything, whatever the user chose in the form (the `seed` decision profile).
    case treatsObtainedAsFullConsent
    /// Requests go out without the `npa` extra while the app tags its content child-directed: the
    /// app takes the tag for enough.
    case dropsNonPersonalizedExtraWhenChildDirected
    /// The app sets the ad SDK's request configuration in the start completion, after the SDK started.
    case configuresAdSDKAfterStart
    /// The app tells its mediated ad networks the user consented whenever tracking is authorized,
    /// whatever the user chose in the consent form (seen in a public app).
    case forwardsTrackingAnswerToPartners

    /// The rule that catches this mistake.
    public var caughtBy: RuleID {
        switch self {
        case .skipsConsentRefresh: .requestsFollowCurrentAnswers
        case .dropsNonPersonalizedExtra: .personalizedOnlyWithBothAnswers
        case .ignoresCanRequestAds: .noRequestWithoutConsentSDKPermission
        case .startsAdSDKAtLaunch: .adSDKStartsAfterTrackingDecision
        case .readsIdentifierUnchecked: .identifierOnlyWhenAuthorized
        case .startsAdSDKBeforeConsent: .adSDKStartsOnlyWhenAdsAllowed
        case .asksTrackingOnlyAtLaunch: .trackingAskedAgainOnceActive
        case .treatsObtainedAsFullConsent: .personalizedOnlyWhenSignalsAllow
        case .dropsNonPersonalizedExtraWhenChildDirected: .taggedRequestsNeverPersonalized
        case .configuresAdSDKAfterStart: .requestConfigurationBeforeStart
        case .forwardsTrackingAnswerToPartners: .partnersToldNoMoreThanUserGave
        }
    }
}

/// The coordinator as a mistaken app wires it.
final class MistakenCoordinator: ConsentCoordinating, Sendable {
    private let base: any ConsentCoordinating
    private let mistakes: Set<AppMistake>

    init(_ base: any ConsentCoordinating, mistakes: Set<AppMistake>) {
        self.base = base
        self.mistakes = mistakes
    }

    var state: ConsentState { base.state }

    func currentState(trigger: EvaluationTrigger) -> ConsentState {
        let state = mistakes.contains(.skipsConsentRefresh) ? base.state : base.currentState(trigger: trigger)
        return trigger == .adRequest ? bent(state) : state
    }

    /// The state as the request path of a mistaken app sees it.
    private func bent(_ state: ConsentState) -> ConsentState {
        var state = state
        if mistakes.contains(.ignoresCanRequestAds) { state.decision.canRequestAds = true }
        return state
    }

    func updateConsentInfo(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void) { base.updateConsentInfo(completion: completion) }
    func requestConsentIfNeeded(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void) { base.requestConsentIfNeeded(completion: completion) }
    func presentPrivacyOptions(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void) { base.presentPrivacyOptions(completion: completion) }

    func refreshConsentStatus(trigger: EvaluationTrigger) -> ConsentState {
        if mistakes.contains(.skipsConsentRefresh) && (trigger == .trackingAnswer || trigger == .trackingChanged) { return state }
        return base.refreshConsentStatus(trigger: trigger)
    }
}

/// The ad SDK as a mistaken app calls it.
struct MistakenAdSDK: AdSDK {
    let base: any AdSDK
    let mistakes: Set<AppMistake>
    /// The configuration a mistaken app sets only once the start completes (`configuresAdSDKAfterStart`).
    private let heldConfiguration = Locked(AdRequestConfiguration())
    /// Whether the app started the SDK: an app that starts it early (`startsAdSDKAtLaunch`,
    /// `startsAdSDKBeforeConsent`) does so once, behind a guard, as apps do.
    private let started = Locked(false)

    init(base: any AdSDK, mistakes: Set<AppMistake>) {
        self.base = base
        self.mistakes = mistakes
    }

    func start(completion: @escaping @Sendable () -> Void) {
        if !mistakes.isDisjoint(with: [.startsAdSDKAtLaunch, .startsAdSDKBeforeConsent]) {
            guard
                !started.withLock({ started in
                    defer { started = true }
                    return started
                })
            else { return }
        }
        guard mistakes.contains(.configuresAdSDKAfterStart) else { return base.start(completion: completion) }
        base.start { [base, heldConfiguration] in
            base.setRequestConfiguration(heldConfiguration.withLock { $0 })
            completion()
        }
    }

    func setRequestConfiguration(_ configuration: AdRequestConfiguration) {
        guard mistakes.contains(.configuresAdSDKAfterStart) else { return base.setRequestConfiguration(configuration) }
        heldConfiguration.withLock { $0 = configuration }
    }

    var requestConfiguration: AdRequestConfiguration { base.requestConfiguration }

    func loadAd(_ request: AdRequest, completion: @escaping @Sendable (Result<LoadedAd, AdLoadError>) -> Void) {
        var request = request
        let childDirected = base.requestConfiguration.childDirectedTreatment == true
        if mistakes.contains(.dropsNonPersonalizedExtra) || mistakes.contains(.dropsNonPersonalizedExtraWhenChildDirected) && childDirected {
            request.extras[AdRequest.nonPersonalizedKey] = nil
        }
        base.loadAd(request, completion: completion)
    }
}
