/// What the ad network requires of the privacy signals, where its requirements changed over time
/// or depend on who the publisher's CMP is: a setting of the world, with today's rules by default.
public struct ServingPolicy: Hashable, Sendable {
    /// TCF 2.3 (mandatory since 2026-02-28): a TC string must carry the DisclosedVendors segment,
    /// and Google must be among the vendors it lists, for Google to process personal data. Off: the
    /// TCF 2.2 reading, where the segment is optional.
    public var requiresDisclosedVendors: Bool
    /// The CMP ids Google has certified; `nil`: every CMP counts as certified (the harness cannot
    /// know Google's list, so it never fails a string for its CMP unless a test names the list).
    /// In the EEA, the UK and Switzerland a string from another CMP gets limited ads only.
    public var certifiedCMPIDs: Set<Int>?

    /// Creates a policy; the defaults are today's rules with every CMP counted as certified.
    public init(requiresDisclosedVendors: Bool = true, certifiedCMPIDs: Set<Int>? = nil) {
        self.requiresDisclosedVendors = requiresDisclosedVendors
        self.certifiedCMPIDs = certifiedCMPIDs
    }

    /// The consent SDK's own CMP id, which Google certifies.
    public static let consentSDKCMPID = 300
}
