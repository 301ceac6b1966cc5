import AdHarness
import AdHarnessContracts
import XCTest

/// The app's decorator that logs every tracking answer before passing it on.
struct LoggedTracking: TrackingAuthorizer {
    let base: any TrackingAuthorizer

    var trackingAuthorizationStatus: TrackingAuthorizationStatus { base.trackingAuthorizationStatus }

    func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
        base.requestTrackingAuthorization { status in
            print("tracking answered \(status)")
            completion(status)
        }
    }
}

/// The decorator over the stand-in, which arranges every situation the checks ask for.
struct LoggedTrackingSubject: TrackingAuthorizerSubject {
    let standIn = StandInContractSubjects.trackingAuthorizer()

    func current() async throws -> any TrackingAuthorizer { LoggedTracking(base: try await standIn.current()) }
    func arrange(_ situation: TrackingSituation) async throws -> (any TrackingAuthorizer)? {
        try await standIn.arrange(situation).map(LoggedTracking.init)
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
