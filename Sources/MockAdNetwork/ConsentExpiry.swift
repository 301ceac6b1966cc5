import AdRequestKit
import PrivacySignals
import StandInRuntime

/// How long the consent SDK keeps a decision: one older than ``lifetime`` counts as no decision, so
/// the next update in the EEA asks again (`required`).
///
/// The decision's date is the one its TC string carries (`LastUpdated`, rounded down to the day),
/// so it survives relaunches with the rest of the SDK's storage. A stored decision without a TC
/// string never expires.
package enum ConsentExpiry {
    /// 13 months, in deciseconds (13 x 31 days: an upper bound, so no decision is called old too early).
    package static let lifetime = 13 * 31 * TCString.decisecondsPerDay

    /// When the stored decision was last made, in deciseconds since 1970; `nil` without a readable TC string.
    package static func decidedAt(in storage: ConsentStorage) -> Int? {
        guard let text = storage.store.string(forKey: TCFKey.tcString) else { return nil }
        if let known = recentlyRead.withLock({ $0.first { $0.text == text } }) { return known.decided }
        let decided = (try? TCString(decoding: text))?.lastUpdated
        recentlyRead.withLock { recent in
            recent.insert((text, decided), at: 0)
            if recent.count > 8 { recent.removeLast() }
        }
        return decided
    }

    /// The last TC strings read, with their dates: every status read reads the stored string again,
    /// and decoding it was most of the cost of a status read (a few runs on other threads share it).
    private static let recentlyRead = Locked<[(text: String, decided: Int?)]>([])

    /// Whether the stored decision is `obtained` and older than the lifetime at `now` (deciseconds since 1970).
    package static func hasExpired(_ storage: ConsentStorage, now: Int) -> Bool {
        guard storage.status == .obtained, let decided = decidedAt(in: storage) else { return false }
        return now - decided > lifetime
    }
}

extension ConsentStorage {
    /// The stored status as the SDK reads it at `now`: an expired decision reads `required`.
    func status(at now: Int) -> (status: UserConsentStatus, expired: Bool) {
        ConsentExpiry.hasExpired(self, now: now) ? (.required, true) : (status, false)
    }
}
