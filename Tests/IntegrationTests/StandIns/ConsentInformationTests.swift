import AdRequestKit
import MockAdNetwork
import StandInRuntime
import Testing

/// The consent SDK's consent information (catalogue section "Consent information").
@Suite("Consent information stand-in")
struct ConsentInformationTests {
    func update(_ info: SimulatedConsentInformation, _ parameters: ConsentRequestParameters = .init(), clock: VirtualClock) -> [ConsentRequestError?] {
        let calls = Calls<ConsentRequestError?>()
        info.requestInfoUpdate(with: parameters, completion: calls.record)
        clock.run()
        return calls.values
    }

    @Test("before the first update of a session: unknown, and no ads")
    func beforeUpdate() {
        let rig = Rig()
        ConsentStorage(store: rig.store).status = .obtained
        let info = rig.consentInfo()
        #expect(info.consentStatus == .unknown)
        #expect(!info.canRequestAds)
        #expect(info.formStatus == .unknown)
    }

    @Test("the update restores the previous session's answer at once, before its completion")
    func restoresCachedAnswer() {
        let rig = Rig()
        ConsentStorage(store: rig.store).status = .obtained
        let info = rig.consentInfo(ConsentSDKSettings(updateLatency: .milliseconds(400)))
        info.requestInfoUpdate(with: .init()) { _ in }
        #expect(info.consentStatus == .obtained)
        #expect(info.canRequestAds)
        #expect(!info.hasCompletedUpdate)
        rig.clock.advance(by: .milliseconds(400))
        #expect(info.hasCompletedUpdate)
    }

    @Test(
        "region rules",
        arguments: [
            (ConsentRegion.eea, UserConsentStatus.required, false, PrivacyOptionsRequirement.notRequired, ConsentFormStatus.available),
            (.regulatedUSState, .notRequired, true, .required, .available),
            (.other, .notRequired, true, .notRequired, .unavailable),
        ])
    func regions(region: ConsentRegion, status: UserConsentStatus, canRequestAds: Bool, privacy: PrivacyOptionsRequirement, form: ConsentFormStatus) {
        let rig = Rig()
        let info = rig.consentInfo(ConsentSDKSettings(region: region))
        #expect(update(info, clock: rig.clock) == [nil])
        #expect(info.consentStatus == status)
        #expect(info.canRequestAds == canRequestAds)
        #expect(info.privacyOptionsRequirement == privacy)
        #expect(info.formStatus == form)
    }

    @Test(
        "a debug geography overrides the region on a listed test device",
        arguments: [
            (ConsentDebugGeography.eea, UserConsentStatus.required), (.regulatedUSState, .notRequired), (.other, .notRequired), (.notEEA, .notRequired),
        ])
    func debugGeography(geography: ConsentDebugGeography, status: UserConsentStatus) {
        let rig = Rig()
        let info = rig.consentInfo(ConsentSDKSettings(region: geography == .eea ? .other : .eea))
        let listed = [ConsentSDKSettings.standardTestDeviceIdentifier]
        _ = update(info, ConsentRequestParameters(debugGeography: geography, testDeviceIdentifiers: listed), clock: rig.clock)
        #expect(info.consentStatus == status)
    }

    @Test(
        "a debug geography applies on a simulator and on a listed device, and nowhere else",
        arguments: [
            (simulator: false, listed: false, applies: false), (simulator: false, listed: true, applies: true),
            (simulator: true, listed: false, applies: true),
        ])
    func debugGeographyOnlyOnTestDevices(simulator: Bool, listed: Bool, applies: Bool) {
        let rig = Rig()
        let info = rig.consentInfo(ConsentSDKSettings(region: .other, isSimulator: simulator))
        let identifiers = listed ? [ConsentSDKSettings.standardTestDeviceIdentifier] : ["0000000000000000000000000000FFFF"]

        _ = update(info, ConsentRequestParameters(debugGeography: .eea, testDeviceIdentifiers: identifiers), clock: rig.clock)

        let expected: UserConsentStatus = applies ? .required : .notRequired
        #expect(info.consentStatus == expected)
        #expect(rig.trace.events(named: .consentUpdate).first?["testDevice"] == String(applies))
    }

    @Test("tagged under the age of consent: no consent form")
    func underAge() {
        let rig = Rig()
        let info = rig.consentInfo()
        _ = update(info, ConsentRequestParameters(isTaggedForUnderAgeOfConsent: true), clock: rig.clock)
        #expect(info.formStatus == .unavailable)
        #expect(info.consentStatus == .notRequired)
    }

    @Test(
        "a failed update keeps the cached answer (a returning user still gets ads)",
        arguments: [
            (ConsentUpdateFailure.network, ConsentRequestError.network), (.internal, .internal), (.invalidAppID, .invalidAppID),
            (.misconfiguration, .misconfiguration),
        ])
    func failureKeepsCache(fault: ConsentUpdateFailure, error: ConsentRequestError) {
        let rig = Rig(faults: [Fault.consentInfoUpdate(.error(fault))])
        ConsentStorage(store: rig.store).status = .obtained
        let info = rig.consentInfo()
        #expect(update(info, clock: rig.clock) == [error])
        #expect(info.consentStatus == .obtained)
        #expect(info.canRequestAds)
    }

    @Test("a failed update on a fresh install stays unknown with no ads")
    func failureOnFreshInstall() {
        let rig = Rig(faults: [Fault.consentInfoUpdate(.error(.network))])
        let info = rig.consentInfo()
        #expect(update(info, clock: rig.clock) == [.network])
        #expect(info.consentStatus == .unknown)
        #expect(!info.canRequestAds)
    }

    @Test("the stored answer survives a relaunch; reset clears it")
    func storageAndReset() {
        let rig = Rig()
        let info = rig.consentInfo()
        _ = update(info, clock: rig.clock)
        SimulatedConsentForms(info: info, process: rig.process, user: ConsentUserScript(consentForm: .acceptAll))
            .loadAndPresentIfRequired { _ in }
        rig.clock.run()
        #expect(info.consentStatus == .obtained)

        let next = SimulatedConsentInformation(settings: info.settings, storage: info.storage, process: rig.relaunched())
        next.requestInfoUpdate(with: .init()) { _ in }
        #expect(next.consentStatus == .obtained)
        next.reset()
        #expect(next.consentStatus == .unknown)
        #expect(ConsentStorage(store: rig.store).status == .unknown)
    }
}
