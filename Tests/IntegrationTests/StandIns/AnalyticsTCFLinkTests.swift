import AdRequestKit
import AppInfoPlist
import MockAdNetwork
import StandInRuntime
import Testing

/// The analytics stand-in's TCF link (catalogue AN8): where the CMP wrote
/// `IABTCF_EnableAdvertiserConsentMode` = 1, the ad types follow the CMP's purposes unless the
/// Info.plist switches the link off, and a state the app set comes first.
@Suite("Analytics TCF link")
struct AnalyticsTCFLinkTests {
    /// An EEA app whose CMP stored `choices`, writing advertiser consent mode when `enables`.
    static func analytics(choices: ConsentChoices, enables: Bool = true, infoPlist: InfoPlist = .standard) throws -> (Rig, SimulatedAnalytics) {
        let rig = Rig()
        let writer = TCFSignalWriter(store: rig.store, enablesAdvertiserConsentMode: enables)
        try writer.writeChoices(choices, gdprApplies: true, at: SimulatedCMP.deciseconds(at: rig.clock.now))
        let analytics = SimulatedAnalytics(process: rig.process, store: rig.store, infoPlist: infoPlist, signals: { rig.store }, region: { .eea })
        return (rig, analytics)
    }

    /// Purposes 3 and 4 without 1 and 7: personalization allowed, storage and user data not.
    static let personalizationOnly = ConsentChoices(purposes: [3, 4])

    @Test("the CMP writes the key only where it enabled advertiser consent mode")
    func keyWrittenOnlyWhenEnabled() throws {
        let (on, _) = try Self.analytics(choices: .acceptAll)
        #expect(on.store.integer(forKey: TCFKey.enableAdvertiserConsentMode) == 1)
        let (off, analytics) = try Self.analytics(choices: .acceptAll, enables: false)
        #expect(off.store.integer(forKey: TCFKey.enableAdvertiserConsentMode) == nil)
        #expect(analytics.tcfData == nil && analytics.tcfDerivedState.isEmpty)
    }

    @Test("each ad type follows its purposes; analytics storage keeps its default")
    func derivedFromPurposes() throws {
        let (_, analytics) = try Self.analytics(choices: Self.personalizationOnly)
        #expect(analytics.tcfData == .read)
        #expect(
            analytics.consentState == [.analyticsStorage: .granted, .adStorage: .denied, .adUserData: .denied, .adPersonalization: .granted])
    }

    @Test("GOOGLE_ANALYTICS_TCF_DATA_ENABLED false switches the link off; another value does not")
    func switchedOff() throws {
        var infoPlist = InfoPlist.standard
        infoPlist[InfoPlistKey.analyticsTCFDataEnabled.name] = .bool(false)
        let (_, off) = try Self.analytics(choices: .rejectAll, infoPlist: infoPlist)
        #expect(off.tcfData == .off && off.tcfDerivedState.isEmpty)
        #expect(off.consentState.values.allSatisfy { $0 == .granted })
        infoPlist[InfoPlistKey.analyticsTCFDataEnabled.name] = .string("NO")
        let (_, ignored) = try Self.analytics(choices: .rejectAll, infoPlist: infoPlist)
        #expect(ignored.tcfData == .read && ignored.consentState[.adStorage] == .denied)
    }

    @Test("a state the app set comes before the derived one")
    func appSetFirst() throws {
        let (_, analytics) = try Self.analytics(choices: .rejectAll)
        analytics.setConsent([.adPersonalization: .granted])
        #expect(analytics.consentState[.adPersonalization] == .granted)
        #expect(analytics.consentState[.adUserData] == .denied)
    }
}
