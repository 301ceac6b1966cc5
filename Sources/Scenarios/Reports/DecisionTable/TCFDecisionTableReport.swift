import AdRequestKit

/// The TCF-aware decision table as computed by `TCFDecisionTable`: the seed table's rows, each
/// with TCF signals that allow personalized ads and with signals that do not.
package enum TCFDecisionTableReport {
    /// One row: the statuses, whether the signals allow personalized ads, and the decision.
    package struct Row: Hashable, Sendable, Encodable {
        /// The tracking status.
        package var tracking: String
        /// The consent status.
        package var consent: String
        /// Whether GDPR applies and the signals allow personalized ads (`allow`), refuse them (`refuse`), or GDPR does not apply (`n/a`).
        package var signals: String
        /// The rule that applied.
        package var rule: String
        /// Whether requests carry `npa=1`.
        package var shouldUseNPA: Bool
        /// Why, in one line.
        package var note: String
    }

    /// Signals that allow everything, that refuse everything, and outside GDPR.
    static let signalCases: [(String, TCFSignals)] = [
        ("allow", TCFSignals(gdprApplies: 1, purposeConsents: String(repeating: "1", count: 11), vendorConsents: String(repeating: "1", count: 755))),
        ("refuse", TCFSignals(gdprApplies: 1, purposeConsents: String(repeating: "0", count: 11), purposeLegitimateInterests: "01000011111")),
        ("n/a", TCFSignals(gdprApplies: 0)),
    ]

    /// Every recognized tracking x consent status, plus one unknown raw value of each, for each kind of signals.
    package static var rows: [Row] {
        let trackings = TrackingAuthorizationStatus.allRecognized + [TrackingAuthorizationStatus(rawValue: 4)]
        let consents = UserConsentStatus.allRecognized + [UserConsentStatus(rawValue: 4)]
        return trackings.flatMap { tracking in
            consents.flatMap { consent in
                signalCases.map { name, signals in
                    let decision = TCFDecisionTable.decide(tracking: tracking, consent: consent, consentAllowsAdRequests: true, signals: signals)
                    return Row(
                        tracking: tracking.description, consent: consent.description, signals: name, rule: decision.rule.rawValue,
                        shouldUseNPA: decision.shouldUseNPA, note: decision.rule.explanation
                    )
                }
            }
        }
    }

    /// The table in Markdown; `canRequestAds` is always the consent SDK's.
    package static var markdown: String {
        var lines = ["| tracking | consent | TCF signals | shouldUseNPA | rule | note |", "|:--|:--|:--|:--|:--|:--|"]
        for row in rows {
            lines.append("| `\(row.tracking)` | `\(row.consent)` | \(row.signals) | `\(row.shouldUseNPA)` | \(row.rule) | \(row.note) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The table as JSON, one object per row.
    package static var json: String { PrettyJSON.encode(rows) }
}
