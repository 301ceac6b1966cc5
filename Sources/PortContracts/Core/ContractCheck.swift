/// One clause of a port's contract as a check that runs against any implementation of the port.
///
/// `Subject` is the port's subject protocol (for example ``TrackingAuthorizerSubject``): how the
/// check gets the implementation, arranges a situation, and lets callbacks arrive.
public struct ContractCheck<Subject: Sendable>: Sendable, CustomStringConvertible {
    /// The clause the check holds the implementation to.
    public let clause: ContractClause
    private let body: @Sendable (Subject) async throws -> Void

    init(_ clause: ContractClause, body: @escaping @Sendable (Subject) async throws -> Void) {
        self.clause = clause
        self.body = body
    }

    /// The clause's identifier.
    public var id: String { clause.id }
    /// Whether the check needs control of the world or only the port.
    public var kind: ContractKind { clause.kind }
    /// The clause, as a parameterized test names its case.
    public var description: String { clause.description }

    /// Runs the check against one implementation and says how it came out; never traps.
    public func run(against subject: Subject) async -> ContractResult {
        do {
            try await body(subject)
            return ContractResult(clause: clause, verdict: .passed)
        } catch let failure as ContractFailure {
            return ContractResult(clause: clause, verdict: .failed(expected: failure.expected, found: failure.found))
        } catch let skip as ContractSkip {
            return ContractResult(clause: clause, verdict: .skipped(reason: skip.reason))
        } catch {
            return ContractResult(clause: clause, verdict: .failed(expected: "no error from the subject", found: "\(error)"))
        }
    }
}
