import AdHarness
import AdHarnessContracts
import Testing

/// `verify` reports into Swift Testing: a failure as an issue naming the port, clause, expected
/// and found. A check the subject cannot arrange is skipped, not failed.
@Suite("Contract checks report into the running test framework")
struct ContractReportingTests {
    /// A tracking subject that can only hand out the authorizer as it stands, as on a device.
    struct DeviceOnlySubject: TrackingAuthorizerSubject {
        let standIn = StandInContractSubjects.trackingAuthorizer()
        func current() async throws -> any TrackingAuthorizer { try await standIn.current() }
        func settle() async { await standIn.settle() }
    }

    @Test("a broken clause is recorded as an issue that says what was expected and what came")
    func failureIsAnIssue() async throws {
        let check = try #require(TrackingAuthorizerContract.checks.first { $0.id == "tracking.prompted-answer-later-once" })
        let subject = BrokenTrackingSubject(broken: { MisreportingTracking(base: $0, answers: { [$0, $0] }) })
        try await withKnownIssue {
            try await check.verify(against: subject)
        } matching: { issue in
            issue.severity == .error
                && issue.comments.map(\.rawValue) == [
                    """
                    TrackingAuthorizer contract, tracking.prompted-answer-later-once [world-control]: a prompted answer arrives after the call, exactly once, and the status then reads it
                      expected: answers [authorized]
                      found:    answers [authorized, authorized]
                      source:   catalogue T1, T6
                    """
                ]
        }
    }

    @Test("against a subject that arranges nothing, as on a device, port-only checks run and the rest are skipped")
    func skipsAreWarnings() async throws {
        var verdicts: [String: String] = [:]
        for check in TrackingAuthorizerContract.checks {
            verdicts[check.id] = await check.run(against: DeviceOnlySubject()).verdict.name
        }
        #expect(verdicts == Dictionary(uniqueKeysWithValues: TrackingAuthorizerContract.checks.map { ($0.id, $0.kind == .portOnly ? "passed" : "skipped") }))
    }
}
