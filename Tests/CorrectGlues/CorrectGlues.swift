import AdHarness

/// Correct glues as a team's module holds them, for the tests' team tool: the docs' two glues, a
/// consent manager of the tests' own, two of a reviewer's and two of a door review (Google's early-ads sample, a
/// banner refresh timer), and Google's UMP sample's main-queue hops (`DispatchQueue.main.async`, which the
/// harness runs in the run's order). Each file is the test target's own glue (a link to it), so the
/// tool's worker processes run the same code a test runs in process, and the tests can compare
/// every door's verdict on it.
public enum CorrectGlues {
    /// Every glue of the module, by the name `--glue` takes.
    @MainActor public static var glues: [GlueFactory] {
        var glues = [
            GlueFactory(ConsentFirstGlue.init), GlueFactory(ForegroundDebounceGlue.init), GlueFactory(EarlyAdsGlue.init),
            GlueFactory(BannerRefreshGlue.init), GlueFactory(MainQueueGlue.init),
        ]
        if #available(macOS 15.0, iOS 18.0, *) {
            glues += [GlueFactory(AwaitingConsentGlue.init), GlueFactory(PreloadingConsentManager.init), GlueFactory(CancellableTaskConsentManager.init)]
        }
        return glues
    }

    /// The team's own rules the tool knows: `--rules` and scenario files may name them.
    public static func rules() throws -> RuleSet { try RuleSet.standard.adding(NoAdWhileTrackingDenied()) }
}
