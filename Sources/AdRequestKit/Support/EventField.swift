/// One named value of a logged event, such as `tracking=denied`.
public struct EventField: Hashable, Sendable, CustomStringConvertible {
    /// The field's name.
    public var name: String
    /// The field's value, as text.
    public var value: String

    /// A field as text; the typed `EventField(.npa, true)` of StandInRuntime is preferred for a field rules read.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`.
    public var description: String { "\(name)=\(value)" }
}

extension Array where Element == EventField {
    /// The value of the first field with the name, if any.
    public subscript(field name: String) -> String? { first { $0.name == name }?.value }
}
