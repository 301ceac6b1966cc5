import AdHarnessContracts
import Foundation
import Testing

/// The app's key-value store, over the real UserDefaults.
struct DefaultsStore: KeyValueStore, @unchecked Sendable {
    let defaults: UserDefaults

    func bool(forKey key: String) -> Bool? { defaults.object(forKey: key) as? Bool }
    func integer(forKey key: String) -> Int? { defaults.object(forKey: key) as? Int }
    func string(forKey key: String) -> String? { defaults.string(forKey: key) }
    func set(_ value: Bool, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: Int, forKey key: String) { defaults.set(value, forKey: key) }
    func set(_ value: String, forKey key: String) { defaults.set(value, forKey: key) }
    func removeValue(forKey key: String) { defaults.removeObject(forKey: key) }
}

struct DefaultsStoreSubject: KeyValueStoreSubject {
    /// One defaults object for every check, as an app has: the checks run in parallel.
    static let store = DefaultsStore(defaults: UserDefaults(suiteName: "contract-checks") ?? .standard)

    func current() -> any KeyValueStore { Self.store }
}

@Test(arguments: KeyValueStoreContract.checks)
func defaultsStoreKeepsTheContract(_ check: ContractCheck<any KeyValueStoreSubject>) async throws {
    try await check.verify(against: DefaultsStoreSubject())
}
