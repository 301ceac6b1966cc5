import AdRequestKit

/// The app's storage on a simulated device: it survives a relaunch; a reinstall clears it.
///
/// Every change of a value is recorded in the trace as `store.set`.
package final class InMemoryKeyValueStore: KeyValueStore, Sendable {
    private let values = Locked<[String: StoredValue]>([:])
    private let trace: Trace?

    /// A value in the store.
    package enum StoredValue: Hashable, Sendable, CustomStringConvertible {
        /// A Boolean.
        case bool(Bool)
        /// An integer.
        case integer(Int)
        /// A string.
        case string(String)

        /// The value as text.
        package var description: String {
            switch self {
            case .bool(let value): String(value)
            case .integer(let value): String(value)
            case .string(let value): value
            }
        }
    }

    /// Creates a store with initial contents that records changes in the trace, if one is given.
    package init(trace: Trace? = nil, contents: [String: StoredValue] = [:]) {
        self.trace = trace
        values.withLock { $0 = contents }
    }

    /// Every stored value.
    package var contents: [String: StoredValue] { values.snapshot }

    /// The Boolean stored under the key.
    package func bool(forKey key: String) -> Bool? {
        if case .bool(let value) = values.withLock({ $0[key] }) { value } else { nil }
    }

    /// The integer stored under the key.
    package func integer(forKey key: String) -> Int? {
        if case .integer(let value) = values.withLock({ $0[key] }) { value } else { nil }
    }

    /// The string stored under the key.
    package func string(forKey key: String) -> String? {
        if case .string(let value) = values.withLock({ $0[key] }) { value } else { nil }
    }

    /// Stores a Boolean.
    package func set(_ value: Bool, forKey key: String) { store(.bool(value), key) }
    /// Stores an integer.
    package func set(_ value: Int, forKey key: String) { store(.integer(value), key) }
    /// Stores a string.
    package func set(_ value: String, forKey key: String) { store(.string(value), key) }

    /// Removes a value.
    package func removeValue(forKey key: String) {
        let removed = values.withLock { $0.removeValue(forKey: key) != nil }
        if removed { trace?.record(.storeRemove, [EventField(.storageKey, key)]) }
    }

    /// Removes every value (the app was deleted).
    package func removeAll() { values.withLock { $0.removeAll() } }

    /// A value as the trace shows it: in full up to 100 characters, longer ones (a vendor bit string)
    /// as their start, their end and their length.
    static func traceText(_ text: String) -> String {
        // Counted in bytes where the text is ASCII (a vendor bit string of thousands of digits):
        // counting characters walks every grapheme, on every write.
        let bytes = text.utf8.count
        guard bytes > 100 else { return text }
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? false
        let count = ascii ? bytes : text.count
        guard count > 100 else { return text }
        return "\(text.prefix(24))...\(text.suffix(8)) (\(count) characters)"
    }

    private func store(_ value: StoredValue, _ key: String) {
        // One lookup, not one to compare and one to store: hashing the key is most of a write.
        let changed = values.withLock { $0.updateValue(value, forKey: key) != value }
        if changed { trace?.record(.storeSet, [EventField(.storageKey, key), EventField(.storedValue, Self.traceText(value.description))]) }
    }
}
