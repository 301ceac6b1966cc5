// The only place the adapters touch deprecated members of the real frameworks, so that the build
// stays free of warnings (the Linux check treats them as errors) without hiding any other use.
//
// Why they are used at all: the ports keep each legacy signal as the app would see it.
// - `AdRequestConfiguration.underAgeOfConsent` and `.childDirectedTreatment` are `Bool?`: true,
//   false, or unset. Google Mobile Ads 13.3.0 deprecated `tagForUnderAgeOfConsent` and
//   `tagForChildDirectedTreatment` on `RequestConfiguration` in favour of `ageRestrictedTreatment`,
//   but the SDK still honours them (with several tags set, the most conservative treatment wins),
//   and `ageRestrictedTreatment` cannot say "not child-directed" (false) apart from "no indication"
//   (unset). Mapping the tags onto it would change what the port says, so the adapter writes and
//   reads the tags themselves, next to `ageRestrictedTreatment`.
// - `AdvertisingIdentifierProvider.isAdvertisingTrackingEnabled` is the legacy flag, deprecated
//   since iOS 14; the contract clause `identifier.legacy-flag-false` checks that the real OS still
//   answers false, so the adapter must read the real flag rather than return a constant.
//
// How: each deprecated member is reached through a small protocol that the framework's type is
// declared to conform to. The conformance names the members without calling them, and callers
// use the protocol's requirement, which is not deprecated; the compiler reports no use of a
// deprecated declaration. Nothing else changes at run time: the witness is the framework's member.
import Foundation

#if canImport(GoogleMobileAds)
    import GoogleMobileAds

    /// The request configuration's two Boolean tags, deprecated since Google Mobile Ads 13.3.0 in
    /// favour of `ageRestrictedTreatment`, and kept because the port keeps them true/false/unset.
    protocol LegacyAudienceTags: AnyObject {
        /// `RequestConfiguration.tagForUnderAgeOfConsent` (TFUA): `nil`, or a Boolean `NSNumber`.
        var tagForUnderAgeOfConsent: NSNumber? { get set }
        /// `RequestConfiguration.tagForChildDirectedTreatment` (TFCD): `nil`, or a Boolean `NSNumber`.
        var tagForChildDirectedTreatment: NSNumber? { get set }
    }

    extension RequestConfiguration: LegacyAudienceTags {}
#endif

#if canImport(AdSupport)
    import AdSupport

    /// The OS's legacy limit-ad-tracking flag, deprecated since iOS 14 (false from then on).
    protocol LegacyTrackingFlag {
        /// `ASIdentifierManager.isAdvertisingTrackingEnabled`.
        var isAdvertisingTrackingEnabled: Bool { get }
    }

    extension ASIdentifierManager: LegacyTrackingFlag {}
#endif
