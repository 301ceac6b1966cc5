import AdHarness
import AdHarnessContracts

/// Consent information that rewrites what the stand-in reads and reports.
final class MisreportingConsentInformation: ConsentInfoProvider {
    let base: any ConsentInfoProvider
    /// What the adapter reads, given the stand-in's reading and whether an update completed without error.
    let reading: @Sendable (_ status: UserConsentStatus, _ canRequestAds: Bool, _ updated: Bool) -> (UserConsentStatus, Bool)
    /// The errors delivered for each completion of the stand-in.
    let completions: @Sendable (ConsentRequestError?) -> [ConsentRequestError?]
    let resets: Bool
    private let updated = Locked(false)

    init(
        base: any ConsentInfoProvider,
        reading: @escaping @Sendable (UserConsentStatus, Bool, Bool) -> (UserConsentStatus, Bool) = { status, can, _ in (status, can) },
        completions: @escaping @Sendable (ConsentRequestError?) -> [ConsentRequestError?] = { [$0] },
        resets: Bool = true
    ) {
        self.base = base
        self.reading = reading
        self.completions = completions
        self.resets = resets
    }

    var consentStatus: UserConsentStatus { reading(base.consentStatus, base.canRequestAds, updated.snapshot).0 }
    var canRequestAds: Bool { reading(base.consentStatus, base.canRequestAds, updated.snapshot).1 }
    var formStatus: ConsentFormStatus { base.formStatus }
    var privacyOptionsRequirement: PrivacyOptionsRequirement { base.privacyOptionsRequirement }

    func requestInfoUpdate(with parameters: ConsentRequestParameters, completion: @escaping @Sendable (ConsentRequestError?) -> Void) {
        base.requestInfoUpdate(with: parameters) { [updated, completions] error in
            updated.withLock { $0 = error == nil }
            completions(error).forEach(completion)
        }
    }

    func reset() { if resets { base.reset() } }
}

struct BrokenConsentInformationSubject: ConsentInformationSubject {
    let base = StandInContractSubjects.consentInformation()
    let broken: @Sendable (any ConsentInfoProvider) -> MisreportingConsentInformation

    func current() async throws -> any ConsentInfoProvider { broken(try await base.current()) }
    func arrange(_ situation: ConsentSituation) async throws -> (any ConsentInfoProvider)? { try await base.arrange(situation).map(broken) }
    func settle() async { await base.settle() }
}

enum BrokenConsentInformation {
    static func broken(_ id: String, _ flaw: String, _ make: @escaping @Sendable (any ConsentInfoProvider) -> MisreportingConsentInformation)
        -> BrokenImplementation
    {
        BrokenImplementation(id, flaw, checks: ConsentInformationContract.checks) { BrokenConsentInformationSubject(broken: make) }
    }

    static let all = [
        broken("consent.unknown-before-update", "reads consent obtained before any update") {
            MisreportingConsentInformation(base: $0, reading: { status, can, _ in status == .unknown ? (.obtained, true) : (status, can) })
        },
        broken("consent.update-restores-stored-answer-at-once", "reads canRequestAds only once an update completed") {
            MisreportingConsentInformation(base: $0, reading: { status, can, updated in (status, can && updated) })
        },
        broken("consent.eea-required-until-answered", "reports required as notRequired") {
            MisreportingConsentInformation(base: $0, reading: { status, can, _ in status == .required ? (.notRequired, true) : (status, can) })
        },
        broken("consent.elsewhere-not-required", "allows ads only with consent obtained") {
            MisreportingConsentInformation(base: $0, reading: { status, can, _ in (status, can && status == .obtained) })
        },
        broken("consent.update-error-keeps-stored-status", "forgets the stored answer when an update fails") {
            base in
            MisreportingConsentInformation(
                base: base,
                completions: { error in
                    if error != nil { base.reset() }
                    return [error]
                })
        },
        broken("consent.update-completes-once", "completes every update twice") {
            MisreportingConsentInformation(base: $0, completions: { [$0, $0] })
        },
        broken("consent.reset-clears-status", "ignores reset") {
            MisreportingConsentInformation(base: $0, resets: false)
        },
    ]
}
