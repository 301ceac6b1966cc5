import AdRequestKit
import MockAdNetwork

/// How the harness makes the glue under test: once for each process, from that process's ports.
///
/// Use ``reference(consent:configuration:mistakes:)`` for this package's own glue, or wrap yours:
/// `GlueFactory(MyConsentGlue.init)` for a type with `init(ports: AppPorts)`.
public struct GlueFactory: Sendable {
    /// A name for reports: the glue's type by default.
    public let name: String
    /// Whether this is the package's reference glue (`AdsService` with `AdsConsentCoordinator`).
    package let isReference: Bool
    /// The rules a run of this glue checks unless told otherwise: ``RuleSet/standard`` for a team's
    /// glue, ``RuleSet/strict`` for the reference glue, which follows the seed app's policy and
    /// every piece of advice.
    package let defaultRules: RuleSet
    /// The app's own controls a step may tap, as the glue declares them (`ConsentGlue.controls`).
    public let controls: [String]
    /// Starts one app: returns the maker of each of its processes' glue. What a glue keeps across
    /// the processes of one app (the reference glue's ledger) lives in the maker, not in the driver.
    let startApp: @Sendable () -> @Sendable (AppPorts) -> any ConsentGlue
    /// The legacy consent SDK's device settings, when the glue runs the legacy SDK.
    let legacySDK: LegacyConsentSDKSettings?
    /// Writes what an earlier session of this glue left in the app's storage.
    let seedStorage: @Sendable (PreviousSession, any KeyValueStore) -> Void

    /// Wraps a glue made from a process's ports.
    ///
    /// - Parameters:
    ///   - name: how reports and `--glue` name the glue; by default its type's name.
    ///   - legacyConsentSDK: the legacy consent SDK's device settings, when the glue runs that SDK
    ///     (`AppPorts.legacyConsent` is then set, and the ad SDK reads its signals); `nil` for the current SDK.
    ///   - seedStorage: writes what an earlier session of this glue left in the app's storage, from
    ///     the scenario's previous session; the OS's and SDKs' leftovers are written by the harness.
    ///   - make: builds the glue from a new process's ports, once per launch, as the app's own code would.
    public init<Glue: ConsentGlue>(
        name: String = String(describing: Glue.self),
        legacyConsentSDK: LegacyConsentSDKSettings? = nil,
        seedStorage: @escaping @Sendable (PreviousSession, any KeyValueStore) -> Void = { _, _ in },
        _ make: @escaping @Sendable (AppPorts) -> Glue
    ) {
        self.init(
            name: name, isReference: false, rules: .standard, legacySDK: legacyConsentSDK, seedStorage: seedStorage, controls: Glue.controls,
            startApp: { make }
        )
    }

    /// Wraps an async glue made from a process's ports: `GlueFactory(MyConsentManager.init)` for a
    /// main-actor type with `init(ports: AppPorts)` that conforms to `AsyncConsentGlue`. The harness,
    /// the runner and the explorer then drive it exactly as they drive callback glue.
    @available(macOS 15.0, iOS 18.0, *)
    public init<Glue: AsyncConsentGlue>(
        name: String = String(describing: Glue.self),
        legacyConsentSDK: LegacyConsentSDKSettings? = nil,
        seedStorage: @escaping @Sendable (PreviousSession, any KeyValueStore) -> Void = { _, _ in },
        _ make: @escaping @MainActor @Sendable (AppPorts) -> Glue
    ) {
        self.init(
            name: name, isReference: false, rules: .standard, legacySDK: legacyConsentSDK, seedStorage: seedStorage, controls: Glue.controls,
            startApp: { { ports in AsyncGlueHost(ports: ports, make: make) } }
        )
    }

    private init(
        name: String,
        isReference: Bool,
        rules: RuleSet,
        legacySDK: LegacyConsentSDKSettings?,
        seedStorage: @escaping @Sendable (PreviousSession, any KeyValueStore) -> Void,
        controls: [String] = [],
        startApp: @escaping @Sendable () -> @Sendable (AppPorts) -> any ConsentGlue
    ) {
        self.controls = controls
        self.name = name
        self.isReference = isReference
        self.defaultRules = rules
        self.legacySDK = legacySDK
        self.seedStorage = seedStorage
        self.startApp = startApp
    }

    /// The same glue, made from ports a transform has wrapped first: a logging decorator over the
    /// tracking port, a store that counts writes. The transform runs for each process.
    ///
    /// ```swift
    /// let logged = GlueFactory(MyGlue.init).mappingPorts { ports in
    ///     var ports = ports
    ///     ports.tracking = LoggedTracking(base: ports.tracking)
    ///     return ports
    /// }
    /// ```
    public func mappingPorts(_ transform: @escaping @Sendable (AppPorts) -> AppPorts) -> GlueFactory {
        let startApp = startApp
        return GlueFactory(
            name: name, isReference: isReference, rules: defaultRules, legacySDK: legacySDK, seedStorage: seedStorage, controls: controls,
            startApp: {
                let make = startApp()
                return { make(transform($0)) }
            }
        )
    }

    /// The package's own glue: `AdsService` and `AdsConsentCoordinator` on the ports, with a
    /// consent profile, a configuration, and deliberate mistakes to show the rules at work.
    public static func reference(
        consent: ConsentSetup = .current,
        configuration: AdsConfiguration = AdsConfiguration(),
        mistakes: Set<AppMistake> = []
    ) -> GlueFactory {
        let legacySDK: LegacyConsentSDKSettings? = if case .legacy(_, let sdk) = consent { sdk } else { nil }
        return GlueFactory(
            name: "reference glue",
            isReference: true,
            // On the legacy SDK the app's own opt-out may make requests stricter than the table.
            rules: legacySDK == nil ? .strict : RuleSet.strict.setting(.requestsFollowCurrentAnswers, to: .warning),
            legacySDK: legacySDK,
            seedStorage: { session, store in
                if let flag = session.shouldUseNPA { store.set(flag, forKey: configuration.shouldUseNPAKey) }
                if case .legacy(let settings, _) = consent, let preference = session.usePersonalizedAds {
                    store.set(preference, forKey: settings.usePersonalizedAdsKey)
                }
            },
            startApp: {
                let ledger = ReferenceGlue.Ledger()
                return { ports in ReferenceGlue(ports: ports, consent: consent, configuration: configuration, mistakes: mistakes, ledger: ledger) }
            }
        )
    }
}
