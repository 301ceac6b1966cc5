import AdRequestKit
import AppInfoPlist
import StandInRuntime

/// Where the consent SDK thinks the user is: it decides which privacy messages apply.
public enum ConsentRegion: String, CaseIterable, Hashable, Sendable, Codable {
    /// The EEA, the UK or Switzerland: consent is required before ads (GDPR).
    case eea
    /// A US state with a privacy law: no consent up front, but an opt-out through the privacy-options entry point.
    case regulatedUSState
    /// Anywhere no privacy regulation is in force: nothing is required.
    case other
}

/// How the scripted user answers a consent or privacy-options form.
public enum ConsentFormAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// Consents to everything (or does not opt out).
    case acceptAll
    /// Refuses everything (or opts out). The consent status is `obtained` all the same.
    case rejectAll
    /// Closes the form without answering: nothing changes.
    case dismiss
    /// Chooses purposes, special features and vendors one by one ("manage options"): the user
    /// script's choices (`User(consentChoices:)`). The consent status is `obtained`.
    case custom
}

/// The consent and ad SDKs' configuration on the simulated device, and their latencies.
public struct ConsentSDKSettings: Hashable, Sendable {
    /// Where the consent SDK thinks the user is.
    public var region: ConsentRegion
    /// The privacy messages published for the app in the SDK's console.
    public var messages: PublishedMessages
    /// How long a consent information update takes.
    public var updateLatency: Duration
    /// How long loading a form takes.
    public var formLoadLatency: Duration
    /// How long loading an ad takes.
    public var adLoadLatency: Duration
    /// Whether the device is a simulator: debug settings always apply on one.
    public var isSimulator: Bool
    /// This device's hashed test-device identifier, as the consent SDK logs it; debug settings
    /// apply on a real device only when the app lists it.
    public var testDeviceIdentifier: String
    /// Whether a decision taken in the EEA stays stored through an update elsewhere, so that it
    /// applies again back in the EEA (`true`); by default the update elsewhere replaces it, and the
    /// user is asked again on return. The sources say nothing: a modelling choice.
    public var keepsDecisionOutsideEEA = false
    /// What the SDK does with an update or a form that overlaps one still running.
    public var overlappingCalls: OverlappingCallPolicy = .runBoth
    /// How many of the SDK's own preloads of the privacy-options form fail: while one has failed and
    /// its retry has not yet loaded, presenting that form completes on the next run loop with
    /// `unavailable`, showing nothing, and the SDK retries, so the next present shows the form.
    public var privacyOptionsPreloadFailures = 0
    /// Whether the publisher enabled consent sync (a Beta of Google's) for the app in the AdMob UI's
    /// Privacy & messaging: an update with a valid sync identifier then restores a GDPR decision
    /// stored under it, and stores the next one.
    public var consentSyncEnabled = false
    /// What the ad network requires of the privacy signals it reads (TCF 2.3, certified CMPs).
    public var servingPolicy = ServingPolicy()
    /// Whether the app links the analytics SDK, which then sends its automatically collected
    /// `session_start` each time the app launches (the analytics stand-in).
    public var analyticsLinked = false
    /// Whether the publisher turned consent mode on in the console (UMP 3.0.0 and later): the
    /// consent SDK then sets the analytics SDK's consent state from each GDPR answer.
    public var consentModeEnabled = false
    /// Whether the CMP turned on Google's advertiser consent mode, writing
    /// `IABTCF_EnableAdvertiserConsentMode` = 1 with its TCF signals: the analytics SDK then derives
    /// ad storage, ad user data and ad personalization from the TCF purposes (unless the Info.plist
    /// sets `GOOGLE_ANALYTICS_TCF_DATA_ENABLED` to false). Off by default: Google's consent SDK is
    /// not documented to write the key (its own link is ``consentModeEnabled``); on, the stand-in
    /// CMP writes as a third-party CMP with the option on does. A modelling choice.
    public var enablesAdvertiserConsentMode = false
    /// The ad SDK release the app links: its load errors depend on it (before 13.0.0 some request
    /// timeouts came back as `invalidRequest`).
    public var adSDKVersion = SDKVersion.modelledAdSDK

    /// The hashed identifier of the simulated device, when a scenario does not give one.
    public static let standardTestDeviceIdentifier = "33BE2250B43518CCDA7DE426D04EE231"

    /// Whether the GDPR consent form is published (``PublishedMessages/gdpr``); without it no form
    /// loads in the EEA. The older name of that one setting.
    public var consentFormConfigured: Bool {
        get { messages.gdpr }
        set { messages.gdpr = newValue }
    }

    /// Creates settings; the defaults are a real device (not a simulator) in the EEA, the standard
    /// messages published and no latency.
    public init(
        region: ConsentRegion = .eea,
        messages: PublishedMessages = .standard,
        updateLatency: Duration = .zero,
        formLoadLatency: Duration = .zero,
        adLoadLatency: Duration = .zero,
        isSimulator: Bool = false,
        testDeviceIdentifier: String = standardTestDeviceIdentifier
    ) {
        self.region = region
        self.messages = messages
        self.updateLatency = updateLatency
        self.formLoadLatency = formLoadLatency
        self.adLoadLatency = adLoadLatency
        self.isSimulator = isSimulator
        self.testDeviceIdentifier = testDeviceIdentifier
    }

    /// Whether debug settings with these test devices apply here: on a simulator, or on a listed device.
    package func appliesDebugSettings(listing identifiers: [String]) -> Bool {
        isSimulator || identifiers.contains(testDeviceIdentifier)
    }
}

/// How the scripted user answers the consent SDK's forms.
package struct ConsentUserScript: Hashable, Sendable {
    /// The answer to the consent form.
    package var consentForm: ScriptedAnswer<ConsentFormAnswer>?
    /// The answer to the privacy-options form.
    package var privacyOptionsForm: ScriptedAnswer<ConsentFormAnswer>?
    /// What a `custom` answer chooses; `nil` chooses nothing, as "reject all" does.
    package var customChoices: ConsentChoices?

    /// Creates a script; a form shown without a scripted answer is an error of the scenario.
    package init(
        consentForm: ScriptedAnswer<ConsentFormAnswer>? = nil,
        privacyOptionsForm: ScriptedAnswer<ConsentFormAnswer>? = nil,
        customChoices: ConsentChoices? = nil
    ) {
        self.consentForm = consentForm
        self.privacyOptionsForm = privacyOptionsForm
        self.customChoices = customChoices
    }

    /// The TCF choices an answer makes; `nil` for `dismiss`, which changes nothing.
    package func choices(for answer: ConsentFormAnswer) -> ConsentChoices? {
        switch answer {
        case .acceptAll: .acceptAll
        case .rejectAll: .rejectAll
        case .custom: customChoices ?? .rejectAll
        case .dismiss: nil
        }
    }
}

extension FaultError {
    /// The consent SDK's request error for this fault.
    var consentRequestError: ConsentRequestError {
        switch self {
        case .network: .network
        case .invalidAppID: .invalidAppID
        case .misconfiguration: .misconfiguration
        default: .internal
        }
    }

    /// The consent SDK's form error for this fault.
    var consentFormError: ConsentFormError {
        switch self {
        case .alreadyUsed: .alreadyUsed
        case .unavailable: .unavailable
        case .timeout: .timeout
        case .invalidViewController: .invalidViewController
        default: .internal
        }
    }

    /// The ad SDK's load error for this fault, as the SDK of that version reports it: before
    /// 13.0.0 a request timeout came back as `invalidRequest`, which 13.0.0 fixed.
    func adLoadError(version: SDKVersion) -> AdLoadError {
        switch self {
        case .network: .network
        case .timeout: version < SDKVersion(13) ? .invalidRequest : .timeout
        case .noFill: .noFill
        case .server: .server
        default: .internal
        }
    }
}
