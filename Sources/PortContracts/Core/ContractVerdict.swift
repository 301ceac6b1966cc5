/// How one check of one implementation came out.
public enum ContractVerdict: Hashable, Sendable {
    /// The implementation honours the clause.
    case passed
    /// The implementation breaks the clause: what the clause expected, and what came instead.
    case failed(expected: String, found: String)
    /// The check could not run here: the subject cannot arrange the situation, or a precondition
    /// of a port-only check does not hold on this device. Not a failure.
    case skipped(reason: String)

    /// Whether the verdict is `failed`.
    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }

    /// `passed`, `failed` or `skipped`.
    public var name: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        }
    }
}

/// A check's clause and its verdict for one implementation.
public struct ContractResult: Hashable, Sendable, CustomStringConvertible {
    /// The clause checked.
    public let clause: ContractClause
    /// How the check came out.
    public let verdict: ContractVerdict

    /// A clause and what checking it against one subject gave.
    public init(clause: ContractClause, verdict: ContractVerdict) {
        self.clause = clause
        self.verdict = verdict
    }

    /// The message a test framework shows: the port, the clause, and for a failure what was
    /// expected and what came.
    public var description: String {
        let head = "\(clause.port.protocolName) contract, \(clause.id) [\(clause.kind)]: \(clause.statement)"
        switch verdict {
        case .passed: return "\(head): passed"
        case .failed(let expected, let found):
            return "\(head)\n  expected: \(expected)\n  found:    \(found)\n  source:   catalogue \(clause.source)"
        case .skipped(let reason): return "\(head): skipped: \(reason)"
        }
    }
}
