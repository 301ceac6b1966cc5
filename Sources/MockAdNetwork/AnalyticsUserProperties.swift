import AdRequestKit
import StandInRuntime

/// The analytics stand-in's user properties, kept in the app's storage as the SDK keeps them on the
/// device: set by the app, deleted all at once when analytics or ad storage is withdrawn.
struct AnalyticsUserProperties {
    let process: AppProcess
    let store: any KeyValueStore

    /// The storage key of a property's value.
    static func key(_ name: String) -> String { "analytics.userProperty.\(name)" }

    /// The storage key of the names set, one a line.
    static let namesKey = "analytics.userProperties"

    /// The names set, in the order first set.
    var names: [String] { (store.string(forKey: Self.namesKey) ?? "").split(separator: "\n").map(String.init) }

    /// Sets a property, or removes it (`nil`), recording `analytics.userProperty`.
    func set(_ value: String?, forName name: String) {
        var names = names
        if let value {
            store.set(value, forKey: Self.key(name))
            if !names.contains(name) { names.append(name) }
        } else {
            store.removeValue(forKey: Self.key(name))
            names.removeAll { $0 == name }
        }
        store.set(names.joined(separator: "\n"), forKey: Self.namesKey)
        process.trace.record(.analyticsUserProperty, [EventField(.userPropertyName, name), EventField(.userPropertyValue, orUnset: value)])
    }

    /// Deletes every property set, recording `analytics.userProperties.deleted` with their names
    /// (no field, when none was set).
    func deleteAll() {
        let deleted = names
        for name in deleted { store.removeValue(forKey: Self.key(name)) }
        store.removeValue(forKey: Self.namesKey)
        process.trace.record(.analyticsUserPropertiesDeleted, deleted.isEmpty ? [] : [EventField(.userPropertiesDeleted, deleted.joined(separator: ","))])
    }
}
