import AdRequestKit

/// An implementation of `LocationAuthorizer` as the contract checks get it.
public protocol LocationAuthorizerSubject: Sendable {
    /// The implementation as it stands (on a device: whatever this install already answered).
    func current() async throws -> any LocationAuthorizer
    /// A fresh implementation in the situation, or `nil` when this subject cannot arrange it.
    func arrange(_ situation: LocationSituation) async throws -> (any LocationAuthorizer)?
    /// Lets pending callbacks arrive: the stand-ins run virtual time; a real adapter waits a moment.
    func settle() async
}

extension LocationAuthorizerSubject {
    /// Arranges nothing: checks that need world control are skipped.
    public func arrange(_ situation: LocationSituation) async throws -> (any LocationAuthorizer)? { nil }
}

/// A situation a location check needs.
public enum LocationSituation: Hashable, Sendable, CustomStringConvertible {
    /// The app is active and has never asked; the user will answer "Allow While Using App".
    case neverAskedUserAllowsWhileUsing
    /// The app has never asked and is not active.
    case appNotActive

    /// The situation in words.
    public var description: String {
        switch self {
        case .neverAskedUserAllowsWhileUsing: "an app that never asked, whose user will allow while using"
        case .appNotActive: "an app that never asked and is not active"
        }
    }
}

/// The contract of `LocationAuthorizer`, clause by clause.
public enum LocationAuthorizerContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any LocationAuthorizerSubject>] = [
        check(
            "location.handler-called-once-after-registration",
            "registering the change handler calls it once with the current status, after the registration returns", "L2", .portOnly
        ) { subject in
            let location = try await subject.current()
            let calls = Callbacks<LocationAuthorizationStatus>()
            try expect("calls during the registration", calls.duringCall(location.setAuthorizationChangeHandler).count, equals: 0)
            await subject.settle()
            try expect("calls", calls.values, equals: [location.authorizationStatus])
        },
        check("location.request-ignored-once-decided", "once decided, a when-in-use request changes nothing and calls nothing", "L4", .portOnly) { subject in
            let location = try await subject.current()
            let status = location.authorizationStatus
            guard status != .notDetermined else {
                throw ContractSkip(reason: "the status is notDetermined here: answer the prompt once on this device, then run again")
            }
            let calls = Callbacks<LocationAuthorizationStatus>()
            location.setAuthorizationChangeHandler(calls.record)
            await subject.settle()
            location.requestWhenInUseAuthorization()
            await subject.settle()
            try expect("calls (the first at registration)", calls.values, equals: [status])
        },
        check(
            "location.temporary-accuracy-unlisted-purpose-errors",
            "a temporary full-accuracy request for a purpose the Info.plist does not list completes once with an error", "L11", .portOnly
        ) { subject in
            let location = try await subject.current()
            let calls = Callbacks<LocationAuthorizationError?>()
            location.requestTemporaryFullAccuracyAuthorization(purposeKey: "ContractCheckUnlistedPurpose", completion: calls.record)
            await subject.settle()
            try expect(
                calls.values.count == 1 && calls.values[0] != nil, expected: "one completion with an error", found: "completions \(describe(calls.values))")
        },
        check(
            "location.request-ignored-while-not-active", "a when-in-use request from an app that is not active changes nothing and calls nothing", "L4",
            .needsWorldControl
        ) { subject in
            let location = try await arranged(subject, .appNotActive)
            let calls = Callbacks<LocationAuthorizationStatus>()
            location.setAuthorizationChangeHandler(calls.record)
            await subject.settle()
            location.requestWhenInUseAuthorization()
            await subject.settle()
            try expect("calls (the first at registration)", calls.values, equals: [.notDetermined])
        },
        check("location.answer-calls-back", "the user's answer to the prompt reaches the handler and the status", "L5", .needsWorldControl) { subject in
            let location = try await arranged(subject, .neverAskedUserAllowsWhileUsing)
            let calls = Callbacks<LocationAuthorizationStatus>()
            location.setAuthorizationChangeHandler(calls.record)
            await subject.settle()
            location.requestWhenInUseAuthorization()
            await subject.settle()
            try expect("calls (the first at registration)", calls.values, equals: [.notDetermined, .authorizedWhenInUse])
            try expect("the status", location.authorizationStatus, equals: .authorizedWhenInUse)
        },
    ]

    private static func check(
        _ id: String, _ statement: String, _ source: String, _ kind: ContractKind,
        _ body: @escaping @Sendable (any LocationAuthorizerSubject) async throws -> Void
    ) -> ContractCheck<any LocationAuthorizerSubject> {
        ContractCheck(ContractClause(id: id, port: .locationAuthorizer, statement: statement, source: source, kind: kind), body: body)
    }

    private static func arranged(_ subject: any LocationAuthorizerSubject, _ situation: LocationSituation) async throws -> any LocationAuthorizer {
        guard let location = try await subject.arrange(situation) else { throw ContractSkip.cannotArrange(situation) }
        return location
    }
}
