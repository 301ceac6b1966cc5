import AppInfoPlist

/// A check of an app's Info.plist, privacy manifests or bundled SDKs, with a stable ID.
///
/// IDs never change meaning once published: CI baselines and SARIF viewers key on them. `IP` rules
/// read the Info.plist, `PM` rules a privacy manifest, `SDK` rules the bundled SDKs and the SDK
/// versions the app's lock files pin (`Package.resolved`, `Podfile.lock`).
package enum LintRule: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    /// No tracking purpose text.
    case trackingUsageMissing = "IP001"
    /// A purpose text that is empty, not a string, or a placeholder.
    case usageTextUnclear = "IP002"
    /// No ad application identifier.
    case adAppIdMissing = "IP003"
    /// An ad application identifier not of the form `ca-app-pub-<16 digits>~<digits>`.
    case adAppIdMalformed = "IP004"
    /// Google's sample ad application identifier.
    case adAppIdSample = "IP005"
    /// No `SKAdNetworkItems`.
    case adNetworkItemsMissing = "IP006"
    /// `SKAdNetworkItems` of the wrong shape, or an identifier not `<id>.skadnetwork`.
    case adNetworkItemsMalformed = "IP007"
    /// `SKAdNetworkItems` without Google's identifier.
    case adNetworkGoogleMissing = "IP008"
    /// Location purpose texts missing for the authorizations the app requests.
    case locationUsageMissing = "IP009"
    /// The publisher's list of ad network IDs for attribution (iOS 17.4 and later) not an array of
    /// lowercase `<id>.adattributionkit` or `<id>.skadnetwork` strings.
    case attributionNetworkIdentifiersMalformed = "IP010"
    /// A value the build substitutes (`$(NAME)`, `${NAME}`), which the value rules can check only in
    /// the built app's Info.plist.
    case buildSettingValue = "IP011"
    /// An analytics consent-mode default (`GOOGLE_ANALYTICS_DEFAULT_ALLOW_...`) that is not a
    /// Boolean, nor `eu_consent_policy` for ad user data or ad personalization.
    case analyticsDefaultNotBoolean = "IP012"
    /// Analytics consent-mode defaults set, but ad user data or ad personalization left granted.
    case analyticsAdDefaultsGranted = "IP013"
    /// `GOOGLE_ANALYTICS_TCF_DATA_ENABLED` that is not a Boolean.
    case analyticsTCFDataNotBoolean = "IP014"
    /// `GOOGLE_ANALYTICS_TCF_DATA_ENABLED` set to false: the analytics SDK's TCF link is off.
    case analyticsTCFDataDisabled = "IP015"
    /// No app privacy manifest next to the app's Info.plist.
    case manifestMissing = "PM001"
    /// A manifest with an unknown top-level key or a value of the wrong type.
    case manifestInvalid = "PM002"
    /// `NSPrivacyTracking` true with no tracking domain.
    case trackingDomainsMissing = "PM003"
    /// Tracking domains listed while `NSPrivacyTracking` is false or missing.
    case trackingDomainsWithoutTracking = "PM004"
    /// A tracking domain that is not a bare host name.
    case trackingDomainMalformed = "PM005"
    /// An accessed-API category Apple does not define.
    case apiCategoryUnknown = "PM006"
    /// An accessed-API category without an approved reason code.
    case apiReasonInvalid = "PM007"
    /// A collected-data entry with unknown keys, missing keys or wrong types.
    case collectedDataInvalid = "PM008"
    /// A bundled SDK on Apple's list without its own privacy manifest.
    case listedSDKWithoutManifest = "SDK001"
    /// Google Mobile Ads or the User Messaging Platform pinned below the oldest release the harness models.
    case sdkBelowModelled = "SDK002"
    /// Google Mobile Ads pinned at a sunset major version.
    case adSDKSunset = "SDK003"
    /// Google Mobile Ads pinned at a deprecated major version.
    case adSDKDeprecated = "SDK004"
    /// Google Mobile Ads and the User Messaging Platform pinned at versions known not to work together.
    case sdkIncompatiblePair = "SDK005"
    /// Google Mobile Ads pinned below 11.2.0, the first release with a privacy manifest.
    case adSDKWithoutPrivacyManifest = "SDK006"
    /// A tracked SDK pinned to a branch or a revision, whose version the rules cannot check.
    case sdkVersionUnpinned = "SDK007"
    /// The User Messaging Platform pinned below 2.1.0, which has no `canRequestAds` and no
    /// privacy-options form: Google Mobile Ads' package accepts any release from 1.1.0.
    case consentSDKPredatesGatheringAPI = "SDK008"

    /// The stable ID: `IP001`.
    package var id: String { rawValue }

    /// Ordered by ID.
    package static func < (lhs: LintRule, rhs: LintRule) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The Info.plist key the rule is about, from the catalogue the stand-ins read.
    package var key: InfoPlistKey? {
        switch self {
        case .trackingUsageMissing: .trackingUsageDescription
        case .adAppIdMissing, .adAppIdMalformed, .adAppIdSample: .adApplicationIdentifier
        case .adNetworkItemsMissing, .adNetworkItemsMalformed, .adNetworkGoogleMissing: .adNetworkItems
        case .locationUsageMissing: .locationWhenInUseUsageDescription
        case .analyticsTCFDataNotBoolean, .analyticsTCFDataDisabled: .analyticsTCFDataEnabled
        default: nil
        }
    }

    /// How bad a finding is.
    package var severity: LintSeverity {
        switch self {
        case .adAppIdSample, .buildSettingValue, .sdkVersionUnpinned, .analyticsTCFDataDisabled: .note
        case .sdkBelowModelled, .adSDKDeprecated, .adSDKWithoutPrivacyManifest, .analyticsAdDefaultsGranted: .warning
        case .adNetworkItemsMissing, .adNetworkItemsMalformed, .adNetworkGoogleMissing, .attributionNetworkIdentifiersMalformed, .trackingDomainsMissing:
            .warning
        default: .error
        }
    }

    /// A short name, for SARIF and JSON: `tracking-usage-missing`.
    package var name: String {
        switch self {
        case .trackingUsageMissing: "tracking-usage-missing"
        case .usageTextUnclear: "usage-text-unclear"
        case .adAppIdMissing: "ad-app-id-missing"
        case .adAppIdMalformed: "ad-app-id-malformed"
        case .adAppIdSample: "ad-app-id-sample"
        case .adNetworkItemsMissing: "skadnetwork-items-missing"
        case .adNetworkItemsMalformed: "skadnetwork-items-malformed"
        case .adNetworkGoogleMissing: "skadnetwork-google-missing"
        case .locationUsageMissing: "location-usage-missing"
        case .attributionNetworkIdentifiersMalformed: "ad-network-identifiers-malformed"
        case .buildSettingValue: "build-setting-value"
        case .analyticsDefaultNotBoolean: "analytics-default-not-boolean"
        case .analyticsAdDefaultsGranted: "analytics-ad-defaults-granted"
        case .analyticsTCFDataNotBoolean: "analytics-tcf-data-not-boolean"
        case .analyticsTCFDataDisabled: "analytics-tcf-data-disabled"
        case .manifestMissing: "privacy-manifest-missing"
        case .manifestInvalid: "privacy-manifest-invalid"
        case .trackingDomainsMissing: "tracking-domains-missing"
        case .trackingDomainsWithoutTracking: "tracking-domains-without-tracking"
        case .trackingDomainMalformed: "tracking-domain-malformed"
        case .apiCategoryUnknown: "api-category-unknown"
        case .apiReasonInvalid: "api-reason-invalid"
        case .collectedDataInvalid: "collected-data-invalid"
        case .listedSDKWithoutManifest: "listed-sdk-without-manifest"
        case .sdkBelowModelled: "sdk-below-modelled"
        case .adSDKSunset: "ads-sdk-sunset"
        case .adSDKDeprecated: "ads-sdk-deprecated"
        case .sdkIncompatiblePair: "sdk-incompatible-pair"
        case .adSDKWithoutPrivacyManifest: "ads-sdk-without-privacy-manifest"
        case .sdkVersionUnpinned: "sdk-version-unpinned"
        case .consentSDKPredatesGatheringAPI: "consent-sdk-predates-can-request-ads"
        }
    }

    /// What the rule checks, in one line.
    package var reason: String {
        switch self {
        case .trackingUsageMissing: "The Info.plist has no \(InfoPlistKey.trackingUsageDescription.name)."
        case .usageTextUnclear: "A permission purpose text is empty, not a string, or a placeholder."
        case .adAppIdMissing: "The Info.plist has no \(InfoPlistKey.adApplicationIdentifier.name) (and does not mark an Ad Manager app)."
        case .adAppIdMalformed: "\(InfoPlistKey.adApplicationIdentifier.name) is not an app ID of the form ca-app-pub-<16 digits>~<digits>."
        case .adAppIdSample: "\(InfoPlistKey.adApplicationIdentifier.name) is Google's sample app ID."
        case .adNetworkItemsMissing: "The Info.plist has no \(InfoPlistKey.adNetworkItems.name)."
        case .adNetworkItemsMalformed: "\(InfoPlistKey.adNetworkItems.name) is not a list of dictionaries each naming an <id>.skadnetwork identifier."
        case .adNetworkGoogleMissing: "\(InfoPlistKey.adNetworkItems.name) does not list Google's identifier \(InfoPlistKey.googleAdNetworkIdentifier)."
        case .locationUsageMissing: "A location authorization the app requests lacks its purpose texts."
        case .attributionNetworkIdentifiersMalformed:
            "\(InfoPlistRules.attributionNetworkIdentifiers) is not an array of lowercase <id>.adattributionkit or <id>.skadnetwork strings."
        case .buildSettingValue:
            "A value is a build-setting reference, $(NAME) or ${NAME}, that the build substitutes; the value rules cannot check it in the source file."
        case .analyticsDefaultNotBoolean:
            "An analytics consent-mode default (GOOGLE_ANALYTICS_DEFAULT_ALLOW_...) is not a Boolean, nor eu_consent_policy for ad user data or ad personalization."
        case .analyticsAdDefaultsGranted:
            "The Info.plist sets analytics consent-mode defaults but leaves GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_USER_DATA or ..._AD_PERSONALIZATION_SIGNALS missing or true."
        case .analyticsTCFDataNotBoolean: "GOOGLE_ANALYTICS_TCF_DATA_ENABLED is not a Boolean."
        case .analyticsTCFDataDisabled:
            "GOOGLE_ANALYTICS_TCF_DATA_ENABLED is false: the analytics SDK does not read the CMP's TCF signals, even where the CMP enabled advertiser consent mode."
        case .manifestMissing: "The app has an Info.plist but no PrivacyInfo.xcprivacy of its own."
        case .manifestInvalid: "The privacy manifest has an unknown top-level key or a value of the wrong type."
        case .trackingDomainsMissing: "NSPrivacyTracking is true but NSPrivacyTrackingDomains lists no domain."
        case .trackingDomainsWithoutTracking: "NSPrivacyTrackingDomains lists domains while NSPrivacyTracking is false or missing."
        case .trackingDomainMalformed: "A tracking domain is not a bare host name."
        case .apiCategoryUnknown: "An NSPrivacyAccessedAPIType is not one of Apple's required-reason API categories."
        case .apiReasonInvalid: "An accessed-API category has no approved reason code for this kind of manifest."
        case .collectedDataInvalid: "A collected-data entry has unknown keys, lacks required keys, or has values of the wrong type."
        case .listedSDKWithoutManifest: "A bundled SDK on Apple's list of commonly used SDKs has no privacy manifest."
        case .sdkBelowModelled:
            "A lock file pins Google Mobile Ads below \(TrackedSDK.mobileAds.oldestModelled) or the User Messaging Platform below \(TrackedSDK.messagingPlatform.oldestModelled), the oldest releases the harness models."
        case .adSDKSunset: "A lock file pins Google Mobile Ads at major version 10 or earlier, which Google has sunset."
        case .adSDKDeprecated: "A lock file pins Google Mobile Ads at major version 11, which Google has deprecated."
        case .sdkIncompatiblePair: "The lock files pin Google Mobile Ads and the User Messaging Platform at versions known not to work together."
        case .adSDKWithoutPrivacyManifest: "A lock file pins Google Mobile Ads below 11.2.0, the first release that ships a privacy manifest."
        case .sdkVersionUnpinned: "A lock file pins a tracked SDK to a branch or a revision, not a release: its version is not checked."
        case .consentSDKPredatesGatheringAPI:
            "A lock file pins the User Messaging Platform below 2.1.0, which Google Mobile Ads' package still accepts (from 1.1.0)."
        }
    }

    /// What happens to the app if it ships this way.
    package var consequence: String {
        switch self {
        case .trackingUsageMissing: "Crash: \(InfoPlistKey.trackingUsageDescription.whenMissing) (the harness reports app.crash)."
        case .usageTextUnclear: "Rejection: App Review refuses purpose texts that do not say how the app uses the data (guideline 5.1.1)."
        case .adAppIdMissing: "Crash: \(InfoPlistKey.adApplicationIdentifier.whenMissing) (the harness reports app.crash)."
        case .adAppIdMalformed: "No ads: the consent SDK answers with an invalid-app-ID or misconfiguration error, so no consent and no ad requests."
        case .adAppIdSample: "Only test ads: revenue is zero if a release ships with the sample ID."
        case .adNetworkItemsMissing: "Broken attribution: \(InfoPlistKey.adNetworkItems.whenMissing); bids and revenue drop."
        case .adNetworkItemsMalformed: "Broken attribution: entries of the wrong shape name no ad network."
        case .adNetworkGoogleMissing: "Broken attribution: Google's ads cannot attribute installs; bids and revenue drop."
        case .locationUsageMissing:
            "Broken feature and rejection: the request does nothing (no prompt, no callback), and uploads get ITMS-90683 (missing purpose string)."
        case .attributionNetworkIdentifiersMalformed:
            "Broken attribution on iOS 17.4 and later: an entry that is not a lowercase ad network ID string names no network the system recognizes, so that network's ads are not eligible for install validation."
        case .buildSettingValue: "None from this file: the built app holds the substituted value, which may or may not pass the rule that checks it."
        case .analyticsDefaultNotBoolean:
            "A default the documentation does not describe: the SDK reads Booleans (and eu_consent_policy for the two ad signals), so this one may be ignored and the type granted."
        case .analyticsAdDefaultsGranted:
            "Ad signals granted before consent: an EEA user's first events (the SDK's own session_start) go out with ad user data or ad personalization granted, against Google's EU user consent policy."
        case .analyticsTCFDataNotBoolean:
            "A switch the documentation does not describe: the SDK reads a Boolean, so this one may be ignored and the TCF link left on."
        case .analyticsTCFDataDisabled:
            "None by itself: ad storage, ad user data and ad personalization no longer follow a CMP's TCF choice, so they keep the Info.plist defaults (granted where none is set) until the app, or the consent SDK's consent mode, sets them from the user's choice."
        case .manifestMissing:
            "Rejection: ITMS-91053 (missing API declaration) for the required-reason APIs the app uses, such as UserDefaults, where consent glue keeps its answer."
        case .manifestInvalid: "Rejection: ITMS-91056 (invalid privacy manifest)."
        case .trackingDomainsMissing: "Apple asks for at least one domain when NSPrivacyTracking is true; which upload error follows is not confirmed."
        case .trackingDomainsWithoutTracking:
            "Rejection: listing domains requires NSPrivacyTracking true; uploads are reported to get ITMS-91064 (invalid tracking information)."
        case .trackingDomainMalformed: "Rejection: ITMS-91056 (invalid privacy manifest)."
        case .apiCategoryUnknown: "Rejection: ITMS-91054 (invalid API category declaration)."
        case .apiReasonInvalid: "Rejection: ITMS-91053 (missing API declaration) or ITMS-91055 (invalid API reason declaration)."
        case .collectedDataInvalid: "Rejection: ITMS-91056 (invalid privacy manifest)."
        case .listedSDKWithoutManifest: "Rejection: ITMS-91061 (missing privacy manifest) for a new app or an update that adds the SDK."
        case .sdkBelowModelled:
            "Checks that do not hold: the stand-ins and adapters follow newer releases (Swift names, ageRestrictedTreatment, consentSyncID, error codes), so a green run says less about this app."
        case .adSDKSunset: "No ads: traffic from a sunset version is at risk of automatic no fill."
        case .adSDKDeprecated: "Limited support now, and no ads after its sunset (Q2 2027 for 11.x)."
        case .sdkIncompatiblePair: "A failed build: the packages do not resolve together, or code written for one release does not compile against the other."
        case .adSDKWithoutPrivacyManifest:
            "The app's privacy report lacks what the ads SDK collects and the required-reason APIs it uses, which the app must then declare itself."
        case .sdkVersionUnpinned: "None known: a branch moves under the app, so what a build links can change without the lock file saying so."
        case .consentSDKPredatesGatheringAPI:
            "The consent flow Google documents cannot run: no canRequestAds to gate ad requests on, no privacy-options requirement status and no privacy-options form for the user to change a choice; glue written for them does not compile."
        }
    }

    /// How to fix it, in one line.
    package var fix: String {
        switch self {
        case .trackingUsageMissing: "Add \(InfoPlistKey.trackingUsageDescription.name) with a sentence saying what tracking is used for."
        case .usageTextUnclear: "Write a sentence saying how the app uses the data, with an example."
        case .adAppIdMissing:
            "Add \(InfoPlistKey.adApplicationIdentifier.name) with the app ID from the AdMob console (ca-app-pub-...~...), or set \(InfoPlistKey.adManagerApp.name) for an Ad Manager app."
        case .adAppIdMalformed: "Use the app ID (with ~), not an ad unit ID (with /), from the AdMob console."
        case .adAppIdSample: "Replace the sample ID with the app's own ID for release builds."
        case .adNetworkItemsMissing: "Add \(InfoPlistKey.adNetworkItems.name) with the identifiers of Google and each ad partner."
        case .adNetworkItemsMalformed: "Make each entry a dictionary with \(InfoPlistKey.adNetworkIdentifier.name) = \"<id>.skadnetwork\"."
        case .adNetworkGoogleMissing: "Add an entry with \(InfoPlistKey.adNetworkIdentifier.name) = \(InfoPlistKey.googleAdNetworkIdentifier)."
        case .locationUsageMissing: "Add the missing purpose texts: always needs both the always and the when-in-use text."
        case .attributionNetworkIdentifiersMalformed:
            "Make \(InfoPlistRules.attributionNetworkIdentifiers) an array of strings, each an ad network ID in lowercase: <id>.adattributionkit or <id>.skadnetwork."
        case .buildSettingValue: "Lint the built app's Info.plist, where the value is substituted: adharness lint path/to/Built.app/Info.plist."
        case .analyticsDefaultNotBoolean:
            "Write the default as <true/> or <false/>; for ad user data and ad personalization, <string>eu_consent_policy</string> denies them only where the EU user consent policy applies."
        case .analyticsAdDefaultsGranted:
            "Set GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_USER_DATA and ..._AD_PERSONALIZATION_SIGNALS to false, and grant them from the user's choice (setConsent, or consent mode in the consent SDK)."
        case .analyticsTCFDataNotBoolean: "Write the switch as <true/> or <false/>, or remove it (the link is on where the CMP enables it)."
        case .analyticsTCFDataDisabled:
            "Keep it false only if the app sets consent from the user's choice itself (setConsent, or the consent SDK's consent mode) with the ad defaults false or eu_consent_policy; otherwise remove it."
        case .manifestMissing: "Add PrivacyInfo.xcprivacy to the app target with the required-reason APIs it uses."
        case .manifestInvalid:
            "Use only NSPrivacyTracking (Boolean), NSPrivacyTrackingDomains (strings), NSPrivacyCollectedDataTypes and NSPrivacyAccessedAPITypes (arrays of dictionaries)."
        case .trackingDomainsMissing: "List the domains that track in NSPrivacyTrackingDomains, or set NSPrivacyTracking to false."
        case .trackingDomainsWithoutTracking: "Set NSPrivacyTracking to true, or remove the domains."
        case .trackingDomainMalformed: "Write each domain as a bare host name: ads.example.com, without scheme, path or slash."
        case .apiCategoryUnknown: "Use one of the five NSPrivacyAccessedAPICategory... names."
        case .apiReasonInvalid: "Declare an approved reason code of that category; SDK-only codes belong in an SDK's manifest."
        case .collectedDataInvalid:
            "Give each entry NSPrivacyCollectedDataType (string), ...Linked and ...Tracking (Booleans) and ...Purposes (strings), nothing else."
        case .listedSDKWithoutManifest: "Update the SDK to a version that ships PrivacyInfo.xcprivacy."
        case .sdkBelowModelled:
            "Update to Google Mobile Ads \(TrackedSDK.mobileAds.modelled) and the User Messaging Platform \(TrackedSDK.messagingPlatform.modelled), the releases the harness follows."
        case .adSDKSunset, .adSDKDeprecated: "Update Google Mobile Ads to a supported major version (13, the current; 12 until its deprecation)."
        case .sdkIncompatiblePair: "Update Google Mobile Ads to 12.3.0 or later (13.x, a supported major), with the User Messaging Platform 3.x."
        case .adSDKWithoutPrivacyManifest: "Update Google Mobile Ads to 11.2.0 or later (a supported major version: 12 or 13)."
        case .sdkVersionUnpinned: "Pin the SDK to a release (a version requirement, not a branch or a revision)."
        case .consentSDKPredatesGatheringAPI:
            "Require the User Messaging Platform \(TrackedSDK.messagingPlatform.modelled) (or at least 2.1.0) in the app's own dependencies, so the resolver cannot pick an older release."
        }
    }

    /// Where the rule comes from: the ITMS code, crash or document, with its address.
    package var source: String {
        switch self {
        case .trackingUsageMissing:
            "Apple, NSUserTrackingUsageDescription (https://developer.apple.com/documentation/bundleresources/information-property-list/nsusertrackingusagedescription); the harness's crash reason \(CrashReason.trackingUsageDescriptionMissing.rawValue)"
        case .usageTextUnclear:
            "App Review Guidelines 5.1.1 (https://developer.apple.com/app-store/review/guidelines/#data-collection-and-storage); a rejection quoted in https://github.com/devbits-go/DevBits/issues/127 (report)"
        case .adAppIdMissing:
            "crash reports in https://github.com/googleads/googleads-mobile-unity/issues/2045 and https://github.com/expo/expo/pull/4654; the harness's crash reason \(CrashReason.adApplicationIdentifierMissing.rawValue)"
        case .adAppIdMalformed:
            "app ID format in the AdMob API (https://pub.dev/documentation/googleapis/latest/admob_v1/App/appId.html); wrong-ID reports in https://github.com/invertase/react-native-google-mobile-ads/issues/256"
        case .adAppIdSample:
            "Google's sample app (googleads/googleads-mobile-ios-examples, Swift/admob/BannerExample/BannerExample/Info.plist)"
        case .adNetworkItemsMissing, .adNetworkItemsMalformed, .adNetworkGoogleMissing:
            "Google, iOS 14 setup (https://developers.google.com/admob/ios/ios14); LevelPlay's network table (https://developers.is.com/ios-14-network-support/)"
        case .locationUsageMissing:
            "Apple, NSLocationWhenInUseUsageDescription (https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationwheninuseusagedescription); ITMS-90683 in https://github.com/mapbox/mapbox-maps-flutter/issues/447 (report)"
        case .attributionNetworkIdentifiersMalformed:
            "Apple, Configuring a publisher app (https://developer.apple.com/documentation/adattributionkit/configuring-a-publisher-app): an array of strings, lowercase or the system does not recognize the network; AdNetworkIdentifiers (https://developer.apple.com/documentation/bundleresources/information-property-list/adnetworkidentifiers), iOS 17.4 and later; .adattributionkit and .skadnetwork IDs work with both frameworks (https://developer.apple.com/documentation/adattributionkit/adattributionkit-skadnetwork-interoperability)"
        case .buildSettingValue:
            "Apple, Managing your app's information property list values (https://developer.apple.com/documentation/bundleresources/managing-your-app-s-information-property-list): Xcode replaces variable values with build settings at build time"
        case .analyticsDefaultNotBoolean, .analyticsAdDefaultsGranted:
            "Google, consent mode for apps (https://developers.google.com/tag-platform/security/guides/app-consent): the GOOGLE_ANALYTICS_DEFAULT_ALLOW_* Info.plist keys, Booleans (or eu_consent_policy for ad_user_data and ad_personalization: denied only where the EU user consent policy applies), set the default consent state, every type granted without them; Google's EU user consent policy (https://www.google.com/about/company/user-consent-policy/)"
        case .analyticsTCFDataNotBoolean, .analyticsTCFDataDisabled:
            "Google, implement the TCF for consent mode (https://developers.google.com/tag-platform/security/guides/implement-TCF-strings): in apps the TCF integration may be enabled by the CMP (enableAdvertiserConsentMode, IABTCF_EnableAdvertiserConsentMode) and is disabled with <key>GOOGLE_ANALYTICS_TCF_DATA_ENABLED</key> <false/> in the Info.plist; the purpose table (1: ad_storage and ad_user_data; 3 and 4: ad_personalization; 7: ad_user_data)"
        case .manifestMissing:
            "ITMS-91053, enforced from 1 May 2024, quoted in https://github.com/SvenTiigi/WhatsNewKit/issues/81 (report)"
        case .manifestInvalid, .collectedDataInvalid:
            "Apple TN3181, invalid privacy manifests (https://developer.apple.com/documentation/technotes/tn3181-debugging-invalid-privacy-manifest); key reference https://developer.apple.com/documentation/bundleresources/privacy-manifest-files"
        case .trackingDomainsMissing:
            "Apple's requirement quoted in https://developer.apple.com/forums/thread/735916"
        case .trackingDomainsWithoutTracking:
            "Apple, NSPrivacyTrackingDomains (https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/nsprivacytrackingdomains); ITMS-91064 reports"
        case .trackingDomainMalformed:
            "Apple TN3181 (https://developer.apple.com/documentation/technotes/tn3181-debugging-invalid-privacy-manifest); xcprivacy XCP103 (https://github.com/Ax1zz/xcprivacy)"
        case .apiCategoryUnknown, .apiReasonInvalid:
            "Apple, required-reason API reference (https://developer.apple.com/documentation/bundleresources/privacy_manifest_files/describing_use_of_required_reason_api); xcprivacy XCP203-209 (https://github.com/Ax1zz/xcprivacy)"
        case .listedSDKWithoutManifest:
            "Apple, third-party SDK requirements (https://developer.apple.com/support/third-party-SDK-requirements/); ITMS-91061, https://developer.apple.com/forums/thread/774960"
        case .sdkBelowModelled:
            "the harness's modelled releases (README, Neutral names and the real symbols; Adapters/README.md, Versions); GMA iOS release notes 13.3.0 (ageRestrictedTreatment) and UMP 3.1.0 (consentSyncID) (https://developers.google.com/admob/ios/rel-notes, https://developers.google.com/admob/ios/privacy/download); an old UMP (2.7.0) resolved beside GMA through the package manager broke a build written for UMP 3 (https://github.com/capacitor-community/admob/pull/378)"
        case .adSDKSunset, .adSDKDeprecated:
            "Google, iOS Google Mobile Ads SDK deprecation schedule (https://developers.google.com/admob/ios/deprecation): 11.x deprecated on February 4, 2026, sunset Q2 2027; 10.x sunset; sunset versions are at risk of automatic no fill"
        case .sdkIncompatiblePair:
            "GMA 12.2.0's package requires UMP below 3.0.0, fixed in 12.3.0 on April 16, 2025 (https://github.com/googleads/swift-package-manager-google-mobile-ads/issues/117)"
        case .adSDKWithoutPrivacyManifest:
            "the maintainer's answer that GMA's privacy manifest first shipped in 11.2.0 (https://github.com/googleads/swift-package-manager-google-mobile-ads/issues/67)"
        case .sdkVersionUnpinned:
            "Swift package manager, Package.resolved pins a branch or a revision when the dependency asks for one (https://docs.swift.org/package-manager/PackageDescription/PackageDescription.html#package-dependency)"
        case .consentSDKPredatesGatheringAPI:
            "Google Mobile Ads' Package.swift requires GoogleUserMessagingPlatform from 1.1.0 (https://github.com/googleads/swift-package-manager-google-mobile-ads, Package.swift at 10.1.0: \"1.1.0\"..<\"3.0.0\"); the 2.1.0 release (2023-07-24) added canRequestAds, the privacy-options requirement status and forms: Android UMP release notes (https://developers.google.com/admob/android/privacy/release-notes) and Google's Unity plugin 8.5.0, built with UMP 2.1.0 on both platforms (https://github.com/googleads/googleads-mobile-unity/releases/tag/v8.5.0)"
        }
    }
}
