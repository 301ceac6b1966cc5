/// How the app-side logic is set up: callback timeouts, storage keys, the decision table and the ad SDK's audience tags.
public struct AdsConfiguration: Hashable, Sendable {
    /// Which decision table the current consent SDK's answers go through: the TCF-aware one (the
    /// default), or the seed's, which counts `obtained` as consent to everything.
    public var decisionProfile: DecisionProfile
    /// How long each step waits for a callback before it gives up and stays conservative.
    public var timeouts: CallbackTimeouts
    /// The key under which the coordinator persists `shouldUseNPA` for the app's UI.
    public var shouldUseNPAKey: String
    /// The key under which the service remembers that the tracking prompt was shown and went away
    /// unanswered in this install, so the status counts as decided although it reads `notDetermined`.
    public var trackingPromptDismissedKey: String
    /// When onboarding asks for tracking: before the consent flow (the default), after it, or never,
    /// leaving it to the consent SDK's IDFA explainer.
    public var onboardingTracking: OnboardingTrackingOrder
    /// The ad SDK's audience tags, set before it starts; a tag that rules out personalized ads puts
    /// `npa=1` on every request. The consent SDK's under-age tag does not reach the ad SDK: set it here too.
    public var adRequestConfiguration: AdRequestConfiguration
    /// The ad networks the app mediates, which do not read the TC string: a glue tells each of them
    /// the user's choices (``MediationPartners``) before the ad SDK starts and before each request.
    public var mediationPartners: [MediationPartner] = []

    /// Creates a configuration; the defaults suit a production app for a general audience.
    public init(
        timeouts: CallbackTimeouts = .init(),
        shouldUseNPAKey: String = "ads.shouldUseNPA",
        trackingPromptDismissedKey: String = "ads.trackingPromptDismissed",
        decisionProfile: DecisionProfile = .tcf,
        onboardingTracking: OnboardingTrackingOrder = .beforeConsent,
        adRequestConfiguration: AdRequestConfiguration = AdRequestConfiguration()
    ) {
        self.decisionProfile = decisionProfile
        self.adRequestConfiguration = adRequestConfiguration
        self.timeouts = timeouts
        self.shouldUseNPAKey = shouldUseNPAKey
        self.trackingPromptDismissedKey = trackingPromptDismissedKey
        self.onboardingTracking = onboardingTracking
    }
}

/// How long each step of the flow waits for its callback.
///
/// A callback that never comes must not leave the app hanging or, worse, personalized: when a timeout
/// fires, the app re-evaluates from what the SDKs report, which is conservative when nothing arrived.
public struct CallbackTimeouts: Hashable, Sendable {
    /// The tracking request; if it fires while a prompt keeps the app inactive, the app re-reads the
    /// status once it is active again instead of giving up.
    public var trackingRequest: Duration
    /// The consent information update.
    public var consentInfoUpdate: Duration
    /// Loading a consent form.
    public var formLoad: Duration
    /// A form on screen until the user answers; long, because the user reads it.
    public var formPresent: Duration
    /// Loading an ad.
    public var adLoad: Duration

    /// Creates timeouts; the defaults are generous for a real network.
    public init(
        trackingRequest: Duration = .seconds(60),
        consentInfoUpdate: Duration = .seconds(10),
        formLoad: Duration = .seconds(10),
        formPresent: Duration = .seconds(300),
        adLoad: Duration = .seconds(30)
    ) {
        self.trackingRequest = trackingRequest
        self.consentInfoUpdate = consentInfoUpdate
        self.formLoad = formLoad
        self.formPresent = formPresent
        self.adLoad = adLoad
    }

    /// The timeout of a stage.
    public func timeout(for stage: FlowStage) -> Duration {
        switch stage {
        case .trackingRequest: trackingRequest
        case .consentInfoUpdate: consentInfoUpdate
        case .formLoad, .adStart: formLoad
        case .formPresent, .privacyOptions: formPresent
        case .adLoad: adLoad
        }
    }
}
