import AdHarness
import AdRequestKit
import Foundation

/// A glue that asks for tracking again whenever the answer comes back undecided. When the prompt
/// goes away unanswered (dismissed, or the app not active), it asks again at once, for ever: on a
/// device the app spins.
///
/// Caught: a runaway loop, stopped by the harness's budget.
final class AskUntilDecidedGlue: ConsentGlue {
    /// How the glue asks again.
    enum Retry: Sendable {
        /// From inside the completion, on its stack.
        case fromCompletion
        /// On the next turn of the run loop (`DispatchQueue.main.async`), through the app's clock.
        case onNextRunLoop
    }

    private let ports: AppPorts
    private let retry: Retry

    init(ports: AppPorts, retry: Retry = .fromCompletion) {
        self.ports = ports
        self.retry = retry
    }

    func didFinishLaunching() {}

    func runOnboarding() { requestTracking {} }

    /// Asks, and asks again from the completion while the answer is undecided.
    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { [weak self] status in
            guard let self, status == .notDetermined else { return completion() }
            switch retry {
            case .fromCompletion: requestTracking(completion: completion)
            case .onNextRunLoop:
                ports.clock.schedule(after: .zero, label: "ask again") { [weak self] in self?.requestTracking(completion: completion) }
            }
        }
    }

    func requestAd(adUnitID: String) {}

    func openPrivacyOptions() {}

    func readAdvertisingIdentifier() -> UUID? { nil }
}

/// An async glue that waits for a flag of its own by yielding (`while !started { await Task.yield() }`)
/// where nothing ever sets it: its task makes a job, runs it and makes the next at one instant, for
/// ever; on a device the app spins.
///
/// Caught: a runaway loop, stopped by the harness's budget of jobs at one instant.
@MainActor
final class YieldUntilStartedGlue: AsyncConsentGlue {
    private var started = false

    init(ports: AppPorts) {}

    func didFinishLaunching() async {}

    func runOnboarding() async {}

    func requestTracking() async {}

    func requestAd(adUnitID: String) async {
        while !started { await Task.yield() }
    }

    func openPrivacyOptions() async {}

    func readAdvertisingIdentifier() async -> UUID? { nil }
}
