import AdHarness
import AdHarnessContracts

/// A key-value store with one faulty operation over the harness's in-memory store.
struct FaultyStore: KeyValueStore {
    let base: any KeyValueStore
    var readsIntegers = true
    var removes = true
    var firstWriteWins = false

    func bool(forKey key: String) -> Bool? { base.bool(forKey: key) }
    func integer(forKey key: String) -> Int? { readsIntegers ? base.integer(forKey: key) : nil }
    func string(forKey key: String) -> String? { base.string(forKey: key) }
    func set(_ value: Bool, forKey key: String) { if !firstWriteWins || base.bool(forKey: key) == nil { base.set(value, forKey: key) } }
    func set(_ value: Int, forKey key: String) { if !firstWriteWins || base.integer(forKey: key) == nil { base.set(value, forKey: key) } }
    func set(_ value: String, forKey key: String) { if !firstWriteWins || base.string(forKey: key) == nil { base.set(value, forKey: key) } }
    func removeValue(forKey key: String) { if removes { base.removeValue(forKey: key) } }
}

struct BrokenStoreSubject: KeyValueStoreSubject {
    let broken: @Sendable (any KeyValueStore) -> FaultyStore

    func current() async throws -> any KeyValueStore { broken(try await StandInContractSubjects.keyValueStore().current()) }
}

enum BrokenStore {
    static func broken(_ id: String, _ flaw: String, _ make: @escaping @Sendable (any KeyValueStore) -> FaultyStore) -> BrokenImplementation {
        BrokenImplementation(id, flaw, checks: KeyValueStoreContract.checks) { BrokenStoreSubject(broken: make) }
    }

    static let all = [
        broken("store.reads-back-each-type", "cannot read integers back") { FaultyStore(base: $0, readsIntegers: false) },
        broken("store.missing-key-reads-nil", "ignores removal") { FaultyStore(base: $0, removes: false) },
        broken("store.later-write-replaces", "keeps the first value written") { FaultyStore(base: $0, firstWriteWins: true) },
    ]
}
