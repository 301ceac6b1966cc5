import Foundation
import Testing

/// `--format` of `adharness run` and `adharness trace`, as a CI step calls them.
@Suite("Report formats on the command line")
struct ReportFormatCommandLineTests {
    static let good = #"{"name": "good", "steps": ["launch"], "expect": {}}"#
    static let failing = #"{"name": "failing", "steps": ["launch"], "expect": {"trackingPrompts": 1}}"#

    @Test("run --format junit prints one XML document and exits 1 when a scenario fails")
    func junitExitCode() throws {
        let folder = try CommandLineTests.folder(with: ["a.json": Self.good, "b.json": Self.failing])
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try CommandLineTests.adharness(["run", "--format", "junit", "."], in: folder)

        #expect(run.code == 1)
        #expect(run.output.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(run.output.contains(#"<testcase name="failing" classname="b.json">"#))
        #expect(run.output.hasSuffix("</testsuites>\n"))
    }

    @Test("run --format json exits 2 when a file cannot be read, and still reports every file")
    func jsonExitCode() throws {
        let folder = try CommandLineTests.folder(with: ["a.json": Self.good, "b.json": "{"])
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try CommandLineTests.adharness(["run", "--format", "json", "."], in: folder)

        #expect(run.code == 2)
        let document = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let statuses = (document?["results"] as? [[String: Any]])?.compactMap { $0["status"] as? String }
        #expect(statuses == ["pass", "bad"])
    }

    @Test("trace --format mermaid prints a sequence diagram and the verdict's exit code")
    func traceMermaid() throws {
        let folder = try CommandLineTests.folder(with: ["b.json": Self.failing])
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try CommandLineTests.adharness(["trace", "b.json", "--format", "mermaid"], in: folder)

        #expect(run.code == 1)
        #expect(run.output.hasPrefix("sequenceDiagram\n    participant User\n"))
    }

    @Test("an unknown format is refused with the formats there are")
    func unknownFormat() throws {
        let run = try CommandLineTests.adharness(["trace", "x.json", "--format", "svg"])

        #expect(run.code == 2)
        #expect(run.errors.hasPrefix("adharness: --format takes text, json or mermaid"))
    }

    @Test("trace --names still lists every event by who records it")
    func traceNames() throws {
        let run = try CommandLineTests.adharness(["trace", "--names"])

        #expect(run.code == 0)
        #expect(run.output.hasPrefix("harness:\n  device.ready "))
        #expect(run.output.contains("\n  ads.request "))
    }
}
