import AdRequestKit

/// An implementation of `AdSDK` as the contract checks get it.
public protocol AdSDKSubject: Sendable {
    /// The implementation as it stands.
    func current() async throws -> AdSDKPorts
    /// A fresh implementation whose ad loads fail with `error`; `nil` when this subject cannot arrange it.
    func arrange(loadsFailingWith error: AdLoadError) async throws -> AdSDKPorts?
    /// Lets pending callbacks arrive: the stand-ins run virtual time; a real adapter waits a moment.
    func settle() async
    /// The ad unit the checks load (on a device: one of the ad network's test units).
    var testAdUnitID: String { get }
}

extension AdSDKSubject {
    /// Arranges nothing: checks that need world control are skipped.
    public func arrange(loadsFailingWith error: AdLoadError) async throws -> AdSDKPorts? { nil }
    /// The ad network's published iOS test banner unit.
    public var testAdUnitID: String { "ca-app-pub-3940256099942544/2934735716" }
}

/// The ad SDK, and what reached it.
public struct AdSDKPorts: Sendable {
    /// The SDK under check.
    public var sdk: any AdSDK
    /// The requests that reached the SDK, as it received them, when the subject can tell (an
    /// adapter can map the SDK's own request type back).
    public var requestsReceived: (@Sendable () -> [AdRequest])?

    /// Pairs the SDK with what it received.
    public init(sdk: any AdSDK, requestsReceived: (@Sendable () -> [AdRequest])? = nil) {
        self.sdk = sdk
        self.requestsReceived = requestsReceived
    }
}

/// The contract of `AdSDK`, clause by clause.
public enum AdSDKContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any AdSDKSubject>] = [
        check("ads.request-reaches-sdk-intact", "an ad request reaches the SDK with its ad unit and extras intact (npa=1 kept)", "A3", .portOnly) { subject in
            let ports = try await subject.current()
            guard let received = ports.requestsReceived else {
                throw ContractSkip(reason: "this subject cannot tell what reached the SDK")
            }
            let request = AdRequest(adUnitID: subject.testAdUnitID, extras: [AdRequest.nonPersonalizedKey: "1", "contract": "A3"])
            ports.sdk.loadAd(request) { _ in }
            await subject.settle()
            try expect("the last request received", received().last, equals: request)
        },
        check("ads.load-completes-once", "every ad load calls its completion exactly once, with an ad or an error", "A4, K2", .portOnly) { subject in
            let ports = try await subject.current()
            let calls = Callbacks<Result<LoadedAd, AdLoadError>>()
            ports.sdk.loadAd(AdRequest(adUnitID: subject.testAdUnitID), completion: calls.record)
            await subject.settle()
            try expect("completions", calls.values.count, equals: 1)
        },
        check("ads.start-completes-once", "starting the SDK calls its completion exactly once", "A5", .portOnly) { subject in
            let ports = try await subject.current()
            let calls = Callbacks<Int>()
            ports.sdk.start { calls.record(1) }
            await subject.settle()
            try expect("completions", calls.values.count, equals: 1)
        },
        check("ads.load-error-reaches-completion", "a failed load reaches the completion as that error", "A4", .needsWorldControl) { subject in
            guard let ports = try await subject.arrange(loadsFailingWith: .network) else {
                throw ContractSkip.cannotArrange("ad loads failing with a network error")
            }
            let calls = Callbacks<AdLoadError?>()
            ports.sdk.loadAd(AdRequest(adUnitID: subject.testAdUnitID)) { calls.record($0.failure) }
            await subject.settle()
            try expect("load errors (nil: an ad)", calls.values, equals: [.network])
        },
        check(
            "ads.configuration-reaches-sdk-intact", "a request configuration set on the SDK is the one it holds, every tag and collection setting kept",
            "A7, A10", .portOnly
        ) {
            subject in
            let ports = try await subject.current()
            let configuration = AdRequestConfiguration(
                underAgeOfConsent: false, childDirectedTreatment: true, ageTreatment: .child, coarseLocationCollection: false, publisherFirstPartyID: false
            )
            ports.sdk.setRequestConfiguration(configuration)
            await subject.settle()
            try expect("the configuration the SDK holds", ports.sdk.requestConfiguration, equals: configuration)
        },
    ]

    private static func check(
        _ id: String, _ statement: String, _ source: String, _ kind: ContractKind,
        _ body: @escaping @Sendable (any AdSDKSubject) async throws -> Void
    ) -> ContractCheck<any AdSDKSubject> {
        ContractCheck(ContractClause(id: id, port: .adSDK, statement: statement, source: source, kind: kind), body: body)
    }
}
