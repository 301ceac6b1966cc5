/// An Info.plist key that the simulated OS and SDKs read, and that `adharness lint` checks.
///
/// The one catalogue of such keys: the stand-ins crash or ignore a request by these entries, and the
/// lint rules name the same entries, so what the harness simulates and what the linter reports agree.
public struct InfoPlistKey: Hashable, Sendable, CustomStringConvertible {
    /// The key as it is written in the file.
    public let name: String
    /// What the real system does when the key is missing, in one line.
    public let whenMissing: String
    /// Whether the value is a purpose text the OS shows in a permission prompt.
    public let isUsageDescription: Bool

    /// The key's name.
    public var description: String { name }

    /// The tracking prompt's purpose text; asking for tracking without it crashes the app.
    public static let trackingUsageDescription = InfoPlistKey(
        name: "NSUserTrackingUsageDescription",
        whenMissing: "the OS terminates the app when it asks for tracking permission",
        isUsageDescription: true
    )
    /// The ad SDK's application identifier; starting the ad SDK without it crashes the app.
    public static let adApplicationIdentifier = InfoPlistKey(
        name: "GADApplicationIdentifier",
        whenMissing: "the ad SDK raises an exception and the app terminates when the SDK starts",
        isUsageDescription: false
    )
    /// Marks an Ad Manager app, which may start the ad SDK without an application identifier.
    public static let adManagerApp = InfoPlistKey(
        name: "GADIsAdManagerApp",
        whenMissing: "the ad SDK requires an application identifier",
        isUsageDescription: false
    )
    /// Switches the ad SDK's ad inspector off (GMA 13.8.0 and later), a Boolean: no gesture, debug
    /// menu or call opens it, for profiling builds. Outside test mode the inspector is always off,
    /// so the key changes nothing a user sees; the linter knows it and checks nothing about it.
    public static let adInspectorDisabled = InfoPlistKey(
        name: "GADDisableAdInspector",
        whenMissing: "the ad inspector opens on a test device as configured",
        isUsageDescription: false
    )
    /// The ad networks allowed to attribute installs: an array of dictionaries.
    public static let adNetworkItems = InfoPlistKey(
        name: "SKAdNetworkItems",
        whenMissing: "no ad network can attribute an install to an ad it showed",
        isUsageDescription: false
    )
    /// The ad networks allowed to attribute installs through AdAttributionKit (OS 17.4 and later):
    /// an array of lowercase identifier strings; optional, ``adNetworkItems`` still serves.
    public static let attributionNetworkIdentifiers = InfoPlistKey(
        name: "AdNetworkIdentifiers",
        whenMissing: "only the networks of SKAdNetworkItems can attribute an install",
        isUsageDescription: false
    )
    /// The key of each entry of ``adNetworkItems``.
    public static let adNetworkIdentifier = InfoPlistKey(
        name: "SKAdNetworkIdentifier",
        whenMissing: "the entry names no ad network",
        isUsageDescription: false
    )
    /// Why the app uses location while in use; location requests do nothing without it.
    public static let locationWhenInUseUsageDescription = InfoPlistKey(
        name: "NSLocationWhenInUseUsageDescription",
        whenMissing: "every location authorization request does nothing",
        isUsageDescription: true
    )
    /// Why the app uses location always; an always request needs it and the when-in-use text.
    public static let locationAlwaysAndWhenInUseUsageDescription = InfoPlistKey(
        name: "NSLocationAlwaysAndWhenInUseUsageDescription",
        whenMissing: "a request for always authorization does nothing",
        isUsageDescription: true
    )
    /// The texts for temporary precise location, keyed by purpose.
    public static let locationTemporaryUsageDescriptionDictionary = InfoPlistKey(
        name: "NSLocationTemporaryUsageDescriptionDictionary",
        whenMissing: "a request for temporary precise location does nothing",
        isUsageDescription: false
    )
    /// The background modes the app declares; `location` means it uses location in the background.
    public static let backgroundModes = InfoPlistKey(
        name: "UIBackgroundModes",
        whenMissing: "the app declares no background mode",
        isUsageDescription: false
    )

    /// Every key in the catalogue.
    public static let all: [InfoPlistKey] = [
        trackingUsageDescription, adApplicationIdentifier, adManagerApp, adInspectorDisabled, adNetworkItems, attributionNetworkIdentifiers,
        adNetworkIdentifier,
        locationWhenInUseUsageDescription, locationAlwaysAndWhenInUseUsageDescription,
        locationTemporaryUsageDescriptionDictionary, backgroundModes,
    ]

    /// The purpose texts a location authorization request needs: always needs both texts.
    public static func locationUsageDescriptions(always: Bool) -> [InfoPlistKey] {
        always ? [locationAlwaysAndWhenInUseUsageDescription, locationWhenInUseUsageDescription] : [locationWhenInUseUsageDescription]
    }

    /// Google's own ad network identifier, which an app showing Google's ads lists in ``adNetworkItems``.
    public static let googleAdNetworkIdentifier = "cstr6suwn9.skadnetwork"
    /// Google's published sample application identifier, for tests and samples, never for a release.
    public static let sampleAdApplicationIdentifier = "ca-app-pub-3940256099942544~1458002511"

    /// Whether a text has the form of an ad application identifier: `ca-app-pub-`, 16 digits, `~`, digits.
    ///
    /// The one definition: the consent SDK's update and the linter's rule both use it, so they agree.
    public static func isWellFormedAdApplicationIdentifier(_ identifier: String) -> Bool {
        let prefix = "ca-app-pub-".utf8
        guard identifier.utf8.starts(with: prefix) else { return false }
        let parts = identifier.utf8.dropFirst(prefix.count).split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let digits = { (part: Substring.UTF8View) in !part.isEmpty && part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        return parts[0].count == 16 && digits(parts[0]) && digits(parts[1])
    }
}
