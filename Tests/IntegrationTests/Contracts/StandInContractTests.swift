import AdHarness
import AdHarnessContracts
import Testing

/// Every stand-in passes every clause of its port's contract, world-control checks included.
@Suite("Contract suite against the stand-ins")
struct StandInContractTests {
    @Test(arguments: TrackingAuthorizerContract.checks)
    func trackingAuthorizer(_ check: ContractCheck<any TrackingAuthorizerSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.trackingAuthorizer()).verdict == .passed)
    }

    @Test(arguments: AdvertisingIdentifierContract.checks)
    func advertisingIdentifier(_ check: ContractCheck<any AdvertisingIdentifierSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.advertisingIdentifier()).verdict == .passed)
    }

    @Test(arguments: ConsentInformationContract.checks)
    func consentInformation(_ check: ContractCheck<any ConsentInformationSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.consentInformation()).verdict == .passed)
    }

    @Test(arguments: ConsentFormContract.checks)
    func consentForm(_ check: ContractCheck<any ConsentFormSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.consentForm()).verdict == .passed)
    }

    @Test(arguments: AdSDKContract.checks)
    func adSDK(_ check: ContractCheck<any AdSDKSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.adSDK()).verdict == .passed)
    }

    @Test(arguments: LocationAuthorizerContract.checks)
    func locationAuthorizer(_ check: ContractCheck<any LocationAuthorizerSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.locationAuthorizer()).verdict == .passed)
    }

    @Test(arguments: KeyValueStoreContract.checks)
    func keyValueStore(_ check: ContractCheck<any KeyValueStoreSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.keyValueStore()).verdict == .passed)
    }

    @Test(arguments: AnalyticsContract.checks)
    func analytics(_ check: ContractCheck<any AnalyticsSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.analytics()).verdict == .passed)
    }

    @Test(arguments: MediationPartnersContract.checks)
    func mediationPartners(_ check: ContractCheck<any MediationPartnersSubject>) async throws {
        #expect(try await check.verify(against: StandInContractSubjects.mediationPartners()).verdict == .passed)
    }
}
