import AdRequestKit
import AppInfoPlist
import MockAdNetwork
import MockTrackingManager
import PortContracts
import StandInRuntime

/// The stand-ins as contract subjects: each port's checks run against them in `swift test` and
/// `adharness contracts`, and a team compares its adapter's results with theirs.
///
/// Every subject arranges every situation; "as it stands" is a returning user who answered before
/// (tracking allowed, consent obtained in the EEA, location allowed while using).
public enum StandInContractSubjects {
    /// The tracking authorization stand-in.
    public static func trackingAuthorizer() -> any TrackingAuthorizerSubject { StandInTrackingSubject() }
    /// The advertising identifier stand-in.
    public static func advertisingIdentifier() -> any AdvertisingIdentifierSubject { StandInIdentifierSubject() }
    /// The consent information stand-in.
    public static func consentInformation() -> any ConsentInformationSubject { StandInConsentInformationSubject() }
    /// The consent forms stand-in.
    public static func consentForm() -> any ConsentFormSubject { StandInConsentFormSubject() }
    /// The ad SDK stand-in.
    public static func adSDK() -> any AdSDKSubject { StandInAdSDKSubject() }
    /// The location authorization stand-in.
    public static func locationAuthorizer() -> any LocationAuthorizerSubject { StandInLocationSubject() }
    /// The in-memory key-value store the harness gives every app.
    public static func keyValueStore() -> any KeyValueStoreSubject { StandInStoreSubject() }
    /// The analytics SDK stand-in.
    public static func analytics() -> any AnalyticsSubject { StandInAnalyticsSubject() }
    /// The mediated ad networks' stand-in.
    public static func mediationPartners() -> any MediationPartnersSubject { StandInMediationPartnersSubject() }
}

struct StandInMediationPartnersSubject: MediationPartnersSubject {
    let worlds = StandInWorlds()

    func arrangeFresh() throws -> MediationPartnersPorts? {
        let partners = try worlds.make().standIns.mediationPartners
        return MediationPartnersPorts(partners: partners, held: { partners.flags[$0] ?? PartnerPrivacyFlags() })
    }
}

struct StandInAnalyticsSubject: AnalyticsSubject {
    let worlds = StandInWorlds()

    func arrange(deniedByDefault: Set<AnalyticsConsentType>) throws -> AnalyticsPorts? {
        var infoPlist = InfoPlist.standard
        for type in deniedByDefault { infoPlist[SimulatedAnalytics.defaultKey(type).name] = .bool(false) }
        let (world, standIns) = try worlds.make(device: Device(infoPlist: infoPlist))
        return Self.ports(world: world, standIns: standIns)
    }

    /// The SDK of a process, its state, and the next process on the same world.
    static func ports(world: SimulatedWorld, standIns: ProcessStandIns) -> AnalyticsPorts {
        AnalyticsPorts(
            sdk: standIns.analytics, state: { standIns.analytics.consentState },
            relaunch: {
                standIns.process.clock.end()
                return ports(world: world, standIns: world.makeStandIns(processNumber: standIns.process.number + 1))
            },
            sentEvents: { standIns.process.trace.events(named: .analyticsEvent).compactMap { $0["name"] } },
            userProperties: { standIns.analytics.userPropertyValues })
    }
}

struct StandInTrackingSubject: TrackingAuthorizerSubject {
    let worlds = StandInWorlds()

    func current() throws -> any TrackingAuthorizer {
        try worlds.make(previousSession: PreviousSession(tracking: .authorized)).standIns.tracking
    }

    func arrange(_ situation: TrackingSituation) throws -> (any TrackingAuthorizer)? {
        switch situation {
        case .neverAsked(let choice):
            let answer: TrackingPromptAnswer =
                switch choice {
                case .allow: .allow
                case .deny: .deny
                case .leaveApp: .leaveApp
                }
            return try worlds.make(user: User(trackingPrompt: ScriptedAnswer(answer, after: .seconds(2)))).standIns.tracking
        case .appNotActive:
            return try worlds.make(user: User(trackingPrompt: .allow), appActive: false).standIns.tracking
        case .restricted:
            return try worlds.make(device: Device(trackingRestricted: true)).standIns.tracking
        }
    }

    func settle() async { worlds.settle() }
}

struct StandInIdentifierSubject: AdvertisingIdentifierSubject {
    let worlds = StandInWorlds()

    func current() throws -> IdentifierPorts {
        try ports(worlds.make(previousSession: PreviousSession(tracking: .authorized)).standIns)
    }

    func arrange(trackingStatus status: TrackingAuthorizationStatus) throws -> IdentifierPorts? {
        try ports(worlds.make(previousSession: PreviousSession(tracking: status)).standIns)
    }

    private func ports(_ standIns: ProcessStandIns) -> IdentifierPorts {
        IdentifierPorts(identifier: standIns.identifier, tracking: standIns.tracking)
    }
}

struct StandInConsentInformationSubject: ConsentInformationSubject {
    let worlds = StandInWorlds()

    func current() throws -> any ConsentInfoProvider {
        try worlds.make(previousSession: PreviousSession(consent: .obtained)).standIns.consentInformation
    }

    func arrange(_ situation: ConsentSituation) throws -> (any ConsentInfoProvider)? {
        try worlds.consentPorts(situation).information
    }

    func settle() async { worlds.settle() }
}

struct StandInConsentFormSubject: ConsentFormSubject {
    let worlds = StandInWorlds()

    func arrange(_ situation: ConsentSituation) throws -> ConsentPorts? {
        try worlds.consentPorts(situation)
    }

    func settle() async { worlds.settle() }
}

extension StandInWorlds {
    /// A new world in the consent situation: region, stored answer, failing updates, form answers.
    func consentPorts(_ situation: ConsentSituation) throws -> ConsentPorts {
        let answer: ConsentFormAnswer = situation.formAnswer == .acceptAll ? .acceptAll : .rejectAll
        let faults = situation.updateError.flatMap { FaultError(rawValue: $0.description) }.map { [Fault(unchecked: .consentInfoUpdate, .error($0))] } ?? []
        let (world, standIns) = try make(
            device: Device(region: ConsentRegion(situation.region)),
            previousSession: PreviousSession(consent: situation.storedConsent),
            user: User(consentForm: ScriptedAnswer(answer), privacyOptionsForm: ScriptedAnswer(answer)),
            faults: faults
        )
        return ConsentPorts(
            information: standIns.consentInformation, forms: standIns.consentForms,
            formsShown: { world.trace.count(of: .consentFormPresent) }
        )
    }
}

struct StandInAdSDKSubject: AdSDKSubject {
    let worlds = StandInWorlds()

    func current() throws -> AdSDKPorts {
        try ports(faults: [])
    }

    func arrange(loadsFailingWith error: AdLoadError) throws -> AdSDKPorts? {
        guard let fault = FaultError(rawValue: error.description) else { return nil }
        return try ports(faults: [Fault(unchecked: .adLoad, .error(fault))])
    }

    private func ports(faults: [Fault]) throws -> AdSDKPorts {
        let (world, standIns) = try worlds.make(previousSession: PreviousSession(tracking: .authorized, consent: .obtained), faults: faults)
        return AdSDKPorts(sdk: standIns.adSDK, requestsReceived: { world.adRequests.map(\.request) })
    }

    func settle() async { worlds.settle() }
}

struct StandInLocationSubject: LocationAuthorizerSubject {
    let worlds = StandInWorlds()

    func current() throws -> any LocationAuthorizer {
        let (world, standIns) = try worlds.make(
            device: Device(infoPlist: .standardWithLocation), user: User(location: LocationUserScript(prompt: .allowWhileUsing)))
        (SimulatedLocationManager(services: world.location, process: standIns.process) as any LocationAuthorizer).requestWhenInUseAuthorization()
        worlds.settle()
        return SimulatedLocationManager(services: world.location, process: standIns.process)
    }

    func arrange(_ situation: LocationSituation) throws -> (any LocationAuthorizer)? {
        switch situation {
        case .neverAskedUserAllowsWhileUsing:
            let (world, standIns) = try worlds.make(
                device: Device(infoPlist: .standardWithLocation), user: User(location: LocationUserScript(prompt: .allowWhileUsing)))
            return SimulatedLocationManager(services: world.location, process: standIns.process)
        case .appNotActive:
            let (world, standIns) = try worlds.make(
                device: Device(infoPlist: .standardWithLocation), user: User(location: LocationUserScript(prompt: .allowWhileUsing)), appActive: false)
            return SimulatedLocationManager(services: world.location, process: standIns.process)
        }
    }

    func settle() async { worlds.settle() }
}

struct StandInStoreSubject: KeyValueStoreSubject {
    func current() -> any KeyValueStore { InMemoryKeyValueStore() }
}
