import AdHarness
import AdHarnessContracts

/// An analytics SDK over the stand-in that merges a set consent wrongly: it fills the types not
/// given with `denied`.
struct OverwritingAnalytics: AnalyticsSDK {
    let base: any AnalyticsSDK

    func setConsent(_ consent: [AnalyticsConsentType: AnalyticsConsentStatus]) {
        base.setConsent(Dictionary(uniqueKeysWithValues: AnalyticsConsentType.allCases.map { ($0, consent[$0] ?? .denied) }))
    }

    func logEvent(_ name: String) { base.logEvent(name) }
}

/// An analytics SDK over the stand-in that ignores the collection switch: it sends while off.
struct AlwaysCollectingAnalytics: AnalyticsSDK {
    let base: any AnalyticsSDK

    func setConsent(_ consent: [AnalyticsConsentType: AnalyticsConsentStatus]) { base.setConsent(consent) }
    func logEvent(_ name: String) { base.logEvent(name) }
}

/// An analytics SDK over the stand-in that never removes a user property: `nil` is ignored.
struct KeepingPropertiesAnalytics: AnalyticsSDK {
    let base: any AnalyticsSDK

    func setConsent(_ consent: [AnalyticsConsentType: AnalyticsConsentStatus]) { base.setConsent(consent) }
    func logEvent(_ name: String) { base.logEvent(name) }
    func setUserProperty(_ value: String?, forName name: String) {
        if let value { base.setUserProperty(value, forName: name) }
    }
}

/// The stand-in's subject with one flaw of an analytics adapter.
struct BrokenAnalyticsSubject: AnalyticsSubject {
    enum Flaw: Sendable {
        case deniesByDefault, ignoresInfoPlist, overwritesOthers, forgetsOnRelaunch, ignoresCollectionSwitch, keepsRemovedProperties
    }

    let flaw: Flaw
    let base = StandInContractSubjects.analytics()

    func arrange(deniedByDefault: Set<AnalyticsConsentType>) async throws -> AnalyticsPorts? {
        switch flaw {
        case .deniesByDefault: return try await base.arrange(deniedByDefault: Set(AnalyticsConsentType.allCases))
        case .ignoresInfoPlist: return try await base.arrange(deniedByDefault: [])
        case .overwritesOthers:
            guard let ports = try await base.arrange(deniedByDefault: deniedByDefault) else { return nil }
            return AnalyticsPorts(sdk: OverwritingAnalytics(base: ports.sdk), state: ports.state, relaunch: ports.relaunch)
        case .forgetsOnRelaunch:
            guard let ports = try await base.arrange(deniedByDefault: deniedByDefault) else { return nil }
            let fresh = try await base.arrange(deniedByDefault: deniedByDefault)
            return AnalyticsPorts(sdk: ports.sdk, state: ports.state, relaunch: { try fresh ?? ports.relaunch() })
        case .ignoresCollectionSwitch:
            guard var ports = try await base.arrange(deniedByDefault: deniedByDefault) else { return nil }
            ports.sdk = AlwaysCollectingAnalytics(base: ports.sdk)
            return ports
        case .keepsRemovedProperties:
            guard var ports = try await base.arrange(deniedByDefault: deniedByDefault) else { return nil }
            ports.sdk = KeepingPropertiesAnalytics(base: ports.sdk)
            return ports
        }
    }
}

enum BrokenAnalytics {
    static func broken(_ id: String, _ flaw: String, _ kind: BrokenAnalyticsSubject.Flaw) -> BrokenImplementation {
        BrokenImplementation(id, flaw, checks: AnalyticsContract.checks) { BrokenAnalyticsSubject(flaw: kind) }
    }

    static let all = [
        broken("analytics.granted-by-default", "denies every type until it is set", .deniesByDefault),
        broken("analytics.info-plist-default-applies", "ignores the Info.plist defaults", .ignoresInfoPlist),
        broken("analytics.set-applies-and-keeps-others", "denies the types a set leaves out", .overwritesOthers),
        broken("analytics.set-persists-across-launches", "starts each launch from the defaults", .forgetsOnRelaunch),
        broken("analytics.collection-off-sends-nothing", "sends events while collection is switched off", .ignoresCollectionSwitch),
        broken("analytics.user-property-set-and-removed", "keeps a user property set to nil", .keepsRemovedProperties),
    ]
}
