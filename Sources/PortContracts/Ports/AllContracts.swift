/// Every clause of every port's contract, for listings and reports.
public enum PortContractCatalogue {
    /// The clauses, port by port, in the order of `ContractPort.allCases`.
    public static let clauses: [ContractClause] =
        TrackingAuthorizerContract.checks.map(\.clause)
        + AdvertisingIdentifierContract.checks.map(\.clause)
        + ConsentInformationContract.checks.map(\.clause)
        + ConsentFormContract.checks.map(\.clause)
        + AdSDKContract.checks.map(\.clause)
        + LocationAuthorizerContract.checks.map(\.clause)
        + KeyValueStoreContract.checks.map(\.clause)
        + AnalyticsContract.checks.map(\.clause)
        + MediationPartnersContract.checks.map(\.clause)
}
