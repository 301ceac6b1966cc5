import AdHarness
import AdRequestKit
import Foundation
import HarnessCommandLine
import ScenarioRunner
import Testing

/// One verdict at every door: a correct glue and a bundled scenario for any glue give the same
/// verdict through the library (a team's test), the team tool's `run` in worker processes (the CI
/// recipe's gate), `run --in-process` and `trace`, and that verdict is a pass with no warning.
@Suite("Every door gives the same verdict")
struct DoorAgreementTests {
    /// What a door decided on one file: passed or not, and the rules it reported, failures and
    /// warnings apart.
    struct Verdict: Equatable, CustomStringConvertible {
        var passed: Bool
        var failures: [String]
        var warnings: [String]

        var description: String { "\(passed ? "pass" : "fail") failures=\(failures) warnings=\(warnings)" }
    }

    /// The correct glues the tests' team tool serves (`CorrectGlues`): the docs' two, one of the tests'
    /// own, a reviewer's two (one awaits every SDK call in checked continuations of its own), and a
    /// tester's four (a main-actor view model hopping with `Task { @MainActor [weak self] in }`, a
    /// callback glue with a timeout on the app's clock, an async manager that retries a failed update
    /// and gathers again on foreground, one that publishes `canRequestAds` as an `AsyncStream`).
    static let glues: [GlueFactory] = [
        GlueFactory(ConsentFirstGlue.init), GlueFactory(AwaitingConsentGlue.init), GlueFactory(PreloadingConsentManager.init),
        GlueFactory(ForegroundDebounceGlue.init), GlueFactory(CancellableTaskConsentManager.init), GlueFactory(ObservableConsentManager.init),
        GlueFactory(TimedConsentGlue.init), RetryingConsentManager.factory(), GlueFactory(StreamingConsentManager.init),
    ]

    /// A `run --format json` or `trace --format json` result, read as a verdict.
    static func verdict(fromJSON result: [String: Any]) -> Verdict {
        func rules(_ key: String) -> [String] { (result[key] as? [[String: Any]] ?? []).compactMap { $0["invariant"] as? String } }
        return Verdict(passed: result["status"] as? String == "pass", failures: rules("violations"), warnings: rules("warnings"))
    }

    /// A bundled file's path from `any-glue/` on, however a door shows it (relative to the working
    /// folder, or whole).
    static func key(_ path: String) -> String {
        path.range(of: "any-glue/").map { String(path[$0.lowerBound...]) } ?? path
    }

    /// The verdicts a `run --format json` printed, by ``key(_:)`` of the file's path.
    static func verdicts(fromRunJSON text: String) throws -> [String: Verdict] {
        try results(fromRunJSON: text).mapValues(verdict(fromJSON:))
    }

    /// Each file's result in a `run --format json`, by ``key(_:)`` of the file's path.
    static func results(fromRunJSON text: String) throws -> [String: [String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(500))")
        let results = try #require(object["results"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: results.map { (key(($0["file"] as? String) ?? ""), $0) })
    }

    /// A trace as its events' names and fields, from a JSON result.
    static func trace(fromJSON result: [String: Any]) -> [String] {
        (result["trace"] as? [[String: Any]] ?? []).map { event in
            let fields = (event["fields"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return ([event["name"] as? String ?? ""] + fields).joined(separator: " ")
        }
    }

    /// A trace as its events' names and fields.
    static func trace(_ events: [TraceEvent]) -> [String] {
        events.map { event in
            ([event.name.rawValue] + event.fields.sorted { $0.name < $1.name }.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
        }
    }

    /// What the team tool's `run --format json` of `files` prints, in its worker processes (the CI
    /// recipe's door), and its exit status.
    static func teamToolRun(_ glue: GlueFactory, _ files: [ScenarioFile]) throws -> (output: String, status: Int32) {
        let tool = try #require(HarnessCommandLine.builtExecutable(named: "my-adharness"), "swift build builds the team's tool")
        let process = Process()
        process.executableURL = tool
        process.arguments = ["run", "--glue", glue.name, "--format", "json"] + files.map(\.url.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationStatus)
    }

    @Test("the library, the team tool's run in workers and in process, and trace agree on every bundled file for any glue", arguments: glues)
    func everyDoorAgrees(_ glue: GlueFactory) throws {
        let files = try ScenarioFile.bundled(for: .anyGlue)
        #expect(files.count >= 50)

        // The team tool's run, as the CI recipe runs it: worker processes of the built tool.
        let (workersText, status) = try Self.teamToolRun(glue, files)
        let workerResults = try Self.results(fromRunJSON: workersText)
        let inWorkers = workerResults.mapValues(Self.verdict(fromJSON:))

        // The same command in this process.
        let printed = Printed()
        _ = HarnessCommandLine.run(
            ["run", "--in-process", "--glue", glue.name, "--format", "json"] + files.map(\.url.path), glues: [glue],
            output: Output(output: printed.append, errors: { _ in }))
        let inProcess = try Self.verdicts(fromRunJSON: printed.text)

        for file in files {
            let library = try file.run(glue: glue)
            let byLibrary = Verdict(
                passed: library.passed, failures: library.violations.map(\.rule.rawValue), warnings: library.warnings.map(\.rule.rawValue))

            let traced = Printed()
            _ = HarnessCommandLine.run(
                ["trace", "--glue", glue.name, "--format", "json", file.url.path], glues: [glue], output: Output(output: traced.append, errors: { _ in }))
            let traceObject = try #require(try JSONSerialization.jsonObject(with: Data(traced.text.utf8)) as? [String: Any], "\(traced.text.prefix(300))")
            let byTrace = Self.verdict(fromJSON: traceObject)

            let path = Self.key(file.url.path)
            #expect(byLibrary == Verdict(passed: true, failures: [], warnings: []), "\(glue.name), \(file): \(library.report)")
            #expect(
                inWorkers[path] == byLibrary, "\(glue.name), \(file): run in workers \(inWorkers[path].map(\.description) ?? "no result"), library \(byLibrary)"
            )
            #expect(
                inProcess[path] == byLibrary, "\(glue.name), \(file): run in process \(inProcess[path].map(\.description) ?? "no result"), library \(byLibrary)"
            )
            #expect(byTrace == byLibrary, "\(glue.name), \(file): trace \(byTrace), library \(byLibrary)")
            // The run itself is the same in a worker, event for event, a duplicate's record included.
            #expect(workerResults[path].map(Self.trace(fromJSON:)) == Self.trace(library.trace), "\(glue.name), \(file): the traces differ")
        }
        #expect(status == 0, "\(workersText.suffix(300))")
    }

    @Test("an answer that comes after the run, with a fault that would deliver it twice, is delivered once in every door")
    func answerAfterTheRun() throws {
        // A reviewer's glue awaits every SDK call in a checked continuation of its own, as the docs allow.
        let glue = GlueFactory(CancellableTaskConsentManager.init)
        let files = try ScenarioFile.bundled(for: .anyGlue)
        let file = try #require(files.first { $0.url.lastPathComponent == "form-answered-after-the-run-calls-back-twice.json" })
        let library = try file.run(glue: glue)
        #expect(library.passed && library.warnings.isEmpty, "\(library.report)")

        let tool = try #require(HarnessCommandLine.builtExecutable(named: "my-adharness"), "swift build builds the team's tool")
        let process = Process()
        process.executableURL = tool
        process.arguments = ["run", "--glue", glue.name, "--format", "json", file.url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(try Self.verdicts(fromRunJSON: text)[Self.key(file.url.path)] == Verdict(passed: true, failures: [], warnings: []), "\(text.prefix(800))")
    }
}
