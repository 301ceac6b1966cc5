/// What the linter cannot read from the files themselves.
public struct LintOptions: Hashable, Sendable {
    /// A location authorization an app may request.
    public enum LocationRequest: String, CaseIterable, Hashable, Sendable, Codable {
        /// `requestWhenInUseAuthorization`.
        case whenInUse = "when-in-use"
        /// `requestAlwaysAuthorization`.
        case always
    }

    /// The location authorizations the app requests, besides those its Info.plist shows
    /// (an always text means always; a temporary-accuracy text or the `location` background mode means when in use).
    public var locationRequests: Set<LocationRequest>

    /// Options; by default the Info.plist alone says which location authorizations the app requests.
    public init(locationRequests: Set<LocationRequest> = []) {
        self.locationRequests = locationRequests
    }
}
