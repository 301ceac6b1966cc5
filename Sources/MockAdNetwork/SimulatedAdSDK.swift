import AdRequestKit
import AppInfoPlist
import Foundation
import StandInRuntime

/// The ad SDK for one app process: it records every start and every request with its extras.
///
/// Each request is recorded with what was true at that moment (the OS tracking status, what the
/// consent SDK in charge allows, whether the identifier it read was zero), so the trace alone
/// shows whether the app's request was allowed, and the ad serving mode it got:
/// a request served in mode `none` fails with `noFill`, as the real SDK answers when no ad may be served. Starting without an application identifier in the
/// Info.plist crashes the app, reported as `app.crash`, unless it is marked an Ad Manager app; a malformed one is
/// not checked at start. Loading an ad starts the SDK if the app did not.
/// The request configuration the app set (its audience tags) travels with every later request; one
/// set after the start is recorded so (`ads.configure afterStart=true`), and a child-directed request
/// carries no advertising identifier (`idfa=withheld`). The publisher first-party ID is on unless the
/// app switches it off (`firstPartyID=false` on each request then); coarse location collection is
/// recorded on each request where the app set it.
package final class SimulatedAdSDK: AdSDK, Sendable {
    let process: AppProcess
    private let infoPlist: InfoPlist
    private let consent: any ConsentSignals
    private let adLoadLatency: Duration
    private let version: SDKVersion
    private let servingPolicy: ServingPolicy
    private let trackingStatus: @Sendable () -> TrackingAuthorizationStatus
    private let advertisingIdentifier: @Sendable () -> UUID
    private let region: @Sendable () -> ConsentRegion
    private let onRequest: @Sendable (RecordedAdRequest) -> Void
    let state = Locked(State())

    struct State {
        var started = false
        var configuration = AdRequestConfiguration()
        var requests: [RecordedAdRequest] = []
        /// The full-screen ads loaded in this process, by response, and whether each was presented.
        var fullScreenAds: [String: Bool] = [:]
        /// The full-screen ads on screen now, covering the app until the user closes them.
        var fullScreenAdsOnScreen = 0
    }

    /// Creates the SDK of a process, of a release (`version`: its load errors depend on it); it reads
    /// the tracking status and identifier as the real SDK does, and hands every request it records
    /// to `onRequest` too.
    package init(
        process: AppProcess,
        infoPlist: InfoPlist,
        consent: any ConsentSignals,
        adLoadLatency: Duration = .zero,
        version: SDKVersion = .modelledAdSDK,
        servingPolicy: ServingPolicy = ServingPolicy(),
        trackingStatus: @escaping @Sendable () -> TrackingAuthorizationStatus,
        advertisingIdentifier: @escaping @Sendable () -> UUID,
        region: @escaping @Sendable () -> ConsentRegion = { .other },
        onRequest: @escaping @Sendable (RecordedAdRequest) -> Void = { _ in }
    ) {
        self.process = process
        self.infoPlist = infoPlist
        self.consent = consent
        self.adLoadLatency = adLoadLatency
        self.version = version
        self.servingPolicy = servingPolicy
        self.trackingStatus = trackingStatus
        self.advertisingIdentifier = advertisingIdentifier
        self.region = region
        self.onRequest = onRequest
    }

    /// Whether the SDK was started in this process.
    package var isStarted: Bool { state.withLock { $0.started } }

    /// Every request that reached the SDK in this process, in order.
    package var requests: [RecordedAdRequest] { state.withLock { $0.requests } }

    /// The request configuration in force.
    package var requestConfiguration: AdRequestConfiguration { state.withLock { $0.configuration } }

    /// Sets the request configuration for every later request, recording whether the SDK had started.
    package func setRequestConfiguration(_ configuration: AdRequestConfiguration) {
        guard process.answersCalls else { return }
        let started = state.withLock { state in
            state.configuration = configuration
            return state.started
        }
        process.trace.record(
            .adsConfigure,
            [
                EventField(.underAgeOfConsent, orUnset: configuration.underAgeOfConsent),
                EventField(.childDirected, orUnset: configuration.childDirectedTreatment),
                EventField(.ageTreatment, configuration.ageTreatment),
                EventField(.afterStart, started),
                EventField(.coarseLocationCollection, orUnset: configuration.coarseLocationCollection),
                EventField(.publisherFirstPartyID, configuration.publisherFirstPartyID),
            ])
    }

    /// Starts the SDK.
    package func start(completion: @escaping @Sendable () -> Void) {
        guard startIfNeeded(implicit: false, crashing: ("ads.start completion", completion)) else { return }
        let effects = process.faults.take(.adStart)
        let trace = process.trace
        process.delivery.deliver("ads.start completion", timing: .later(.zero), effects: effects) {
            trace.record(.adsStarted)
            completion()
        }
    }

    /// Loads an ad, recording the request.
    package func loadAd(_ request: AdRequest, completion: @escaping @Sendable (Result<LoadedAd, AdLoadError>) -> Void) {
        guard process.answersCalls else { return }
        if !isStarted {
            guard startIfNeeded(implicit: true, crashing: ("ads.load completion", { completion(.failure(.applicationIdentifierMissing)) })) else { return }
        }
        let record = RecordedAdRequest(
            time: process.clock.now,
            request: request,
            tracking: trackingStatus(),
            consent: consent.signalStatus,
            canRequestAds: consent.signalAllowsAdRequests,
            consentAllowsPersonalized: consent.signalAllowsPersonalizedAds,
            identifierWasZero: advertisingIdentifier().isZero,
            serving: ServingModeOracle.decide(
                store: consent.signalStore ?? InMemoryKeyValueStore(),
                nonPersonalizedRequested: request.isNonPersonalized,
                now: SimulatedCMP.deciseconds(at: process.clock.now),
                configuration: requestConfiguration,
                // The ad network places an EEA request itself when the consent SDK in charge writes TCF
                // signals but has no answer yet (the legacy SDK's era had no TCF: its requests are not).
                inEEA: consent.signalStore != nil && consent.signalStatus == UserConsentStatus.unknown.description && region() == .eea,
                restrictedDataProcessingRequested: request.extras[ServingModeOracle.restrictedDataProcessingKey] == "1",
                policy: servingPolicy
            ),
            configuration: requestConfiguration
        )
        let number = state.withLock { state in
            state.requests.append(record)
            return state.requests.count
        }
        onRequest(record)
        let trace = process.trace
        trace.record(.adsRequest, record.fields)
        let effects = process.faults.take(.adLoad)
        let result: Result<LoadedAd, AdLoadError> =
            effects.error.map { .failure($0.adLoadError(version: version)) }
            ?? (record.serving.mode == .none ? .failure(.noFill) : nil)
            ?? .success(LoadedAd(adUnitID: request.adUnitID, responseID: "response-\(process.number)-\(number)", format: request.format))
        process.delivery.deliver("ads.load completion", timing: .later(adLoadLatency), effects: effects) {
            switch result {
            case .success(let ad):
                if ad.format.isFullScreen { self.state.withLock { $0.fullScreenAds[ad.responseID] = false } }
                trace.record(.adsLoaded, [EventField("response", ad.responseID), EventField("adUnit", request.adUnitID)])
            case .failure(let error): trace.record(.adsLoadFailed, [EventField(.error, error.description), EventField("adUnit", request.adUnitID)])
            }
            completion(result)
        }
    }

    /// Marks the SDK started, recording `ads.start`; false if the app crashed for lack of an identifier,
    /// keeping the completion of the call that started it for the end of the run (`AppProcess.crash(_:in:completion:)`).
    private func startIfNeeded(implicit: Bool, crashing call: (label: String, completion: @Sendable () -> Void)) -> Bool {
        guard process.answersCalls else { return false }
        let trace = process.trace
        // A stored choice that consents to no TCF purpose: an app that then never asks for tracking
        // starts the SDK with the status undecided, and rightly (`adSDKStartsAfterTrackingDecision`).
        let refusedEveryPurpose = consent.signalStore.map { TCFSignals(store: $0).consentsToNoPurpose } ?? false
        trace.record(
            .adsStart,
            [
                EventField(.tracking, trackingStatus()),
                EventField(.identifierSent, advertisingIdentifier().isZero ? AdvertisingIdentifierSent.zero : .set),
                EventField(.canRequestAds, consent.signalAllowsAdRequests),
            ] + (implicit ? [EventField(.implicitStart, true)] : []) + (refusedEveryPurpose ? [EventField(.refusedEveryPurpose, true)] : []))
        // An Ad Manager app (`GADIsAdManagerApp`) may start without an application identifier.
        guard infoPlist.contains(.adApplicationIdentifier) || infoPlist[.adManagerApp] == .bool(true) else {
            process.crash(.adApplicationIdentifierMissing, in: call.label, completion: call.completion)
            return false
        }
        state.withLock { $0.started = true }
        return true
    }
}

/// An ad request as it reached the ad SDK, with what was true when it did.
public struct RecordedAdRequest: Hashable, Sendable {
    /// Virtual time of the request.
    public var time: Duration
    /// The request as the app built it.
    public var request: AdRequest
    /// The OS tracking status at the time.
    public var tracking: TrackingAuthorizationStatus
    /// The consent SDK's status at the time, as text (current or legacy SDK).
    public var consent: String
    /// Whether the consent SDK allowed ad requests at the time.
    public var canRequestAds: Bool
    /// Whether the consent SDK's answer allowed personalized ads at the time.
    public var consentAllowsPersonalized: Bool
    /// Whether the advertising identifier the SDK read was all zeros.
    public var identifierWasZero: Bool
    /// The mode the ad SDK served the request in, and the rule that decided it.
    public var serving: ServingDecision
    /// The request configuration (audience tags) in force when the request was made.
    public var configuration = AdRequestConfiguration()

    /// Whether the request carried `npa=1`.
    public var isNonPersonalized: Bool { request.isNonPersonalized }

    /// What the request sent as the advertising identifier: `withheld` under child-directed
    /// treatment (the SDK sends none), else `zero` or `set` as the SDK read it.
    public var identifierSent: AdvertisingIdentifierSent {
        configuration.withholdsAdvertisingIdentifier ? .withheld : identifierWasZero ? .zero : .set
    }

    /// The tags and collection settings in force, as `ads.request` fields: only those the app set
    /// away from the defaults, so an untagged request shows none.
    var tagFields: [EventField] {
        [
            configuration.underAgeOfConsent.map { EventField(.underAgeOfConsent, $0) },
            configuration.childDirectedTreatment.map { EventField(.childDirected, $0) },
            configuration.ageTreatment == .unspecified ? nil : EventField(.ageTreatment, configuration.ageTreatment),
            configuration.coarseLocationCollection.map { EventField(.coarseLocationCollection, $0) },
            configuration.publisherFirstPartyID ? nil : EventField(.publisherFirstPartyID, false),
        ].compactMap { $0 }
    }

    /// The fields of its `ads.request` trace event.
    public var fields: [EventField] {
        let extras = request.extras.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return [
            EventField("adUnit", request.adUnitID),
            EventField(.npa, isNonPersonalized),
            EventField("extras", extras.isEmpty ? "-" : extras),
            EventField(.tracking, tracking),
            EventField("consent", consent),
            EventField(.canRequestAds, canRequestAds),
            EventField(.consentAllowsPersonalized, consentAllowsPersonalized),
            EventField(.identifierSent, identifierSent),
            EventField(.mode, serving.mode),
            EventField(.modeRule, serving.rule),
        ] + (serving.note.map { [EventField("modeNote", $0)] } ?? []) + (request.format == .banner ? [] : [EventField("format", request.format.rawValue)])
            + tagFields
    }
}
