import AdRequestKit

extension OSVersion: TraceValue {
    /// `14.4`, `17.4.1`: as the device's settings spell it.
    public var traceText: String { description }
    /// The version a trace spells so.
    public init?(traceText: String) { self.init(text: traceText) }
}

extension TraceField where Value == OSVersion {
    /// The OS version of the device when the event happened (`idfa.read`, `tracking.request`).
    @inlinable public static var osVersion: Self { Self("os") }
}
