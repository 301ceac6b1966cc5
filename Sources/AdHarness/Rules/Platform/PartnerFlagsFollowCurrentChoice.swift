import AdRequestKit
import MockAdNetwork
import StandInRuntime

extension RuleID {
    /// A mediated ad network told the user's GDPR consent is told again once the user withdraws it:
    /// no partner still holds consent the user's current choice no longer gives.
    public static let partnerFlagsFollowCurrentChoice = RuleID(declaring: "partnerFlagsFollowCurrentChoice")
}

extension RuleDescriptor {
    static let partnerFlagsFollowCurrentChoice = RuleDescriptor(
        id: .partnerFlagsFollowCurrentChoice,
        authority: .platform,
        on: [.adsRequest],
        rule: "no mediated ad network still holds GDPR consent the user has since withdrawn when an ad is requested",
        definition: """
            A `partner.consent` where GDPR applies and the partner then holds no more than the user's choice gives \
            (`hasUserConsent=true` with `userConsented=true`, or a TC string whose purposes are all in `choicePurposes`) \
            records what the partner holds; a later `store.set` of `IABTCF_PurposeConsents` (the user's new choice, from \
            the privacy-options form or a new consent form) changes the choice it is judged against. Broken by an \
            `ads.request` (the partners are asked for ads: one serves on consent the user withdrew) while a partner holds \
            `hasUserConsent=true` and the current choice does not consent to TCF purposes 1, 3 and 4, or holds a TC string \
            with a purpose the current choice does not consent to. A flag that was too much when told is \
            `partnersToldNoMoreThanUserGave`'s, not judged again here. A partner's flags last one process (a modelling \
            choice: the stand-in's). What a partner holds when the run ends is not judged: an app that tells its partners \
            before each request, as the partner guides ask, tells them before the next one.
            """,
        source: """
            Google, AppLovin mediation (https://developers.google.com/admob/ios/mediation/applovin): forward the user's \
            consent with ALPrivacySettings, as each partner guide says for its SDK; Google's EU user consent policy \
            (https://www.google.com/about/company/user-consent-policy/: consent must be as easy to withdraw as to give); \
            GDPR Art. 7(3) (https://gdpr-info.eu/art-7-gdpr/) (catalogue MP4)
            """,
        state: PartnerFlagsHeld(),
        learnsFrom: [.partnerConsent, .storeSet, .storeRemove, .appLaunch, .appTerminate, .appCrash, .appReinstall],
        update: { held, event, _ in held.update(with: event) },
        breaks: { event, held, _ in event.name == .adsRequest && held.stale }
    )
}

/// What ``RuleID/partnerFlagsFollowCurrentChoice`` keeps: the GDPR consent each partner holds in
/// this process, told within the user's choice of that moment, and the user's choice now.
struct PartnerFlagsHeld: Hashable, Sendable {
    /// What one partner holds.
    struct Held: Hashable, Sendable {
        /// The partner holds `hasUserConsent=true`.
        var consent = false
        /// The purposes of the TC string the partner holds, if it holds a readable one.
        var tcPurposes: Set<Int> = []
    }

    /// Each partner told GDPR consent within the choice of the moment, by name.
    var partners: [String: Held] = [:]
    /// The TCF purposes the user's stored choice consents to now.
    var choice: Set<Int> = []

    /// A partner holds consent the current choice does not give.
    var stale: Bool {
        partners.values.contains { held in
            (held.consent && !choice.isSuperset(of: [1, 3, 4])) || !held.tcPurposes.isSubset(of: choice)
        }
    }

    /// The state after an event.
    mutating func update(with event: TraceEvent) {
        switch event.name {
        case .partnerConsent:
            guard let partner = event[.mediationPartner]?.rawValue else { return }
            guard event[.gdprApplies] == true else {
                partners[partner] = nil
                if partners.isEmpty { choice = [] }
                return
            }
            choice = Self.purposes(event[.choicePurposes])
            var held = Held(consent: event[.partnerHasUserConsent] == true)
            if held.consent && event[.userConsented] != true { held.consent = false }
            if let text = event[.partnerTCPurposes], text != "unreadable" {
                let purposes = Self.purposes(text)
                if purposes.isSubset(of: choice) { held.tcPurposes = purposes }
            }
            partners[partner] = held.consent || !held.tcPurposes.isEmpty ? held : nil
            // With no partner holding anything, the choice is read by nothing: kept, it would only
            // split the explorer's states.
            if partners.isEmpty { choice = [] }
        case .storeSet where event[.storageKey] == TCFKey.purposeConsents && !partners.isEmpty:
            let bits = event[.storedValue] ?? ""
            choice = Set(bits.enumerated().filter { $0.element == "1" }.map { $0.offset + 1 })
        case .storeRemove where event[.storageKey] == TCFKey.purposeConsents && !partners.isEmpty:
            choice = []
        case .appLaunch, .appTerminate, .appCrash, .appReinstall:
            // A partner's flags last one process.
            self = PartnerFlagsHeld()
        default:
            break
        }
    }

    /// `1,3,4` or `none` as a set.
    static func purposes(_ list: String?) -> Set<Int> { Set((list ?? "").split(separator: ",").compactMap { Int($0) }) }
}
