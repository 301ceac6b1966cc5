import AdHarnessContracts
import Testing

/// No contract check passes vacuously: each catches the implementation that breaks its clause.
@Suite("Contract checks against broken implementations")
struct BrokenImplementationTests {
    @Test("the check of the broken clause fails", arguments: BrokenImplementation.all)
    func caught(_ broken: BrokenImplementation) async {
        let result = await broken.run()
        #expect(result?.verdict.isFailure == true, "\(result.map(String.init(describing:)) ?? "no check named \(broken.clauseID)")")
    }

    @Test("every clause has exactly one broken implementation")
    func oneForEveryClause() {
        #expect(BrokenImplementation.all.map(\.clauseID).sorted() == PortContractCatalogue.clauses.map(\.id).sorted())
    }
}
