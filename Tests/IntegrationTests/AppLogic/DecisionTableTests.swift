import AdRequestKit
import Testing

/// Every row of seed `000` section 2, over every tracking and consent status the code knows,
/// one raw value of each that it does not, and both answers of the consent SDK's `canRequestAds`.
@Suite("Decision table")
struct DecisionTableTests {
    static let trackingStatuses = TrackingAuthorizationStatus.allRecognized + [TrackingAuthorizationStatus(rawValue: 7)]
    static let consentStatuses = UserConsentStatus.allRecognized + [UserConsentStatus(rawValue: 9)]

    @Test("npa follows the table; canRequestAds is the consent SDK's own", arguments: trackingStatuses, consentStatuses)
    func row(tracking: TrackingAuthorizationStatus, consent: UserConsentStatus) {
        for allowed in [true, false] {
            let decision = DecisionTable.decide(tracking: tracking, consent: consent, consentAllowsAdRequests: allowed)
            let personalized = tracking == .authorized && (consent == .obtained || consent == .notRequired)
            #expect(decision.shouldUseNPA == !personalized)
            #expect(decision.canRequestAds == allowed)
        }
    }

    @Test(
        "each row names the rule of the seed table",
        arguments: [
            (TrackingAuthorizationStatus.notDetermined, UserConsentStatus.obtained, DecisionRule.trackingNotDetermined),
            (.authorized, .obtained, .personalized),
            (.authorized, .notRequired, .personalized),
            (.authorized, .required, .consentPending),
            (.authorized, .unknown, .consentPending),
            (.denied, .obtained, .trackingRefused),
            (.restricted, .notRequired, .trackingRefused),
            (TrackingAuthorizationStatus(rawValue: 7), .obtained, .unrecognizedTracking),
            (.authorized, UserConsentStatus(rawValue: 9), .unrecognizedConsent),
        ])
    func rule(tracking: TrackingAuthorizationStatus, consent: UserConsentStatus, expected: DecisionRule) {
        #expect(DecisionTable.rule(tracking: tracking, consent: consent) == expected)
    }

    @Test("raw values are the real frameworks' own")
    func rawValues() {
        #expect(TrackingAuthorizationStatus.allRecognized.map(\.rawValue) == [0, 1, 2, 3])
        #expect(UserConsentStatus.allRecognized.map(\.rawValue) == [0, 1, 2, 3])
        #expect([UserConsentStatus.unknown, .required, .notRequired, .obtained].map(\.description) == ["unknown", "required", "notRequired", "obtained"])
    }

    @Test("an unknown raw value is representable, printable and parsable")
    func unknownRawValue() {
        let future = TrackingAuthorizationStatus(rawValue: 7)
        #expect(!future.isRecognized)
        #expect(future.description == "unrecognized(7)")
        #expect(TrackingAuthorizationStatus(name: "unrecognized(7)") == future)
        #expect(TrackingAuthorizationStatus(name: "denied") == .denied)
        #expect(TrackingAuthorizationStatus(name: "maybe") == nil)
    }
}
