/// The consent SDK's consent information: what it knows about the user's consent, and the update.
///
/// Before the first update of a session everything reads unknown and `canRequestAds` is false. The
/// update restores the previous session's answer at once, then refreshes it from the network.
///
/// Contract: the clauses of `ConsentInformationContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `consent.unknown-before-update` (world-control): before the first update of a process: status unknown, canRequestAds false, form status unknown, even with consent stored.
/// - `consent.update-restores-stored-answer-at-once` (world-control): calling the update restores the stored answer before the call returns, so canRequestAds reads it before the completion.
/// - `consent.eea-required-until-answered` (world-control): in the EEA a user who never answered reads required, canRequestAds false, a form available.
/// - `consent.elsewhere-not-required` (world-control): where no regulation applies the status reads notRequired and ads may be requested.
/// - `consent.update-error-keeps-stored-status` (world-control): an update that fails reports its error and leaves the stored status and canRequestAds.
/// - `consent.update-completes-once` (port-only): every update calls its completion exactly once.
/// - `consent.reset-clears-status` (port-only): reset clears the stored consent: the status reads unknown.
public protocol ConsentInfoProvider: Sendable {
    /// The user's consent status.
    var consentStatus: UserConsentStatus { get }
    /// Whether ads may be requested: consent gathered as the app's privacy messages require.
    var canRequestAds: Bool { get }
    /// Whether a consent form can be loaded.
    var formStatus: ConsentFormStatus { get }
    /// Whether the app must offer an entry point to the privacy-options form.
    var privacyOptionsRequirement: PrivacyOptionsRequirement { get }

    /// Updates the consent information; must be called once in every session before loading a form.
    func requestInfoUpdate(
        with parameters: ConsentRequestParameters,
        completion: @escaping @Sendable (ConsentRequestError?) -> Void
    )

    /// Updates the consent information and waits for the result: the SDK's async form of the update.
    func requestInfoUpdate(with parameters: ConsentRequestParameters) async throws(ConsentRequestError)

    /// Clears all stored consent (a testing aid of the real SDK).
    func reset()
}

extension ConsentInfoProvider {
    /// Waits for the completion form's result; resuming twice traps, as the SDK's async form does.
    public func requestInfoUpdate(with parameters: ConsentRequestParameters) async throws(ConsentRequestError) {
        let error: ConsentRequestError? = await withCheckedContinuation { continuation in
            requestInfoUpdate(with: parameters) { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }
}

/// What the app sends with a consent information update.
public struct ConsentRequestParameters: Hashable, Sendable, Codable {
    /// The user is under the age of consent: the SDK then shows no consent form.
    public var isTaggedForUnderAgeOfConsent: Bool
    /// Debug settings: a geography that overrides the device's real region, on test devices only.
    public var debugGeography: ConsentDebugGeography
    /// Debug settings: the hashed identifiers of the test devices, on which debug settings apply.
    ///
    /// On any other device the SDK ignores the debug geography; simulators are always test devices.
    public var testDeviceIdentifiers: [String]
    /// The consent sync identifier (consent SDK 3.1 and later): the same user across the
    /// publisher's apps, so a GDPR decision taken in one applies in the others; `nil`: no sync.
    /// Consent sync is a Beta of Google's that syncs only for apps switched on in the AdMob UI.
    public var consentSyncID: String?

    /// Creates parameters; the defaults are an adult user, no debug geography, no test devices and no sync.
    public init(
        isTaggedForUnderAgeOfConsent: Bool = false, debugGeography: ConsentDebugGeography = .disabled, testDeviceIdentifiers: [String] = [],
        consentSyncID: String? = nil
    ) {
        self.isTaggedForUnderAgeOfConsent = isTaggedForUnderAgeOfConsent
        self.debugGeography = debugGeography
        self.testDeviceIdentifiers = testDeviceIdentifiers
        self.consentSyncID = consentSyncID
    }
}

/// A debug geography that makes the consent SDK act as if the device were elsewhere.
public struct ConsentDebugGeography: OpenStatus {
    /// The SDK's raw value.
    public let rawValue: Int

    /// Creates the geography for any raw value, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// No override: the real region applies.
    public static let disabled = Self(rawValue: 0)
    /// As if in the European Economic Area (and the UK and Switzerland).
    public static let eea = Self(rawValue: 1)
    /// As if outside the EEA; deprecated in the real SDK in favour of `other`.
    public static let notEEA = Self(rawValue: 2)
    /// As if in a US state with a privacy law.
    public static let regulatedUSState = Self(rawValue: 3)
    /// As if in a region with no privacy regulation in force.
    public static let other = Self(rawValue: 4)

    /// The values the SDK documents (raw value 2 is the deprecated `notEEA`).
    public static let recognized: [(value: Self, name: String)] = [
        (.disabled, "disabled"), (.eea, "eea"), (.notEEA, "notEEA"), (.regulatedUSState, "regulatedUSState"), (.other, "other"),
    ]
}
