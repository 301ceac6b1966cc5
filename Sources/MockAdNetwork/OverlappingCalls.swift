import AdRequestKit
import StandInRuntime

/// What the consent SDK does with a call that overlaps one of its own still running: an update
/// while another update is in flight, or a form presented while one of its forms is on screen.
///
/// The native SDK documents neither case; Google's C++ wrapper over it refuses the second call
/// ("operation in progress"). The harness offers both, as a device knob.
public enum OverlappingCallPolicy: String, CaseIterable, Hashable, Sendable, Codable {
    /// Each call runs and completes on its own, as if the first were not there.
    case runBoth
    /// The second call completes at once with an error (`internal`: the native SDK has no
    /// "in progress" code), and the first one goes on untouched.
    case reject
}

/// The consent SDK's calls in flight in one process: updates waiting for their completion and
/// forms on screen, so that an overlapping call can be told apart.
final class InFlightCalls: Sendable {
    private let counts = Locked((updates: 0, formsOnScreen: 0))

    /// Whether an update is in flight.
    var updateInFlight: Bool { counts.withLock { $0.updates > 0 } }
    /// Whether one of the SDK's forms is on screen.
    var formOnScreen: Bool { counts.withLock { $0.formsOnScreen > 0 } }

    /// An update starts.
    func updateStarted() { counts.withLock { $0.updates += 1 } }
    /// An update completes (its completion is delivered, or was due).
    func updateEnded() { counts.withLock { $0.updates = max(0, $0.updates - 1) } }
    /// A form appears.
    func formShown() { counts.withLock { $0.formsOnScreen += 1 } }
    /// A form goes away (answered or dismissed).
    func formGone() { counts.withLock { $0.formsOnScreen = max(0, $0.formsOnScreen - 1) } }
}
