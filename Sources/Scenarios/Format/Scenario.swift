import AdHarness
import AdRequestKit
import Foundation
import MockAdNetwork
import StandInRuntime

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
    /// How the app is set up: timeouts, deliberate mistakes.
    public var app: AppSetup
    /// Which consent SDK flow the app runs, and its settings.
    public var consent: ConsentSetup
    /// What earlier sessions left on the device.
    public var previousSession: PreviousSession
    /// The scripted user.
    public var user: User
    /// The faults to inject.
    public var faults: [Fault]
    /// What happens, in order.
    public var steps: [Step]
    /// Where the scenario's run starts (its `device`, `previousSession`, `user` and `faults`), as one
    /// value: what `SimulatedApp(glue:setup:)` takes, to run the scenario's start in a Swift test.
    public var setup: RunSetup {
        get { RunSetup(device: device, previousSession: previousSession, user: user, faults: faults) }
        set { (device, previousSession, user, faults) = (newValue.device, newValue.previousSession, newValue.user, newValue.faults) }
    }
    /// What must be true afterwards.
    public var expect: Expectations
    /// Which glue the scenario is for, as the file says (`"glue"`); `nil` when it does not say.
    public var declaredGlue: GlueRequirement?
    /// The rules the scenario is checked by (`"rules": "seed"`); `nil` for the glue's own
    /// (`RuleSet.standard` for a team's glue, `RuleSet.seed` for the reference glue).
    public var rules: RuleSet?
    /// The JSON paths that tie the scenario to the reference glue (its settings, its log, its
    /// beliefs); empty when the scenario needs only ground truth and runs against any glue.
    public var referenceGlueReasons: [String]
    /// Whether the app runs no glue (`"glue": "none"`): its entry points do nothing, and only raw
    /// `sdk` steps touch the consent SDK, so the scenario pins the stand-ins whatever glue it is given.
    public var runsWithoutGlue = false
    /// `device.infoPlistFile`, until it is read relative to the fixture's folder.
    var infoPlistFile: InfoPlistFileSource?
    /// Where the file (or the inline JSON of `decode(json:name:)`, under its name) wrote its steps, so
    /// a finding names that line as a Swift test's names the test's; `nil` for the explorer's drafts.
    package var stepSource: StepSource?

    /// The lines a file wrote its steps on, as decoded.
    package struct StepSource: Sendable {
        /// The file, as reports name it.
        var file: String
        /// The steps as the file wrote them: the lines hold while ``Scenario/steps`` is still this list.
        var steps: [Step]
        /// The line of each step.
        var lines: [Int]
        /// The line of the `steps` list: the site of the run's end, `finish`.
        var listLine: Int
    }

    /// The file's lines, while the steps are as the file wrote them; `nil` once a test has changed them.
    private var heldSource: StepSource? { stepSource.flatMap { $0.steps == steps ? $0 : nil } }

    /// Where the file wrote the step at `index`; ``CallSite/unwritten`` once a test has changed the steps.
    package func site(ofStep index: Int) -> CallSite {
        guard let source = heldSource, source.lines.indices.contains(index) else { return .unwritten }
        return CallSite(fileID: source.file, line: source.lines[index])
    }

    /// Where the run's end is written: the file's `steps` list, while the steps are as the file wrote them.
    package var finishSite: CallSite {
        heldSource.map { CallSite(fileID: $0.file, line: $0.listLine) } ?? .unwritten
    }

    /// The scenario without its file's lines: a draft the explorer writes and reads back is no file a
    /// user has.
    package func withoutStepLines() -> Scenario {
        var scenario = self
        scenario.stepSource = nil
        return scenario
    }

    /// Whether the scenario runs against any glue, or checks the package's reference glue.
    public var requiredGlue: GlueRequirement { referenceGlueReasons.isEmpty ? .anyGlue : .referenceGlue }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, glue, rules, consentProfile, device, app, previousSession, user, faults, steps, expect
    }

    /// Decodes a scenario, rejecting anything it does not understand.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        guard name.contains(where: { !$0.isWhitespace }) else {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "expected a one-line title; found an empty name")
        }
        summary = try container.decodeIfPresent(String.self, forKey: .description)
        let profile = try container.decodeChoiceIfPresent(ConsentProfile.self, forKey: .consentProfile) ?? .current
        let deviceSpec = try container.decodeIfPresent(DeviceSpec.self, forKey: .device) ?? DeviceSpec()
        device = deviceSpec.device
        infoPlistFile = deviceSpec.infoPlistFile
        app = try container.decodeIfPresent(AppSetup.self, forKey: .app) ?? AppSetup()
        consent = try app.consentSetup(profile: profile, legacySDK: deviceSpec.legacySDK, codingPath: container.codingPath + [CodingKeys.app])
        let sessionSpec = try container.decodeIfPresent(PreviousSessionSpec.self, forKey: .previousSession)
        previousSession = sessionSpec?.session ?? .freshInstall
        if profile == .current, previousSession.legacyConsent != .unknown || previousSession.usePersonalizedAds != nil {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath + [CodingKeys.previousSession],
                    debugDescription: "expected consentProfile legacy for legacyConsent and usePersonalizedAds, found \(profile)"
                ))
        }
        if profile == .legacy, previousSession.consentAge != .zero {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath + [CodingKeys.previousSession],
                    debugDescription: "expected consentProfile current for consentAge (the current consent SDK's decision), found legacy"
                ))
        }
        user = try container.decodeIfPresent(UserSpec.self, forKey: .user)?.user ?? User()
        faults = try container.decodeIfPresent([FaultSpec].self, forKey: .faults)?.map(\.fault) ?? []
        steps = try container.decode([Step].self, forKey: .steps)
        try Step.checkOrder(of: steps, codingPath: container.codingPath + [CodingKeys.steps])
        expect = try container.decode(Expectations.self, forKey: .expect)
        let glueChoice = try container.decodeChoiceIfPresent(GlueChoice.self, forKey: .glue)
        if glueChoice == GlueChoice.none {
            runsWithoutGlue = true
            if let step = steps.first(where: \.goesThroughGlue) {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: container.codingPath + [CodingKeys.glue],
                        debugDescription: "expected only steps that need no glue with \"none\" (raw {\"sdk\": ...} steps, launch, advance...), "
                            + "found \"\(step)\", which goes through the glue; or set \"glue\": \"any\""
                    ))
            }
        } else if let glueChoice {
            declaredGlue = glueChoice == .reference ? .referenceGlue : .anyGlue
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .rules) {
            do { rules = try RuleSet(parsing: text, knowing: decoder.userInfo[RuleID.knownRulesKey] as? RuleSet ?? .standard) } catch {
                throw DecodingError.dataCorruptedError(forKey: .rules, in: container, debugDescription: error.description)
            }
        }
        var reasons =
            (profile == .legacy ? ["consentProfile"] : [])
            + app.givenKeys.map { "app.\($0)" }
            + (sessionSpec?.glueLeftoverKeys ?? []).map { "previousSession.\($0)" }
            + expect.referenceGlueReasons
        if runsWithoutGlue || declaredGlue == .anyGlue, let first = reasons.first {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath + [CodingKeys.glue],
                    debugDescription:
                        "\"\(runsWithoutGlue ? "none" : "any")\" promises ground truth only, but \(first) belongs to the reference glue (its settings, log or beliefs); "
                        + "remove it, or set \"glue\": \"reference\" (such a file is expected to check ground truth only)"
                ))
        }
        if declaredGlue == .anyGlue { try Self.checkAnyGlue(expect: expect, user: user, codingPath: container.codingPath) }
        if declaredGlue == .referenceGlue && reasons.isEmpty { reasons = ["glue"] }
        referenceGlueReasons = reasons
    }

    /// What `"glue": "any"` promises beyond ground truth: the file holds for every correct glue, so it
    /// pins none of one glue's own flow, and it scripts every answer a glue may need, since any glue
    /// may show the tracking prompt, the consent form or the privacy options at any point.
    static func checkAnyGlue(expect: Expectations, user: User, codingPath: [any CodingKey]) throws {
        if let pin = expect.glueFlowPins.first {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [CodingKeys.glue],
                    debugDescription:
                        "expected only expectations that hold for every correct glue, as \"any\" promises, found \(pin), which pins "
                        + "one glue's own flow; remove it, or remove \"glue\": \"any\" to pin the glue the file is run against"
                ))
        }
        let unanswered = [
            ("trackingPrompt", user.trackingPrompt == nil), ("consentForm", user.consentForm == nil),
            ("privacyOptionsForm", user.privacyOptionsForm == nil),
        ].filter(\.1).map(\.0)
        if let first = unanswered.first {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [CodingKeys.user],
                    debugDescription:
                        "expected an answer for user.\(first): with \"glue\": \"any\" a glue may show the tracking prompt, the consent form "
                        + "or the privacy options at any point, so the file scripts all three (missing: \(unanswered.joined(separator: ", ")))"
                ))
        }
    }

    /// Reads and decodes a scenario file; the rules it names are the package's.
    public static func load(from url: URL, displayPath: String? = nil) throws(ScenarioError) -> Scenario {
        try load(from: url, displayPath: displayPath, knowing: .standard)
    }

    /// Reads and decodes a scenario file whose `"rules"` and expected findings may name rules of your
    /// own: those `rules` adds (`RuleSet.adding(_:severity:)`); another name is an error naming it.
    public static func load(from url: URL, displayPath: String? = nil, knowing rules: RuleSet) throws(ScenarioError) -> Scenario {
        let file = displayPath ?? url.path
        return try decode(readFile(url, file: file), file: file, folder: url.deletingLastPathComponent(), knowing: rules)
    }

    /// The bytes of a file, or an error saying in plain words why there are none.
    ///
    /// A regular file larger than a scenario may be is refused before it is read; a pipe (a shell's
    /// `<(jq ... file.json)`) is read to its end, at most that much; a device is refused unread, so
    /// `/dev/zero` is never read without end.
    package static func readFile(_ url: URL, file: String) throws(ScenarioError) -> Data {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
                throw ScenarioError(
                    file: file,
                    message: "expected a scenario file, found a symbolic link to \(target) that leads to nothing (its target is gone, or links loop)")
            }
            throw ScenarioError(file: file, message: "expected a scenario file, found nothing at this path")
        }
        let largest = JSONDocument.maximumSize
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw ScenarioError(file: file, message: "expected a scenario file, found a folder (`adharness run` takes folders)")
        case S_IFREG:
            guard info.st_size <= largest else {
                throw ScenarioError(file: file, message: "expected a file of at most \(largest) bytes, found \(info.st_size)")
            }
            do { return try Data(contentsOf: url) } catch {
                throw ScenarioError(file: file, message: "expected a readable file, found one that cannot be read (check its permissions)")
            }
        case S_IFIFO:
            return try readPipe(url, file: file, atMost: largest)
        default:
            throw ScenarioError(file: file, message: "expected a scenario file, found a device or another special file")
        }
    }

    /// A pipe's bytes up to its end, or one byte more than `largest` (for the size error to say so).
    /// Opened without waiting for a writer: a pipe nobody writes to is an empty file, not a hang.
    private static func readPipe(_ url: URL, file: String, atMost largest: Int) throws(ScenarioError) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ScenarioError(file: file, message: "expected a readable pipe, found one that cannot be opened (check its permissions)")
        }
        defer { close(descriptor) }
        // Reads wait for a writer's bytes from here on; with no writer at all, a read is the end.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= largest {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw ScenarioError(file: file, message: "expected a readable pipe, found one that fails to read") }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    /// Decodes a scenario written inline, as a test does, with the same strict checks as a file;
    /// a relative `device.infoPlistFile` is read relative to `folder` (by default the working directory).
    public static func decode(json: String, name: String = "inline scenario", folder: URL? = nil) throws(ScenarioError) -> Scenario {
        try decode(Data(json.utf8), file: name, folder: folder)
    }

    /// Decodes a scenario written inline whose `"rules"` and expected findings may name rules of your
    /// own: those `rules` adds (`RuleSet.adding(_:severity:)`); another name is an error naming it.
    ///
    /// ```swift
    /// let rules = try RuleSet.standard.adding(NoAdBeforeOnboarding(), severity: .failure)
    /// let scenario = try Scenario.decode(json: text, knowing: rules)   // "rules": "standard,myApp.noAdBeforeOnboarding=failure"
    /// ```
    public static func decode(json: String, name: String = "inline scenario", folder: URL? = nil, knowing rules: RuleSet) throws(ScenarioError) -> Scenario {
        try decode(Data(json.utf8), file: name, folder: folder, knowing: rules)
    }

    /// Parses strict JSON within the size and depth limits, or fails with the line, column and
    /// JSON path of the first problem.
    package static func parse(_ data: Data, file: String) throws(ScenarioError) -> JSONDocument {
        do {
            return try JSONDocument(bytes: Array(data))
        } catch {
            throw ScenarioError(file: file, path: error.path, line: error.line, column: error.column, message: error.message)
        }
    }

    /// Decodes a scenario, reading the names of rules against `known` (the package's and those it
    /// adds); a starting point for the explorer may have no steps yet. `written` is the file as its
    /// author wrote it, when `data` is a rewriting of it (the explorer completes a starting point):
    /// errors and steps are placed at their lines and columns there.
    package static func decode(
        _ data: Data, file: String, isStartingPoint: Bool = false, folder: URL? = nil, knowing known: RuleSet = .standard, written: Data? = nil
    ) throws(ScenarioError) -> Scenario {
        let decoded = try parse(data, file: file)
        let document = try written.map { data throws(ScenarioError) in try parse(data, file: file) } ?? decoded
        var scenario: Scenario
        do {
            scenario = try JSONTreeDecoder.decode(Scenario.self, from: decoded, userInfo: [RuleID.knownRulesKey: known])
            if scenario.steps.isEmpty && !isStartingPoint {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [CodingKeys.steps], debugDescription: "expected at least one step, such as \"launch\"; found an empty list"
                    ))
            }
        } catch {
            var problem = ScenarioError(file: file, decodingError: error)
            if let path = ScenarioError.codingPath(of: error) {
                (problem.line, problem.column) = document.position(at: path)
            }
            throw problem
        }
        try scenario.readInfoPlistFile(relativeTo: folder, file: file, document: document)
        scenario.stepSource = StepSource(
            file: file, steps: scenario.steps,
            lines: scenario.steps.indices.map { document.position(at: [CodingKeys.steps, AnyCodingKey(intValue: $0)]).line },
            listLine: document.position(at: [CodingKeys.steps]).line
        )
        return scenario
    }
}

extension Scenario {
    /// Replaces the device's Info.plist with `device.infoPlistFile` read relative to `folder`; an
    /// unreadable file is an error at that field, naming the file and what was wrong with it.
    fileprivate mutating func readInfoPlistFile(relativeTo folder: URL?, file: String, document: JSONDocument) throws(ScenarioError) {
        guard let source = infoPlistFile else { return }
        let folder = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            device.infoPlist = try source.read(relativeTo: folder)
        } catch {
            let path: [any CodingKey] = [CodingKeys.device, DeviceSpec.CodingKeys.infoPlistFile]
            let (line, column) = document.position(at: path)
            throw ScenarioError(
                file: file, path: ScenarioError.path(path), line: line, column: column,
                // An absolute path is read as written: saying it is relative would send its reader to the wrong folder.
                message: (source.path.hasPrefix("/") ? source.path : "\(source.path) (relative to the fixture's folder \(folder.path))")
                    + ": \(error.problem)"
            )
        }
        infoPlistFile = nil
    }
}

/// The scenario's `consentProfile`: which consent SDK the app integrates.
enum ConsentProfile: String, CaseIterable {
    /// The current consent SDK (the default).
    case current
    /// The older consent-form SDK.
    case legacy
}

/// The scenario's `glue`: a ``GlueRequirement``, or `none` for a run with no glue at all.
enum GlueChoice: String, CaseIterable {
    /// Any correct glue must pass it.
    case any
    /// It checks the package's reference glue.
    case reference
    /// The app runs no glue; only raw `sdk` steps touch the consent SDK.
    case none
}

/// Which glue a scenario runs against.
public enum GlueRequirement: String, CaseIterable, Hashable, Sendable, Codable {
    /// Ground-truth expectations only: any correct glue must pass it.
    case anyGlue = "any"
    /// It checks the package's reference glue: its settings, its log or what it believes.
    case referenceGlue = "reference"
}

/// How the reference glue is set up in a scenario.
public struct AppSetup: Sendable, Decodable {
    /// The app's configuration: timeouts and storage keys.
    package var configuration = AdsConfiguration()
    /// Deliberate mistakes in the app's glue code.
    package var mistakes: Set<AppMistake> = []
    /// Parameters of the current consent SDK's update.
    var parameters = ConsentRequestParameters()
    /// Whether any current-SDK parameter was given.
    var givesCurrentParameters = false
    /// The legacy consent SDK's app settings, if given.
    var legacy: LegacyConsentSettings?
    /// The keys the scenario gave, in order: each is a setting of the reference glue.
    var givenKeys: [String] = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case underAgeOfConsent, debugGeography, testDeviceIdentifiers, consentSyncID, timeouts, mistakes, legacyConsent, decision, onboardingTracking,
            adRequestConfiguration, mediationPartners
    }

    enum AdRequestConfigurationKeys: String, CodingKey, CaseIterable {
        case underAgeOfConsent, childDirectedTreatment, ageTreatment, coarseLocationCollection, publisherFirstPartyID
    }

    /// The defaults: an adult user, no debug geography, default timeouts, no mistakes.
    package init() {}

    /// Decodes the `app` object.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let underAge = try container.decodeIfPresent(Bool.self, forKey: .underAgeOfConsent) {
            parameters.isTaggedForUnderAgeOfConsent = underAge
            givesCurrentParameters = true
        }
        if let geography = try container.decodeStatusIfPresent(ConsentDebugGeography.self, forKey: .debugGeography) {
            parameters.debugGeography = geography
            givesCurrentParameters = true
        }
        if let id = try container.decodeIfPresent(String.self, forKey: .consentSyncID) {
            parameters.consentSyncID = id
            givesCurrentParameters = true
        }
        if let identifiers = try container.decodeIfPresent([String].self, forKey: .testDeviceIdentifiers) {
            parameters.testDeviceIdentifiers = identifiers
            givesCurrentParameters = true
        }
        if let tags = try container.strictObjectIfPresent(AdRequestConfigurationKeys.self, forKey: .adRequestConfiguration) {
            // The ad SDK's tags, for either consent profile: the consent SDK passes none of its own on.
            var audience = AdRequestConfiguration()
            audience.underAgeOfConsent = try tags.decodeIfPresent(Bool.self, forKey: .underAgeOfConsent)
            audience.childDirectedTreatment = try tags.decodeIfPresent(Bool.self, forKey: .childDirectedTreatment)
            audience.ageTreatment = try tags.decodeChoiceIfPresent(AudienceAgeTreatment.self, forKey: .ageTreatment) ?? .unspecified
            audience.coarseLocationCollection = try tags.decodeIfPresent(Bool.self, forKey: .coarseLocationCollection)
            audience.publisherFirstPartyID = try tags.decodeIfPresent(Bool.self, forKey: .publisherFirstPartyID) ?? true
            configuration.adRequestConfiguration = audience
        }
        if let partners = try container.decodeIfPresent([String].self, forKey: .mediationPartners) {
            for (index, name) in partners.enumerated() where name.isEmpty || !name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: container.codingPath + [CodingKeys.mediationPartners, AnyCodingKey(intValue: index)],
                        debugDescription: "expected a partner's name in lowercase letters and digits, such as \"applovin\", found \"\(name)\""
                    ))
            }
            configuration.mediationPartners = partners.map(MediationPartner.init(rawValue:))
        }
        if let timeouts = try container.decodeIfPresent(TimeoutsSpec.self, forKey: .timeouts) {
            configuration.timeouts = timeouts.timeouts
        }
        let mistakes = try container.decodeChoicesIfPresent(AppMistake.self, forKey: .mistakes)
        self.mistakes = Set(mistakes ?? [])
        legacy = try container.decodeIfPresent(LegacyConsentSpec.self, forKey: .legacyConsent)?.settings
        if let decision = try container.decodeChoiceIfPresent(DecisionProfile.self, forKey: .decision) {
            configuration.decisionProfile = decision
            givesCurrentParameters = givesCurrentParameters || decision == .tcf
        }
        if let order = try container.decodeChoiceIfPresent(OnboardingTrackingOrder.self, forKey: .onboardingTracking) {
            configuration.onboardingTracking = order
        }
        givenKeys = CodingKeys.allCases.filter(container.contains).map(\.rawValue)
    }

    /// The consent setup for a profile; settings of the other profile are an error, not ignored.
    func consentSetup(profile: ConsentProfile, legacySDK: LegacyConsentSDKSettings, codingPath: [any CodingKey]) throws -> ConsentSetup {
        if profile == .legacy {
            guard !givesCurrentParameters else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription:
                            "expected consentProfile current for underAgeOfConsent, debugGeography, testDeviceIdentifiers and decision tcf, found legacy; use legacyConsent.debugGeography and debugDeviceIdentifiers"
                    ))
            }
            guard configuration.onboardingTracking != .consentSDK else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath + [CodingKeys.onboardingTracking],
                        debugDescription:
                            "expected beforeConsent or afterConsent with consentProfile legacy, found consentSDK: the legacy consent SDK has no IDFA explainer, so nobody would ask for tracking"
                    ))
            }
            return .legacy(legacy ?? LegacyConsentSettings(), sdk: legacySDK)
        }
        guard legacy == nil else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [CodingKeys.legacyConsent],
                    debugDescription: "expected consentProfile legacy for legacyConsent, found current"
                ))
        }
        return .current(parameters)
    }
}

/// The `app.legacyConsent` object.
struct LegacyConsentSpec: Decodable {
    var settings = LegacyConsentSettings()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case publisherIdentifiers, privacyPolicyURL, offers, debugGeography, debugDeviceIdentifiers
    }

    enum OfferKeys: String, CodingKey, CaseIterable {
        case personalizedAds, nonPersonalizedAds, adFree
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let identifiers = try container.decodeIfPresent([String].self, forKey: .publisherIdentifiers) {
            settings.publisherIdentifiers = identifiers
        }
        if let url = try container.decodeIfPresent(String.self, forKey: .privacyPolicyURL) { settings.privacyPolicyURL = url }
        if let values = try container.strictObjectIfPresent(OfferKeys.self, forKey: .offers) {
            if let on = try values.decodeIfPresent(Bool.self, forKey: .personalizedAds) { settings.offers.personalizedAds = on }
            if let on = try values.decodeIfPresent(Bool.self, forKey: .nonPersonalizedAds) { settings.offers.nonPersonalizedAds = on }
            if let on = try values.decodeIfPresent(Bool.self, forKey: .adFree) { settings.offers.adFree = on }
        }
        if let geography = try container.decodeStatusIfPresent(LegacyDebugGeography.self, forKey: .debugGeography) {
            settings.debug.geography = geography
        }
        if let devices = try container.decodeIfPresent([String].self, forKey: .debugDeviceIdentifiers) {
            settings.debug.deviceIdentifiers = devices
        }
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
