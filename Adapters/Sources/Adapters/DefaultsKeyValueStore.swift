// Adapter of the KeyValueStore port onto UserDefaults. Foundation has UserDefaults on Linux too, so
// this one also builds there; the README's contract example checks the same adapter.
import AdRequestKit
import Foundation

/// The app's user defaults, through the port.
public struct DefaultsKeyValueStore: KeyValueStore, @unchecked Sendable {
    let defaults: UserDefaults

    /// Creates the adapter over a defaults database (the app's standard one by default).
    public init(defaults: UserDefaults = .standard) { self.defaults = defaults }

    /// The Boolean stored under the key; `nil` when none is (UserDefaults itself would say false).
    public func bool(forKey key: String) -> Bool? { defaults.object(forKey: key) as? Bool }
    /// The integer stored under the key, or `nil`.
    public func integer(forKey key: String) -> Int? { defaults.object(forKey: key) as? Int }
    /// The string stored under the key, or `nil`.
    public func string(forKey key: String) -> String? { defaults.string(forKey: key) }
    /// `UserDefaults.set(_:forKey:)`.
    public func set(_ value: Bool, forKey key: String) { defaults.set(value, forKey: key) }
    /// `UserDefaults.set(_:forKey:)`.
    public func set(_ value: Int, forKey key: String) { defaults.set(value, forKey: key) }
    /// `UserDefaults.set(_:forKey:)`.
    public func set(_ value: String, forKey key: String) { defaults.set(value, forKey: key) }
    /// `UserDefaults.removeObject(forKey:)`.
    public func removeValue(forKey key: String) { defaults.removeObject(forKey: key) }
}
