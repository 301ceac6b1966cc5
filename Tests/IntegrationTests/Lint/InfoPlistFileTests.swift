import AppInfoPlist
import Foundation
import ScenarioRunner
import StandInRuntime
import Testing

@testable import Scenarios

/// `device.infoPlistFile`: a scenario runs on the app's real Info.plist, the file the linter checks.
@Suite("A scenario on the app's real Info.plist")
struct InfoPlistFileTests {
    static let lint = LintFixtureTests.folder

    func scenario(_ device: String) throws(ScenarioError) -> Scenario {
        try Scenario.decode(json: #"{"name":"x","device":\#(device),"steps":["launch"],"expect":{}}"#, name: "x.json", folder: Self.lint)
    }

    @Test("the file, XML or binary, relative to the fixture's folder, replaces the standard Info.plist; infoPlist overlays it")
    func fileThenOverlay() throws {
        let file = try PropertyListFile.dictionary(at: Self.lint.appendingPathComponent("good-app/Weather/Info.plist"))
        let devices = try [
            #"{"infoPlistFile":"good-app/Weather/Info.plist"}"#,
            #"{"infoPlistFile":"good-app-binary/Weather/Info.plist","infoPlist":{"NSUserTrackingUsageDescription":null,"GADIsAdManagerApp":true}}"#,
        ].map { try scenario($0).device.infoPlist }
        var overlaid = file
        overlaid["NSUserTrackingUsageDescription"] = nil
        overlaid["GADIsAdManagerApp"] = .bool(true)
        #expect(devices == [InfoPlist(file), InfoPlist(overlaid)])
    }

    @Test(
        "a bad path is an error at the field, naming the path and what was wrong",
        arguments: [
            (
                "\"nowhere/Info.plist\"",
                "nowhere/Info.plist (relative to the fixture's folder FOLDER): expected a property-list file, found nothing at this path"
            ),
            ("\"good-app\"", "good-app (relative to the fixture's folder FOLDER): expected a property-list file, found a folder"),
            (
                "\"unreadable/array-at-top.plist\"",
                "unreadable/array-at-top.plist (relative to the fixture's folder FOLDER): expected a dictionary at the top level, found an array"
            ),
            ("\"\"", "expected a path to an Info.plist, relative to the fixture; found an empty string"),
            ("\"/dev/zero\"", "/dev/zero: expected a property-list file, found a special file"),
        ])
    func badPath(_ path: String, _ message: String) {
        let json = "{\"name\":\"x\",\n\"steps\":[\"launch\"],\n\"expect\":{},\n\"device\":{\"infoPlistFile\":\(path)}}"
        let error = #expect(throws: ScenarioError.self) { try Scenario.decode(json: json, name: "x.json", folder: Self.lint) }
        let expected = "x.json:4:27: $.device.infoPlistFile: " + message.replacingOccurrences(of: "FOLDER", with: Self.lint.path)
        #expect(error?.description == expected)
    }
}
