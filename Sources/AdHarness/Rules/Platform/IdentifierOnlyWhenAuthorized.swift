import AdRequestKit
import StandInRuntime

extension RuleID {
    /// No non-zero advertising identifier read unless tracking is `authorized`.
    public static let identifierOnlyWhenAuthorized = RuleID(declaring: "identifierOnlyWhenAuthorized")
}

extension RuleDescriptor {
    /// Apple states the tracking-authorization requirement for iOS 14.5 and later; an earlier OS
    /// hands the identifier out without asking (catalogue I2, I3), so there the rule is advice.
    static let identifierOnlyWhenAuthorized = RuleDescriptor(
        id: .identifierOnlyWhenAuthorized,
        authority: .platform,
        on: [.idfaRead],
        rule: "no non-zero advertising identifier read unless tracking is authorized",
        definition: """
            Broken by an `idfa.read` that returned a non-zero identifier while the OS tracking status is not `authorized`. \
            Its authority is the OS version's: platform from 14.5, where Apple requires the authorization; guidance (a \
            warning by default) on an earlier OS, which hands the identifier out without asking.
            """,
        source: """
            Apple, https://developer.apple.com/documentation/adsupport/asidentifiermanager/advertisingidentifier (on iOS 14.5 and \
            later the app must request tracking authorization before it can get the identifier; catalogue I1, and I2 for earlier OS versions)
            """,
        breaks: { event, _ in
            event.name == .idfaRead && event[.identifier] == .set && event[.tracking] != .authorized
        },
        authorityAt: { event in
            guard let os = event[.osVersion], os < OSVersion(14, 5) else { return .platform }
            return .guidance
        }
    )
}
