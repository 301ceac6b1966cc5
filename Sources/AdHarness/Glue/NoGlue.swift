import AdRequestKit
import Foundation

extension GlueFactory {
    /// No glue: every entry point of the app does nothing, so only a scenario's raw `sdk` steps
    /// touch the consent SDK (`"glue": "none"`), as the peer suite drives it with no app around it.
    package static let noGlue = GlueFactory(name: "no glue") { _ in NoGlue() }
}

/// The app's entry points with no consent code behind them.
final class NoGlue: ConsentGlue {
    func didFinishLaunching() {}
    func runOnboarding() {}
    func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }
    func requestAd(adUnitID: String) {}
    func openPrivacyOptions() {}
    func readAdvertisingIdentifier() -> UUID? { nil }
}
