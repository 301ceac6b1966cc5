import AdHarness
import Foundation
import ScenarioRunner
import Testing

/// The triage of real apps' glue (`TRIAGE.md`) holds: under the standard rules, the harness finds
/// exactly the rules the table lists for each glue, at the severity it lists, on the bundled
/// scenarios for any glue and in a breadth-first exploration.
@Suite("Real apps' glue: the triage holds")
struct RealGlueTriageTests {
    static let glues: [GlueFactory] = [
        FCScopeAdsManager.factory, GlueFactory(MahjongRateAdmobController.init), GlueFactory(PsiphonAdConsent.init),
        GlueFactory(TravelBuddyTrackingManager.init), GlueFactory(GoogleConsentManagerGlue.init),
        GlueFactory(AdvertisingConsentServiceGlue.init),
    ]

    /// One row of the triage table: a glue, a rule, its severity.
    struct Row: Hashable, CustomStringConvertible {
        let glue: String
        let rule: String
        let severity: String

        var description: String { "\(glue): \(rule) (\(severity))" }
    }

    /// The rows of `TRIAGE.md`'s table.
    static func table() throws -> Set<Row> {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let text = try String(contentsOf: folder.appendingPathComponent("TRIAGE.md"), encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line -> Row? in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count >= 5, cells[0] != "Glue", !cells[0].hasPrefix("---") else { return nil }
                return Row(glue: cells[0], rule: cells[1], severity: cells[2])
            })
    }

    /// What the harness finds on a glue under the standard rules.
    static func findings(_ glue: GlueFactory) throws -> Set<Row> {
        var found: Set<Row> = []
        for file in try ScenarioFile.bundled(for: .anyGlue) {
            let verdict = try file.run(glue: glue, rules: .standard)
            // A finding the scenario expects of any glue is its premise, not something this glue
            // does; so is a crash on a device whose Info.plist lacks a key the system needs (the
            // app's configuration, which `adharness lint` checks).
            let scenario = try file.load()
            let premises = [scenario.expect.violation] + (scenario.device.infoPlist == Device().infoPlist ? [] : [.noCrash])
            for finding in verdict.violations + verdict.warnings where !premises.contains(finding.rule) {
                found.insert(Row(glue: glue.name, rule: finding.rule.rawValue, severity: finding.severity.rawValue))
            }
        }
        let report = try Explorer(glue: glue, bounds: ExplorationBounds(depth: 3, maxFaults: 0), rules: .standard).breadthFirst()
        for counterexample in report.counterexamples {
            found.insert(Row(glue: glue.name, rule: counterexample.rule.rawValue, severity: RuleSeverity.failure.rawValue))
        }
        return found
    }

    @Test("the harness finds what the triage table lists, and nothing else", arguments: glues)
    func triageHolds(_ glue: GlueFactory) throws {
        let listed = try Self.table().filter { $0.glue == glue.name }
        let found = try Self.findings(glue)
        #expect(found.subtracting(listed).isEmpty, "found but not triaged: \(found.subtracting(listed).sorted { $0.rule < $1.rule })")
        #expect(listed.subtracting(found).isEmpty, "triaged but not found: \(listed.subtracting(found).sorted { $0.rule < $1.rule })")
    }

    @Test("no false alarm at failure severity: every failure the table lists is a true bug")
    func noFalseAlarm() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let text = try String(contentsOf: folder.appendingPathComponent("TRIAGE.md"), encoding: .utf8)
        let failures = text.split(separator: "\n").filter { $0.contains("| failure |") }
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0.contains("| true bug") }, "\(failures)")
    }
}
