import Foundation
import Testing

/// `adharness` as a user meets it in a terminal or a CI step: exit codes, messages on bad input or
/// bad usage, and results written as they come.
@Suite("The adharness command line")
struct CommandLineTests {
    /// What one run of the tool printed and returned.
    struct Run {
        var code: Int32
        var output: String
        var errors: String
    }

    /// The `adharness` built next to this test bundle.
    static var builtTool: URL {
        let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let tool = built.appendingPathComponent("adharness")
        // The test bundle may be a folder (.xctest) one level further down.
        return FileManager.default.fileExists(atPath: tool.path) ? tool : built.deletingLastPathComponent().appendingPathComponent("adharness")
    }

    /// Runs `adharness` (by default the one built next to this test bundle).
    static func adharness(
        _ arguments: [String], in folder: URL? = nil, tool: URL = builtTool, environment extra: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(code: process.terminationStatus, output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    }

    static func folder(with files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test("a mistyped command is refused with the command it resembles, not run as a path")
    func mistypedCommand() throws {
        let run = try Self.adharness(["rn"])

        #expect(run.code == 2)
        #expect(run.errors.hasPrefix("adharness: unknown command rn; did you mean run?"))
    }

    @Test("a mistyped option is refused with the option it resembles")
    func mistypedOption() throws {
        let run = try Self.adharness(["explore", "--dpth", "3"])

        #expect(run.code == 2)
        #expect(run.errors.hasPrefix("adharness: unknown option --dpth for explore; did you mean --depth?"))
    }

    @Test(
        "explore refuses an --out it could not write before it searches, naming the path and what is there",
        arguments: [
            ("", "adharness: --out takes a folder"),
            (
                "file/sub",
                "adharness: --out FOLDER/file/sub: expected a folder to write counterexamples in, found a file (the nearest existing part of it is FOLDER/file)"
            ),
            ("file", "adharness: --out FOLDER/file: expected a folder to write counterexamples in, found a file\n"),
        ])
    func exploreOutUnwritable(_ out: String, _ message: String) throws {
        let folder = try Self.folder(with: ["file": "not a folder"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = out.isEmpty ? "" : folder.appendingPathComponent(out).path
        let run = try Self.adharness(["explore", "--depth", "1", "--max-faults", "0", "--in-process", "--out", path])
        #expect(run.code == 2)
        #expect(run.errors.hasPrefix(message.replacingOccurrences(of: "FOLDER", with: folder.path)), "\(run.errors)")
        #expect(!run.output.contains("explored"), "the search ran: \(run.output)")
    }

    @Test("bench refuses a breadth-first depth explore refuses, before it reads anything, instead of searching for ever")
    func benchDepthBound() throws {
        let run = try Self.adharness(["bench", "--repeat", "1", "--depth", "13", "no-such-folder"])
        #expect(run.code == 2)
        #expect(run.errors.hasPrefix("adharness: --depth takes a whole number from 0 to 12"), "\(run.errors)")
    }

    @Test("--version names the tool's version and the scenario format it reads")
    func version() throws {
        let run = try Self.adharness(["--version"])

        #expect(run.code == 0)
        #expect(run.output.hasPrefix("adharness ") && run.output.contains("scenario format 1"))
    }

    @Test("trace of a folder says it wants a file, in words, and exits 2")
    func traceOfAFolder() throws {
        let run = try Self.adharness(["trace", "."])

        #expect(run.code == 2)
        #expect(run.errors.contains("expected a scenario file, found a folder"))
    }

    @Test("a step before launch is an error in the file: exit 2, with the step's place")
    func stepBeforeLaunch() throws {
        let folder = try Self.folder(with: ["early.json": #"{"name":"early","steps":["requestAd"],"expect":{}}"#])
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try Self.adharness(["run", "early.json"], in: folder)

        #expect(run.code == 2)
        #expect(run.output.contains("early.json:1:26: $.steps[0]: expected \"launch\" before \"requestAd\""))
    }

    @Test("a batch reports every file: a bad one among good ones costs only its own line")
    func batchKeepsEveryResult() throws {
        let good = #"{"name":"good","steps":["launch"],"expect":{}}"#
        let folder = try Self.folder(with: ["a.json": good, "b.json": String(repeating: "[", count: 70_000), "c.json": good])
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try Self.adharness(["run", "."], in: folder)

        #expect(run.code == 2)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("PASS") }.count == 2)
        #expect(lines.contains { $0.hasPrefix("BAD") && $0.contains("b.json:1:65:") })
        #expect(lines.last == "2 passed, 0 failed, 1 could not be read")
    }
}
