import AdRequestKit
import Testing

/// The legacy decision: what `shouldUseNPA` and `canRequestAds` are for each legacy status and region.
@Suite("Legacy decision table")
struct LegacyDecisionTableTests {
    static let statuses = LegacyConsentStatus.allRecognized + [LegacyConsentStatus(rawValue: 5)]

    @Test("rows", arguments: statuses, [true, false])
    func rows(status: LegacyConsentStatus, inEEA: Bool) {
        for tracking in TrackingAuthorizationStatus.allRecognized {
            for preference in [true, false] {
                let decision = LegacyDecisionTable.decide(tracking: tracking, status: status, inEEAOrUnknown: inEEA, usePersonalizedAds: preference)
                let chose = status == .personalized || status == .nonPersonalized
                #expect(decision.canRequestAds == (!inEEA || chose))
                let personalizedChosen = inEEA ? status == .personalized : (status == .unknown || status == .personalized)
                #expect(decision.shouldUseNPA == !(tracking == .authorized && personalizedChosen && preference))
            }
        }
    }

    @Test("raw values are the real SDK's")
    func rawValues() {
        #expect(LegacyConsentStatus.allRecognized.map(\.rawValue) == [0, 1, 2])
        #expect(LegacyDebugGeography.allRecognized.map(\.rawValue) == [0, 1, 2])
    }
}
