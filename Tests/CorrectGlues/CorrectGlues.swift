import AdHarness

/// Correct glues as a team's module holds them, for the tests' team tool: the docs' two glues, a
/// consent manager of the tests' own, two of a reviewer's and two of a door review (Google's early-ads sample, a
/// banner refresh timer), Google's UMP sample's main-queue hops (`DispatchQueue.main.async`, which the
/// harness runs in the run's order), and a tester's four (a main-actor view model, a callback glue with a
/// timeout, an async manager that retries, one that publishes an `AsyncStream`). Each file is the test
/// target's own glue (a link to it), so the
/// tool's worker processes run the same code a test runs in process, and the tests can compare
/// every door's verdict on it.
public enum CorrectGlues {
    /// Every glue of the module, by the name `--glue` takes.
    @MainActor public static var glues: [GlueFactory] {
        var glues = [
            GlueFactory(ConsentFirstGlue.init), GlueFactory(ForegroundDebounceGlue.init), GlueFactory(EarlyAdsGlue.init),
            GlueFactory(BannerRefreshGlue.init), GlueFactory(MainQueueGlue.init), GlueFactory(ObservableConsentManager.init),
            GlueFactory(TimedConsentGlue.init),
        ]
        if #available(macOS 15.0, iOS 18.0, *) {
            glues += [
                GlueFactory(AwaitingConsentGlue.init), GlueFactory(PreloadingConsentManager.init), GlueFactory(CancellableTaskConsentManager.init),
                RetryingConsentManager.factory(), GlueFactory(StreamingConsentManager.init),
            ]
        }
        return glues
    }

    /// The team's own rules the tool knows: `--rules` and scenario files may name them.
    public static func rules() throws -> RuleSet { try RuleSet.standard.adding(NoAdWhileTrackingDenied()) }
}
