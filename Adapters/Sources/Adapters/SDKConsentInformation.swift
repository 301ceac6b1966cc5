// Adapter of the ConsentInfoProvider port onto the consent SDK (User Messaging Platform, Swift
// names). Needs UMP 3.1 or later (`consentSyncID`; no `UMP` prefix since 3.0); checked against 3.1.0. The SDK wants the main
// thread; the port may be called from any, so calls hop to main. On Linux it is type-checked
// against interface stubs (Adapters/README.md).
#if canImport(UserMessagingPlatform)
    import AdRequestKit
    import Foundation
    import UserMessagingPlatform

    /// The consent SDK's consent information, through the port.
    public struct SDKConsentInformation: ConsentInfoProvider {
        /// Creates the adapter over `ConsentInformation.shared`.
        public init() {}

        /// `ConsentInformation.shared.consentStatus`.
        public var consentStatus: UserConsentStatus {
            onMain { UserConsentStatus(rawValue: ConsentInformation.shared.consentStatus.rawValue) }
        }

        /// `ConsentInformation.shared.canRequestAds`.
        public var canRequestAds: Bool { onMain { ConsentInformation.shared.canRequestAds } }

        /// `ConsentInformation.shared.formStatus`.
        public var formStatus: ConsentFormStatus { onMain { ConsentFormStatus(rawValue: ConsentInformation.shared.formStatus.rawValue) } }

        /// `ConsentInformation.shared.privacyOptionsRequirementStatus`.
        public var privacyOptionsRequirement: PrivacyOptionsRequirement {
            onMain { PrivacyOptionsRequirement(rawValue: ConsentInformation.shared.privacyOptionsRequirementStatus.rawValue) }
        }

        /// `ConsentInformation.shared.requestConsentInfoUpdate(with:completionHandler:)`, with the
        /// parameters' debug settings (which the SDK applies on test devices only) and consent sync
        /// identifier (`consentSyncID`, UMP 3.1.0 and later).
        public func requestInfoUpdate(with parameters: ConsentRequestParameters, completion: @escaping @Sendable (ConsentRequestError?) -> Void) {
            let tagged = parameters.isTaggedForUnderAgeOfConsent
            let geography = parameters.debugGeography.rawValue
            let testDevices = parameters.testDeviceIdentifiers
            let syncID = parameters.consentSyncID
            onMain {
                let request = RequestParameters()
                request.isTaggedForUnderAgeOfConsent = tagged
                request.consentSyncID = syncID
                if geography != ConsentDebugGeography.disabled.rawValue || !testDevices.isEmpty {
                    let debug = DebugSettings()
                    debug.geography = DebugGeography(rawValue: geography) ?? .disabled
                    debug.testDeviceIdentifiers = testDevices
                    request.debugSettings = debug
                }
                ConsentInformation.shared.requestConsentInfoUpdate(with: request) { error in
                    completion(error.map { ConsentRequestError(rawValue: ($0 as NSError).code) })
                }
            }
        }

        /// `ConsentInformation.shared.reset()`: for test devices only.
        public func reset() { onMain { ConsentInformation.shared.reset() } }
    }

    /// Runs the work on the main thread and returns its value: at once when already there.
    func onMain<Value>(_ work: () -> Value) -> Value {
        Thread.isMainThread ? work() : DispatchQueue.main.sync(execute: work)
    }
#endif
