import Foundation
import PortContracts
import Testing

/// `adharness contracts` as a CI job runs it.
@Suite("adharness contracts")
struct ContractsCommandTests {
    private struct Report: Decodable {
        struct Entry: Decodable, Equatable {
            let id: String
            let kind: String
            let verdict: String
        }
        let clauses: [Entry]
        let failed: Int
    }

    @Test("prints every clause with its kind and verdict, as JSON too, and exits 0 when the stand-ins pass")
    func everyClause() throws {
        let text = try CommandLineTests.adharness(["contracts"])
        let json = try CommandLineTests.adharness(["contracts", "--format", "json"])
        let report = try JSONDecoder().decode(Report.self, from: Data(json.output.utf8))
        let expected = PortContractCatalogue.clauses.map { Report.Entry(id: $0.id, kind: $0.kind.description, verdict: "passed") }

        #expect([text.code, json.code] == [0, 0])
        #expect(report.clauses == expected)
        #expect(text.output.contains("  passed   port-only      tracking.decided-answered-at-once: a decided status is answered at once"))
        #expect(text.output.hasSuffix("\(expected.count) clauses (16 port-only, 29 world-control): \(expected.count) passed, 0 failed, 0 skipped\n"))
    }
}
