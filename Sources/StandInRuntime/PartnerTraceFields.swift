import AdRequestKit

extension MediationPartner: TraceValue {}

extension TraceField where Value == MediationPartner {
    /// The partner an app told its privacy flags to (`partner.consent`).
    @inlinable public static var mediationPartner: Self { Self("partner") }
}

extension TraceField where Value == Bool {
    /// The GDPR consent flag the partner was told, when told (`partner.consent`).
    @inlinable public static var partnerHasUserConsent: Self { Self("hasUserConsent") }
    /// The US opt-out flag the partner was told, when told (`partner.consent`).
    @inlinable public static var partnerDoNotSell: Self { Self("doNotSell") }
    /// The age-restriction flag the partner was told, when told (`partner.consent`).
    @inlinable public static var partnerAgeRestricted: Self { Self("isAgeRestricted") }
    /// Whether the user's stored GDPR choice consents to personalized ads: TCF purposes 1, 3 and 4 (`partner.consent`).
    @inlinable public static var userConsented: Self { Self("userConsented") }
    /// Whether the user opted out of sale or sharing where US state law applies (`partner.consent`).
    @inlinable public static var userOptedOut: Self { Self("userOptedOut") }
    /// Whether the ad SDK's configuration tags the user for age-restricted treatment (`partner.consent`).
    @inlinable public static var ageTagged: Self { Self("ageTagged") }
}

extension TraceField where Value == String {
    /// The purposes consented to in the TC string the partner was handed, `1,2,3`, `none` or
    /// `unreadable`, when one was handed (`partner.consent`).
    @inlinable public static var partnerTCPurposes: Self { Self("tcPurposes") }
    /// The purposes the user's stored GDPR choice consents to, `1,3,4` or `none` (`partner.consent`).
    @inlinable public static var choicePurposes: Self { Self("choicePurposes") }
}
