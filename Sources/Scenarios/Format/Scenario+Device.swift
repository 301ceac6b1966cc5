import AdHarness
import AdRequestKit
import AppInfoPlist
import Foundation
import MockAdNetwork
import MockTrackingManager
import PrivacySignals
import StandInRuntime

/// The `device` object.
struct DeviceSpec: Decodable {
    var device = Device()
    var legacySDK = LegacyConsentSDKSettings()
    /// The app's real Info.plist, relative to the fixture, read once the fixture's folder is known.
    var infoPlistFile: InfoPlistFileSource?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case osVersion, region, country, allowAppsToRequestToTrack, trackingRestricted, limitAdTracking
        case infoPlist, infoPlistFile, consentFormConfigured, messages, latency, adProvidersChanged, location, simulator
        case keepsConsentOutsideEEA, overlappingConsentCalls, consentSyncEnabled, privacyOptionsPreloadFailures, adSDKVersion,
            analyticsSDK, consentMode, advertiserConsentMode
    }

    enum MessagesKeys: String, CodingKey, CaseIterable {
        case gdpr, usStates, idfaExplainer, personalizationControls
    }

    enum LocationKeys: String, CodingKey, CaseIterable {
        case servicesEnabled, servicesOffReportsDenied, restricted
    }

    init() {}

    enum LatencyKeys: String, CodingKey, CaseIterable {
        case consentUpdate, formLoad, adLoad
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let version = try container.decodeIfPresent(String.self, forKey: .osVersion) {
            guard let parsed = OSVersion(text: version) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .osVersion, in: container, debugDescription: "expected an OS version such as \"17.5\", got \"\(version)\""
                )
            }
            device.os.osVersion = parsed
        }
        if let region = try container.decodeChoiceIfPresent(ConsentRegion.self, forKey: .region) { device.sdk.region = region }
        if let country = try container.decodeIfPresent(String.self, forKey: .country) {
            guard TrackingPromptRegion(countryCode: country) != nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .country, in: container, debugDescription: "expected a two-letter country code such as \"FR\", got \"\(country)\""
                )
            }
            device.country = country
        }
        if let on = try container.decodeIfPresent(Bool.self, forKey: .allowAppsToRequestToTrack) { device.os.allowAppsToRequestToTrack = on }
        if let on = try container.decodeIfPresent(Bool.self, forKey: .trackingRestricted) { device.os.trackingRestricted = on }
        if let on = try container.decodeIfPresent(Bool.self, forKey: .limitAdTracking) { device.os.limitAdTracking = on }
        if let changed = try container.decodeIfPresent(Bool.self, forKey: .adProvidersChanged) { legacySDK.providersChanged = changed }
        if let simulator = try container.decodeIfPresent(Bool.self, forKey: .simulator) {
            device.sdk.isSimulator = simulator
            legacySDK.isSimulator = simulator
        }
        if let keeps = try container.decodeIfPresent(Bool.self, forKey: .keepsConsentOutsideEEA) { device.sdk.keepsDecisionOutsideEEA = keeps }
        if let on = try container.decodeIfPresent(Bool.self, forKey: .consentSyncEnabled) { device.sdk.consentSyncEnabled = on }
        if let linked = try container.decodeIfPresent(Bool.self, forKey: .analyticsSDK) { device.sdk.analyticsLinked = linked }
        if let on = try container.decodeIfPresent(Bool.self, forKey: .consentMode) { device.sdk.consentModeEnabled = on }
        if let on = try container.decodeIfPresent(Bool.self, forKey: .advertiserConsentMode) { device.sdk.enablesAdvertiserConsentMode = on }
        if let version = try container.decodeIfPresent(String.self, forKey: .adSDKVersion) {
            guard let parsed = SDKVersion(text: version) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .adSDKVersion, in: container, debugDescription: "expected an SDK version such as \"13.12.0\", got \"\(version)\""
                )
            }
            device.sdk.adSDKVersion = parsed
        }
        if let failures = try container.decodeIfPresent(Int.self, forKey: .privacyOptionsPreloadFailures) {
            guard (0...100).contains(failures) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .privacyOptionsPreloadFailures, in: container, debugDescription: "expected a count from 0 to 100, found \(failures)"
                )
            }
            device.sdk.privacyOptionsPreloadFailures = failures
        }
        if let policy = try container.decodeChoiceIfPresent(OverlappingCallPolicy.self, forKey: .overlappingConsentCalls) {
            device.sdk.overlappingCalls = policy
        }
        // `consentFormConfigured` is the older name of `messages.gdpr`: one of the two, not both.
        if let configured = try container.decodeIfPresent(Bool.self, forKey: .consentFormConfigured) {
            device.sdk.consentFormConfigured = configured
        }
        if let values = try container.strictObjectIfPresent(MessagesKeys.self, forKey: .messages) {
            if container.contains(.consentFormConfigured) && values.contains(.gdpr) {
                throw DecodingError.dataCorruptedError(
                    forKey: .gdpr, in: values,
                    debugDescription: "expected either messages.gdpr or consentFormConfigured (its older name), found both"
                )
            }
            if let on = try values.decodeIfPresent(Bool.self, forKey: .gdpr) { device.sdk.messages.gdpr = on }
            if let on = try values.decodeIfPresent(Bool.self, forKey: .usStates) { device.sdk.messages.usStates = on }
            if let on = try values.decodeIfPresent(Bool.self, forKey: .idfaExplainer) { device.sdk.messages.idfaExplainer = on }
            if let on = try values.decodeIfPresent(Bool.self, forKey: .personalizationControls) {
                device.sdk.messages.personalizationControls = on
            }
        }
        // The fixture's Info.plist overlays the standard one, or the app's real file: a value sets a
        // key, null removes it.
        let overlay = try container.decodeIfPresent([String: PropertyListValue?].self, forKey: .infoPlist) ?? [:]
        if let path = try container.decodeIfPresent(String.self, forKey: .infoPlistFile) {
            guard !path.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .infoPlistFile, in: container, debugDescription: "expected a path to an Info.plist, relative to the fixture; found an empty string"
                )
            }
            infoPlistFile = InfoPlistFileSource(path: path, overlay: overlay)
        }
        for (key, value) in overlay { device.infoPlist[key] = value }
        if let values = try container.strictObjectIfPresent(LocationKeys.self, forKey: .location) {
            if let on = try values.decodeIfPresent(Bool.self, forKey: .servicesEnabled) { device.location.servicesEnabled = on }
            if let on = try values.decodeIfPresent(Bool.self, forKey: .servicesOffReportsDenied) { device.location.servicesOffReportsDenied = on }
            if let on = try values.decodeIfPresent(Bool.self, forKey: .restricted) { device.location.restricted = on }
        }
        if let values = try container.strictObjectIfPresent(LatencyKeys.self, forKey: .latency) {
            if let value = try values.decodeDurationIfPresent(forKey: .consentUpdate) { device.sdk.updateLatency = value }
            if let value = try values.decodeDurationIfPresent(forKey: .formLoad) { device.sdk.formLoadLatency = value }
            if let value = try values.decodeDurationIfPresent(forKey: .adLoad) { device.sdk.adLoadLatency = value }
        }
    }
}

/// `device.infoPlistFile`: the path as written, and the `infoPlist` overlay to apply over the file.
struct InfoPlistFileSource: Sendable {
    var path: String
    var overlay: [String: PropertyListValue?]

    /// Reads the file, relative to `folder` unless absolute, and applies the overlay.
    func read(relativeTo folder: URL) throws(InfoPlistError) -> InfoPlist {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        var infoPlist = try InfoPlist(contentsOf: url, file: path)
        for (key, value) in overlay { infoPlist[key] = value }
        return infoPlist
    }
}

/// The `previousSession` object.
struct PreviousSessionSpec: Decodable {
    var session = PreviousSession()
    /// The keys given that are the reference glue's own storage, not the OS's or an SDK's.
    var glueLeftoverKeys: [String] = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case tracking, consent, shouldUseNPA, legacyConsent, usePersonalizedAds, consentChoices, consentAge, privacyOptions, syncedConsent, gppString
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        session.tracking = try container.decodeStatusIfPresent(TrackingAuthorizationStatus.self, forKey: .tracking) ?? .notDetermined
        session.consent = try container.decodeStatusIfPresent(UserConsentStatus.self, forKey: .consent) ?? .unknown
        session.shouldUseNPA = try container.decodeIfPresent(Bool.self, forKey: .shouldUseNPA)
        session.legacyConsent = try container.decodeStatusIfPresent(LegacyConsentStatus.self, forKey: .legacyConsent) ?? .unknown
        session.usePersonalizedAds = try container.decodeIfPresent(Bool.self, forKey: .usePersonalizedAds)
        session.consentChoices = try container.decodeIfPresent(ConsentChoicesSpec.self, forKey: .consentChoices)?.choices
        session.privacyOptions = try container.decodeStatusIfPresent(PrivacyOptionsRequirement.self, forKey: .privacyOptions) ?? .unknown
        if session.consentChoices != nil && session.consent != .obtained {
            throw DecodingError.dataCorruptedError(
                forKey: .consentChoices, in: container,
                debugDescription: "expected consent obtained with consentChoices (the choices of a form answered earlier), found \(session.consent)"
            )
        }
        if let age = try container.decodeDurationIfPresent(forKey: .consentAge) {
            guard session.consent == .obtained else {
                throw DecodingError.dataCorruptedError(
                    forKey: .consentAge, in: container,
                    debugDescription: "expected consent obtained with consentAge (how long ago the earlier decision was taken), found \(session.consent)"
                )
            }
            guard age <= .seconds(3_650 * 86_400) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .consentAge, in: container, debugDescription: "expected at most 3650d (ten years), found \(age.components.seconds / 86_400) days"
                )
            }
            session.consentAge = age
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .gppString) {
            if let problem = Self.gppProblem(text) {
                throw DecodingError.dataCorruptedError(forKey: .gppString, in: container, debugDescription: "expected a GPP string, found \(text): \(problem)")
            }
            session.gppString = text
        }
        for synced in try container.decodeIfPresent([SyncedConsentSpec].self, forKey: .syncedConsent) ?? [] {
            session.syncedConsent[synced.id] = synced.choices
        }
        glueLeftoverKeys = [CodingKeys.shouldUseNPA, .usePersonalizedAds].filter(container.contains).map(\.rawValue)
    }
}

extension PreviousSessionSpec {
    /// Why a third-party CMP's GPP string cannot be read: its header, or a US National or US state
    /// section that does not decode; nil when it reads.
    static func gppProblem(_ text: String) -> String? {
        do {
            _ = try GPPString(decodingUSSections: text)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

/// One entry of `previousSession.syncedConsent`: a GDPR decision taken in another of the
/// publisher's apps, stored under its consent sync identifier.
struct SyncedConsentSpec: Decodable {
    var id: String
    var choices: ConsentChoices

    enum CodingKeys: String, CodingKey, CaseIterable {
        case consentSyncID, answer
    }

    /// The answers another app's form can have given.
    enum Answer: String, CaseIterable, Decodable {
        case acceptAll, rejectAll
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .consentSyncID)
        guard ConsentSyncService.isValid(id) else {
            throw DecodingError.dataCorruptedError(
                forKey: .consentSyncID, in: container,
                debugDescription: "expected a UUID or 22 to 150 letters, digits and +.=/_-$,{}, found \"\(id)\""
            )
        }
        choices =
            switch try container.decodeChoice(Answer.self, forKey: .answer) {
            case .acceptAll: .acceptAll
            case .rejectAll: .rejectAll
            }
    }
}

/// An answer to write, by its name: `"allow"` when it comes at once, `{ "answer": "allow", "after": "61s" }`
/// when late; ``AnswerSpec`` reads it back.
package struct AnswerSpelling: Encodable, Hashable, Sendable {
    /// The answer's name (`allow`, `acceptAll`...).
    package var answer: String
    /// How long the user takes.
    package var after: Duration

    /// An answer given `after` the prompt appears.
    package init(_ answer: String, after: Duration) {
        self.answer = answer
        self.after = after
    }

    /// Writes the plain name when there is no delay, else the object.
    package func encode(to encoder: any Encoder) throws {
        guard after != .zero else {
            var single = encoder.singleValueContainer()
            try single.encode(answer)
            return
        }
        var object = encoder.container(keyedBy: AnswerKeys.self)
        try object.encode(answer, forKey: .answer)
        try object.encode(after.exactText, forKey: .after)
    }
}

/// The `user` object.
struct UserSpec: Decodable {
    var user = User()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case trackingPrompt, consentForm, privacyOptionsForm, legacyConsentForm, locationPrompt, consentChoices
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        user.trackingPrompt = try container.decodeIfPresent(AnswerSpec<TrackingPromptAnswer>.self, forKey: .trackingPrompt)?.answer
        user.consentForm = try container.decodeIfPresent(AnswerSpec<ConsentFormAnswer>.self, forKey: .consentForm)?.answer
        user.privacyOptionsForm = try container.decodeIfPresent(AnswerSpec<ConsentFormAnswer>.self, forKey: .privacyOptionsForm)?.answer
        user.legacyConsentForm = try container.decodeIfPresent(AnswerSpec<LegacyFormAnswer>.self, forKey: .legacyConsentForm)?.answer
        user.location.prompt = try container.decodeIfPresent(AnswerSpec<LocationPromptAnswer>.self, forKey: .locationPrompt)?.answer
        user.consentChoices = try container.decodeIfPresent(ConsentChoicesSpec.self, forKey: .consentChoices)?.choices
        let custom = [user.consentForm, user.privacyOptionsForm].contains { $0?.answer == .custom }
        if custom != (user.consentChoices != nil) {
            throw DecodingError.dataCorruptedError(
                forKey: custom ? .consentForm : .consentChoices, in: container,
                debugDescription: custom
                    ? "expected user.consentChoices for a custom answer, found none"
                    : "expected a custom answer (consentForm or privacyOptionsForm) for consentChoices, found none"
            )
        }
    }
}

/// The keys of an answer written as an object: `{ "answer": "allow", "after": "3s" }`.
enum AnswerKeys: String, CodingKey, CaseIterable {
    case answer, after
}

/// An answer: `"allow"`, or `{ "answer": "allow", "after": "3s" }`.
struct AnswerSpec<Answer: CaseIterable & RawRepresentable & Hashable & Sendable>: Decodable where Answer.RawValue == String {
    var answer: ScriptedAnswer<Answer>

    typealias CodingKeys = AnswerKeys

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard let value = Answer(rawValue: text) else {
                throw DecodingError.dataCorruptedError(
                    in: single,
                    debugDescription: unknownChoice(text, among: Answer.allCases.map(\.rawValue), of: Answer.self)
                )
            }
            answer = ScriptedAnswer(value)
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        answer = ScriptedAnswer(
            try container.decodeChoice(Answer.self, forKey: .answer),
            after: try container.decodeDurationIfPresent(forKey: .after) ?? .zero
        )
    }
}
