import AdRequestKit

/// A situation a consent check needs: where the user is, what an earlier session stored, whether
/// the update fails, and how the user answers a form.
///
/// On a device the region is arranged with the consent SDK's debug geography on a test device,
/// the stored answer by answering once, and a failing update by going offline.
public struct ConsentSituation: Hashable, Sendable, CustomStringConvertible {
    /// Where the consent SDK places the user (`eea`, `regulatedUSState` or `other`).
    public var region: ConsentDebugGeography
    /// The status an earlier session stored (`unknown` for a fresh install).
    public var storedConsent: UserConsentStatus
    /// The error every update fails with, or `nil` when updates succeed.
    public var updateError: ConsentRequestError?
    /// How the user answers any consent or privacy-options form shown.
    public var formAnswer: ConsentFormChoice

    /// Creates a situation; the default is a fresh install in the EEA whose user accepts all.
    public init(
        region: ConsentDebugGeography = .eea, storedConsent: UserConsentStatus = .unknown,
        updateError: ConsentRequestError? = nil, formAnswer: ConsentFormChoice = .acceptAll
    ) {
        self.region = region
        self.storedConsent = storedConsent
        self.updateError = updateError
        self.formAnswer = formAnswer
    }

    /// The situation in words.
    public var description: String {
        var words = "a new process in region \(region), consent stored \(storedConsent), a user who will \(formAnswer)"
        if let updateError { words += ", updates failing with \(updateError)" }
        return words
    }
}

/// How the user answers a consent form.
public enum ConsentFormChoice: String, Hashable, Sendable, CaseIterable {
    /// "Consent" to everything.
    case acceptAll
    /// "Do not consent".
    case rejectAll
}
