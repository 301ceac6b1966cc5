import AdHarness
import AdHarnessContracts

/// A location authorizer that changes when and what its change handler hears.
final class MisbehavingLocation: LocationAuthorizer {
    let base: any LocationAuthorizer
    let callsAtRegistration: Bool
    let callsOnRequest: Bool
    let handlerCalls: Int?
    let accuracyError: Bool
    private let handler = Locked<(@Sendable (LocationAuthorizationStatus) -> Void)?>(nil)

    init(base: any LocationAuthorizer, callsAtRegistration: Bool = false, callsOnRequest: Bool = false, handlerCalls: Int? = nil, accuracyError: Bool = true) {
        self.base = base
        self.callsAtRegistration = callsAtRegistration
        self.callsOnRequest = callsOnRequest
        self.handlerCalls = handlerCalls
        self.accuracyError = accuracyError
    }

    var authorizationStatus: LocationAuthorizationStatus { base.authorizationStatus }
    var accuracyAuthorization: LocationAccuracyAuthorization { base.accuracyAuthorization }

    func setAuthorizationChangeHandler(_ handler: @escaping @Sendable (LocationAuthorizationStatus) -> Void) {
        self.handler.withLock { $0 = handler }
        if callsAtRegistration { handler(base.authorizationStatus) }
        let calls = Locked(0)
        base.setAuthorizationChangeHandler { [handlerCalls] status in
            let count = calls.withLock {
                $0 += 1
                return $0
            }
            if let handlerCalls, count > handlerCalls { return }
            handler(status)
        }
    }

    func requestWhenInUseAuthorization() {
        base.requestWhenInUseAuthorization()
        if callsOnRequest { handler.snapshot?(base.authorizationStatus) }
    }

    func requestAlwaysAuthorization() { base.requestAlwaysAuthorization() }

    func requestTemporaryFullAccuracyAuthorization(purposeKey: String, completion: @escaping @Sendable (LocationAuthorizationError?) -> Void) {
        base.requestTemporaryFullAccuracyAuthorization(purposeKey: purposeKey) { [accuracyError] in completion(accuracyError ? $0 : nil) }
    }
}

struct BrokenLocationSubject: LocationAuthorizerSubject {
    let base = StandInContractSubjects.locationAuthorizer()
    let broken: @Sendable (any LocationAuthorizer) -> MisbehavingLocation

    func current() async throws -> any LocationAuthorizer { broken(try await base.current()) }
    func arrange(_ situation: LocationSituation) async throws -> (any LocationAuthorizer)? { try await base.arrange(situation).map(broken) }
    func settle() async { await base.settle() }
}

enum BrokenLocation {
    static func broken(_ id: String, _ flaw: String, _ make: @escaping @Sendable (any LocationAuthorizer) -> MisbehavingLocation) -> BrokenImplementation {
        BrokenImplementation(id, flaw, checks: LocationAuthorizerContract.checks) { BrokenLocationSubject(broken: make) }
    }

    static let all = [
        broken("location.handler-called-once-after-registration", "calls the handler inside the registration") {
            MisbehavingLocation(base: $0, callsAtRegistration: true)
        },
        broken("location.request-ignored-once-decided", "calls the handler on every request") { MisbehavingLocation(base: $0, callsOnRequest: true) },
        broken("location.temporary-accuracy-unlisted-purpose-errors", "swallows the temporary-accuracy error") {
            MisbehavingLocation(base: $0, accuracyError: false)
        },
        broken("location.request-ignored-while-not-active", "calls the handler on every request") { MisbehavingLocation(base: $0, callsOnRequest: true) },
        broken("location.answer-calls-back", "stops calling the handler after its first call") { MisbehavingLocation(base: $0, handlerCalls: 1) },
    ]
}
