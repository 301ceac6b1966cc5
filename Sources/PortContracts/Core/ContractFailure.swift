/// Thrown inside a check when the implementation breaks the clause.
struct ContractFailure: Error {
    let expected: String
    let found: String
}

/// Thrown inside a check when it cannot run against this subject here.
struct ContractSkip: Error {
    let reason: String

    /// The subject returned no implementation for the situation.
    static func cannotArrange(_ situation: some Sendable) -> Self {
        Self(reason: "this subject cannot arrange \(situation) (a check that needs world control)")
    }
}

/// Fails the check unless `found` equals `expected`; `what` names the observed thing.
func expect<Value: Equatable>(_ what: String, _ found: Value, equals expected: Value) throws {
    guard found != expected else { return }
    throw ContractFailure(expected: "\(what) \(describe(expected))", found: "\(what) \(describe(found))")
}

/// Fails the check unless the condition holds.
func expect(_ condition: Bool, expected: @autoclosure () -> String, found: @autoclosure () -> String) throws {
    guard !condition else { return }
    throw ContractFailure(expected: expected(), found: found())
}

/// A value as a failure message shows it: `nil` spelled out, arrays in brackets.
func describe<Value>(_ value: Value) -> String {
    if let optional = value as? any OptionalDescribing { return optional.describedOrNil }
    return String(describing: value)
}

/// Lets ``describe(_:)`` print `nil` for an empty optional of any type.
protocol OptionalDescribing {
    var describedOrNil: String { get }
}

extension Optional: OptionalDescribing {
    var describedOrNil: String {
        switch self {
        case .none: "nil"
        case .some(let value): describe(value)
        }
    }
}
