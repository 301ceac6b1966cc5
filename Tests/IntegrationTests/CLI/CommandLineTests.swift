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
        _ arguments: [String], in folder: URL? = nil, tool: URL = builtTool, environment extra: [String: String] = [:], input: String? = nil
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
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
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

    @Test(
        "a scenario piped in (/dev/stdin, a shell's <(...)) is read once, by the tool, and runs in its workers as in process",
        arguments: [["run"], ["run", "--in-process"], ["trace"], ["trace", "--in-process"]])
    func scenarioFromAPipe(_ command: [String]) throws {
        let scenario = #"{"name": "piped", "steps": ["launch"], "expect": {"adRequests": []}}"#
        let run = try Self.adharness(command + ["/dev/stdin"], input: scenario)
        #expect(run.code == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("PASS"), "\(run.output)\(run.errors)")
    }

    @Test("a device, a pipe nobody writes to, a file too large and a symbolic link loop are refused unread, with what was expected")
    func specialScenarioFiles() throws {
        let folder = try Self.folder(with: [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let large = folder.appendingPathComponent("large.json")
        try Data(repeating: UInt8(ascii: " "), count: 9 << 20).write(to: large)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a.json").path, withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.json").path, withDestinationPath: "a.json")
        for (path, message) in [
            ("/dev/zero", "/dev/zero: $: expected a scenario file, found a device or another special file"),
            (fifo, "fifo.json:1:1: $: not valid JSON: expected a value (object, array, string, number, true, false or null), found the end of the file"),
            (large.path, "large.json: $: expected a file of at most 8388608 bytes, found 9437184"),
            (folder.appendingPathComponent("a.json").path, "a.json: $: a symbolic link to b.json that leads to nothing (its target is gone, or links loop)"),
        ] {
            let run = try Self.adharness(["run", "--in-process", path])
            #expect(run.code == 2)
            #expect((run.output + run.errors).contains(message), "\(run.output)\(run.errors)")
        }
    }

    @Test("a folder's scenarios saved as .JSON run too, rather than being left out unseen")
    func upperCaseExtension() throws {
        let scenario = #"{"name": "upper", "steps": ["launch"], "expect": {"adRequests": []}}"#
        let folder = try Self.folder(with: ["a.json": scenario, "B.JSON": scenario, "c.Schema.JSON": "{}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.adharness(["run", "--in-process", folder.path])
        #expect(run.code == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix("2 passed, 0 failed\n"), "\(run.output)")
    }

    @Test(
        "an empty argument where a path belongs is refused as such, not read as the working folder",
        arguments: [["run"], ["trace"], ["explore", "--depth", "1"], ["fuzz", "--count", "1"], ["lint"], ["bench", "--repeat", "1"]])
    func emptyPath(_ command: [String]) throws {
        let run = try Self.adharness(command + [""])
        #expect(run.code == 2)
        #expect(run.errors.hasPrefix("adharness: expected a file or folder, found an empty argument (an unset shell variable?)"), "\(run.errors)")
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
