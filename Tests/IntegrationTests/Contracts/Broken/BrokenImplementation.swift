import AdHarnessContracts

/// A deliberately broken implementation of one port, and the clause it breaks.
///
/// Each wraps a stand-in and changes one behaviour, as a faulty adapter would; the contract
/// check for that clause must fail against it, so no check can pass vacuously.
struct BrokenImplementation: Sendable, CustomStringConvertible {
    /// The clause the flaw breaks.
    let clauseID: String
    /// The flaw, as a faulty adapter would have it.
    let flaw: String
    /// Runs the clause's check against the broken implementation; `nil` if no check has the ID.
    let run: @Sendable () async -> ContractResult?

    var description: String { "\(clauseID): \(flaw)" }

    init<Subject>(_ clauseID: String, _ flaw: String, checks: [ContractCheck<Subject>], subject: @escaping @Sendable () -> Subject) {
        self.clauseID = clauseID
        self.flaw = flaw
        run = {
            guard let check = checks.first(where: { $0.id == clauseID }) else { return nil }
            return await check.run(against: subject())
        }
    }

    /// Every broken implementation, one per clause.
    static let all: [BrokenImplementation] =
        BrokenTracking.all + BrokenIdentifier.all + BrokenConsentInformation.all + BrokenConsentForms.all
        + BrokenAdSDK.all + BrokenLocation.all + BrokenStore.all + BrokenAnalytics.all + BrokenMediationPartners.all
}
