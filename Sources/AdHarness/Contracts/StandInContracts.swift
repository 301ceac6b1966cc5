import PortContracts

/// Runs the whole contract suite against the stand-ins, as `adharness contracts` prints it.
package enum StandInContracts {
    /// Every clause's result, port by port; each check gets a fresh stand-in subject.
    package static func results() async -> [ContractResult] {
        var results: [ContractResult] = []
        for check in TrackingAuthorizerContract.checks { results.append(await check.run(against: StandInContractSubjects.trackingAuthorizer())) }
        for check in AdvertisingIdentifierContract.checks { results.append(await check.run(against: StandInContractSubjects.advertisingIdentifier())) }
        for check in ConsentInformationContract.checks { results.append(await check.run(against: StandInContractSubjects.consentInformation())) }
        for check in ConsentFormContract.checks { results.append(await check.run(against: StandInContractSubjects.consentForm())) }
        for check in AdSDKContract.checks { results.append(await check.run(against: StandInContractSubjects.adSDK())) }
        for check in LocationAuthorizerContract.checks { results.append(await check.run(against: StandInContractSubjects.locationAuthorizer())) }
        for check in KeyValueStoreContract.checks { results.append(await check.run(against: StandInContractSubjects.keyValueStore())) }
        for check in AnalyticsContract.checks { results.append(await check.run(against: StandInContractSubjects.analytics())) }
        for check in MediationPartnersContract.checks { results.append(await check.run(against: StandInContractSubjects.mediationPartners())) }
        return results
    }
}
