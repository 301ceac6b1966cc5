import AdRequestKit

/// An implementation of `ConsentInfoProvider` as the contract checks get it.
public protocol ConsentInformationSubject: Sendable {
    /// The implementation as it stands on the device.
    func current() async throws -> any ConsentInfoProvider
    /// A fresh implementation, as in a new process, in the situation; `nil` when this subject cannot arrange it.
    func arrange(_ situation: ConsentSituation) async throws -> (any ConsentInfoProvider)?
    /// Lets pending callbacks arrive: the stand-ins run virtual time; a real adapter waits a moment.
    func settle() async
    /// The parameters the checks send with each update (on a device: the test device's debug settings).
    var updateParameters: ConsentRequestParameters { get }
}

extension ConsentInformationSubject {
    /// Arranges nothing: checks that need world control are skipped.
    public func arrange(_ situation: ConsentSituation) async throws -> (any ConsentInfoProvider)? { nil }
    /// Default parameters: an adult user and no debug settings.
    public var updateParameters: ConsentRequestParameters { ConsentRequestParameters() }
}

/// The contract of `ConsentInfoProvider`, clause by clause.
public enum ConsentInformationContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any ConsentInformationSubject>] = [
        check(
            "consent.unknown-before-update",
            "before the first update of a process: status unknown, canRequestAds false, form status unknown, even with consent stored", "C1", .needsWorldControl
        ) { subject in
            let info = try await arranged(subject, ConsentSituation(storedConsent: .obtained))
            try expect("status, canRequestAds, form status", snapshot(info), equals: "unknown, false, unknown")
        },
        check(
            "consent.update-restores-stored-answer-at-once",
            "calling the update restores the stored answer before the call returns, so canRequestAds reads it before the completion", "C2", .needsWorldControl
        ) { subject in
            let info = try await arranged(subject, ConsentSituation(storedConsent: .obtained))
            let calls = Callbacks<ConsentRequestError?>()
            let during = calls.duringCall { info.requestInfoUpdate(with: subject.updateParameters, completion: $0) }
            try expect("status and canRequestAds right after the call", "\(info.consentStatus), \(info.canRequestAds)", equals: "obtained, true")
            try expect("completions during the call", during.count, equals: 0)
            await subject.settle()
            try expect("completions", calls.values, equals: [nil])
        },
        check(
            "consent.eea-required-until-answered", "in the EEA a user who never answered reads required, canRequestAds false, a form available", "C3",
            .needsWorldControl
        ) { subject in
            let info = try await updated(subject, ConsentSituation(region: .eea))
            try expect("status, canRequestAds, form status", snapshot(info), equals: "required, false, available")
        },
        check("consent.elsewhere-not-required", "where no regulation applies the status reads notRequired and ads may be requested", "C3", .needsWorldControl) {
            subject in
            let info = try await updated(subject, ConsentSituation(region: .other))
            try expect("status and canRequestAds", "\(info.consentStatus), \(info.canRequestAds)", equals: "notRequired, true")
        },
        check(
            "consent.update-error-keeps-stored-status", "an update that fails reports its error and leaves the stored status and canRequestAds", "C6, C7",
            .needsWorldControl
        ) { subject in
            let info = try await arranged(subject, ConsentSituation(storedConsent: .obtained, updateError: .network))
            let calls = Callbacks<ConsentRequestError?>()
            info.requestInfoUpdate(with: subject.updateParameters, completion: calls.record)
            await subject.settle()
            try expect("completions", calls.values, equals: [.network])
            try expect("status and canRequestAds", "\(info.consentStatus), \(info.canRequestAds)", equals: "obtained, true")
        },
        check("consent.update-completes-once", "every update calls its completion exactly once", "C2, K2", .portOnly) { subject in
            let info = try await subject.current()
            let calls = Callbacks<ConsentRequestError?>()
            info.requestInfoUpdate(with: subject.updateParameters, completion: calls.record)
            await subject.settle()
            try expect("completions", calls.values.count, equals: 1)
        },
        check("consent.reset-clears-status", "reset clears the stored consent: the status reads unknown", "C8", .portOnly) { subject in
            let info = try await subject.current()
            info.requestInfoUpdate(with: subject.updateParameters) { _ in }
            await subject.settle()
            info.reset()
            try expect("the status after reset", info.consentStatus, equals: .unknown)
        },
    ]

    private static func snapshot(_ info: any ConsentInfoProvider) -> String {
        "\(info.consentStatus), \(info.canRequestAds), \(info.formStatus)"
    }

    private static func check(
        _ id: String, _ statement: String, _ source: String, _ kind: ContractKind,
        _ body: @escaping @Sendable (any ConsentInformationSubject) async throws -> Void
    ) -> ContractCheck<any ConsentInformationSubject> {
        ContractCheck(ContractClause(id: id, port: .consentInformation, statement: statement, source: source, kind: kind), body: body)
    }

    private static func arranged(_ subject: any ConsentInformationSubject, _ situation: ConsentSituation) async throws -> any ConsentInfoProvider {
        guard let info = try await subject.arrange(situation) else { throw ContractSkip.cannotArrange(situation) }
        return info
    }

    /// Arranged, then updated once with the update's completion awaited.
    private static func updated(_ subject: any ConsentInformationSubject, _ situation: ConsentSituation) async throws -> any ConsentInfoProvider {
        let info = try await arranged(subject, situation)
        let calls = Callbacks<ConsentRequestError?>()
        info.requestInfoUpdate(with: subject.updateParameters, completion: calls.record)
        await subject.settle()
        try expect("completions of the update", calls.values, equals: [nil])
        return info
    }
}
