import AdRequestKit

/// What a successful consent update decides, from where the user is, the stored answer, the
/// published messages, the under-age tag and whether the OS has yet to ask for tracking.
///
/// EEA: consent `required` until the GDPR message is answered. A regulated US state: nothing up
/// front; the privacy-options entry point is required where the US-states message is published.
/// Elsewhere: nothing. Where no published message applies there is nothing to gather, so
/// `canRequestAds` is true whatever the status (UMP iOS 2.5.0). The IDFA explainer applies while the OS
/// tracking status is `notDetermined`: the status reads `required` and a form is available. The
/// ads personalization controls message applies where no regulation does (region `other`): the
/// status reads `required` with a form until it is answered, then `obtained` with the entry point
/// required, so the user can change the choice (a modelling choice: the help page describes the
/// message, not the statuses). Its answer is kept apart from the GDPR decision, as the explainer's
/// `required` is: a regulation message supersedes it.
struct ConsentUpdateRules: Hashable, Sendable {
    /// The consent status.
    var status: UserConsentStatus
    /// The status the SDK stores: the explainer's `required` is not stored, so it never hides an answer given earlier.
    var storedStatus: UserConsentStatus
    /// Whether the privacy-options entry point is required.
    var privacyOptions: PrivacyOptionsRequirement
    /// Whether a form can be loaded.
    var formAvailable: Bool
    /// Whether ads may be requested.
    var canRequestAds: Bool

    /// The rules for one update.
    static func decide(
        region: ConsentRegion, stored: UserConsentStatus, messages: PublishedMessages,
        underAgeOfConsent: Bool, trackingUndecided: Bool, personalizationControlsAnswered: Bool = false
    ) -> Self {
        var status = UserConsentStatus.notRequired
        var privacy = PrivacyOptionsRequirement.notRequired
        var form = false
        var messageApplies = false
        switch region {
        case .eea:
            // Without a GDPR message the status stays as it was (required when never answered): the
            // release note changed only canRequestAds, and a load then fails unavailable.
            status = stored == .obtained ? .obtained : .required
            privacy = stored == .obtained && messages.gdpr ? .required : .notRequired
            form = messages.gdpr
            messageApplies = messages.gdpr
        case .regulatedUSState:
            privacy = messages.usStates ? .required : .notRequired
            form = messages.usStates
        case .other:
            break
        }
        if underAgeOfConsent {
            return Self(status: .notRequired, storedStatus: .notRequired, privacyOptions: .notRequired, formAvailable: false, canRequestAds: true)
        }
        let storedStatus = status
        if region == .other && messages.personalizationControls {
            status = personalizationControlsAnswered ? .obtained : .required
            privacy = personalizationControlsAnswered ? .required : .notRequired
            form = true
            messageApplies = true
        }
        if messages.idfaExplainer && trackingUndecided {
            status = .required
            form = true
            messageApplies = true
        }
        let allows = status == .obtained || status == .notRequired || !messageApplies
        return Self(status: status, storedStatus: storedStatus, privacyOptions: privacy, formAvailable: form, canRequestAds: allows)
    }
}
