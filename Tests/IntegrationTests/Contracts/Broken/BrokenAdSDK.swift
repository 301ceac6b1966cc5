import AdHarness
import AdHarnessContracts

/// An ad SDK that changes what reaches the stand-in or what comes back.
struct MisbehavingAdSDK: AdSDK {
    let base: any AdSDK
    var request: @Sendable (AdRequest) -> AdRequest = { $0 }
    var results: @Sendable (Result<LoadedAd, AdLoadError>) -> [Result<LoadedAd, AdLoadError>] = { [$0] }
    var callsStartCompletion = true
    var forwardsConfiguration = true

    func start(completion: @escaping @Sendable () -> Void) {
        base.start { [callsStartCompletion] in if callsStartCompletion { completion() } }
    }

    func setRequestConfiguration(_ configuration: AdRequestConfiguration) {
        if forwardsConfiguration { base.setRequestConfiguration(configuration) }
    }

    var requestConfiguration: AdRequestConfiguration { base.requestConfiguration }

    func loadAd(_ adRequest: AdRequest, completion: @escaping @Sendable (Result<LoadedAd, AdLoadError>) -> Void) {
        base.loadAd(request(adRequest)) { [results] in results($0).forEach(completion) }
    }
}

struct BrokenAdSDKSubject: AdSDKSubject {
    let base = StandInContractSubjects.adSDK()
    let broken: @Sendable (any AdSDK) -> MisbehavingAdSDK

    func current() async throws -> AdSDKPorts { fix(try await base.current()) }
    func arrange(loadsFailingWith error: AdLoadError) async throws -> AdSDKPorts? { try await base.arrange(loadsFailingWith: error).map(fix) }
    func settle() async { await base.settle() }

    private func fix(_ ports: AdSDKPorts) -> AdSDKPorts { AdSDKPorts(sdk: broken(ports.sdk), requestsReceived: ports.requestsReceived) }
}

enum BrokenAdSDK {
    static func broken(_ id: String, _ flaw: String, _ make: @escaping @Sendable (any AdSDK) -> MisbehavingAdSDK) -> BrokenImplementation {
        BrokenImplementation(id, flaw, checks: AdSDKContract.checks) { BrokenAdSDKSubject(broken: make) }
    }

    static let all = [
        broken("ads.request-reaches-sdk-intact", "drops the request's extras") { MisbehavingAdSDK(base: $0, request: { AdRequest(adUnitID: $0.adUnitID) }) },
        broken("ads.load-completes-once", "completes every load twice") { MisbehavingAdSDK(base: $0, results: { [$0, $0] }) },
        broken("ads.start-completes-once", "never calls the start completion") { MisbehavingAdSDK(base: $0, callsStartCompletion: false) },
        broken("ads.load-error-reaches-completion", "reports every load error as internal") {
            MisbehavingAdSDK(base: $0, results: { result in [result.mapError { _ in .internal }] })
        },
        broken("ads.configuration-reaches-sdk-intact", "keeps the protocol's default and drops the configuration") {
            MisbehavingAdSDK(base: $0, forwardsConfiguration: false)
        },
    ]
}
