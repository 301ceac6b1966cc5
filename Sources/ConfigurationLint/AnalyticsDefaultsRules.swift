import AppInfoPlist

/// IP012 and IP013: the analytics SDK's consent-mode defaults in the Info.plist
/// (`GOOGLE_ANALYTICS_DEFAULT_ALLOW_...`), by the keys of the catalogue the stand-in reads.
enum AnalyticsDefaultsRules {
    /// The two defaults that, left granted, send ad signals before an EEA user's consent.
    static let adDefaults: [InfoPlistKey] = [.analyticsDefaultAdUserData, .analyticsDefaultAdPersonalization]

    static func check(_ document: LintDocument) -> [LintFinding] {
        var findings: [LintFinding] = []
        let given = InfoPlistKey.analyticsConsentDefaults.filter { document.values[$0.name] != nil }
        for key in given {
            guard let value = document.values[key.name] else { continue }
            if case .bool = value { continue }
            let policyAllowed = InfoPlistKey.analyticsDefaultsAllowingEUConsentPolicy.contains(key)
            if case .string(let text) = value {
                if BuildSettingReference.contains(text) {
                    findings.append(InfoPlistRules.buildSetting(document, key.name, text, checkedBy: .analyticsDefaultNotBoolean))
                    continue
                }
                if text == InfoPlistKey.analyticsEUConsentPolicyValue {
                    if policyAllowed { continue }
                    findings.append(
                        document.finding(
                            .analyticsDefaultNotBoolean, key.name,
                            "\(text) is a value for ad user data and ad personalization only; a storage default is a Boolean (<true/> or <false/>)"))
                    continue
                }
            }
            let expected =
                policyAllowed
                ? "a Boolean (<true/> or <false/>) or the string \(InfoPlistKey.analyticsEUConsentPolicyValue)" : "a Boolean (<true/> or <false/>)"
            findings.append(document.finding(.analyticsDefaultNotBoolean, key.name, "expected \(expected), found \(value.kindDescription)"))
        }
        // An app that sets any default uses consent mode; its ad defaults then decide what an EEA
        // user's first events send (`eu_consent_policy` denies them there).
        guard !given.isEmpty else { return findings }
        for key in adDefaults where document.values[key.name] == nil || document.values[key.name] == .bool(true) {
            let found = document.values[key.name] == nil ? "missing (granted by default)" : "true"
            findings.append(document.finding(.analyticsAdDefaultsGranted, key.name, "\(found): ad signals go out granted before an EEA user's consent"))
        }
        return findings
    }
}
