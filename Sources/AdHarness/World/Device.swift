import AdRequestKit
import AppInfoPlist
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// The simulated phone a run starts on: OS, system switches, region, Info.plist, location settings and latencies.
///
/// What the OS and the consent SDK answer depends on the phone as much as on the user (no tracking
/// prompt with tracking switched off, no consent form outside a regulated region), so a test names
/// the phone it means. The defaults are a current OS in the EEA, nothing restricted in Settings,
/// and every Info.plist key present.
///
/// ```swift
/// // "Allow Apps to Request to Track" switched off in Settings, outside any regulated region:
/// let device = Device(osVersion: "17.5", region: .other, allowAppsToRequestToTrack: false)
/// let app = try SimulatedApp(glue: MyGlue.init, device: device)
/// try app.launch()
/// try app.onboarding()
/// #expect(app.trackingPrompts == 0)          // the OS answers without a prompt...
/// #expect(app.trackingStatus == .denied)     // ...and the answer is denied
/// ```
public struct Device: Hashable, Sendable {
    /// OS version and system-wide tracking switches.
    public var os: OSSettings
    /// Region, published privacy messages and SDK latencies.
    public var sdk: ConsentSDKSettings
    /// The app's Info.plist.
    public var infoPlist: InfoPlist
    /// Location Services and location restrictions.
    public var location: LocationSettings
    /// The device's country (ISO 3166 code), for the OS's EU rules on the tracking prompt from 27.2;
    /// `nil`: in the EU when the region is the EEA, a country none of the five full-page-sheet ones.
    public var country: String?

    /// Where the OS places the device for its EU tracking-prompt rules: from ``country``, else from the region.
    package var trackingPromptRegion: TrackingPromptRegion {
        if let country { return TrackingPromptRegion(countryCode: country) ?? .outsideEU }
        return sdk.region == .eea ? .eu : .outsideEU
    }

    /// Creates a device; the defaults are a current OS in the EEA with every Info.plist key present.
    public init(
        osVersion: OSVersion = "18.0",
        region: ConsentRegion = .eea,
        allowAppsToRequestToTrack: Bool = true,
        trackingRestricted: Bool = false,
        limitAdTracking: Bool = false,
        infoPlist: InfoPlist = .standard,
        location: LocationSettings = LocationSettings(),
        messages: PublishedMessages = .standard,
        consentUpdateLatency: Duration = .zero,
        formLoadLatency: Duration = .zero,
        adLoadLatency: Duration = .zero
    ) {
        os = OSSettings(
            osVersion: osVersion,
            allowAppsToRequestToTrack: allowAppsToRequestToTrack,
            trackingRestricted: trackingRestricted,
            limitAdTracking: limitAdTracking
        )
        sdk = ConsentSDKSettings(
            region: region,
            messages: messages,
            updateLatency: consentUpdateLatency,
            formLoadLatency: formLoadLatency,
            adLoadLatency: adLoadLatency
        )
        self.infoPlist = infoPlist
        self.location = location
    }
}
