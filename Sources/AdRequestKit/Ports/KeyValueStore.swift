/// The app's persistent key-value storage: it survives a relaunch, not a reinstall.
///
/// Contract: the clauses of `KeyValueStoreContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `store.reads-back-each-type` (port-only): a stored Boolean, integer and string read back as stored.
/// - `store.missing-key-reads-nil` (port-only): a key never written, or removed, reads nil as every type.
/// - `store.later-write-replaces` (port-only): a later write replaces the earlier value under the key.
public protocol KeyValueStore: Sendable {
    /// The Boolean stored under the key, or `nil` if none is.
    func bool(forKey key: String) -> Bool?
    /// The integer stored under the key, or `nil` if none is.
    func integer(forKey key: String) -> Int?
    /// The string stored under the key, or `nil` if none is.
    func string(forKey key: String) -> String?
    /// Stores a Boolean.
    func set(_ value: Bool, forKey key: String)
    /// Stores an integer.
    func set(_ value: Int, forKey key: String)
    /// Stores a string.
    func set(_ value: String, forKey key: String)
    /// Removes whatever is stored under the key.
    func removeValue(forKey key: String)
}
