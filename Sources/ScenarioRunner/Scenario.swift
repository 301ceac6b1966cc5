import AdHarness
import AdRequestKit
import Foundation
import HarnessSupport

/// A scenario fixture (format 1): a device, what earlier sessions left, a scripted user, faults,
/// the steps the app goes through, and what must be true afterwards.
///
/// Decoding is strict: an unknown key or value, a wrong type, a missing required field or a bad
/// duration fails with the JSON path and what was expected there.
public struct Scenario: Sendable, Decodable {
    /// A one-line title.
    public var name: String
    /// Longer notes on what the scenario pins, if any.
    public var summary: String?
    /// The device.
    public var device: Device
    /// How the app is set up: consent request parameters, timeouts, deliberate mistakes.
    public var app: AppSetup
    /// What earlier sessions left on the device.
    public var previousSession: PreviousSession
    /// The scripted user.
    public var user: User
    /// The faults to inject.
    public var faults: [Fault]
    /// What happens, in order.
    public var steps: [Step]
    /// What must be true afterwards.
    public var expect: Expectations

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, consentProfile, device, app, previousSession, user, faults, steps, expect
    }

    /// Decodes a scenario, rejecting anything it does not understand.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decodeIfPresent(String.self, forKey: .description)
        if let profile = try container.decodeIfPresent(String.self, forKey: .consentProfile), profile != "ump" {
            throw DecodingError.dataCorruptedError(forKey: .consentProfile, in: container, debugDescription: "expected \"ump\", got \"\(profile)\"")
        }
        device = try container.decodeIfPresent(DeviceSpec.self, forKey: .device)?.device ?? Device()
        app = try container.decodeIfPresent(AppSetup.self, forKey: .app) ?? AppSetup()
        previousSession = try container.decodeIfPresent(PreviousSessionSpec.self, forKey: .previousSession)?.session ?? .freshInstall
        user = try container.decodeIfPresent(UserSpec.self, forKey: .user)?.user ?? User()
        faults = try container.decodeIfPresent([FaultSpec].self, forKey: .faults)?.map(\.fault) ?? []
        steps = try container.decode([Step].self, forKey: .steps)
        expect = try container.decode(Expectations.self, forKey: .expect)
    }

    /// Reads and decodes a scenario file.
    public static func load(from url: URL, displayPath: String? = nil) throws(ScenarioError) -> Scenario {
        let file = displayPath ?? url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ScenarioError(file: file, message: "cannot be read: \(error.localizedDescription)")
        }
        // Foundation's decoder tolerates some invalid JSON (a trailing comma); other tools reading
        // the same file do not, so strict JSON is checked first.
        if let problem = JSONSyntaxCheck.firstProblem(in: Array(data)) {
            throw ScenarioError(file: file, path: "line \(problem.line), column \(problem.column)", message: "not valid JSON: expected \(problem.expected)")
        }
        do {
            return try JSONDecoder().decode(Scenario.self, from: data)
        } catch {
            throw ScenarioError(file: file, decodingError: error)
        }
    }
}

/// How the app is set up in a scenario.
public struct AppSetup: Sendable, Decodable {
    /// The app's configuration: consent request parameters and timeouts.
    public var configuration = AdsConfiguration()
    /// Deliberate mistakes in the app's glue code.
    public var mistakes: Set<AppMistake> = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case underAgeOfConsent, debugGeography, timeouts, mistakes
    }

    /// The defaults: an adult user, no debug geography, default timeouts, no mistakes.
    public init() {}

    /// Decodes the `app` object.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let underAge = try container.decodeIfPresent(Bool.self, forKey: .underAgeOfConsent) {
            configuration.consentRequestParameters.isTaggedForUnderAgeOfConsent = underAge
        }
        if let geography = try container.decodeStatusIfPresent(ConsentDebugGeography.self, forKey: .debugGeography) {
            configuration.consentRequestParameters.debugGeography = geography
        }
        if let timeouts = try container.decodeIfPresent(TimeoutsSpec.self, forKey: .timeouts) {
            configuration.timeouts = timeouts.timeouts
        }
        let mistakes = try container.decodeList(forKey: .mistakes, AppMistake.init(rawValue:)) {
            "expected one of \(AppMistake.allCases.map(\.rawValue).joined(separator: ", ")), got \"\($0)\""
        }
        self.mistakes = Set(mistakes ?? [])
    }
}

/// The `app.timeouts` object.
struct TimeoutsSpec: Decodable {
    var timeouts = CallbackTimeouts()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case trackingRequest, consentInfoUpdate, formLoad, formPresent, adLoad
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeDurationIfPresent(forKey: .trackingRequest) { timeouts.trackingRequest = value }
        if let value = try container.decodeDurationIfPresent(forKey: .consentInfoUpdate) { timeouts.consentInfoUpdate = value }
        if let value = try container.decodeDurationIfPresent(forKey: .formLoad) { timeouts.formLoad = value }
        if let value = try container.decodeDurationIfPresent(forKey: .formPresent) { timeouts.formPresent = value }
        if let value = try container.decodeDurationIfPresent(forKey: .adLoad) { timeouts.adLoad = value }
    }
}
