import AdRequestKit
import StandInRuntime

/// What the user's GDPR choice allows, read from the consent SDK's TCF signals, for the consent
/// mode types: the mapping the consent SDK applies when the publisher turned consent mode on, and
/// the reading the analytics stand-in records with each event.
///
/// Modelling choice: ad storage and analytics storage follow purpose 1 (store and access
/// information on a device), ad user data purposes 1 and 7, ad personalization purposes 3 and 4,
/// our reading of Google's TCF integration for consent mode; the consent SDK's own mapping is not
/// published.
package struct ConsentModeMapping: Hashable, Sendable {
    /// Whether the consent SDK stored a choice (`IABTCF_PurposeConsents` is written).
    package var choiceMade: Bool
    /// The TCF purposes consented to, 1-based.
    package var purposes: Set<Int>

    /// No choice: what an app without TCF signals (the legacy consent SDK) shows.
    static let noChoice = ConsentModeMapping(choiceMade: false, purposes: [])

    private init(choiceMade: Bool, purposes: Set<Int>) {
        self.choiceMade = choiceMade
        self.purposes = purposes
    }

    /// Reads the signals from the storage the consent SDK writes them to.
    package init(store: any KeyValueStore) {
        let consents = store.string(forKey: TCFKey.purposeConsents)
        choiceMade = consents != nil
        purposes = Set((consents ?? "").enumerated().filter { $0.element == "1" }.map { $0.offset + 1 })
    }

    /// Whether the choice allows sending user data for advertising (purposes 1 and 7).
    package var allowsAdUserData: Bool { purposes.isSuperset(of: [1, 7]) }
    /// Whether the choice allows personalized advertising (purposes 3 and 4).
    package var allowsAdPersonalization: Bool { purposes.isSuperset(of: [3, 4]) }

    /// Whether the choice allows a type: storage on a device (purpose 1) for the two storage
    /// types, ``allowsAdUserData`` and ``allowsAdPersonalization`` for the others.
    package func allows(_ type: AnalyticsConsentType) -> Bool {
        switch type {
        case .analyticsStorage, .adStorage: purposes.contains(1)
        case .adUserData: allowsAdUserData
        case .adPersonalization: allowsAdPersonalization
        }
    }

    /// The consent state the choice gives each type.
    package var consentState: [AnalyticsConsentType: AnalyticsConsentStatus] {
        Dictionary(uniqueKeysWithValues: AnalyticsConsentType.allCases.map { ($0, allows($0) ? .granted : .denied) })
    }

    /// The fields an `analytics.event` records about the choice where GDPR applies: whether a
    /// choice was made and what it allows, type by type (`choiceAllowsAdStorage`...).
    var eventFields: [EventField] {
        [EventField(.consentChoiceMade, choiceMade)]
            + AnalyticsConsentType.allCases.map { EventField(.choiceAllows($0), choiceMade && allows($0)) }
    }
}
