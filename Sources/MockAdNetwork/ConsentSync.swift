import AdRequestKit
import Foundation
import StandInRuntime

/// The consent service's store of GDPR decisions by consent sync identifier: what lets a decision
/// taken in one app of the publisher apply in its other apps (and after a reinstall) that send the
/// same identifier. It outlives installs; only the service reads it.
///
/// Google's consent sync guide: the publisher enables syncing for its apps in the console, and
/// each app passes an identifier that is a UUID or 22 to 150 characters of a fixed alphabet.
package final class ConsentSyncService: Sendable {
    private let decisions = Locked<[String: ConsentChoices]>([:])

    /// A store with no synced decision yet: the publisher's other apps have not answered.
    package init() {}

    /// The decision stored under an identifier.
    package func decision(for id: String) -> ConsentChoices? { decisions.withLock { $0[id] } }

    /// Stores a decision under an identifier, replacing the one there.
    package func store(_ choices: ConsentChoices, for id: String) { decisions.withLock { $0[id] = choices } }

    /// Whether an identifier has the form the guide requires: a UUID, or 22 to 150 characters of
    /// letters, digits and `+.=/_-$,{}` (a UUID's 36 hexadecimal digits and dashes are such a text).
    package static func isValid(_ id: String) -> Bool {
        (22...150).contains(id.utf8.count) && id.utf8.allSatisfy { allowed.contains($0) }
    }

    /// The ASCII letters, digits and signs an identifier may hold.
    private static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.=/_-$,{}".utf8)
}
