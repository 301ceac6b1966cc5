import AdRequestKit

/// The legacy profile's decision table as computed by `LegacyDecisionTable`.
package enum LegacyDecisionTableReport {
    /// One row: the inputs, and what the real decision code answers.
    package struct Row: Hashable, Sendable, Encodable {
        /// The tracking status.
        package var tracking: String
        /// The legacy consent status.
        package var legacyStatus: String
        /// Whether the update placed the user in the EEA or somewhere unknown.
        package var inEEAOrUnknown: Bool
        /// The app's "use personalized ads" preference.
        package var usePersonalizedAds: Bool
        /// Whether requests carry `npa=1`.
        package var shouldUseNPA: Bool
        /// Whether ads may be requested.
        package var canRequestAds: Bool
        /// The rule that applied.
        package var rule: String
    }

    /// Tracking authorized or not, every legacy status, both regions, both preferences.
    package static var rows: [Row] {
        let trackings: [TrackingAuthorizationStatus] = [.authorized, .denied]
        return trackings.flatMap { tracking in
            [true, false].flatMap { inEEA in
                (LegacyConsentStatus.allRecognized + [LegacyConsentStatus(rawValue: 3)]).flatMap { status in
                    [true, false].map { preference in
                        let decision = LegacyDecisionTable.decide(tracking: tracking, status: status, inEEAOrUnknown: inEEA, usePersonalizedAds: preference)
                        return Row(
                            tracking: tracking.description, legacyStatus: status.description, inEEAOrUnknown: inEEA,
                            usePersonalizedAds: preference, shouldUseNPA: decision.shouldUseNPA,
                            canRequestAds: decision.canRequestAds, rule: decision.rule.rawValue
                        )
                    }
                }
            }
        }
    }

    /// The table in Markdown. Tracking `notDetermined` and `restricted` decide as `denied` does.
    package static var markdown: String {
        var lines = [
            "| tracking | legacy status | EEA or unknown | usePersonalizedAds | shouldUseNPA | canRequestAds | rule |",
            "|:--|:--|:--|:--|:--|:--|:--|",
        ]
        for row in rows {
            lines.append(
                "| `\(row.tracking)` | `\(row.legacyStatus)` | \(row.inEEAOrUnknown) | \(row.usePersonalizedAds) | `\(row.shouldUseNPA)` | `\(row.canRequestAds)` | \(row.rule) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The table as JSON, one object per row.
    package static var json: String { PrettyJSON.encode(rows) }
}
