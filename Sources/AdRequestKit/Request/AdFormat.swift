/// What kind of ad a request is for: a banner in the app's layout, or a full-screen ad the app
/// presents and the user dismisses.
public enum AdFormat: String, CaseIterable, Hashable, Sendable, Codable {
    /// A banner shown inside the app's screen.
    case banner
    /// A full-screen ad shown at a break in the app's flow.
    case interstitial
    /// A full-screen ad the user watches for a reward.
    case rewarded
    /// A full-screen ad shown as the app opens or comes back.
    case appOpen

    /// Whether the app presents it over its screen (every format but the banner).
    public var isFullScreen: Bool { self != .banner }
}
