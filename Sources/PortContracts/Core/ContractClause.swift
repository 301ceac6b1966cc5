/// One clause of a port's contract: what every implementation must do, and where that is written.
public struct ContractClause: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A stable identifier, `port.clause-in-words`, listed in the port's protocol doc comment.
    public let id: String
    /// The port the clause belongs to.
    public let port: ContractPort
    /// The clause in one sentence.
    public let statement: String
    /// The catalogue rows (`docs/CATALOGUE.md`) whose sources say what the clause says.
    public let source: String
    /// Whether the check needs control of the world or only the port.
    public let kind: ContractKind

    /// A clause: its stable identifier, the port it binds, what must hold, where that is documented, and whether checking it needs control of the world.
    public init(id: String, port: ContractPort, statement: String, source: String, kind: ContractKind) {
        self.id = id
        self.port = port
        self.statement = statement
        self.source = source
        self.kind = kind
    }

    /// `id [kind]: statement (source)`, as test names and reports show it.
    public var description: String { "\(id) [\(kind)]: \(statement) (catalogue \(source))" }
}
