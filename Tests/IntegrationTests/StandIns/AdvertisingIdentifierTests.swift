import AdRequestKit
import MockTrackingManager
import Testing

/// The advertising identifier by OS version (catalogue section "Advertising identifier").
@Suite("Advertising identifier stand-in")
struct AdvertisingIdentifierTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var os: OSSettings
        var answer: StoredTrackingAnswer
        var expectSet: Bool
        var legacyFlag: Bool
        var testDescription: String { "\(os.osVersion) LAT=\(os.limitAdTracking) switch=\(os.allowAppsToRequestToTrack) answer=\(answer)" }
    }

    static let cases: [Case] = [
        Case(os: OSSettings(osVersion: "13.7"), answer: .none, expectSet: true, legacyFlag: true),
        Case(os: OSSettings(osVersion: "13.7", limitAdTracking: true), answer: .none, expectSet: false, legacyFlag: false),
        Case(os: OSSettings(osVersion: "14.2"), answer: .none, expectSet: true, legacyFlag: false),
        Case(os: OSSettings(osVersion: "14.2"), answer: .denied, expectSet: false, legacyFlag: false),
        Case(os: OSSettings(osVersion: "14.2", allowAppsToRequestToTrack: false), answer: .none, expectSet: false, legacyFlag: false),
        // 14.4.x is the last release that hands the identifier out before any answer; 14.5 enforces the prompt.
        Case(os: OSSettings(osVersion: "14.4"), answer: .none, expectSet: true, legacyFlag: false),
        Case(os: OSSettings(osVersion: "14.4.2"), answer: .none, expectSet: true, legacyFlag: false),
        Case(os: OSSettings(osVersion: "14.4.2"), answer: .denied, expectSet: false, legacyFlag: false),
        Case(os: OSSettings(osVersion: "14.5"), answer: .none, expectSet: false, legacyFlag: false),
        Case(os: OSSettings(osVersion: "14.5"), answer: .allowed, expectSet: true, legacyFlag: false),
        Case(os: OSSettings(osVersion: "18.0", trackingRestricted: true), answer: .allowed, expectSet: false, legacyFlag: false),
        Case(os: OSSettings(osVersion: "18.0"), answer: .denied, expectSet: false, legacyFlag: false),
    ]

    @Test("zero or set, and the legacy flag, by OS version and answer", arguments: cases)
    func identifier(_ item: Case) {
        let rig = Rig(os: item.os, answer: item.answer)
        let provider = SimulatedAdvertisingIdentifier(device: rig.device, trace: rig.trace)
        // The device's own identifier when set (the stand-in's default), all zeros when not.
        #expect(provider.advertisingIdentifier.uuidString == (item.expectSet ? "6D92078A-8246-4BA4-AE5B-76104861E7DC" : "00000000-0000-0000-0000-000000000000"))
        #expect(provider.isAdvertisingTrackingEnabled == item.legacyFlag)
        #expect(rig.trace.events(named: .idfaRead).first?[.identifier] == (item.expectSet ? .set : .zero))
    }
}
