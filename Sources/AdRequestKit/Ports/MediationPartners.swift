/// The privacy flags of the ad networks an app mediates through the ad SDK: what Google's
/// mediation guides tell an app to set on each partner SDK that does not read the TC string.
///
/// The app sets them on the partner's own SDK (AppLovin's `ALPrivacySettings`, Unity's metadata,
/// Meta's data processing options...); each partner acts on the last value it was told. A partner
/// must never be told more consent than the user gave: the GDPR choice, a US state opt-out, an
/// age restriction.
///
/// Contract: the clauses of `MediationPartnersContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `partners.told-as-set` (world-control): a partner holds each flag it was told, and no flag it was not told.
/// - `partners.later-replaces` (world-control): a later call replaces the flags it gives and keeps the others.
/// - `partners.apart` (world-control): what one partner is told does not reach another.
public protocol MediationPartners: Sendable {
    /// Tells one partner the flags given; `nil` fields are left as the partner holds them.
    func setPrivacy(_ flags: PartnerPrivacyFlags, for partner: MediationPartner)
}

/// An ad network mediated through the ad SDK, by a stable lowercase name (`applovin`).
public struct MediationPartner: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The name: lowercase letters and digits.
    public let rawValue: String

    /// A partner by name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// AppLovin (`ALPrivacySettings`).
    public static let appLovin = Self(rawValue: "applovin")
    /// Unity Ads (`UADSMetaData`).
    public static let unityAds = Self(rawValue: "unityads")
    /// Meta Audience Network (`FBAdSettings`).
    public static let metaAudienceNetwork = Self(rawValue: "meta")
    /// ironSource (`IronSource.setConsent`).
    public static let ironSource = Self(rawValue: "ironsource")
    /// Liftoff Monetize, formerly Vungle (`VunglePrivacySettings`).
    public static let liftoff = Self(rawValue: "liftoff")

    /// By name.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name.
    public var description: String { rawValue }
}

/// What an app tells a partner SDK; `nil`: not told (the partner keeps what it holds).
public struct PartnerPrivacyFlags: Hashable, Sendable, CustomStringConvertible {
    /// GDPR: whether the user consented (AppLovin's `hasUserConsent`, Unity's `gdpr.consent`).
    public var hasUserConsent: Bool?
    /// US state privacy: whether the user opted out of sale or sharing (AppLovin's `doNotSell`,
    /// Unity's `privacy.consent` inverted).
    public var doNotSell: Bool?
    /// Whether the user is a child or under the age of consent (age-restricted treatment).
    public var isAgeRestricted: Bool?
    /// A TC string handed to a partner that takes one in place of the flags.
    public var tcString: String?

    /// Flags to tell; the defaults tell nothing.
    public init(hasUserConsent: Bool? = nil, doNotSell: Bool? = nil, isAgeRestricted: Bool? = nil, tcString: String? = nil) {
        self.hasUserConsent = hasUserConsent
        self.doNotSell = doNotSell
        self.isAgeRestricted = isAgeRestricted
        self.tcString = tcString
    }

    /// `hasUserConsent=false doNotSell=unset isAgeRestricted=true tcString=unset`.
    public var description: String {
        func text(_ flag: Bool?) -> String { flag.map(String.init) ?? "unset" }
        return "hasUserConsent=\(text(hasUserConsent)) doNotSell=\(text(doNotSell)) isAgeRestricted=\(text(isAgeRestricted)) tcString=\(tcString ?? "unset")"
    }

    /// These flags with `later`'s given ones over them.
    public func updated(with later: PartnerPrivacyFlags) -> PartnerPrivacyFlags {
        PartnerPrivacyFlags(
            hasUserConsent: later.hasUserConsent ?? hasUserConsent, doNotSell: later.doNotSell ?? doNotSell,
            isAgeRestricted: later.isAgeRestricted ?? isAgeRestricted, tcString: later.tcString ?? tcString
        )
    }
}

/// An app that mediates no partner: telling one does nothing.
public struct NoMediationPartners: MediationPartners {
    /// No partner.
    public init() {}

    /// Nobody to tell.
    public func setPrivacy(_ flags: PartnerPrivacyFlags, for partner: MediationPartner) {}
}
