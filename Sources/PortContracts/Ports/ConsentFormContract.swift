import AdRequestKit

/// An implementation of `ConsentFormProvider`, with the consent information it works with.
public protocol ConsentFormSubject: Sendable {
    /// Fresh consent information and forms, as in a new process, in the situation; `nil` when this
    /// subject cannot arrange it. Every form clause needs a situation: a form shows only to a user.
    func arrange(_ situation: ConsentSituation) async throws -> ConsentPorts?
    /// Lets pending callbacks arrive, and the scripted user answer what is shown.
    func settle() async
    /// The parameters the checks send with each update.
    var updateParameters: ConsentRequestParameters { get }
}

extension ConsentFormSubject {
    /// Default parameters: an adult user and no debug settings.
    public var updateParameters: ConsentRequestParameters { ConsentRequestParameters() }
}

/// The consent SDK's information and forms of one process, and what the user was shown.
public struct ConsentPorts: Sendable {
    /// The consent information the forms update.
    public var information: any ConsentInfoProvider
    /// The forms under check.
    public var forms: any ConsentFormProvider
    /// How many forms the user has been shown so far, when the subject can tell.
    public var formsShown: (@Sendable () -> Int)?

    /// Groups the ports of one process.
    public init(information: any ConsentInfoProvider, forms: any ConsentFormProvider, formsShown: (@Sendable () -> Int)? = nil) {
        self.information = information
        self.forms = forms
        self.formsShown = formsShown
    }
}

/// The contract of `ConsentFormProvider`, clause by clause.
public enum ConsentFormContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any ConsentFormSubject>] = [
        check("form.load-before-update-unavailable", "loading a form before any update in the process fails with unavailable", "F1") { subject in
            let ports = try await arranged(subject, ConsentSituation())
            let calls = Callbacks<ConsentFormError?>()
            ports.forms.loadForm { calls.record($0.failure) }
            await subject.settle()
            try expect("load results (nil: a form)", calls.values, equals: [.unavailable])
        },
        check("form.present-answers-then-completes", "a presented form completes once the user answered, with the status already obtained", "F4, F7") {
            subject in
            let (ports, form) = try await loadedForm(subject, ConsentSituation(formAnswer: .rejectAll))
            let status = Locked<[UserConsentStatus]>([])
            form.present { [information = ports.information] _ in status.withLock { $0.append(information.consentStatus) } }
            await subject.settle()
            try expect("the status each time the completion ran", status.snapshot, equals: [.obtained])
        },
        check("form.second-present-already-used", "a loaded form presents once; presenting it again fails with alreadyUsed", "F4") { subject in
            let (_, form) = try await loadedForm(subject, ConsentSituation())
            let calls = Callbacks<ConsentFormError?>()
            form.present(completion: calls.record)
            await subject.settle()
            form.present(completion: calls.record)
            await subject.settle()
            try expect("present results", calls.values, equals: [nil, .alreadyUsed])
        },
        check(
            "form.load-and-present-nothing-when-not-required",
            "load-and-present-if-required shows nothing where consent is not required and completes with no error, after the call", "F5"
        ) { subject in
            let ports = try await updated(subject, ConsentSituation(region: .other))
            let calls = Callbacks<ConsentFormError?>()
            try expect("completions during the call", calls.duringCall(ports.forms.loadAndPresentIfRequired).count, equals: 0)
            await subject.settle()
            try expect("completions", calls.values, equals: [nil])
            try expect("forms shown", ports.formsShown?() ?? 0, equals: 0)
            try expect("the status", ports.information.consentStatus, equals: .notRequired)
        },
        check(
            "form.privacy-options-error-where-not-required", "the privacy-options form where it is not required completes with an error and shows nothing", "F6"
        ) { subject in
            let ports = try await updated(subject, ConsentSituation(region: .other))
            let calls = Callbacks<ConsentFormError?>()
            ports.forms.presentPrivacyOptionsForm(completion: calls.record)
            await subject.settle()
            try expect(
                calls.values.count == 1 && calls.values[0] != nil, expected: "one completion with an error", found: "completions \(describe(calls.values))")
            try expect("forms shown", ports.formsShown?() ?? 0, equals: 0)
        },
    ]

    private static func check(
        _ id: String, _ statement: String, _ source: String, _ body: @escaping @Sendable (any ConsentFormSubject) async throws -> Void
    ) -> ContractCheck<any ConsentFormSubject> {
        ContractCheck(ContractClause(id: id, port: .consentForm, statement: statement, source: source, kind: .needsWorldControl), body: body)
    }

    private static func arranged(_ subject: any ConsentFormSubject, _ situation: ConsentSituation) async throws -> ConsentPorts {
        guard let ports = try await subject.arrange(situation) else { throw ContractSkip.cannotArrange(situation) }
        return ports
    }

    private static func updated(_ subject: any ConsentFormSubject, _ situation: ConsentSituation) async throws -> ConsentPorts {
        let ports = try await arranged(subject, situation)
        let calls = Callbacks<ConsentRequestError?>()
        ports.information.requestInfoUpdate(with: subject.updateParameters, completion: calls.record)
        await subject.settle()
        try expect("completions of the update", calls.values, equals: [nil])
        return ports
    }

    private static func loadedForm(_ subject: any ConsentFormSubject, _ situation: ConsentSituation) async throws -> (ConsentPorts, any LoadedConsentForm) {
        let ports = try await updated(subject, situation)
        let loaded = Locked<[Result<any LoadedConsentForm, ConsentFormError>]>([])
        ports.forms.loadForm { result in loaded.withLock { $0.append(result) } }
        await subject.settle()
        let results = loaded.snapshot
        guard results.count == 1, case .success(let form) = results[0] else {
            throw ContractFailure(expected: "one loaded form in the EEA after an update", found: "load results \(results.map { describe($0.failure) })")
        }
        return (ports, form)
    }
}
