import AdRequestKit

/// The consent SDK's own preloads of the privacy-options form that fail on a device: each failure
/// is taken by one present, whichever launch makes it, so a count holds for the whole run.
package final class PrivacyOptionsPreloads: Sendable {
    private let left: Locked<Int>

    /// A device on which the next `failing` preloads fail.
    package init(failing: Int) { left = Locked(max(0, failing)) }

    /// Whether the preload the SDK needs now has failed; takes one failure, as the SDK's retry
    /// then loads the form for the next present.
    func takeFailure() -> Bool {
        left.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}
