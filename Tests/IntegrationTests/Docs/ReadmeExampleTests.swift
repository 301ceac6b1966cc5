import AdHarness
import Foundation
import HarnessSupport
import MockTrackingManager
import Testing

/// The README's two example tests, verbatim, so that they compile and pass.
@Suite("README examples")
struct ReadmeExampleTests {
    @Test func deniedTrackingKeepsRequestsNonPersonalized() throws {
        let app = try SimulatedApp(
            device: Device(osVersion: "17.5", region: .eea),
            user: User(trackingPrompt: .deny(after: .seconds(3)), consentForm: .acceptAll)
        )
        try app.launch()
        try app.onboarding()                 // tracking prompt first, then the consent form
        try app.advance(by: .seconds(3))     // virtual time: the user answers
        try app.requestAd()

        #expect(app.consentState?.shouldUseNPA == true)
        #expect(app.adRequests.map(\.isNonPersonalized) == [true])
        #expect(app.trace.contains(inOrder: [.trackingPrompt, .consentFormPresent, .adsRequest]))
    }

    @Test func trackingSurvivesTheLocationPrompt() throws {
        let app = try SimulatedApp(
            device: Device(infoPlist: .standardWithLocation),   // with the location usage texts
            user: User(trackingPrompt: .allow, consentForm: .acceptAll,
                       location: LocationUserScript(prompt: .allowWhileUsing(after: .seconds(2))))
        )
        try app.launch()
        try app.requestLocation()            // the location prompt is up: the app is inactive
        try app.onboarding()                 // so the OS answers tracking notDetermined, no prompt
        try app.advance(by: .seconds(2))     // the user answers; the app is active; tracking is asked
        #expect(app.locationAnswers == [.authorizedWhenInUse])
        #expect(app.trackingPrompts == 1)
    }

    @Test("the README shows these examples as they are here")
    func readmeMatches() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        for name in ["deniedTrackingKeepsRequestsNonPersonalized", "trackingSurvivesTheLocationPrompt"] {
            let lines = source.components(separatedBy: "\n")
            let start = try #require(lines.firstIndex { $0.contains("func \(name)()") })
            let end = try #require(lines[start...].firstIndex { $0 == "    }" })
            for line in lines[start...end] where !line.isEmpty {
                let text = line.hasPrefix("    ") ? String(line.dropFirst(4)) : line
                #expect(readme.contains(text), "README lacks: \(text)")
            }
        }
    }
}
