import AdHarness
import AdRequestKit
import MockTrackingManager
import StandInRuntime
import Testing

/// The location events belong to the documented trace vocabulary, like every other event.
@Suite("Location trace")
struct LocationTraceTests {
    @Test("a location flow records only documented events, and every location event is documented")
    func eventsAreDocumented() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing, alwaysPrompt: .changeToAlways))
        location.grantWhenInUse()
        location.grantWhenInUse()
        location.manager.requestAlwaysAuthorization()
        location.clock.run()

        let recorded = Set(location.trace.events.map(\.name))
        let locationNames = Set(TraceName.everyName.filter { $0.rawValue.hasPrefix("location.") })
        #expect(recorded.allSatisfy { TraceName(rawValue: $0.rawValue) == $0 }, "\(recorded)")
        #expect(locationNames.isSubset(of: recorded), "documented but never recorded: \(locationNames.subtracting(recorded))")
    }
}
