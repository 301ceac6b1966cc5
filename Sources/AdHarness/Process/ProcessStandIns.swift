import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// The OS and SDK stand-ins of one process, and the ports a glue gets from them.
package struct ProcessStandIns: Sendable {
    /// The process: its clock scope, faults and trace.
    package let process: AppProcess
    /// The OS's tracking authorization.
    package let tracking: SimulatedTrackingAuthorization
    /// The OS's advertising identifier.
    package let identifier: SimulatedAdvertisingIdentifier
    /// The consent SDK's consent information.
    package let consentInformation: SimulatedConsentInformation
    /// The consent SDK's forms.
    package let consentForms: SimulatedConsentForms
    /// The legacy consent SDK's consent information, when the app runs it.
    package let legacyConsentInformation: SimulatedLegacyConsentInformation?
    /// The legacy consent SDK's forms, when the app runs it.
    package let legacyConsentForms: SimulatedLegacyConsentForms?
    /// The ad SDK.
    package let adSDK: SimulatedAdSDK
    /// The analytics SDK's consent mode.
    package let analytics: SimulatedAnalytics
    /// The mediated ad networks' privacy flags.
    package let mediationPartners: SimulatedMediationPartners
    /// The ports over these stand-ins, as the glue gets them.
    package let ports: AppPorts

    init(
        process: AppProcess,
        tracking: SimulatedTrackingAuthorization,
        identifier: SimulatedAdvertisingIdentifier,
        consentInformation: SimulatedConsentInformation,
        consentForms: SimulatedConsentForms,
        legacyConsentInformation: SimulatedLegacyConsentInformation?,
        legacyConsentForms: SimulatedLegacyConsentForms?,
        adSDK: SimulatedAdSDK,
        analytics: SimulatedAnalytics,
        mediationPartners: SimulatedMediationPartners,
        store: any KeyValueStore,
        lifecycle: any AppLifecycle,
        system: any SystemVersionProvider,
        log: any AdsEventLog
    ) {
        self.process = process
        self.tracking = tracking
        self.identifier = identifier
        self.consentInformation = consentInformation
        self.consentForms = consentForms
        self.legacyConsentInformation = legacyConsentInformation
        self.legacyConsentForms = legacyConsentForms
        self.adSDK = adSDK
        self.analytics = analytics
        self.mediationPartners = mediationPartners
        let legacy = legacyConsentInformation.flatMap { information in
            legacyConsentForms.map { LegacyConsentPorts(information: information, forms: $0) }
        }
        ports = AppPorts(
            tracking: tracking, advertisingIdentifier: identifier,
            consentInformation: consentInformation, consentForms: consentForms, legacyConsent: legacy,
            adSDK: adSDK, store: store, clock: process.clock, lifecycle: lifecycle, system: system, log: log, analytics: analytics,
            mediationPartners: mediationPartners
        )
    }
}
