import AdRequestKit
import AppInfoPlist
import MockAdNetwork
import StandInRuntime
import Testing

/// Which privacy messages the publisher published, and the app ID the update sends (catalogue C12-C15).
@Suite("Published messages and the app ID")
struct PublishedMessagesTests {
    /// One update on a device: its error, then status, canRequestAds, privacy options and form status.
    func update(
        _ region: ConsentRegion, _ messages: PublishedMessages, stored: UserConsentStatus = .unknown,
        tracking: TrackingAuthorizationStatus = .authorized, infoPlist: InfoPlist = .standard
    ) -> String {
        let rig = Rig()
        if stored != .unknown { ConsentStorage(store: rig.store).status = stored }
        let info = SimulatedConsentInformation(
            settings: ConsentSDKSettings(region: region, messages: messages), storage: ConsentStorage(store: rig.store),
            process: rig.process, infoPlist: infoPlist, tracking: ConsentSDKTracking(status: { tracking }, request: { $0(tracking) })
        )
        let calls = Calls<ConsentRequestError?>()
        info.requestInfoUpdate(with: .init(), completion: calls.record)
        rig.clock.run()
        let error = calls.values.map { $0.map(\.description) ?? "ok" }.joined(separator: ",")
        return "\(error) \(info.consentStatus) \(info.canRequestAds) \(info.privacyOptionsRequirement) \(info.formStatus)"
    }

    @Test(
        "where no published message applies, ads may be requested; the explainer applies while the OS has not asked",
        arguments: [
            (
                ConsentRegion.eea, PublishedMessages(gdpr: false, usStates: false), UserConsentStatus.unknown, TrackingAuthorizationStatus.authorized,
                "ok required true notRequired unavailable"
            ),
            (.eea, PublishedMessages(gdpr: false), .obtained, .authorized, "ok obtained true notRequired unavailable"),
            (.regulatedUSState, PublishedMessages(usStates: false), .unknown, .authorized, "ok notRequired true notRequired unavailable"),
            (.other, PublishedMessages(gdpr: false, usStates: false), .unknown, .authorized, "ok notRequired true notRequired unavailable"),
            (.other, PublishedMessages(idfaExplainer: true), .unknown, .notDetermined, "ok required false notRequired available"),
            (.other, PublishedMessages(idfaExplainer: true), .unknown, .denied, "ok notRequired true notRequired unavailable"),
            (.eea, PublishedMessages(idfaExplainer: true), .obtained, .notDetermined, "ok required false required available"),
            (.eea, PublishedMessages(gdpr: false, idfaExplainer: true), .unknown, .notDetermined, "ok required false notRequired available"),
        ])
    func publishedMessages(
        region: ConsentRegion, messages: PublishedMessages, stored: UserConsentStatus, tracking: TrackingAuthorizationStatus, expected: String
    ) {
        #expect(update(region, messages, stored: stored, tracking: tracking) == expected)
    }

    @Test(
        "the update sends GADApplicationIdentifier: missing or malformed fails it with invalidAppID",
        arguments: [
            (PropertyListValue?.none, "invalidAppID unknown false unknown unknown"),
            (.string("ca-app-pub-3940256099942544/2934735716"), "invalidAppID unknown false unknown unknown"),
            (.string("ca-app-pub-123456789012345~1234567890"), "invalidAppID unknown false unknown unknown"),
            (.number(1), "invalidAppID unknown false unknown unknown"),
            (.string("ca-app-pub-1234567890123456~9876543210"), "ok required false notRequired available"),
        ])
    func appID(identifier: PropertyListValue?, expected: String) {
        var infoPlist = InfoPlist.standard
        infoPlist[InfoPlistKey.adApplicationIdentifier.name] = identifier
        #expect(update(.eea, .standard, infoPlist: infoPlist) == expected)
    }
}
