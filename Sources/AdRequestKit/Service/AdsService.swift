import Foundation

/// The app's entry points for ads: launch, onboarding, tracking, ad requests and privacy options.
///
/// Rules it keeps (the house policy, catalogue R6 and R7):
/// - tracking first, then consent, in the first-run onboarding (or as configured: after consent, or
///   left to the consent SDK's IDFA explainer); a second onboarding call while one runs joins it;
/// - every decision that leaves the app (starting the ad SDK, building a request) is made from what
///   the OS and the consent SDK say at that moment, not from a decision cached earlier;
/// - every tracking answer or change refreshes the consent state before its callers hear of it;
/// - the ad SDK's audience tags (``AdsConfiguration/adRequestConfiguration``) are set first, before it starts;
/// - the ad SDK starts once the tracking status is decided and the consent SDK allows ad requests;
/// - no request leaves while `canRequestAds` is false, and every request carries `npa=1` unless the
///   decision allows personalized ads and no audience tag rules them out.
///
/// The OS prompts only an active app. A request made while the app is inactive waits for
/// ``applicationDidBecomeActive()``; one the OS answered at once with `notDetermined` (it does so,
/// on the caller's thread, exactly when it shows no prompt) is asked again then; an answer that
/// arrives while the app is inactive (the OS 17.4 early answer, a prompt the system dismissed) is
/// re-read once the app is active again, and asked once more if still undecided. A tracking answer that comes after
/// the app's timeout is news: the app re-reads the status and refreshes.
///
/// Callbacks it leaves with the SDKs hold it weakly: a flow that never finishes (a callback that
/// never comes) must not keep the service alive.
public final class AdsService: Sendable {
    /// The coordinator whose decision every request follows.
    public let coordinator: any ConsentCoordinating
    private let environment: AdsEnvironment
    private let configuration: AdsConfiguration
    private let mutable = Locked(Mutable())

    private struct Mutable {
        var adSDKStarted = false
        var adSDKConfigured = false
        var trackingRequest: TrackingRequestPhase = .idle
        var trackingWaiters: [@Sendable (TrackingAuthorizationStatus) -> Void] = []
        var onboardingWaiters: [@Sendable (ConsentFlowOutcome) -> Void]?
    }

    private enum TrackingRequestPhase {
        case idle
        case starting
        /// Not asked yet, or answered without a prompt because the app was inactive: ask when active.
        case waitingForActive
        case inFlight(CompletionGate<TrackingReply?>, attempt: Int)
        /// Answered while the app was inactive (a prompt up, or the app gone): read the status again
        /// when active, and ask again if it is still undecided, as the OS asks apps to when a prompt
        /// went away unanswered; at most ``maxTrackingAttempts`` times, so a prompt dismissed at
        /// once cannot loop.
        case rereadWhenActive(attempt: Int)

        var isIdle: Bool {
            if case .idle = self { true } else { false }
        }
    }

    /// How many times one tracking flow asks the OS while the answer stays undecided and nothing
    /// shows that a prompt was on screen (no answer yet, a timeout). After an answer that came
    /// while a prompt kept the app inactive, only one more ask is left: a dismissed prompt is asked
    /// again once, as the OS asks apps to, and a user is not shown the same prompt three times.
    static let maxTrackingAttempts = 3

    /// The OS's answer to one tracking request, and whether it came before the request returned
    /// (the OS answers at once, on the caller's thread, exactly when it shows no prompt).
    struct TrackingReply: Sendable {
        let status: TrackingAuthorizationStatus
        let cameDuringCall: Bool
    }

    /// Creates the service on an environment and a coordinator.
    public init(environment: AdsEnvironment, coordinator: any ConsentCoordinating, configuration: AdsConfiguration = .init()) {
        self.environment = environment
        self.coordinator = coordinator
        self.configuration = configuration
    }

    /// Creates the service and its ``AdsConsentCoordinator`` on an environment.
    public convenience init(environment: AdsEnvironment, configuration: AdsConfiguration = .init()) {
        self.init(
            environment: environment,
            coordinator: AdsConsentCoordinator(environment: environment, configuration: configuration),
            configuration: configuration
        )
    }

    /// Whether the ad SDK was started in this process.
    public var isAdSDKStarted: Bool { mutable.withLock { $0.adSDKStarted } }

    /// Whether the tracking status counts as decided: the OS reports an answer, or the prompt was
    /// shown and went away unanswered in this install.
    public var isTrackingDecided: Bool {
        environment.tracking.trackingAuthorizationStatus != .notDetermined
            || environment.store.bool(forKey: configuration.trackingPromptDismissedKey) == true
    }

    // MARK: Launch and onboarding

    /// Process start: sets the ad SDK's audience tags, updates the consent information (the consent
    /// SDK asks for this at every launch) and starts the ad SDK if the tracking status is decided and
    /// ads may be requested. Shows nothing.
    public func launch(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void = { _ in }) {
        configureAdSDKOnce()
        coordinator.updateConsentInfo { [weak self] outcome in
            self?.startAdSDKIfAllowed()
            completion(outcome)
        }
        startAdSDKIfAllowed()
    }

    /// The first-run flow: the tracking request first, then the consent form if it is required (or
    /// in the order ``AdsConfiguration/onboardingTracking`` says). No tracking request while the
    /// stored choice consents to no TCF purpose: the user refused everything in the consent form.
    ///
    /// A call made while the flow runs joins it, so a double tap never shows two forms.
    public func runOnboarding(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void = { _ in }) {
        let isFirst = mutable.withLock { mutable -> Bool in
            guard mutable.onboardingWaiters == nil else {
                mutable.onboardingWaiters?.append(completion)
                return false
            }
            mutable.onboardingWaiters = [completion]
            return true
        }
        guard isFirst else { return }
        let finish: @Sendable (ConsentFlowOutcome) -> Void = { [weak self] outcome in
            guard let self else { return }
            startAdSDKIfAllowed()
            let waiters = mutable.withLock { mutable in
                defer { mutable.onboardingWaiters = nil }
                return mutable.onboardingWaiters ?? []
            }
            for waiter in waiters { waiter(outcome) }
        }
        switch configuration.onboardingTracking {
        case .beforeConsent:
            requestTrackingAuthorization { [weak self] _ in self?.coordinator.requestConsentIfNeeded(completion: finish) }
        case .afterConsent:
            // After a refusal of every purpose in the form, the request declines to ask.
            coordinator.requestConsentIfNeeded { [weak self] outcome in
                self?.requestTrackingAuthorization { _ in finish(outcome) }
            }
        case .consentSDK:
            // The consent SDK asks the OS during its flow; the form's evaluation reads the answer. If the
            // status is still undecided when the flow ends (no explainer shown, or the OS ignored the SDK's
            // request because the app was inactive), the app asks itself, once the app is active (the
            // request declines after a refusal of every purpose).
            coordinator.requestConsentIfNeeded { [weak self] outcome in
                guard let self, !isTrackingDecided else { return finish(outcome) }
                requestTrackingAuthorization { _ in finish(outcome) }
            }
        }
    }

    /// The privacy-options entry point: re-shows the form and re-evaluates with the same logic.
    ///
    /// A user who consents there after a refusal that kept the tracking request from being made is
    /// asked for tracking then, as the onboarding would have.
    public func openPrivacyOptions(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void = { _ in }) {
        let refusedBefore = refusedEveryPurpose
        coordinator.presentPrivacyOptions { [weak self] outcome in
            guard let self else { return }
            startAdSDKIfAllowed()
            guard refusedBefore, !refusedEveryPurpose, !isTrackingDecided else { return completion(outcome) }
            requestTrackingAuthorization { _ in completion(outcome) }
        }
    }

    // MARK: Tracking

    /// Asks the OS for tracking authorization, then refreshes the consent state before completing.
    ///
    /// Calls made while a request is under way join it. If the app is not active, the request waits
    /// for ``applicationDidBecomeActive()`` instead of being lost to the OS's silent `notDetermined`.
    /// While the stored choice consents to no TCF purpose (the user rejected everything in the consent
    /// form), it does not ask and completes with the current status: App Review has rejected apps that
    /// ask after such a refusal.
    public func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void = { _ in }) {
        guard !refusedEveryPurpose else {
            startAdSDKIfAllowed()
            return completion(environment.tracking.trackingAuthorizationStatus)
        }
        let isFirst = mutable.withLock { mutable -> Bool in
            mutable.trackingWaiters.append(completion)
            guard mutable.trackingRequest.isIdle else { return false }
            mutable.trackingRequest = .starting
            return true
        }
        if isFirst { beginTrackingRequest(attempt: 1) }
    }

    /// The app became active: asks a deferred or lost tracking request, re-reads an answer that came
    /// while a prompt was up, or notices a tracking change made in Settings and resyncs consent.
    public func applicationDidBecomeActive() {
        enum Action {
            case begin(attempt: Int)
            case askAgain(replacing: CompletionGate<TrackingReply?>, attempt: Int)
            case reread, checkForChange, nothing
        }
        let current = environment.tracking.trackingAuthorizationStatus
        let action: Action = mutable.withLock { mutable in
            switch mutable.trackingRequest {
            case .waitingForActive:
                mutable.trackingRequest = .starting
                return .begin(attempt: 1)
            case .rereadWhenActive(let attempt):
                guard current == .notDetermined, attempt < Self.maxTrackingAttempts else { return .reread }
                mutable.trackingRequest = .starting
                return .begin(attempt: attempt + 1)
            case .inFlight(let gate, let attempt):
                // Active again with the request unanswered: no prompt is up (it would keep the app
                // inactive). Decided meanwhile: take it. Undecided: the prompt was never shown, or the
                // system dismissed it when the app left; the answer may never come, so ask again,
                // counting it as after a prompt, so that a dismissed prompt is not shown three times.
                guard current == .notDetermined else { return .reread }
                guard attempt < Self.maxTrackingAttempts else { return .nothing }
                mutable.trackingRequest = .starting
                return .askAgain(replacing: gate, attempt: max(attempt, Self.maxTrackingAttempts - 1) + 1)
            case .idle: return .checkForChange
            case .starting: return .nothing
            }
        }
        switch action {
        case .begin where refusedEveryPurpose, .askAgain where refusedEveryPurpose:
            // The user refused every purpose in a form meanwhile: the app does not ask for tracking
            // after that (App Review has rejected apps that do).
            settle(current)
        case .begin(let attempt): beginTrackingRequest(attempt: attempt)
        case .askAgain(let gate, let attempt):
            gate.close()
            beginTrackingRequest(attempt: attempt)
        case .reread:
            // Decided, or still undecided after the last attempt: the prompt was dismissed each time.
            settle(current, dismissed: current == .notDetermined)
        case .checkForChange: resyncIfTrackingChanged()
        case .nothing: break
        }
    }

    /// The advertising identifier, read fresh and only while tracking is authorized; never cached.
    public func advertisingIdentifier() -> UUID? {
        guard environment.tracking.trackingAuthorizationStatus == .authorized else { return nil }
        let identifier = environment.advertisingIdentifier.advertisingIdentifier
        return identifier.isZero ? nil : identifier
    }

    private func beginTrackingRequest(attempt: Int) {
        guard environment.lifecycle.isActive else {
            mutable.withLock { $0.trackingRequest = .waitingForActive }
            environment.log.record(.trackingDeferred(reason: "appInactive"))
            return
        }
        let gate = CompletionGate<TrackingReply?>(
            stage: .trackingRequest,
            timeout: configuration.timeouts.trackingRequest,
            clock: environment.clock,
            log: environment.log,
            fallback: { nil },
            deliver: { [weak self] reply in self?.handleTrackingAnswer(reply, attempt: attempt) },
            late: { [weak self] _ in self?.resyncIfTrackingChanged() }
        )
        mutable.withLock { $0.trackingRequest = .inFlight(gate, attempt: attempt) }
        let returned = Locked(false)
        environment.tracking.requestTrackingAuthorization { status in
            gate.complete(TrackingReply(status: status, cameDuringCall: !returned.snapshot))
        }
        returned.withLock { $0 = true }
    }

    /// Handles the OS's answer (`nil` when the request timed out). The stored status is the truth:
    /// the OS 17.4 early answer says `denied` while the status is still `notDetermined`.
    private func handleTrackingAnswer(_ reply: TrackingReply?, attempt: Int) {
        let current = environment.tracking.trackingAuthorizationStatus
        let isActive = environment.lifecycle.isActive
        if current != .notDetermined {
            settle(current)
        } else if let reply, reply.cameDuringCall, reply.status == .notDetermined {
            // No prompt was shown: the app was not active when it asked. Ask again once it is.
            guard !isActive else {
                settle(.notDetermined)
                return
            }
            mutable.withLock { $0.trackingRequest = .waitingForActive }
            environment.log.record(.trackingDeferred(reason: "notPromptedWhileInactive"))
        } else if !isActive {
            // Inactive with no answer by the timeout: the prompt is what keeps the app inactive,
            // so this counts as an ask after a prompt, like an answer that came while inactive.
            let attempt = max(attempt, Self.maxTrackingAttempts - 1)
            mutable.withLock { $0.trackingRequest = .rereadWhenActive(attempt: attempt) }
            environment.log.record(.trackingDeferred(reason: reply == nil ? "timedOutWhileInactive" : "answeredWhileInactive"))
        } else if reply != nil && attempt < Self.maxTrackingAttempts && !refusedEveryPurpose {
            // The prompt went away unanswered while the app is active again: ask once more now,
            // unless the user refused every purpose in a form meanwhile.
            mutable.withLock { $0.trackingRequest = .starting }
            beginTrackingRequest(attempt: max(attempt, Self.maxTrackingAttempts - 1) + 1)
        } else {
            settle(.notDetermined, dismissed: reply != nil)
        }
    }

    /// Ends the tracking request: refreshes consent first, then starts the SDK, then tells the callers.
    ///
    /// `dismissed` means the prompt was shown and went away unanswered: remembered for this install,
    /// so the app does not hold ads back for an answer that is not coming.
    private func settle(_ status: TrackingAuthorizationStatus, dismissed: Bool = false) {
        let settled: (waiters: [@Sendable (TrackingAuthorizationStatus) -> Void], gate: CompletionGate<TrackingReply?>?)? =
            mutable.withLock { mutable in
                guard !mutable.trackingRequest.isIdle else { return nil }
                var gate: CompletionGate<TrackingReply?>?
                if case .inFlight(let inFlight, _) = mutable.trackingRequest { gate = inFlight }
                mutable.trackingRequest = .idle
                defer { mutable.trackingWaiters = [] }
                return (mutable.trackingWaiters, gate)
            }
        guard let settled else { return }
        settled.gate?.close()
        if dismissed { environment.store.set(true, forKey: configuration.trackingPromptDismissedKey) }
        environment.log.record(.trackingSettled(status))
        coordinator.refreshConsentStatus(trigger: .trackingAnswer)
        startAdSDKIfAllowed()
        for waiter in settled.waiters { waiter(status) }
    }

    /// Compares the OS's status with the coordinator's; on a change (Settings, or an answer that
    /// came late), logs it, refreshes consent and starts the SDK if that is now allowed.
    private func resyncIfTrackingChanged() {
        let current = environment.tracking.trackingAuthorizationStatus
        let known = coordinator.state.tracking
        guard current != known else { return }
        environment.log.record(.trackingChanged(from: known, to: current))
        coordinator.refreshConsentStatus(trigger: .trackingChanged)
        startAdSDKIfAllowed()
    }

    // MARK: Ads

    /// Requests an ad built from the decision of this moment, or refuses without sending anything.
    ///
    /// Refuses while the consent SDK does not allow ad requests, and while the ad SDK cannot be
    /// started because the tracking status is not decided yet.
    public func requestAd(
        _ builder: AdRequestBuilder,
        completion: @escaping @Sendable (Result<LoadedAd, AdRequestFailure>) -> Void = { _ in }
    ) {
        let state = coordinator.currentState(trigger: .adRequest)
        guard state.canRequestAds else {
            refuse(.consentNotGathered, completion)
            return
        }
        startAdSDKIfAllowed(state)
        guard isAdSDKStarted else {
            refuse(.trackingNotDecided, completion)
            return
        }
        let log = environment.log
        let gate = CompletionGate<Result<LoadedAd, AdsFlowError>>(
            stage: .adLoad,
            timeout: configuration.timeouts.adLoad,
            clock: environment.clock,
            log: log,
            fallback: { .failure(AdsFlowError(stage: .adLoad, cause: .noResponse)) },
            deliver: { result in
                if case .failure(let error) = result { log.record(.error(error)) }
                completion(result.mapError { .loadFailed($0) })
            }
        )
        environment.adSDK.loadAd(builder.build(for: state.decision, audience: configuration.adRequestConfiguration)) { result in
            gate.complete(result.mapError { AdsFlowError(stage: .adLoad, cause: .adLoad($0)) })
        }
    }

    private func refuse(_ refusal: AdRequestRefusal, _ completion: @Sendable (Result<LoadedAd, AdRequestFailure>) -> Void) {
        environment.log.record(.adRequestRefused(refusal))
        completion(.failure(.refused(refusal)))
    }

    /// The consent SDK's stored choice consents to no TCF purpose.
    private var refusedEveryPurpose: Bool { TCFSignals(store: environment.store).consentsToNoPurpose }

    /// Whether the ad SDK may start as far as tracking goes: the status is decided, or the app will
    /// not ask (the user refused every purpose; the ads are non-personalized whatever the answer).
    private var trackingSettledForStart: Bool { isTrackingDecided || refusedEveryPurpose }

    /// Starts the SDK once, if the tracking status is settled and the consent SDK allows ads now.
    private func startAdSDKIfAllowed(_ known: ConsentState? = nil) {
        guard !isAdSDKStarted, trackingSettledForStart else { return }
        let state = known ?? coordinator.currentState(trigger: .adSDKStart)
        guard state.canRequestAds else { return }
        let isFirst = mutable.withLock { mutable -> Bool in
            defer { mutable.adSDKStarted = true }
            return !mutable.adSDKStarted
        }
        guard isFirst else { return }
        configureAdSDKOnce()
        environment.adSDK.start {}
    }

    /// Sets the ad SDK's audience tags, once, before anything can start it; an app that sets no tag
    /// leaves the SDK's configuration alone.
    private func configureAdSDKOnce() {
        let audience = configuration.adRequestConfiguration
        guard !audience.isEmpty else { return }
        let isFirst = mutable.withLock { mutable -> Bool in
            defer { mutable.adSDKConfigured = true }
            return !mutable.adSDKConfigured
        }
        if isFirst { environment.adSDK.setRequestConfiguration(audience) }
    }
}
