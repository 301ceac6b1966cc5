import Foundation
import ScenarioRunner
import Testing

/// `adharness run --format json` and `adharness trace --format json` as a tool reads them.
@Suite("JSON report")
struct JSONReportTests {
    @Test("the run's JSON decodes back, and its summary counts its results")
    func decodesBackWithMatchingCounts() throws {
        let results = ReportInputs.all
        let json = JSONReport.json(for: results)

        let document = try JSONDecoder().decode(JSONReport.Document.self, from: Data(json.utf8))
        let statuses: [ScenarioResult.Status] = document.results.map(\.status)
        let counted: [Int] = ScenarioResult.Status.allCases.map { (status: ScenarioResult.Status) -> Int in
            statuses.count { $0 == status }
        }
        let summary = document.summary
        let figures: [Int] = [summary.passed, summary.failed, summary.bad]
        let files: [String] = document.results.map(\.file)
        #expect(files == results.map(\.file))
        #expect(figures == counted)
        #expect(summary.total == statuses.count)
        #expect(counted == [results.count - 2, 1, 1])
    }

    @Test("a failed scenario lists each mismatch, and its whole trace")
    func failureHasMismatchesAndTrace() throws {
        let json = JSONReport.json(for: ReportInputs.failing)

        let entry = try JSONDecoder().decode(JSONReport.Entry.self, from: Data(json.utf8))
        let mismatches: [[String]] = entry.mismatches.map { (mismatch: JSONReport.Mismatch) -> [String] in
            [mismatch.expectation, mismatch.expected, mismatch.actual]
        }
        let request = entry.trace.first { (event: JSONReport.Event) -> Bool in event.name == "ads.request" }
        #expect(mismatches == [["expect.adRequests[0]", "{npa: true}", "{npa: false, idfa: set}"]])
        #expect(request?.fields["npa"] == "false")
        #expect(entry.trace.map(\.name) == ReportInputs.failing.verdict?.trace.map(\.name.rawValue))
        #expect(entry.status == .fail && entry.failure == nil && entry.error == nil)
    }

    @Test("a broken invariant names the event that broke it, by its place in the trace")
    func violationPointsIntoTheTrace() throws {
        let json = JSONReport.json(for: ScenarioResult.run(ReportInputs.droppedNPA))

        let entry = try JSONDecoder().decode(JSONReport.Entry.self, from: Data(json.utf8))
        let violation = try #require(entry.violations.first)
        #expect(entry.status == .pass)
        #expect(violation.invariant == "personalizedOnlyWithBothAnswers")
        #expect(entry.trace[violation.traceIndex].name == "ads.request")
        #expect(entry.trace[violation.traceIndex].fields["npa"] == "false")
    }

    @Test("a file that cannot be read is bad, with its error and no trace; absent texts are null")
    func unreadableFileIsBad() throws {
        let json = JSONReport.json(for: ReportInputs.malformed)

        let entry = try JSONDecoder().decode(JSONReport.Entry.self, from: Data(json.utf8))
        #expect(entry.status == .bad)
        #expect(entry.error?.contains(#"$.expcet: unknown key "expcet""#) == true)
        #expect(entry.trace.isEmpty)
        #expect(json.contains(#""failure" : null"#))
    }

    @Test("keys are written sorted, so the same run prints the same bytes whatever the hashing")
    func keysAreSorted() throws {
        let json = JSONReport.json(for: ReportInputs.malformed)
        let keys = ["error", "failure", "file", "mismatches", "name", "status", "trace", "violations"]

        let places = try keys.map { key in try #require(json.range(of: "\"\(key)\" :")).lowerBound }
        #expect(places == places.sorted())
    }
}
