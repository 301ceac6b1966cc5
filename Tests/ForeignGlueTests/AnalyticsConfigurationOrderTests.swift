import AdHarness
import ScenarioRunner
import Testing

/// The order Google asks for with the consent SDK's consent mode: the analytics SDK configured
/// before the consent SDK starts. A glue that configures it after the consent SDK's first update
/// loses the link for the launch; `analyticsConfiguredBeforeConsentSDK` warns of it, and the bundled
/// file for any glue catches it.
@Suite("Analytics configured before the consent SDK")
struct AnalyticsConfigurationOrderTests {
    /// The bundled file for any glue: an EEA user accepts, consent mode on, every default denied.
    static func anyGlueFile() throws -> ScenarioFile {
        try #require(
            try ScenarioFile.bundled(for: .anyGlue).first { "\($0)".hasSuffix("analytics/consent-mode-link-needs-analytics-configured-first.json") })
    }

    @Test("configured after the consent SDK: warned of, and the consent SDK's link sets nothing, so the consent stays denied")
    func configuredLate() throws {
        let verdict = try Self.anyGlueFile().run(glue: AnalyticsOrderGlue.factory(.analyticsAfterConsentSDK))
        let warned = verdict.warnings.map(\.rule)
        #expect(warned.contains(.analyticsConfiguredBeforeConsentSDK), "\(verdict.report)")
        #expect(warned.contains(.analyticsConsentFollowsChoice), "the acceptance never reaches the analytics SDK: \(verdict.report)")
        #expect(!verdict.trace.contains { $0.name == .analyticsConsent }, "the link did nothing: \(verdict.trace.filter { $0.name == .analyticsConsent })")
        let configured = verdict.trace.filter { $0.name == .analyticsConfigure }
        #expect(configured.count == 2 && configured.allSatisfy { $0[.consentSDKStartedFirst] == true && $0[.consentModeEnabled] == true })
    }

    @Test("configured before the consent SDK: no finding, and the consent SDK sets the analytics consent from the acceptance")
    func configuredFirst() throws {
        let verdict = try Self.anyGlueFile().run(glue: AnalyticsOrderGlue.factory(.analyticsFirst))
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.warnings.isEmpty, "\(verdict.warnings.map(\.summary))")
        #expect(verdict.trace.contains { $0.name == .analyticsConsent && $0[.analyticsConsentSetBy] == .consentSDK })
        #expect(verdict.trace.filter { $0.name == .analyticsConfigure }.allSatisfy { $0[.consentSDKStartedFirst] == false })
    }

    @Test("configured late with consent mode off: nothing relies on the link, so nothing is judged")
    func lateWithoutConsentMode() throws {
        let scenario = try Scenario.decode(
            json: """
                {"name":"late, consent mode off","device":{"analyticsSDK":true},"user":{"consentForm":"acceptAll","trackingPrompt":"allow"},
                 "steps":["launch","onboarding"],"expect":{}}
                """
        )
        let verdict = scenario.run(glue: AnalyticsOrderGlue.factory(.analyticsAfterConsentSDK), rules: .standard)
        #expect(!verdict.warnings.map(\.rule).contains(.analyticsConfiguredBeforeConsentSDK), "\(verdict.report)")
        #expect(verdict.trace.contains { $0.name == .analyticsConfigure && $0[.consentModeEnabled] == false })
    }
}
