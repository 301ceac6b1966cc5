// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
import AdHarness
import AdRequestKit
import Foundation

// Ported from Psiphon-Inc/psiphon-ios-vpn @ c4031214b241546ce68a85e81de4a6f1e84db7c1 (release 1.0.59):
// Psiphon/Ad/AdConsent.swift (whole), the consent-and-start path of Psiphon/Ad/AdStateReducer.swift,
// the triggers in Psiphon/SwiftDelegate.swift, and the "Reset AdMob Consent" cell of
// Psiphon/ViewControllers/SettingsViewController.m. Each real symbol is replaced by its neutral name
// from the README table; order, conditions and bugs are kept. The reducer's effects become callbacks in
// the same order. The app runs on iOS 14+ here, so requests carry no `npa`; it never asks for tracking
// itself (the consent SDK's message does), and the VPN is taken as disconnected.

/// Psiphon's `AdConsent` and its reducer: consent collected lazily at the first ad-load trigger, the
/// ad SDK started once it succeeds, and a settings cell that resets the consent SDK.
final class PsiphonAdConsent: ConsentGlue {
    private let ports: AppPorts
    private let state = Protected(State())

    private struct State {
        /// `appTrackingTransparencyPermission`: nil, pending, or completed (success or failure).
        var consent: Bool?
        var pending = false
        var form: (any LoadedConsentForm)?
    }

    init(ports: AppPorts) { self.ports = ports }

    /// `.appInitialized` → `loadInterstitial(reason:)`.
    func didFinishLaunching() { loadInterstitialTrigger() }

    func didBecomeActive() {}

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    /// An ad-load trigger (a foreground, the connect button): consent first if not yet succeeded.
    func requestAd(adUnitID: String) { loadInterstitialTrigger(adUnitID: adUnitID) }

    private func loadInterstitialTrigger(adUnitID: String? = nil) {
        let collect = state.withLock { state -> Bool in
            guard state.consent != true, !state.pending else { return false }
            state.pending = true
            return true
        }
        if collect {
            collectConsentAndInitAdSDK { [weak self] succeeded in
                self?.state.withLock {
                    $0.consent = succeeded
                    $0.pending = false
                }
                if succeeded, let adUnitID { self?.load(adUnitID) }
            }
            return
        }
        if state.withLock({ $0.consent == true }), let adUnitID { load(adUnitID) }
    }

    private func load(_ adUnitID: String) {
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { _ in }
    }

    /// `collectATTConsentAndInitAdMobSDK`: update, form if available, present if required, start.
    private func collectConsentAndInitAdSDK(completion: @escaping @Sendable (Bool) -> Void) {
        consentInfoUpdate { [weak self] error in
            guard let self, error == nil else { return completion(false) }
            presentConsentFormIfNeeded { [weak self] error in
                guard let self, error == nil else { return completion(false) }
                ports.adSDK.start { completion(true) }
            }
        }
    }

    /// `AdConsent.consentInfoUpdate`: loads the form when one is available.
    private func consentInfoUpdate(completion: @escaping @Sendable (ConsentRequestError?) -> Void) {
        var parameters = ConsentRequestParameters()
        parameters.isTaggedForUnderAgeOfConsent = false
        ports.consentInformation.requestInfoUpdate(with: parameters) { [weak self] error in
            guard let self else { return }
            if let error { return completion(error) }
            switch ports.consentInformation.formStatus {
            case .available:
                ports.consentForms.loadForm { [weak self] result in
                    switch result {
                    case .success(let form):
                        self?.state.withLock { $0.form = form }
                        completion(nil)
                    case .failure: completion(.internal)
                    }
                }
            case .unavailable: completion(nil)
            default: completion(.internal)
            }
        }
    }

    /// `AdConsent.presentConsentFormIfNeeded`: present the loaded form only when consent is required.
    private func presentConsentFormIfNeeded(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        switch ports.consentInformation.consentStatus {
        case .required:
            guard let form = state.withLock({ $0.form }) else { return completion(.internal) }
            form.present { [weak self] error in
                if error == nil { self?.state.withLock { $0.form = nil } }
                completion(error)
            }
        case .notRequired, .obtained: completion(nil)
        default: completion(.internal)
        }
    }

    /// The "Reset AdMob Consent" settings cell, the app's only way to revisit consent:
    /// `AdConsent.resetConsent()`. The reducer keeps its consent state as it was.
    func openPrivacyOptions() { ports.consentInformation.reset() }

    /// The app never reads the identifier.
    func readAdvertisingIdentifier() -> UUID? { nil }
}
