import AdRequestKit
import AppInfoPlist
import MockAdNetwork
import StandInRuntime
import Testing

/// The ad SDK (catalogue section "Ad SDK").
@Suite("Ad SDK stand-in")
struct AdSDKTests {
    func sdk(_ rig: Rig, infoPlist: InfoPlist = .standard, version: SDKVersion = .modelledAdSDK) -> SimulatedAdSDK {
        let device = rig.device
        return SimulatedAdSDK(
            process: rig.process, infoPlist: infoPlist, consent: rig.consentInfo(), version: version,
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

    @Test(
        "the publisher first-party ID is on unless the app switches it off, and coarse location is recorded only where the app set it",
        arguments: [
            (AdRequestConfiguration(), "coarseLocation=unset firstPartyID=true", [String?](arrayLiteral: nil, nil)),
            (AdRequestConfiguration(publisherFirstPartyID: false), "coarseLocation=unset firstPartyID=false", [nil, "false"]),
            (AdRequestConfiguration(coarseLocationCollection: true), "coarseLocation=true firstPartyID=true", ["true", nil]),
            (
                AdRequestConfiguration(coarseLocationCollection: false, publisherFirstPartyID: false), "coarseLocation=false firstPartyID=false",
                ["false", "false"]
            ),
        ])
    func collectionSettings(configuration: AdRequestConfiguration, configured: String, requested: [String?]) throws {
        let rig = Rig()
        let ads = sdk(rig)
        ads.setRequestConfiguration(configuration)
        ads.loadAd(AdRequest(adUnitID: "unit")) { _ in }
        rig.clock.run()

        let configure = try #require(rig.trace.events(named: .adsConfigure).first)
        #expect(configure.description.hasSuffix(configured), "\(configure)")
        let request = try #require(rig.trace.events(named: .adsRequest).first)
        #expect([request["coarseLocation"], request["firstPartyID"]] == requested)
        #expect(ads.requests.first?.configuration == configuration)
    }

    @Test(
        "an ad request that times out reads timeout from GMA 13.0.0, invalidRequest before, as 13.0.0 fixed",
        arguments: [
            (SDKVersion(13, 12, 0), AdLoadError.timeout), (SDKVersion(13, 0, 0), .timeout), (SDKVersion(12, 14, 0), .invalidRequest),
            (SDKVersion(11, 13, 0), .invalidRequest),
        ])
    func timeoutCodeByVersion(version: SDKVersion, reported: AdLoadError) {
        let rig = Rig(faults: [Fault.adLoad(.error(.timeout), times: 1)])
        let ads = sdk(rig, version: version)
        let calls = Calls<AdLoadError?>()
        let record: @Sendable (Result<LoadedAd, AdLoadError>) -> Void = { result in
            if case .failure(let error) = result { calls.record(error) } else { calls.record(nil) }
        }
        ads.loadAd(AdRequest(adUnitID: "unit"), completion: record)
        ads.loadAd(AdRequest(adUnitID: "unit"), completion: record)
        rig.clock.run()
        #expect(calls.values == [reported, nil])
        #expect(rig.trace.events(named: .adsLoadFailed).first?[.error] == reported.description)
    }
}
