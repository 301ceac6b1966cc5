/// What ``AdsService`` and ``AdsConsentCoordinator`` run on: the app's ports, and the consent SDK
/// flow (a ``ConsentProfile``) they drive through them.
///
/// The ports read through it as its own members (`environment.tracking`), so the service reads
/// like the app code it is.
@dynamicMemberLookup
public struct AdsEnvironment: Sendable {
    /// The app's ports.
    public var ports: AppPorts
    /// The consent SDK's flow: ``CurrentConsentProfile`` or ``LegacyConsentProfile``.
    public var consent: any ConsentProfile

    /// Runs a consent profile on the ports.
    public init(ports: AppPorts, consent: any ConsentProfile) {
        self.ports = ports
        self.consent = consent
    }

    /// Runs the current consent SDK's flow on the ports, with its default request parameters.
    public init(ports: AppPorts) {
        self.init(ports: ports, consent: CurrentConsentProfile(consentInfo: ports.consentInformation, consentForms: ports.consentForms))
    }

    /// A port, read as if it were the environment's own.
    public subscript<Port>(dynamicMember port: KeyPath<AppPorts, Port>) -> Port { ports[keyPath: port] }
}
