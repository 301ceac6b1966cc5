import AdHarness
import AdHarnessContracts

/// A tracking authorizer that rewrites what the stand-in reads and answers.
struct MisreportingTracking: TrackingAuthorizer {
    let base: any TrackingAuthorizer
    var status: @Sendable (TrackingAuthorizationStatus) -> TrackingAuthorizationStatus = { $0 }
    /// The answers delivered for each answer of the stand-in: none, one or several.
    var answers: @Sendable (TrackingAuthorizationStatus) -> [TrackingAuthorizationStatus] = { [$0] }

    var trackingAuthorizationStatus: TrackingAuthorizationStatus { status(base.trackingAuthorizationStatus) }

    func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
        base.requestTrackingAuthorization { [answers] answer in answers(answer).forEach(completion) }
    }
}

/// The stand-in subject with its authorizer broken the same way in every situation.
struct BrokenTrackingSubject: TrackingAuthorizerSubject {
    let base = StandInContractSubjects.trackingAuthorizer()
    let broken: @Sendable (any TrackingAuthorizer) -> MisreportingTracking

    func current() async throws -> any TrackingAuthorizer { broken(try await base.current()) }
    func arrange(_ situation: TrackingSituation) async throws -> (any TrackingAuthorizer)? { try await base.arrange(situation).map(broken) }
    func settle() async { await base.settle() }
}

enum BrokenTracking {
    static func broken(_ id: String, _ flaw: String, _ make: @escaping @Sendable (any TrackingAuthorizer) -> MisreportingTracking) -> BrokenImplementation {
        BrokenImplementation(id, flaw, checks: TrackingAuthorizerContract.checks) { BrokenTrackingSubject(broken: make) }
    }

    static let all = [
        broken("tracking.not-determined-until-asked", "reads denied before the app asked") {
            MisreportingTracking(base: $0, status: { $0 == .notDetermined ? .denied : $0 })
        },
        broken("tracking.prompted-answer-later-once", "delivers every answer twice") {
            MisreportingTracking(base: $0, answers: { [$0, $0] })
        },
        broken("tracking.decided-answered-at-once", "answers a stored decision with notDetermined") {
            MisreportingTracking(base: $0, answers: { _ in [.notDetermined] })
        },
        broken("tracking.inactive-app-not-determined-at-once", "drops a notDetermined answer") {
            MisreportingTracking(base: $0, answers: { $0 == .notDetermined ? [] : [$0] })
        },
        broken("tracking.restricted-at-once", "reports restricted as denied") {
            MisreportingTracking(base: $0, status: { $0 == .restricted ? .denied : $0 }, answers: { $0 == .restricted ? [.denied] : [$0] })
        },
        broken("tracking.left-app-stays-not-determined", "turns a prompt taken away into a denial") {
            MisreportingTracking(base: $0, answers: { $0 == .notDetermined ? [.denied] : [$0] })
        },
    ]
}
