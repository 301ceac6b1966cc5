import StandInRuntime

extension Step {
    /// A step of a simulated run, and where it was called.
    public struct Call: Hashable, Sendable, CustomStringConvertible {
        /// The step: `onboarding`, `requestAd`, `finish`...
        public var step: String
        /// Where the test called it, or the line of the scenario file that wrote it.
        public var site: CallSite

        /// A step called from a site.
        package init(step: String, site: CallSite) {
            self.step = step
            self.site = site
        }

        /// `onboarding, called at MyAppTests/ConsentTests.swift:12`.
        public var description: String { "\(step), called at \(site)" }
    }
}
