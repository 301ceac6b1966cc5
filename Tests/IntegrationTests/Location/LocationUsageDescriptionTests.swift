import AdRequestKit
import AppInfoPlist
import MockTrackingManager
import StandInRuntime
import Testing

/// Info.plist usage texts: a request without its keys does nothing, and the trace names the keys.
@Suite("Location usage descriptions")
struct LocationUsageDescriptionTests {
    @Test(
        "without its usage texts a request does nothing: no prompt, no callback, the missing keys reported",
        arguments: [
            (false, [InfoPlist.locationWhenInUseUsageKey], InfoPlist.locationWhenInUseUsageKey),
            (true, [InfoPlist.locationWhenInUseUsageKey], InfoPlist.locationWhenInUseUsageKey),
            (true, [InfoPlist.locationAlwaysAndWhenInUseUsageKey], InfoPlist.locationAlwaysAndWhenInUseUsageKey),
            (
                true, [InfoPlist.locationAlwaysAndWhenInUseUsageKey, InfoPlist.locationWhenInUseUsageKey],
                "\(InfoPlist.locationAlwaysAndWhenInUseUsageKey),\(InfoPlist.locationWhenInUseUsageKey)"
            ),
        ])
    func missingUsageDescription(always: Bool, removed: [String], reported: String) {
        let infoPlist = removed.reduce(InfoPlist.standardWithLocation) { $0.removing($1) }
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing), infoPlist: infoPlist)
        if always { location.manager.requestAlwaysAuthorization() } else { location.manager.requestWhenInUseAuthorization() }
        location.clock.run()

        #expect(location.callbacks.values == [.notDetermined])
        #expect(location.trace.count(of: .locationPrompt) == 0)
        let ignored = location.trace.events(named: .locationIgnored)
        #expect(ignored.map { $0["reason"] } == ["missingUsageDescription"])
        #expect(ignored.first?["missing"] == reported)
    }
}
