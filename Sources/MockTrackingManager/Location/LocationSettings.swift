/// The device's settings that location authorization depends on.
public struct LocationSettings: Hashable, Sendable {
    /// Location Services on system-wide.
    public var servicesEnabled: Bool
    /// With Location Services off, whether the status reads `denied` or keeps the app's own value.
    ///
    /// Apple's documentation says `denied`; developer reports from 2016 and 2026 saw the app's own
    /// value kept. The sources disagree, so it is a knob, on by default (Apple's documentation).
    public var servicesOffReportsDenied: Bool
    /// Restrictions (parental controls, device management) forbid location: `restricted`.
    public var restricted: Bool

    /// Creates settings; the defaults are services on, the documented behaviour, no restriction.
    public init(servicesEnabled: Bool = true, servicesOffReportsDenied: Bool = true, restricted: Bool = false) {
        self.servicesEnabled = servicesEnabled
        self.servicesOffReportsDenied = servicesOffReportsDenied
        self.restricted = restricted
    }
}
