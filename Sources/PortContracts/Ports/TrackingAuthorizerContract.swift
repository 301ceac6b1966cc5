import AdRequestKit

/// An implementation of `TrackingAuthorizer` as the contract checks get it.
///
/// A team's adapter over the real OS gives ``current()`` and ``settle()``; the stand-ins (and a
/// device run with a person who answers the prompt) also arrange situations.
public protocol TrackingAuthorizerSubject: Sendable {
    /// The implementation as it stands (on a device: whatever this install already answered).
    func current() async throws -> any TrackingAuthorizer
    /// A fresh implementation in the situation, or `nil` when this subject cannot arrange it.
    func arrange(_ situation: TrackingSituation) async throws -> (any TrackingAuthorizer)?
    /// Lets pending callbacks arrive: the stand-ins run virtual time; a real adapter waits a moment.
    func settle() async
}

extension TrackingAuthorizerSubject {
    /// Arranges nothing: checks that need world control are skipped.
    public func arrange(_ situation: TrackingSituation) async throws -> (any TrackingAuthorizer)? { nil }
}

/// A situation a tracking check needs: an app that never asked and a user who will answer, an
/// inactive app, or a restricted device.
public enum TrackingSituation: Hashable, Sendable, CustomStringConvertible {
    /// The app is active and has never asked; the user will answer the prompt so.
    case neverAsked(userAnswers: TrackingPromptChoice)
    /// The app has never asked and is not active (launching, or under another system alert).
    case appNotActive
    /// Tracking is restricted on the device (a managed or child device).
    case restricted

    /// The situation in words.
    public var description: String {
        switch self {
        case .neverAsked(let answer): "an app that never asked, whose user will \(answer)"
        case .appNotActive: "an app that never asked and is not active"
        case .restricted: "a device where tracking is restricted"
        }
    }
}

/// How the user answers the tracking prompt.
public enum TrackingPromptChoice: String, Hashable, Sendable, CaseIterable {
    /// "Allow".
    case allow
    /// "Ask App Not to Track".
    case deny
    /// The user leaves the app while the prompt is up and comes back: the system takes the prompt away unanswered.
    case leaveApp
}

/// The contract of `TrackingAuthorizer`, clause by clause.
public enum TrackingAuthorizerContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any TrackingAuthorizerSubject>] = [
        check("tracking.not-determined-until-asked", "an app that never asked reads notDetermined", "T1", .needsWorldControl) { subject in
            let tracking = try await arranged(subject, .neverAsked(userAnswers: .allow))
            try expect("the status", tracking.trackingAuthorizationStatus, equals: .notDetermined)
        },
        check(
            "tracking.prompted-answer-later-once", "a prompted answer arrives after the call, exactly once, and the status then reads it", "T1, T6",
            .needsWorldControl
        ) { subject in
            let tracking = try await arranged(subject, .neverAsked(userAnswers: .allow))
            let calls = Callbacks<TrackingAuthorizationStatus>()
            try expect("answers during the call", calls.duringCall(tracking.requestTrackingAuthorization), equals: [])
            await subject.settle()
            try expect("answers", calls.values, equals: [.authorized])
            try expect("the status after the answer", tracking.trackingAuthorizationStatus, equals: .authorized)
        },
        check("tracking.decided-answered-at-once", "a decided status is answered at once with that status, with no prompt, exactly once", "T1, T6", .portOnly) {
            subject in
            let tracking = try await subject.current()
            let status = tracking.trackingAuthorizationStatus
            guard status != .notDetermined else {
                throw ContractSkip(reason: "the status is notDetermined here: answer the prompt once on this device, then run again")
            }
            let calls = Callbacks<TrackingAuthorizationStatus>()
            try expect("answers during the call", calls.duringCall(tracking.requestTrackingAuthorization), equals: [status])
            await subject.settle()
            try expect("answers", calls.values, equals: [status])
        },
        check("tracking.inactive-app-not-determined-at-once", "an app that is not active gets notDetermined at once, with no prompt", "T4", .needsWorldControl)
        { subject in
            let tracking = try await arranged(subject, .appNotActive)
            let calls = Callbacks<TrackingAuthorizationStatus>()
            try expect("answers during the call", calls.duringCall(tracking.requestTrackingAuthorization), equals: [.notDetermined])
            await subject.settle()
            try expect("answers", calls.values, equals: [.notDetermined])
        },
        check("tracking.restricted-at-once", "a restricted device answers restricted at once, with no prompt", "T2", .needsWorldControl) { subject in
            let tracking = try await arranged(subject, .restricted)
            let calls = Callbacks<TrackingAuthorizationStatus>()
            try expect("answers during the call", calls.duringCall(tracking.requestTrackingAuthorization), equals: [.restricted])
            await subject.settle()
            try expect("answers", calls.values, equals: [.restricted])
        },
        check(
            "tracking.left-app-stays-not-determined",
            "a prompt the system takes away when the user leaves the app answers notDetermined and leaves the status notDetermined", "T9, T15",
            .needsWorldControl
        ) { subject in
            let tracking = try await arranged(subject, .neverAsked(userAnswers: .leaveApp))
            let calls = Callbacks<TrackingAuthorizationStatus>()
            tracking.requestTrackingAuthorization(completion: calls.record)
            await subject.settle()
            try expect("answers", calls.values, equals: [.notDetermined])
            try expect("the status", tracking.trackingAuthorizationStatus, equals: .notDetermined)
        },
    ]

    private static func check(
        _ id: String, _ statement: String, _ source: String, _ kind: ContractKind,
        _ body: @escaping @Sendable (any TrackingAuthorizerSubject) async throws -> Void
    ) -> ContractCheck<any TrackingAuthorizerSubject> {
        ContractCheck(ContractClause(id: id, port: .trackingAuthorizer, statement: statement, source: source, kind: kind), body: body)
    }

    private static func arranged(_ subject: any TrackingAuthorizerSubject, _ situation: TrackingSituation) async throws -> any TrackingAuthorizer {
        guard let tracking = try await subject.arrange(situation) else { throw ContractSkip.cannotArrange(situation) }
        return tracking
    }
}
