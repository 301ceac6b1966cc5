import AdRequestKit
import AppInfoPlist
import StandInRuntime

/// The analytics SDK of one app process, as far as consent mode goes.
///
/// Each consent type is granted unless the Info.plist sets its default to false
/// (`GOOGLE_ANALYTICS_DEFAULT_ALLOW_...`), or, for ad user data and ad personalization only, to
/// `eu_consent_policy` (denied in the EEA, granted elsewhere), until the app sets it; what is set is kept in the app's
/// storage and applies in later launches, until a reinstall. The consent SDK sets it too where the
/// publisher turned consent mode on (``ConsentModeMapping``), if the app configured this SDK before
/// the consent SDK started (``ConsentModeLink``). Every set is recorded as
/// `analytics.consent` with the state after, every event as `analytics.event` with the state in
/// force and what the user's GDPR choice allows, so a rule can judge the event alone.
///
/// The TCF link: where the CMP wrote `IABTCF_EnableAdvertiserConsentMode` = 1 and the Info.plist
/// does not set `GOOGLE_ANALYTICS_TCF_DATA_ENABLED` to false, the SDK reads the CMP's TCF signals
/// and derives ad storage (purpose 1), ad user data (purposes 1 and 7) and ad personalization
/// (purposes 3 and 4), each denied unless its purposes are consented to; analytics storage is not
/// derived. This is the documented minimum (Google's purpose table for the TCF integration). Not
/// confirmed, so not modelled: that Google (vendor 755) must have consent too, what legitimate
/// interests and publisher restrictions change, and which wins between the derived state and a
/// state set by the app; the model puts a state set first, then the derived one, then the
/// Info.plist defaults. The derived state is read where GDPR applies (`IABTCF_gdprApplies` 1) and a
/// choice is stored, and a derived withdrawal does not delete user properties (unconfirmed).
package final class SimulatedAnalytics: AnalyticsSDK, Sendable {
    let process: AppProcess
    private let store: any KeyValueStore
    private let infoPlist: InfoPlist
    private let signals: @Sendable () -> (any KeyValueStore)?
    private let region: @Sendable () -> ConsentRegion
    private let link: ConsentModeLink?

    /// Creates the SDK of a process over the app's storage (where it keeps the state it was set)
    /// and Info.plist (its defaults); `signals` is the storage where the consent SDK writes its
    /// TCF signals, if it writes any; `region` is where the user is, which decides whether GDPR
    /// applies to an event whatever the consent SDK has learnt yet; `link` is the process's
    /// consent-mode link, which learns when the app configures this SDK.
    package init(
        process: AppProcess, store: any KeyValueStore, infoPlist: InfoPlist, signals: @escaping @Sendable () -> (any KeyValueStore)?,
        region: @escaping @Sendable () -> ConsentRegion, link: ConsentModeLink? = nil
    ) {
        self.process = process
        self.store = store
        self.infoPlist = infoPlist
        self.signals = signals
        self.region = region
        self.link = link
    }

    /// The app configures the SDK, recorded as `analytics.configure` with whether the consent SDK
    /// had started first in this process and whether consent mode is on.
    package func configure() {
        guard process.isRunning else { return }
        let consentSDKFirst = link?.analyticsConfiguring() ?? false
        process.trace.record(
            .analyticsConfigure,
            [EventField(.consentSDKStartedFirst, consentSDKFirst), EventField(.consentModeEnabled, link?.consentModeEnabled ?? false)])
    }

    /// The storage key under which the SDK keeps a type's status once set.
    static func storageKey(_ type: AnalyticsConsentType) -> String { "analytics.consent.\(type.rawValue)" }

    /// The Info.plist key of a type's default.
    package static func defaultKey(_ type: AnalyticsConsentType) -> InfoPlistKey {
        InfoPlistKey.analyticsConsentDefaults[AnalyticsConsentType.allCases.firstIndex(of: type)!]
    }

    /// The order of this SDK's configuration and the consent SDK's start, once the app configured
    /// it in this process; `nil` before (and always for an app that leaves it to before its glue),
    /// so the explorer's states split only for a glue that configures it.
    package var configurationOrder: ConsentModeLink.State? {
        guard let state = link?.snapshot, state.configured != nil else { return nil }
        return state
    }

    /// The state in force: what was set, else what the TCF link derives, else the Info.plist
    /// default, else granted.
    package var consentState: [AnalyticsConsentType: AnalyticsConsentStatus] {
        let derived = tcfDerivedState
        return Dictionary(
            uniqueKeysWithValues: AnalyticsConsentType.allCases.map { type in
                if let set = store.string(forKey: Self.storageKey(type)).flatMap(AnalyticsConsentStatus.init(rawValue:)) { return (type, set) }
                if let status = derived[type] { return (type, status) }
                return (type, defaultStatus(type))
            })
    }

    /// The types the TCF link derives from the CMP's choice, where it applies: ad storage from
    /// purpose 1, ad user data from purposes 1 and 7, ad personalization from purposes 3 and 4
    /// (analytics storage is not derived); empty where the CMP did not enable advertiser consent
    /// mode, the Info.plist switched the link off, GDPR does not apply or no choice is stored.
    package var tcfDerivedState: [AnalyticsConsentType: AnalyticsConsentStatus] {
        guard tcfData == .read, let signals = signals(), signals.integer(forKey: TCFKey.gdprApplies) == 1 else { return [:] }
        let choice = ConsentModeMapping(store: signals)
        guard choice.choiceMade else { return [:] }
        return Dictionary(uniqueKeysWithValues: Self.tcfDerivedTypes.map { ($0, choice.allows($0) ? .granted : .denied) })
    }

    /// The types the TCF link derives (Google's purpose table names no purpose for analytics storage).
    static let tcfDerivedTypes: [AnalyticsConsentType] = [.adStorage, .adUserData, .adPersonalization]

    /// Whether the SDK reads the CMP's TCF signals: `nil` where the CMP did not enable advertiser
    /// consent mode (`IABTCF_EnableAdvertiserConsentMode` is not 1); `off` where the Info.plist sets
    /// `GOOGLE_ANALYTICS_TCF_DATA_ENABLED` to false (any other value is ignored, as lint IP014 says).
    package var tcfData: AnalyticsTCFData? {
        guard let signals = signals(), signals.integer(forKey: TCFKey.enableAdvertiserConsentMode) == 1 else { return nil }
        return infoPlist[.analyticsTCFDataEnabled] == .bool(false) ? .off : .read
    }

    /// A type's Info.plist default: a Boolean false denies; `eu_consent_policy`, for ad user data
    /// and ad personalization only, denies where the EU user consent policy applies (the device's
    /// region is the EEA) and grants elsewhere; anything else is ignored, and the type is granted.
    private func defaultStatus(_ type: AnalyticsConsentType) -> AnalyticsConsentStatus {
        let key = Self.defaultKey(type)
        switch infoPlist[key] {
        case .bool(false): return .denied
        case .string(InfoPlistKey.analyticsEUConsentPolicyValue) where InfoPlistKey.analyticsDefaultsAllowingEUConsentPolicy.contains(key):
            return region() == .eea ? .denied : .granted
        default: return .granted
        }
    }

    /// Sets the types given, as the app does.
    package func setConsent(_ consent: [AnalyticsConsentType: AnalyticsConsentStatus]) { setConsent(consent, by: .app) }

    /// Sets the types given, on behalf of the app or of the consent SDK, recording the state after.
    /// Analytics or ad storage withdrawn (granted before, denied after) deletes the user
    /// properties set, recorded as `analytics.userProperties.deleted`.
    package func setConsent(_ consent: [AnalyticsConsentType: AnalyticsConsentStatus], by setter: AnalyticsConsentSetter) {
        guard process.isRunning else { return }
        let before = consentState
        for (type, status) in consent.sorted(by: { $0.key < $1.key }) { store.set(status.rawValue, forKey: Self.storageKey(type)) }
        process.trace.record(.analyticsConsent, [EventField(.analyticsConsentSetBy, setter)] + stateFields)
        let after = consentState
        let withdrawn = [AnalyticsConsentType.analyticsStorage, .adStorage].contains { before[$0] == .granted && after[$0] == .denied }
        if withdrawn { userProperties.deleteAll() }
    }

    /// The user properties the app set, kept in the app's storage.
    private var userProperties: AnalyticsUserProperties { AnalyticsUserProperties(process: process, store: store) }

    /// Switches collection on or off, kept across launches.
    package func setAnalyticsCollectionEnabled(_ enabled: Bool) {
        guard process.isRunning else { return }
        store.set(enabled, forKey: Self.collectionKey)
        process.trace.record(.analyticsCollection, [EventField(.analyticsCollectionEnabled, enabled)])
    }

    /// Sets or removes a user property.
    package func setUserProperty(_ value: String?, forName name: String) {
        guard process.isRunning else { return }
        userProperties.set(value, forName: name)
    }

    /// The user properties held now, by name.
    package var userPropertyValues: [String: String] {
        let properties = userProperties
        return Dictionary(properties.names.compactMap { name in store.string(forKey: AnalyticsUserProperties.key(name)).map { (name, $0) } }) { first, _ in
            first
        }
    }

    /// The storage key of the collection switch, once the app set it.
    static let collectionKey = "analytics.collectionEnabled"

    /// Whether collection is on: what the app set last, else on.
    package var collectionEnabled: Bool { store.bool(forKey: Self.collectionKey) ?? true }

    /// Sends an event under the state in force; while collection is off, nothing is sent.
    package func logEvent(_ name: String) {
        guard process.isRunning, collectionEnabled else { return }
        let gdpr = region() == .eea
        let choice =
            gdpr
            ? [EventField(.gdprApplies, true)] + (signals().map(ConsentModeMapping.init(store:)) ?? ConsentModeMapping.noChoice).eventFields
            : [EventField(.gdprApplies, false)]
        let tcf = tcfData.map { [EventField(.analyticsTCFData, $0.rawValue)] } ?? []
        process.trace.record(.analyticsEvent, [EventField("name", name)] + stateFields + choice + tcf)
    }

    private var stateFields: [EventField] {
        let state = consentState
        return AnalyticsConsentType.allCases.map { EventField(.analyticsConsent($0), state[$0]!) }
    }
}

/// Whether the analytics SDK reads the CMP's TCF signals, where the CMP enabled advertiser consent mode.
package enum AnalyticsTCFData: String, Hashable, Sendable {
    /// It reads them and derives the ad types from the purposes.
    case read
    /// The Info.plist's `GOOGLE_ANALYTICS_TCF_DATA_ENABLED` = false switched the link off.
    case off
}
