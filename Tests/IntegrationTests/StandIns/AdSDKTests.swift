import AdRequestKit
import AppInfoPlist
import HarnessSupport
import MockAdNetwork
import Testing

/// The ad SDK (catalogue section "Ad SDK").
@Suite("Ad SDK stand-in")
struct AdSDKTests {
    func sdk(_ rig: Rig, infoPlist: InfoPlist = .standard) -> SimulatedAdSDK {
        let device = rig.device
        return SimulatedAdSDK(
            process: rig.process, infoPlist: infoPlist, consent: rig.consentInfo(),
            trackingStatus: { device.trackingStatus }, advertisingIdentifier: { .zero }
        )
    }

    @Test("starting without an application identifier crashes the real app; reported, not trapped")
    func missingApplicationIdentifier() {
        let rig = Rig()
        let calls = Calls<Bool>()
        sdk(rig, infoPlist: InfoPlist.standard.removing(InfoPlist.adApplicationIdentifierKey)).start { calls.record(true) }
        rig.clock.runUntilIdle()
        #expect(rig.process.crash == .adApplicationIdentifierMissing)
        #expect(calls.values.isEmpty)
    }

    @Test("every request is recorded with its extras and what was true at that moment")
    func recordsRequests() {
        let rig = Rig()
        let ads = sdk(rig)
        ads.start {}
        ads.loadAd(AdRequest(adUnitID: "unit", extras: ["npa": "1", "collapsible": "bottom"])) { _ in }
        ads.loadAd(AdRequest(adUnitID: "unit")) { _ in }
        rig.clock.run()

        #expect(ads.requests.map(\.request.extras) == [["npa": "1", "collapsible": "bottom"], [:]])
        let event = rig.trace.events(named: .adsRequest).first
        #expect(event?["extras"] == "collapsible=bottom,npa=1")
        #expect(event?["tracking"] == "notDetermined")
        #expect(event?["canRequestAds"] == "false")
        #expect(rig.trace.count(of: .adsLoaded) == 2)
    }

    @Test("loading an ad before start starts the SDK, as the real one does")
    func implicitStart() {
        let rig = Rig()
        let ads = sdk(rig)
        ads.loadAd(AdRequest(adUnitID: "unit")) { _ in }
        #expect(ads.isStarted)
        #expect(rig.trace.events(named: .adsStart).first?["implicit"] == "true")
    }
}
