import AdRequestKit
import HarnessSupport

extension Invariant {
    /// No non-zero advertising identifier read unless tracking is `authorized`.
    public static let identifierOnlyWhenAuthorized = Invariant(declaring: "identifierOnlyWhenAuthorized")
}

extension RuleDescriptor {
    static let identifierOnlyWhenAuthorized = RuleDescriptor(
        id: .identifierOnlyWhenAuthorized,
        authority: .platform,
        on: [.idfaRead],
        rule: "no non-zero advertising identifier read unless tracking is authorized",
        definition: "Broken by an `idfa.read` that returned a non-zero identifier while the OS tracking status is not `authorized`.",
        source: "Apple, https://developer.apple.com/documentation/adsupport/asidentifiermanager/advertisingidentifier (catalogue I1)",
        breaks: { event, _ in
            event.name == .idfaRead && event[.identifier] == .set && event[.tracking] != .authorized
        }
    )
}
