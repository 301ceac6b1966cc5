import MockAdNetwork
import MockTrackingManager

/// One step of a run, with what it needs: what a test passes to ``SimulatedApp/perform(_:fileID:filePath:line:column:)``,
/// what a scenario's `steps` list (Scenarios reads and writes its JSON spelling) and what the explorer tries.
///
/// Each case is a method of ``SimulatedApp`` (`.requestAd` is ``SimulatedApp/requestAd(fileID:filePath:line:column:)``), and
/// the trace records it under its ``Step/Kind``.
public enum Step: Hashable, Sendable, CustomStringConvertible {
    /// Process start: a fresh glue runs its launch code while the app is inactive, then the app becomes active.
    case launch
    /// The glue's first-run flow.
    case onboarding
    /// The app asks for tracking on its own.
    case requestTracking
    /// The app asks for tracking and requests an ad as soon as the answer comes.
    case requestTrackingThenAd
    /// The app requests an ad.
    case requestAd
    /// The app reads the advertising identifier.
    case readAdvertisingIdentifier
    /// The app comes back to the foreground.
    case foreground
    /// The user opens the privacy-options entry point.
    case openPrivacyOptions
    /// The process ends and starts again.
    case relaunch
    /// The user closes the app (swipes it away): the process ends, and `launch` starts it again,
    /// after whatever time passes in between.
    ///
    /// What a real user does before a long wait: an app left in front for days would keep its own
    /// timers running all that time, where a real device locks and the app is suspended. A run
    /// that ends closed has no app to tap at its end, so the privacy-options entry point is not
    /// probed then.
    case close
    /// The app is deleted, installed and started again.
    case reinstall
    /// Virtual time jumps from one due time to the next until nothing can run.
    case runUntilIdle
    /// Virtual time passes.
    case advance(Duration)
    /// The app asks for when-in-use location.
    case requestLocation
    /// The user leaves the app, changes Settings, and comes back: each change a trip to Settings of
    /// its own, in order.
    case settings([SettingsChange])
    /// The device moves to another region; the consent SDK sees it at its next update.
    case travel(ConsentRegion)
    /// The user taps one of the app's own controls, by the name the glue declares.
    case tap(String)
    /// The app calls the consent SDK directly, bypassing the glue (`{ "sdk": "loadForm" }`).
    case sdk(ConsentSDKCall)

    /// The steps spelled as a plain string.
    package static let named: [(String, Step)] = [
        ("launch", .launch), ("onboarding", .onboarding), ("requestTracking", .requestTracking),
        ("requestTrackingThenAd", .requestTrackingThenAd), ("requestAd", .requestAd),
        ("readAdvertisingIdentifier", .readAdvertisingIdentifier), ("foreground", .foreground),
        ("openPrivacyOptions", .openPrivacyOptions), ("relaunch", .relaunch), ("reinstall", .reinstall),
        ("runUntilIdle", .runUntilIdle), ("requestLocation", .requestLocation), ("close", .close),
    ]

    /// `launch`, `advance 30.000s`, `settings tracking=denied`, `sdk update debugGeography=eea`.
    public var description: String {
        switch self {
        case .advance(let duration): "advance \(duration.harnessDescription)"
        case .settings(let changes): "settings \(changes.map(\.description).joined(separator: " "))"
        case .travel(let region): "travel \(region.rawValue)"
        case .tap(let control): "tap \(control)"
        case .sdk(let call): "sdk \(call)"
        default: Self.named.first { $0.1 == self }?.0 ?? "step"
        }
    }

    /// Whether the step needs the app's process running: everything the app or its user does in it.
    ///
    /// Settings, travel, time, relaunch and reinstall work with or without a process.
    package var needsRunningApp: Bool {
        switch self {
        case .launch, .relaunch, .reinstall, .settings, .travel, .advance, .runUntilIdle: false
        default: true
        }
    }

    /// Whether the step reaches the app through the glue's entry points (not under `"glue": "none"`).
    package var goesThroughGlue: Bool {
        switch self {
        case .onboarding, .requestTracking, .requestTrackingThenAd, .requestAd, .readAdvertisingIdentifier, .openPrivacyOptions, .tap: true
        default: false
        }
    }
}

/// One change in the Settings app, to tracking and the identifier or to location.
public enum SettingsChange: Hashable, Sendable, CustomStringConvertible {
    /// A tracking or advertising-identifier setting.
    case device(TrackingSettingsChange)
    /// A location setting.
    case location(LocationSettingsChange)

    /// `tracking=denied`, `locationServicesEnabled=false`...
    public var description: String {
        switch self {
        case .device(let change): change.description
        case .location(let change): change.description
        }
    }
}
