import AdHarness

/// The glues of this module, as the team's tool serves them.
public enum Fragile {
    /// Every glue of the module: the tool serves them all, by name.
    @MainActor public static var glues: [GlueFactory] {
        var glues = [
            GlueFactory(TrappingConsentManager.init), GlueFactory(BlockingLaunchGlue.init), GlueFactory(ExitingLaunchGlue.init),
            GlueFactory(AssertsOneCompletionGlue.init), GlueFactory(LaunchSignalsThenBlocksGlue.init),
        ]
        if #available(macOS 15.0, iOS 18.0, *) { glues.append(GlueFactory(ResumingTwiceConsentManager.init)) }
        return glues
    }
}
