import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import PrivacySignals
import StandInRuntime

/// Everything that outlives one process of the app: the device and its settings, the OS's stored
/// answers, the app's storage (where the consent SDK keeps its answers too), location services,
/// the faults, the scripted user, the clock and the trace.
///
/// Each launch gets fresh stand-ins over this world (`makeStandIns(processNumber:)`), as a real
/// process gets fresh SDK objects over the same device and user defaults.
package final class SimulatedWorld: Sendable {
    /// Virtual time.
    package let clock: VirtualClock
    /// Everything observable, in order.
    package let trace: Trace
    /// The simulated phone.
    package let device: SimulatedDevice
    /// The app's storage, shared by the app and the consent SDK; it survives relaunches.
    package let storage: InMemoryKeyValueStore
    /// The OS's location authorization for the app; it survives relaunches.
    package let location: SimulatedLocationServices
    /// The faults of the run, consumed as the calls they target happen, across relaunches.
    package let faults: FaultPlan
    /// The consent and ad SDKs' configuration and latencies.
    package let sdkSettings: ConsentSDKSettings
    /// The scripted user.
    package let user: User
    /// The legacy consent SDK's device settings, when the app runs that SDK.
    package let legacySDK: LegacyConsentSDKSettings?
    private let requests = Locked<[RecordedAdRequest]>([])
    /// Whether the app's main-queue blocks run in the run's order (a team's glue, which may hop to
    /// the main queue), and whether the harness orders them now (`SimulatedApp.inOrder`, and the
    /// play-out): the window open, numbered so that a window's late close leaves a later one open.
    package let mainQueueOrder = Locked((holds: false, window: 0, ordering: false))

    /// Runs work with the main queue held for it (`MainQueue.holding`), a window of the run's order
    /// open from the start of the work until the main queue has run what the work put there.
    package func holdingTheMainQueue(progress: @escaping @Sendable () -> Int = { 0 }, _ work: () -> Void) -> Bool {
        let order = mainQueueOrder
        let window = order.withLock { order in
            order.window += 1
            order.ordering = true
            return order.window
        }
        return MainQueue.holding(progress: progress, closing: { order.withLock { if $0.window == window { $0.ordering = false } } }, work)
    }
    private let region: Locked<ConsentRegion>
    /// The consent service's decisions by consent sync identifier; it outlives installs.
    package let consentSync = ConsentSyncService()
    /// The privacy-options form's preloads still to fail, counted across launches.
    private let preloads: PrivacyOptionsPreloads

    /// Sets up the world a run starts from, with the device as earlier sessions left it;
    /// `seedAppStorage` writes the glue's own leftovers.
    package init(
        _ setup: RunSetup = RunSetup(),
        legacySDK: LegacyConsentSDKSettings? = nil,
        seedAppStorage: (any KeyValueStore) -> Void = { _ in }
    ) throws(HarnessFailure) {
        let (device, previousSession, user, faults) = (setup.device, setup.previousSession, setup.user, setup.faults)
        if let problem = faults.lazy.compactMap(\.problem).first { throw .invalidSetup(problem) }
        let clock = VirtualClock()
        let trace = Trace(clock: clock)
        var os = device.os
        os.trackingPromptRegion = device.trackingPromptRegion
        if previousSession.tracking == .restricted { os.trackingRestricted = true }
        let storedAnswer: StoredTrackingAnswer =
            switch previousSession.tracking {
            case .authorized: .allowed
            case .denied: .denied
            default: .none
            }
        self.clock = clock
        self.trace = trace
        self.device = SimulatedDevice(settings: os, infoPlist: device.infoPlist, storedAnswer: storedAnswer, trace: trace)
        // The previous session's leftovers are written before the trace starts: they are the setting, not events.
        let leftovers = InMemoryKeyValueStore()
        if previousSession.consent != .unknown { ConsentStorage(store: leftovers).status = previousSession.consent }
        if previousSession.privacyOptions != .unknown { ConsentStorage(store: leftovers).privacyOptions = previousSession.privacyOptions }
        if legacySDK == nil, previousSession.consent == .obtained {
            let choices = previousSession.consentChoices ?? .acceptAll
            let writer = TCFSignalWriter(store: leftovers, enablesAdvertiserConsentMode: device.sdk.enablesAdvertiserConsentMode)
            let age = SimulatedCMP.deciseconds(at: previousSession.consentAge) - SimulatedCMP.calendarStart
            let decided = SimulatedCMP.calendarStart - age
            do { try writer.writeChoices(choices, gdprApplies: device.sdk.region == .eea, at: decided) } catch {
                throw .invalidSetup("previousSession.consentChoices do not fit a TC string: \(error)")
            }
        }
        if legacySDK != nil, previousSession.legacyConsent != .unknown {
            SimulatedLegacyConsentInformation.storeStatus(previousSession.legacyConsent, in: leftovers)
        }
        for (id, choices) in previousSession.syncedConsent { consentSync.store(choices, for: id) }
        if let text = previousSession.gppString { try Self.storeThirdPartyGPP(text, in: leftovers) }
        seedAppStorage(leftovers)
        self.storage = InMemoryKeyValueStore(trace: trace, contents: leftovers.contents)
        self.location = SimulatedLocationServices(device: self.device, settings: device.location, user: user.location, trace: trace)
        self.faults = FaultPlan(faults)
        self.sdkSettings = device.sdk
        self.region = Locked(device.sdk.region)
        self.preloads = PrivacyOptionsPreloads(failing: device.sdk.privacyOptionsPreloadFailures)
        self.user = user
        self.legacySDK = legacySDK
        trace.record(
            .deviceReady,
            [
                EventField("os", os.osVersion.description), EventField(.region, device.sdk.region),
                EventField(.tracking, self.device.trackingStatus), EventField(.consent, previousSession.consent),
            ] + (previousSession.privacyOptions == .unknown ? [] : [EventField(.privacyOptions, previousSession.privacyOptions)])
                + (TCFSignals(store: leftovers).consentsToNoPurpose ? [EventField(.refusedEveryPurpose, true)] : []))
    }

    /// Writes a GPP string another CMP left, and its section ids, as the GPP in-app API stores them.
    /// A string whose header, or one of whose US sections (National or state), does not decode is
    /// an error of the setup, as in a scenario file (`GPPString(decodingUSSections:)`).
    private static func storeThirdPartyGPP(_ text: String, in store: any KeyValueStore) throws(HarnessFailure) {
        let gpp: GPPString
        do { gpp = try GPPString(decodingUSSections: text) } catch {
            throw .invalidSetup("previousSession.gppString: expected a GPP string whose US sections decode, found \(text): \(error)")
        }
        store.set(text, forKey: GPPKey.gppString)
        store.set(gpp.sectionIDs.map(String.init).joined(separator: "_"), forKey: GPPKey.sectionIDs)
    }

    /// The run is over once nothing holds its world: the app plays out what it has left to do,
    /// unobserved, and lets go (`VirtualClock.playOut(within:)`).
    ///
    /// The trace is closed and the faults ended first, so nothing that runs now is recorded, checked
    /// or bent: every callback a fault withheld comes with the value it was to have, every prompt or
    /// form nobody answers is taken away, and the app's tasks run to their end, within a budget, so no
    /// continuation of the app's is let go unresumed (the Swift runtime would note each) and no task
    /// keeps its world. Then the device forgets the prompts and the handler it holds for the app.
    deinit {
        trace.close()
        faults.end()
        if mainQueueOrder.snapshot.holds {
            // What the play-out puts on the main queue runs in it too, not after the run is gone.
            _ = holdingTheMainQueue { clock.playOut() }
        } else {
            clock.playOut()
        }
        device.releaseApp()
    }

    /// Where the consent SDK finds the device at its next update.
    package var consentRegion: ConsentRegion { region.snapshot }

    /// The device moves to another region, recorded as `device.travel`; the consent SDK applies it
    /// at its next update, in this process or a later one.
    package func travel(to newRegion: ConsentRegion) {
        region.withLock { $0 = newRegion }
        trace.record(.deviceTravel, [EventField(.region, newRegion)])
    }

    /// Every ad request that reached the ad SDK, across processes, in order.
    package var adRequests: [RecordedAdRequest] { requests.snapshot }

    /// Fresh stand-ins for one process over this world, and the ports a glue gets from them.
    package func makeStandIns(processNumber: Int) -> ProcessStandIns {
        let process = AppProcess(number: processNumber, clock: clock, trace: trace, faults: faults)
        let device = device
        let tracking = SimulatedTrackingAuthorization(device: device, process: process, user: user.trackingPrompt)
        let identifier = SimulatedAdvertisingIdentifier(device: device, trace: trace)
        // The consent SDK reaches the OS's tracking authorization only through these closures (its IDFA explainer).
        let osTracking = ConsentSDKTracking(
            status: { device.trackingStatus },
            request: { completion in tracking.requestTrackingAuthorization(by: .consentSDK, completion: completion) }
        )
        let consentStorage = ConsentStorage(store: storage, enablesAdvertiserConsentMode: sdkSettings.enablesAdvertiserConsentMode)
        let link = ConsentModeLink(consentModeEnabled: sdkSettings.consentModeEnabled)
        let analytics = SimulatedAnalytics(
            process: process, store: storage, infoPlist: device.infoPlist, signals: { [legacySDK] in legacySDK == nil ? consentStorage.store : nil },
            region: { [region] in region.snapshot }, link: link)
        let information = SimulatedConsentInformation(
            settings: sdkSettings, storage: consentStorage, process: process, region: { [region] in region.snapshot },
            infoPlist: device.infoPlist, tracking: osTracking, consentSync: consentSync, preloads: preloads,
            analyticsConsent: { analytics.setConsent($0, by: .consentSDK) }, consentModeLink: link
        )
        // The forms' scripted answers wait while the user is away from the app: in the background
        // after the app was in the foreground in this process.
        let presence = UserPresence(
            isAway: { [weak device, appState = AppStateSeen(device: device)] in device?.appState == .background && appState.wasInForeground },
            onReturn: { [weak device] action in
                device?.observeAppState { state in
                    if state == .active { action() }
                }
            }
        )
        let forms = SimulatedConsentForms(info: information, process: process, user: user.consentScript, presence: presence)
        var legacy: (SimulatedLegacyConsentInformation, SimulatedLegacyConsentForms)?
        if let legacySDK {
            let legacyInformation = SimulatedLegacyConsentInformation(
                settings: legacySDK, store: storage, process: process, region: { [region] in region.snapshot }
            )
            legacy = (legacyInformation, SimulatedLegacyConsentForms(info: legacyInformation, process: process, user: user.legacyConsentForm))
        }
        let signals: any ConsentSignals = legacy?.0 ?? information
        let adSDK = SimulatedAdSDK(
            process: process,
            infoPlist: device.infoPlist,
            consent: signals,
            adLoadLatency: sdkSettings.adLoadLatency,
            version: sdkSettings.adSDKVersion,
            servingPolicy: sdkSettings.servingPolicy,
            trackingStatus: { device.trackingStatus },
            advertisingIdentifier: { identifier.currentValue },
            region: { [region] in region.snapshot },
            onRequest: { [requests] request in requests.withLock { $0.append(request) } }
        )
        var consentAllowsRequests: (@Sendable () -> Bool)?
        if legacySDK == nil { consentAllowsRequests = { @Sendable in information.canRequestAds } }
        let partners = SimulatedMediationPartners(
            process: process, consent: legacySDK == nil ? consentStorage : nil, region: { [region] in region.snapshot },
            ageTagged: { adSDK.requestConfiguration.forbidsPersonalizedAds },
            canRequestAds: consentAllowsRequests)
        return ProcessStandIns(
            process: process, tracking: tracking, identifier: identifier,
            consentInformation: information, consentForms: forms,
            legacyConsentInformation: legacy?.0, legacyConsentForms: legacy?.1,
            adSDK: adSDK, analytics: analytics, mediationPartners: partners, store: storage, lifecycle: device, system: device, log: GlueLog(trace: trace)
        )
    }
}

/// The glue's log port: what the glue logs goes into the trace under the glue's own event names,
/// and nothing else can (the trace itself is not handed out, so no glue can forge ground truth).
struct GlueLog: AdsEventLog {
    let trace: Trace

    func record(_ event: AdsEvent) { (trace as any AdsEventLog).record(event) }
}

/// Whether the app of one process has been in the foreground (active or inactive) yet: before, it
/// is launching, not left by the user.
private final class AppStateSeen: Sendable {
    private let seen = Locked(false)

    /// Starts watching the device's app state.
    init(device: SimulatedDevice) {
        if device.appState != .background { seen.withLock { $0 = true } }
        device.observeAppState { [weak self] state in
            if state != .background { self?.seen.withLock { $0 = true } }
        }
    }

    /// Whether the app has been in the foreground since the watch began.
    var wasInForeground: Bool { seen.snapshot }
}
