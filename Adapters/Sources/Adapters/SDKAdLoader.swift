// Adapter of the AdSDK port onto Google Mobile Ads (Swift names, no `GAD` prefix). Needs GMA 13.3
// or later (`ageRestrictedTreatment`); checked against 13.12.0. It loads interstitials; a banner app
// maps `loadAd` onto `BannerView.load(_:)` the same way, and from GMA 13.11.0 computes the anchored
// adaptive banner size (the portrait and landscape size functions) on the main queue, as it loads.
// It presents nothing (the port's default `presentAd`); an adapter that presents full-screen ads
// completes on `adDidDismissFullScreenContent(_:)`, since 13.12.0 deprecated the will-dismiss
// callback. Paid events (13.12.0's delegate callbacks, which deprecate `paidEventHandler`) are not
// part of the port. Sources: https://developers.google.com/admob/ios/rel-notes (13.11.0, 13.12.0).
// On Linux it is type-checked against interface stubs (Adapters/README.md); uses DeprecatedMembers.swift.
#if canImport(GoogleMobileAds)
    import AdRequestKit
    import Foundation
    import GoogleMobileAds

    /// The ad SDK, through the port; it also keeps what it sent, for the contract check that
    /// extras reach the SDK intact (`AdSDKPorts.requestsReceived`).
    public final class SDKAdLoader: AdSDK, @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [AdRequest] = []
        /// What the app set that the SDK cannot report back: it has no getter for the first-party ID
        /// switch, and no "not set" for coarse location.
        private var collection = (coarseLocation: Bool?.none, firstPartyID: true)

        /// Creates the adapter over `MobileAds.shared`.
        public init() {}

        /// `MobileAds.shared.start(completionHandler:)`.
        public func start(completion: @escaping @Sendable () -> Void) {
            DispatchQueue.main.async {
                MobileAds.shared.start { _ in completion() }
            }
        }

        /// Sets the tags on `MobileAds.shared.requestConfiguration` (`tagForUnderAgeOfConsent`,
        /// `tagForChildDirectedTreatment`, `ageRestrictedTreatment`), on the main queue, so a later `start` comes after.
        /// The two Boolean tags are deprecated since 13.3.0 and still honoured; they are reached through
        /// `LegacyAudienceTags` (DeprecatedMembers.swift), which says why the port keeps them.
        /// Coarse location (`coarseLocationCollectionEnabled`, 13.12.0) is set only when the app
        /// chose; the first-party ID through `setPublisherFirstPartyIDEnabled(_:)`.
        public func setRequestConfiguration(_ configuration: AdRequestConfiguration) {
            lock.lock()
            collection = (configuration.coarseLocationCollection, configuration.publisherFirstPartyID)
            lock.unlock()
            DispatchQueue.main.async {
                let real = MobileAds.shared.requestConfiguration
                if let coarseLocation = configuration.coarseLocationCollection { real.coarseLocationCollectionEnabled = coarseLocation }
                real.setPublisherFirstPartyIDEnabled(configuration.publisherFirstPartyID)
                let tags: any LegacyAudienceTags = real
                tags.tagForUnderAgeOfConsent = configuration.underAgeOfConsent.map { NSNumber(value: $0) }
                tags.tagForChildDirectedTreatment = configuration.childDirectedTreatment.map { NSNumber(value: $0) }
                real.ageRestrictedTreatment =
                    switch configuration.ageTreatment {
                    case .unspecified: .unspecified
                    case .child: .child
                    case .teen: .teen
                    }
            }
        }

        /// The tags `MobileAds.shared.requestConfiguration` holds, read back from the SDK, and the
        /// collection settings as the adapter last set them.
        public var requestConfiguration: AdRequestConfiguration {
            lock.lock()
            let collection = collection
            lock.unlock()
            let real = MobileAds.shared.requestConfiguration
            let age: AudienceAgeTreatment =
                switch real.ageRestrictedTreatment {
                case .child: .child
                case .teen: .teen
                default: .unspecified
                }
            let tags: any LegacyAudienceTags = real
            return AdRequestConfiguration(
                underAgeOfConsent: tags.tagForUnderAgeOfConsent?.boolValue,
                childDirectedTreatment: tags.tagForChildDirectedTreatment?.boolValue,
                ageTreatment: age, coarseLocationCollection: collection.coarseLocation, publisherFirstPartyID: collection.firstPartyID
            )
        }

        /// Builds a `Request` with the extras (`npa=1`) registered, and loads an interstitial with it.
        public func loadAd(_ request: AdRequest, completion: @escaping @Sendable (Result<LoadedAd, AdLoadError>) -> Void) {
            DispatchQueue.main.async { [self] in
                let real = Request()
                let extras = Extras()
                extras.additionalParameters = request.extras
                real.register(extras)
                record(real, adUnitID: request.adUnitID)
                InterstitialAd.load(with: request.adUnitID, request: real) { ad, error in
                    if let error {
                        completion(.failure(AdLoadError(rawValue: (error as NSError).code)))
                    } else {
                        completion(.success(LoadedAd(adUnitID: request.adUnitID, responseID: ad?.responseInfo.responseIdentifier ?? "")))
                    }
                }
            }
        }

        /// The requests handed to the SDK, read back from the SDK's own request objects.
        public var requestsSent: [AdRequest] {
            lock.lock()
            defer { lock.unlock() }
            return sent
        }

        private func record(_ real: Request, adUnitID: String) {
            let extras = (real.adNetworkExtras(for: Extras.self) as? Extras)?.additionalParameters ?? [:]
            let neutral = AdRequest(adUnitID: adUnitID, extras: extras.reduce(into: [:]) { $0["\($1.key)"] = "\($1.value)" })
            lock.lock()
            sent.append(neutral)
            lock.unlock()
        }
    }
#endif
