import AdRequestKit

extension AnalyticsConsentStatus: TraceValue {}

/// Who set the analytics SDK's consent state (`analytics.consent by=...`).
public enum AnalyticsConsentSetter: String, CaseIterable, Hashable, Sendable, TraceValue {
    /// The app's own code.
    case app
    /// The consent SDK, where the publisher turned consent mode on: it sets the state from the
    /// user's GDPR choice.
    case consentSDK
}

extension TraceField where Value == AnalyticsConsentStatus {
    /// The status of one consent type in force (`analytics.consent`, `analytics.event`): `adUserData=denied`.
    @inlinable public static func analyticsConsent(_ type: AnalyticsConsentType) -> Self { Self(type.name) }
}

extension TraceField where Value == AnalyticsConsentSetter {
    /// Who set the analytics consent state (`analytics.consent`).
    @inlinable public static var analyticsConsentSetBy: Self { Self("by") }
}

extension TraceField where Value == Bool {
    /// Whether the consent SDK had started (its first update) in the process before the app
    /// configured the analytics SDK (`analytics.configure`).
    @inlinable public static var consentSDKStartedFirst: Self { Self("consentSDKStarted") }
    /// Whether the publisher turned the consent SDK's consent mode on (`analytics.configure`).
    @inlinable public static var consentModeEnabled: Self { Self("consentMode") }
    /// Whether analytics collection is switched on (`analytics.collection`).
    @inlinable public static var analyticsCollectionEnabled: Self { Self("enabled") }
    /// Whether GDPR applies, as the consent SDK's signals say (`analytics.event`, `partner.consent`).
    @inlinable public static var gdprApplies: Self { Self("gdpr") }
    /// Whether the user has made a GDPR choice the consent SDK stored, when GDPR applies (`analytics.event`).
    @inlinable public static var consentChoiceMade: Self { Self("choice") }
    /// Whether the user's GDPR choice allows sending user data for advertising: TCF purposes 1 and 7 (`analytics.event`).
    @inlinable public static var choiceAllowsAdUserData: Self { Self("choiceAllowsAdUserData") }
    /// Whether the user's GDPR choice allows personalized advertising: TCF purposes 3 and 4 (`analytics.event`).
    @inlinable public static var choiceAllowsAdPersonalization: Self { Self("choiceAllowsAdPersonalization") }

    /// Whether the user's GDPR choice allows a consent type, when GDPR applies (`analytics.event`):
    /// `choiceAllowsAdStorage`. For ad user data and ad personalization it is
    /// ``choiceAllowsAdUserData`` and ``choiceAllowsAdPersonalization``.
    @inlinable public static func choiceAllows(_ type: AnalyticsConsentType) -> Self {
        Self("choiceAllows" + type.name.prefix(1).uppercased() + type.name.dropFirst())
    }
}

extension TraceField where Value == String {
    /// Where the CMP enabled advertiser consent mode, whether the analytics SDK reads its TCF
    /// signals (`read`) or the Info.plist switched that off (`off`) (`analytics.event`).
    @inlinable public static var analyticsTCFData: Self { Self("tcfData") }
    /// An analytics user property's name (`analytics.userProperty`).
    @inlinable public static var userPropertyName: Self { Self("name") }
    /// An analytics user property's value (`analytics.userProperty`; `unset` when removed).
    @inlinable public static var userPropertyValue: Self { Self("value") }
    /// The user properties deleted, by name, comma-separated (`analytics.userProperties.deleted`).
    @inlinable public static var userPropertiesDeleted: Self { Self("names") }
}
