import AdRequestKit

/// An implementation of `KeyValueStore`: every clause is observable through the port alone.
public protocol KeyValueStoreSubject: Sendable {
    /// The store; each check writes only keys that start with `contract.` and its clause's ID (so
    /// checks running in parallel on one store stay apart), and removes them after.
    func current() async throws -> any KeyValueStore
}

/// The contract of `KeyValueStore`, clause by clause.
public enum KeyValueStoreContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any KeyValueStoreSubject>] = [
        check("store.reads-back-each-type", "a stored Boolean, integer and string read back as stored", "S1") { store in
            store.set(true, forKey: "contract.bool")
            store.set(42, forKey: "contract.int")
            store.set("npa", forKey: "contract.string")
            let found =
                "\(describe(store.bool(forKey: "contract.bool"))), \(describe(store.integer(forKey: "contract.int"))), \(describe(store.string(forKey: "contract.string")))"
            try expect("the values read back", found, equals: "true, 42, npa")
        },
        check("store.missing-key-reads-nil", "a key never written, or removed, reads nil as every type", "S1") { store in
            store.set(7, forKey: "contract.removed")
            store.removeValue(forKey: "contract.removed")
            let found = [
                store.bool(forKey: "contract.removed").map(String.init), store.integer(forKey: "contract.removed").map(String.init),
                store.string(forKey: "contract.removed"), store.string(forKey: "contract.never-written"),
            ]
            try expect("the reads", found, equals: [nil, nil, nil, nil])
        },
        check("store.later-write-replaces", "a later write replaces the earlier value under the key", "S2") { store in
            store.set(false, forKey: "contract.bool")
            store.set(true, forKey: "contract.bool")
            store.set("first", forKey: "contract.string")
            store.set("second", forKey: "contract.string")
            try expect(
                "the values read back", "\(describe(store.bool(forKey: "contract.bool"))), \(describe(store.string(forKey: "contract.string")))",
                equals: "true, second")
        },
    ]

    private static let keys = ["contract.bool", "contract.int", "contract.string", "contract.removed", "contract.never-written"]

    private static func check(
        _ id: String, _ statement: String, _ source: String, _ body: @escaping @Sendable (any KeyValueStore) throws -> Void
    ) -> ContractCheck<any KeyValueStoreSubject> {
        ContractCheck(ContractClause(id: id, port: .keyValueStore, statement: statement, source: source, kind: .portOnly)) { subject in
            let store = ClauseKeys(base: try await subject.current(), prefix: id)
            defer { for key in keys { store.removeValue(forKey: key) } }
            try body(store)
        }
    }
}

/// The store seen through one clause's own keys: `contract.bool` becomes `contract.bool.<clause ID>`.
private struct ClauseKeys: KeyValueStore {
    let base: any KeyValueStore
    let prefix: String

    func bool(forKey key: String) -> Bool? { base.bool(forKey: own(key)) }
    func integer(forKey key: String) -> Int? { base.integer(forKey: own(key)) }
    func string(forKey key: String) -> String? { base.string(forKey: own(key)) }
    func set(_ value: Bool, forKey key: String) { base.set(value, forKey: own(key)) }
    func set(_ value: Int, forKey key: String) { base.set(value, forKey: own(key)) }
    func set(_ value: String, forKey key: String) { base.set(value, forKey: own(key)) }
    func removeValue(forKey key: String) { base.removeValue(forKey: own(key)) }

    private func own(_ key: String) -> String { "\(key).\(prefix)" }
}
