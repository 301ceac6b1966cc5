import AdHarness
import AdRequestKit

/// A team's rule that reads the shared facts (the OS tracking status) and names the ad the user
/// asked for as its cause. The tests' team tool knows it too (a link to this file).
struct NoAdWhileTrackingDenied: Rule {
    let name = "myApp.noAdWhileTrackingDenied"
    let authority = RuleAuthority.policy
    let statement = "no ad the user asks for goes out while tracking is denied"
    let definition = "Broken by an ads.request while the OS tracking status is denied, after a step requestAd."
    let source = "a test"
    let events: Set<TraceName> = [.adsRequest]
    let causedBy: Set<Step.Kind> = [.requestAd]
    let initialState = false

    func breaks(_ event: TraceEvent, state: Bool, context: RuleContext) -> Bool {
        context.tracking == .denied && context.cause?[.step] == .requestAd
    }
}
