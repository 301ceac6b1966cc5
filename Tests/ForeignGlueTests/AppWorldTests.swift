import AdHarness
import Foundation
import Testing

/// What real apps branch on and drive besides the SDKs: the OS version, the app's own controls.
@Suite("The app's world")
struct AppWorldTests {
    /// Asks for tracking only where the prompt is enforced, as apps write `if #available(iOS 14.5, *)`.
    @MainActor
    final class AvailableGlue: AsyncConsentGlue {
        let ports: AppPorts
        init(ports: AppPorts) { self.ports = ports }

        func runOnboarding() async {
            if ports.system.isAvailable(14, 5) { _ = await ports.tracking.requestTrackingAuthorization() }
        }

        func didFinishLaunching() async {}
        func requestTracking() async {}
        func requestAd(adUnitID: String) async {}
        func openPrivacyOptions() async {}
        func readAdvertisingIdentifier() async -> UUID? { nil }
    }

    @Test("the device's OS version reaches the glue, so an #available branch runs as written", arguments: [("14.4", 0), ("14.5", 1), ("18.0", 1)])
    func osVersionBranch(version: String, prompts: Int) throws {
        let app = try SimulatedApp(glue: AvailableGlue.init, device: Device(osVersion: OSVersion(stringLiteral: version), region: .other), user: User(trackingPrompt: .allow))
        try app.launch()
        try app.onboarding()
        try app.runUntilIdle()
        #expect(app.trackingPrompts == prompts)
    }
}
