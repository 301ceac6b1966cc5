import AdRequestKit

/// The reference glue's forwarding of the user's choices to the ad networks it mediates, before
/// the ad SDK starts and before each ad request, as Google's mediation guides ask for partners
/// that do not read the TC string: GDPR consent where GDPR applies (TCF purposes 1, 3 and 4
/// consented), and the age restriction its own audience tags say; told again once the user changes
/// the choice in the privacy options. A US state opt-out is left to each partner's default: the
/// glue does not read the GPP string.
struct PartnerForwardingAdSDK: AdSDK {
    let base: any AdSDK
    let ports: AppPorts
    let partners: [MediationPartner]
    let ageRestricted: Bool
    /// As a mistake, consent is told from the tracking answer alone (`AppMistake.forwardsTrackingAnswerToPartners`).
    let fromTrackingAnswer: Bool
    /// Whether the partners were told in this process.
    private let told = Locked(false)

    func start(completion: @escaping @Sendable () -> Void) {
        forward()
        base.start(completion: completion)
    }

    func loadAd(_ request: AdRequest, completion: @escaping @Sendable (Result<LoadedAd, AdLoadError>) -> Void) {
        forward()
        base.loadAd(request, completion: completion)
    }

    func setRequestConfiguration(_ configuration: AdRequestConfiguration) { base.setRequestConfiguration(configuration) }

    var requestConfiguration: AdRequestConfiguration { base.requestConfiguration }

    func presentAd(_ ad: LoadedAd, completion: @escaping @Sendable (AdPresentationError?) -> Void) { base.presentAd(ad, completion: completion) }

    /// Tells the partners again, as the SDKs say it now, if they were told in this process: the
    /// user's choice may have changed since.
    func forwardAgain() {
        guard told.withLock({ $0 }) else { return }
        forward()
    }

    /// Tells every partner what the user gave, as the SDKs say it now.
    private func forward() {
        guard !partners.isEmpty else { return }
        told.withLock { $0 = true }
        let flags = PartnerPrivacyFlags(hasUserConsent: consent, isAgeRestricted: ageRestricted)
        for partner in partners { ports.mediationPartners.setPrivacy(flags, for: partner) }
    }

    /// The GDPR consent to tell, or `nil` where GDPR does not apply (the partner's default stands).
    private var consent: Bool? {
        if fromTrackingAnswer { return ports.tracking.trackingAuthorizationStatus == .authorized }
        let signals = TCFSignals(store: ports.store)
        guard signals.gdprApplies == 1 else { return nil }
        let purposes = Array(signals.purposeConsents)
        return ports.consentInformation.consentStatus == .obtained && [0, 2, 3].allSatisfy { $0 < purposes.count && purposes[$0] == "1" }
    }
}
