import Foundation

/// Combines the tracking status and the consent SDK into the decision the app uses for every ad request.
///
/// It reads the tracking status through an injected closure and the consent SDK through a
/// ``ConsentProfile`` (the current SDK or the legacy one), evaluates the decision whenever either may have changed, persists `shouldUseNPA` for the app's
/// UI, logs every evaluation with both statuses, and notifies its delegate and state streams.
/// Callbacks may arrive on any thread; state is guarded, and evaluations run one at a time.
/// Callbacks it leaves with the SDK hold it weakly, so a flow that never finishes does not keep it alive.
public final class AdsConsentCoordinator: ConsentCoordinating, Sendable {
    private let trackingStatus: @Sendable () -> TrackingAuthorizationStatus
    private let profile: any ConsentProfile
    private let store: any KeyValueStore
    private let clock: any AppClock
    private let log: any AdsEventLog
    private let configuration: AdsConfiguration
    private let mutable: Locked<Mutable>
    private let evaluationLock = NSRecursiveLock()

    private struct Mutable {
        var state: ConsentState
        var updatedThisSession = false
        var updateWaiters: [@Sendable (ConsentFlowOutcome) -> Void]?
        weak var delegate: (any AdsConsentCoordinatorDelegate)?
        var streams: [Int: AsyncStream<ConsentState>.Continuation] = [:]
        var nextStreamID = 0
    }

    /// Creates the coordinator and evaluates once.
    ///
    /// If the tracking status alone already rules out personalized ads (denied, restricted, not
    /// determined, or unknown to this code), `shouldUseNPA = true` is persisted at once, so the app's
    /// UI never shows a stale "personalized" flag from an earlier session.
    public init(
        trackingStatus: @escaping @Sendable () -> TrackingAuthorizationStatus,
        profile: any ConsentProfile,
        store: any KeyValueStore,
        clock: any AppClock,
        log: any AdsEventLog = SilentAdsEventLog(),
        configuration: AdsConfiguration = .init()
    ) {
        self.trackingStatus = trackingStatus
        self.profile = profile
        self.store = store
        self.clock = clock
        self.log = log
        self.configuration = configuration
        let initial = profile.evaluate(tracking: trackingStatus())
        mutable = Locked(Mutable(state: initial))
        if initial.decision.rule.isDecidedByTrackingAlone {
            store.set(true, forKey: configuration.shouldUseNPAKey)
        }
        log.record(.evaluated(initial, trigger: .created))
    }

    /// Creates a coordinator on an environment's ports, reading the tracking status from its tracking port.
    public convenience init(environment: AdsEnvironment, configuration: AdsConfiguration = .init()) {
        let tracking = environment.tracking
        self.init(
            trackingStatus: { tracking.trackingAuthorizationStatus },
            profile: environment.consent,
            store: environment.store,
            clock: environment.clock,
            log: environment.log,
            configuration: configuration
        )
    }

    /// The last evaluated state.
    public var state: ConsentState { mutable.withLock { $0.state } }

    /// Reads both inputs now and returns the decision for this moment; logs and notifies only when
    /// it differs from the last evaluation.
    public func currentState(trigger: EvaluationTrigger) -> ConsentState {
        evaluate(trigger, onlyIfChanged: true)
    }

    /// Whether the app must show its privacy-options entry point.
    public var isPrivacyOptionsRequired: Bool { state.privacyOptionsRequired }

    /// Told about every evaluation; held weakly.
    public var delegate: (any AdsConsentCoordinatorDelegate)? {
        get { mutable.withLock { $0.delegate } }
        set { mutable.withLock { $0.delegate = newValue } }
    }

    /// A stream of states: the current one first, then one per evaluation, until the stream is dropped.
    public func stateUpdates() -> AsyncStream<ConsentState> {
        let (stream, continuation) = AsyncStream.makeStream(of: ConsentState.self)
        let id = mutable.withLock { mutable in
            let id = mutable.nextStreamID
            mutable.nextStreamID += 1
            mutable.streams[id] = continuation
            continuation.yield(mutable.state)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.mutable.withLock { _ = $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Re-evaluates both inputs now, logs `consent.refresh`, and notifies observers.
    @discardableResult
    public func refreshConsentStatus(trigger: EvaluationTrigger) -> ConsentState {
        evaluationLock.withLock {
            log.record(.consentRefresh(trigger: trigger))
            return evaluate(trigger)
        }
    }

    /// Updates the consent information; concurrent calls share one update.
    public func updateConsentInfo(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void) {
        let isFirst = mutable.withLock { mutable -> Bool in
            if mutable.updateWaiters != nil {
                mutable.updateWaiters?.append(completion)
                return false
            }
            mutable.updateWaiters = [completion]
            return true
        }
        guard isFirst else { return }
        let gate = CompletionGate<AdsFlowError?>(
            stage: .consentInfoUpdate, timeout: configuration.timeouts.consentInfoUpdate, clock: clock, log: log,
            deliver: { [weak self] error in self?.finishUpdate(error) },
            late: { [weak self] error in self?.lateUpdate(error) }
        )
        profile.requestUpdate { gate.complete(cause: $0) }
        // The SDK restores the previous session's answer as soon as the update starts, so a returning
        // user can get ads before (or without) the network answer.
        if !gate.isSettled {
            evaluate(.cachedConsent, onlyIfChanged: true)
        }
    }

    /// Updates the consent information if needed, then loads and presents the consent form when required.
    public func requestConsentIfNeeded(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void) {
        if mutable.withLock({ $0.updatedThisSession }) {
            presentFormIfRequired(completion)
            return
        }
        updateConsentInfo { [weak self] outcome in
            guard let self, outcome.error == nil else {
                completion(outcome)
                return
            }
            presentFormIfRequired(completion)
        }
    }

    /// Shows the privacy-options form (updating the consent information first if this session has
    /// not). Once this session's update has started, the consent SDK reports the previous session's
    /// requirement until the update completes: a required entry point then presents at once, as the
    /// SDK allows, instead of waiting on an update that may never answer.
    public func presentPrivacyOptions(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void) {
        let present: @Sendable () -> Void = { [weak self] in
            guard let self else { return }
            let gate = CompletionGate<AdsFlowError?>(
                stage: .privacyOptions, timeout: configuration.timeouts.formPresent, clock: clock, log: log,
                deliver: { [weak self] error in self?.finish(error, trigger: .privacyOptions, completion) },
                late: { [weak self] _ in self?.evaluate(.privacyOptions) }
            )
            profile.presentPrivacyOptions { gate.complete(cause: $0) }
        }
        let (updated, updating) = mutable.withLock { ($0.updatedThisSession, $0.updateWaiters != nil) }
        // The legacy SDK has no requirement of its own to read (its profile always offers the entry).
        let required = profile.evaluate(tracking: trackingStatus())
        if updated || updating && required.privacyOptionsRequired && required.legacy == nil {
            present()
            return
        }
        updateConsentInfo { outcome in
            guard outcome.error == nil else {
                completion(outcome)
                return
            }
            present()
        }
    }

    private func presentFormIfRequired(_ completion: @escaping @Sendable (ConsentFlowOutcome) -> Void) {
        guard profile.isFormRequired else {
            completion(ConsentFlowOutcome(state: evaluate(.consentForm, onlyIfChanged: true)))
            return
        }
        let loadGate = CompletionGate<Result<ConsentFormPresentation, AdsFlowError>>(
            stage: .formLoad,
            timeout: configuration.timeouts.formLoad,
            clock: clock,
            log: log,
            fallback: { .failure(AdsFlowError(stage: .formLoad, cause: .noResponse)) },
            deliver: { [weak self] result in
                switch result {
                case .success(let form): self?.present(form, completion)
                case .failure(let error): self?.finish(error, trigger: .consentForm, completion)
                }
            }
        )
        profile.loadForm { result in
            loadGate.complete(result.mapError { AdsFlowError(stage: .formLoad, cause: $0) })
        }
    }

    private func present(_ form: ConsentFormPresentation, _ completion: @escaping @Sendable (ConsentFlowOutcome) -> Void) {
        let gate = CompletionGate<AdsFlowError?>(
            stage: .formPresent, timeout: configuration.timeouts.formPresent, clock: clock, log: log,
            deliver: { [weak self] error in self?.finish(error, trigger: .consentForm, completion) },
            late: { [weak self] _ in self?.evaluate(.consentForm) }
        )
        form.present { gate.complete(cause: $0) }
    }

    private func finishUpdate(_ error: AdsFlowError?) {
        if let error { log.record(.error(error)) }
        let waiters = mutable.withLock { mutable in
            if error == nil { mutable.updatedThisSession = true }
            defer { mutable.updateWaiters = nil }
            return mutable.updateWaiters ?? []
        }
        let outcome = ConsentFlowOutcome(state: evaluate(.consentUpdated), error: error)
        for waiter in waiters { waiter(outcome) }
    }

    /// The update completed after the app's timeout: the SDK's answer is news, so the state follows it.
    private func lateUpdate(_ error: AdsFlowError?) {
        if error == nil { mutable.withLock { $0.updatedThisSession = true } }
        evaluate(.consentUpdated)
    }

    private func finish(
        _ error: AdsFlowError?,
        trigger: EvaluationTrigger,
        _ completion: @Sendable (ConsentFlowOutcome) -> Void
    ) {
        if let error { log.record(.error(error)) }
        completion(ConsentFlowOutcome(state: evaluate(trigger), error: error))
    }

    /// Reads both inputs, decides, stores, logs and notifies, in that order, one evaluation at a time.
    @discardableResult
    private func evaluate(_ trigger: EvaluationTrigger, onlyIfChanged: Bool = false) -> ConsentState {
        evaluationLock.withLock {
            let new = profile.evaluate(tracking: trackingStatus())
            let (old, delegate, streams) = mutable.withLock { mutable in
                defer { mutable.state = new }
                return (mutable.state, mutable.delegate, Array(mutable.streams.values))
            }
            if onlyIfChanged && old == new { return new }
            store.set(new.shouldUseNPA, forKey: configuration.shouldUseNPAKey)
            log.record(.evaluated(new, trigger: trigger))
            delegate?.consentCoordinator(self, didUpdate: new)
            for stream in streams { stream.yield(new) }
            return new
        }
    }
}
