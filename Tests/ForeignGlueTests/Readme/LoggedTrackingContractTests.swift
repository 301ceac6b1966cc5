import AdHarness
import AdHarnessContracts
import XCTest

/// The app's decorator that logs every tracking answer before passing it on.
struct LoggedTracking: TrackingAuthorizer {
    let base: any TrackingAuthorizer
    /// Where the app logs: the console, unless told otherwise.
    var log: @Sendable (String) -> Void = { print($0) }

    var trackingAuthorizationStatus: TrackingAuthorizationStatus { base.trackingAuthorizationStatus }

    func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
        base.requestTrackingAuthorization { status in
            log("tracking answered \(status)")
            completion(status)
        }
    }
}

/// The decorator over the stand-in, which arranges every situation the checks ask for; its log
/// goes nowhere, so the test's output stays its results.
struct LoggedTrackingSubject: TrackingAuthorizerSubject {
    let standIn = StandInContractSubjects.trackingAuthorizer()
    let log: @Sendable (String) -> Void = { _ in }

    func current() async throws -> any TrackingAuthorizer { LoggedTracking(base: try await standIn.current(), log: log) }
    func arrange(_ situation: TrackingSituation) async throws -> (any TrackingAuthorizer)? {
        try await standIn.arrange(situation).map { LoggedTracking(base: $0, log: log) }
    }
    func settle() async { await standIn.settle() }
}

final class LoggedTrackingContractTests: XCTestCase {
    func testEveryClause() async throws {
        for check in TrackingAuthorizerContract.checks {
            try await check.verify(against: LoggedTrackingSubject())
        }
    }
}
