import AppInfoPlist

/// IP014 and IP015: the analytics SDK's TCF switch in the Info.plist (`GOOGLE_ANALYTICS_TCF_DATA_ENABLED`).
enum AnalyticsTCFDataRules {
    static func check(_ document: LintDocument) -> [LintFinding] {
        let key = InfoPlistKey.analyticsTCFDataEnabled.name
        guard let value = document.values[key] else { return [] }
        switch value {
        case .bool(true): return []
        case .bool(false):
            return [
                document.finding(
                    .analyticsTCFDataDisabled, key,
                    "false: the analytics SDK ignores the CMP's TCF signals; ad storage, ad user data and ad personalization follow only the defaults and setConsent"
                )
            ]
        case .string(let text) where BuildSettingReference.contains(text):
            return [InfoPlistRules.buildSetting(document, key, text, checkedBy: .analyticsTCFDataNotBoolean)]
        default:
            return [document.finding(.analyticsTCFDataNotBoolean, key, "expected a Boolean (<true/> or <false/>), found \(value.kindDescription)")]
        }
    }
}
