import AdHarnessContracts
import Foundation
import Testing

/// Each port's protocol doc comment lists its contract, clause by clause, as the checks state it.
@Suite("Contracts in the protocols' doc comments")
struct ContractDocumentationTests {
    @Test("the clause lists in Sources/AdRequestKit/Ports match the checks, port by port")
    func docCommentsListTheClauses() throws {
        let ports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Sources/AdRequestKit/Ports")
        var documented: [String] = []
        for port in ContractPort.allCases {
            let source = try String(contentsOf: ports.appendingPathComponent("\(port.protocolName).swift"), encoding: .utf8)
            documented += source.components(separatedBy: "\n").filter { $0.hasPrefix("/// - `") }.map { "\(port.protocolName) \($0)" }
        }
        let clauses = PortContractCatalogue.clauses.map { "\($0.port.protocolName) /// - `\($0.id)` (\($0.kind)): \($0.statement)." }
        #expect(documented == clauses)
    }
}
