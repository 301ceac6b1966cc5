import AdRequestKit

/// An implementation of `AnalyticsSDK`, with a way to see the consent state it applies: the real
/// SDK has no getter, so every clause needs the situation arranged and the state observed.
public protocol AnalyticsSubject: Sendable {
    /// The SDK of a new install whose Info.plist sets the default of `deniedByDefault` to false
    /// (and of no other type), or `nil` when this subject cannot arrange it.
    func arrange(deniedByDefault: Set<AnalyticsConsentType>) async throws -> AnalyticsPorts?
}

extension AnalyticsSubject {
    /// Arranges nothing: every check is skipped.
    public func arrange(deniedByDefault: Set<AnalyticsConsentType>) async throws -> AnalyticsPorts? { nil }
}

/// The analytics SDK of one launch, what it applies, and the next launch on the same device.
public struct AnalyticsPorts: Sendable {
    /// The SDK under check.
    public var sdk: any AnalyticsSDK
    /// The consent state the SDK applies now, as the subject observes it.
    public var state: @Sendable () -> [AnalyticsConsentType: AnalyticsConsentStatus]
    /// The next launch of the app on the same device: its SDK and state.
    public var relaunch: @Sendable () throws -> AnalyticsPorts
    /// The names of the events the SDK has sent so far, as the subject observes them; `nil` when
    /// the subject cannot see them (the clauses that need them are skipped).
    public var sentEvents: (@Sendable () -> [String])?
    /// The user properties the SDK holds now, by name; `nil` when the subject cannot see them (the
    /// clauses that need them are skipped).
    public var userProperties: (@Sendable () -> [String: String])?

    /// An SDK with its observed state and its next launch, and, where the subject sees them, the
    /// events it sent and the user properties it holds.
    public init(
        sdk: any AnalyticsSDK, state: @escaping @Sendable () -> [AnalyticsConsentType: AnalyticsConsentStatus],
        relaunch: @escaping @Sendable () throws -> AnalyticsPorts, sentEvents: (@Sendable () -> [String])? = nil,
        userProperties: (@Sendable () -> [String: String])? = nil
    ) {
        self.sdk = sdk
        self.state = state
        self.relaunch = relaunch
        self.sentEvents = sentEvents
        self.userProperties = userProperties
    }
}

/// The contract of `AnalyticsSDK`, clause by clause.
public enum AnalyticsContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any AnalyticsSubject>] = [
        check("analytics.granted-by-default", "with no Info.plist default and nothing set, every type is granted", "AN1") { subject in
            let ports = try await arranged(subject, deniedByDefault: [])
            try expect("the state", describe(ports.state()), equals: describe(all(.granted)))
        },
        check("analytics.info-plist-default-applies", "an Info.plist default of false denies that type until it is set", "AN1") { subject in
            let ports = try await arranged(subject, deniedByDefault: [.adUserData, .adPersonalization])
            var expected = all(.granted)
            expected[.adUserData] = .denied
            expected[.adPersonalization] = .denied
            try expect("the state", describe(ports.state()), equals: describe(expected))
        },
        check("analytics.set-applies-and-keeps-others", "a status set is the one in force; the types not given keep theirs", "AN2") { subject in
            let ports = try await arranged(subject, deniedByDefault: [.adUserData])
            ports.sdk.setConsent([.analyticsStorage: .denied, .adPersonalization: .denied])
            let expected: [AnalyticsConsentType: AnalyticsConsentStatus] = [
                .analyticsStorage: .denied, .adStorage: .granted, .adUserData: .denied, .adPersonalization: .denied,
            ]
            try expect("the state", describe(ports.state()), equals: describe(expected))
        },
        check("analytics.set-persists-across-launches", "a state set in one launch is in force in the next", "AN2") { subject in
            let ports = try await arranged(subject, deniedByDefault: [])
            ports.sdk.setConsent([.adUserData: .denied])
            let next = try ports.relaunch()
            try expect("ad user data in the next launch", next.state()[.adUserData].map(\.rawValue), equals: "denied")
        },
        check("analytics.collection-off-sends-nothing", "while collection is switched off an event logged is not sent; switched back on, it is", "AN5") {
            subject in
            let ports = try await arranged(subject, deniedByDefault: [])
            guard let sent = ports.sentEvents else { throw ContractSkip.cannotArrange("a view of the events the SDK sends") }
            ports.sdk.setAnalyticsCollectionEnabled(false)
            ports.sdk.logEvent("contract_while_off")
            try expect("the events sent while collection is off", sent().filter { $0.hasPrefix("contract_") }, equals: [])
            ports.sdk.setAnalyticsCollectionEnabled(true)
            ports.sdk.logEvent("contract_while_on")
            try expect("the events sent once collection is on again", sent().filter { $0.hasPrefix("contract_") }, equals: ["contract_while_on"])
        },
        check("analytics.user-property-set-and-removed", "a user property set is held with its value; set to nil, it is removed", "AN6") { subject in
            let ports = try await arranged(subject, deniedByDefault: [])
            guard let properties = ports.userProperties else { throw ContractSkip.cannotArrange("a view of the user properties the SDK holds") }
            ports.sdk.setUserProperty("true", forName: "allow_personalized_ads")
            try expect("allow_personalized_ads once set", properties()["allow_personalized_ads"], equals: "true")
            ports.sdk.setUserProperty(nil, forName: "allow_personalized_ads")
            try expect("allow_personalized_ads once set to nil", properties()["allow_personalized_ads"], equals: nil)
        },
    ]

    /// Every type at one status.
    private static func all(_ status: AnalyticsConsentStatus) -> [AnalyticsConsentType: AnalyticsConsentStatus] {
        Dictionary(uniqueKeysWithValues: AnalyticsConsentType.allCases.map { ($0, status) })
    }

    /// `analytics_storage=granted, ad_storage=...`, in consent mode's order; a type missing reads `none`.
    private static func describe(_ state: [AnalyticsConsentType: AnalyticsConsentStatus]) -> String {
        AnalyticsConsentType.allCases.map { "\($0.rawValue)=\(state[$0]?.rawValue ?? "none")" }.joined(separator: ", ")
    }

    private static func check(
        _ id: String, _ statement: String, _ source: String, _ body: @escaping @Sendable (any AnalyticsSubject) async throws -> Void
    ) -> ContractCheck<any AnalyticsSubject> {
        ContractCheck(ContractClause(id: id, port: .analytics, statement: statement, source: source, kind: .needsWorldControl), body: body)
    }

    private static func arranged(_ subject: any AnalyticsSubject, deniedByDefault: Set<AnalyticsConsentType>) async throws -> AnalyticsPorts {
        guard let ports = try await subject.arrange(deniedByDefault: deniedByDefault) else {
            throw ContractSkip.cannotArrange(
                "a new install whose Info.plist denies \(deniedByDefault.isEmpty ? "nothing" : deniedByDefault.sorted().map(\.rawValue).joined(separator: ", ")) by default"
            )
        }
        return ports
    }
}
