import AdRequestKit

/// The decision table as computed by `DecisionTable`, for audits and App Review answers.
package enum DecisionTableReport {
    /// One row: a tracking and consent status, and what the real decision code answers.
    package struct Row: Hashable, Sendable, Encodable {
        /// The tracking status.
        package var tracking: String
        /// The consent status.
        package var consent: String
        /// The rule that applied.
        package var rule: String
        /// Whether requests carry `npa=1`.
        package var shouldUseNPA: Bool
        /// The decision's `canRequestAds` when the consent SDK allows ad requests.
        package var canRequestAdsWhenConsentSDKAllows: Bool
        /// The decision's `canRequestAds` when the consent SDK does not.
        package var canRequestAdsWhenConsentSDKRefuses: Bool
        /// Why, in one line.
        package var note: String
    }

    /// Every recognized tracking x consent status, plus one unknown raw value of each.
    package static var rows: [Row] {
        let trackings = TrackingAuthorizationStatus.allRecognized + [TrackingAuthorizationStatus(rawValue: 4)]
        let consents = UserConsentStatus.allRecognized + [UserConsentStatus(rawValue: 4)]
        return trackings.flatMap { tracking in
            consents.map { consent in
                let allowed = DecisionTable.decide(tracking: tracking, consent: consent, consentAllowsAdRequests: true)
                let refused = DecisionTable.decide(tracking: tracking, consent: consent, consentAllowsAdRequests: false)
                return Row(
                    tracking: tracking.description,
                    consent: consent.description,
                    rule: allowed.rule.rawValue,
                    shouldUseNPA: allowed.shouldUseNPA,
                    canRequestAdsWhenConsentSDKAllows: allowed.canRequestAds,
                    canRequestAdsWhenConsentSDKRefuses: refused.canRequestAds,
                    note: allowed.rule.explanation
                )
            }
        }
    }

    /// The table in Markdown.
    package static var markdown: String {
        var lines = [
            "| tracking | consent | shouldUseNPA | canRequestAds | rule | note |",
            "|:--|:--|:--|:--|:--|:--|",
        ]
        for row in rows {
            let passThrough = row.canRequestAdsWhenConsentSDKAllows && !row.canRequestAdsWhenConsentSDKRefuses
            let canRequest = passThrough ? "consent SDK's" : "\(row.canRequestAdsWhenConsentSDKAllows)/\(row.canRequestAdsWhenConsentSDKRefuses)"
            lines.append("| `\(row.tracking)` | `\(row.consent)` | `\(row.shouldUseNPA)` | \(canRequest) | \(row.rule) | \(row.note) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The table as JSON, one object per row.
    package static var json: String { PrettyJSON.encode(rows) }
}
