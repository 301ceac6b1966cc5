import AdHarness
import AppInfoPlist
import Foundation
import StandInRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One worker process, as its supervisor sees it: the requests it writes to the worker's standard
/// input, the lines it reads back from its standard output, and its standard error, kept to name a
/// trap.
///
/// Used by one thread at a time (the pool lends it out). It reads the one wall clock of the harness:
/// a worker that sends nothing for the watchdog's bound is ended.
final class WorkerConnection: @unchecked Sendable {
    private let process: Process
    private let requests: Int32
    private let replies: Int32
    private let errors: Int32
    private var pending: [UInt8] = []
    /// What the worker wrote to standard error since the last request, its last 64 KB.
    private var errorText: [UInt8] = []
    private var repliesClosed = false
    private var errorsClosed = false
    private let decoder: JSONDecoder
    private let encoder = JSONEncoder()
    /// Whether the worker can take another request.
    private(set) var isAlive = true
    /// How many of the search's seen states the worker has been sent (``WorkerPool/announce(seen:)``).
    var seenStatesSent = 0

    /// How the worker's last request ended when it gave no result.
    enum Ending: Sendable {
        /// It died: a signal, or an exit nobody asked for. The message is the trap's, or the status.
        case died(CrashReason, message: String)

        /// What the ending says.
        var message: String {
            switch self {
            case .died(_, let message): message
            }
        }
    }

    /// Starts a worker of `settings.executable` and gives it `setup`; throws when it does not start
    /// or does not say it is ready.
    init(settings: WorkerPool.Settings, setup: WorkerSetup, knowing known: RuleSet) throws {
        decoder = WireDecoding.decoder(knowing: known)
        let process = Process()
        process.executableURL = settings.executable
        process.arguments = settings.arguments
        var environment = ProcessInfo.processInfo.environment
        // The state a run reaches crosses as its hash: every worker must hash alike.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // A trap's message is the finding; a symbolicated backtrace takes about half a second, so
        // only a worker asked to name a release build's trap prints one, of the crashed thread.
        environment["SWIFT_BACKTRACE"] = settings.backtraces ? Self.backtraceSettings : "enable=no"
        environment["NO_COLOR"] = "1"
        // The worker ends itself once this process is gone (`WorkerServer`).
        environment[WorkerServer.supervisorVariable] = String(getpid())
        process.environment = environment
        let (input, output, error) = (Pipe(), Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        do { try process.run() } catch {
            throw WireError("cannot start a worker process (\(settings.executable.path)): \(error.localizedDescription)")
        }
        self.process = process
        requests = input.fileHandleForWriting.fileDescriptor
        replies = output.fileHandleForReading.fileDescriptor
        errors = error.fileHandleForReading.fileDescriptor
        // Keep the pipes' descriptors open for as long as this connection: the handles own them.
        handles = [input.fileHandleForWriting, output.fileHandleForReading, error.fileHandleForReading]
        try write(setup)
        // Starting a process is not the glue's time: the worker says when it is ready, within a minute.
        let first = next(within: .seconds(60))
        guard case .message(.line(let line)) = first, line.ready == true else {
            end()
            // A worker that refuses its setup says why on its reply line (a glue the tool does not serve).
            var why = errorTail
            if case .message(.line(let refusal)) = first, let problem = refusal.problem { why = problem }
            throw WireError("a worker process (\(settings.executable.path) \(settings.arguments.joined(separator: " "))) did not start: \(why)")
        }
    }

    private var handles: [FileHandle] = []

    /// Sends a request's line; `false` when the worker is gone.
    func send(_ request: String) -> Bool {
        errorText.removeAll(keepingCapacity: true)
        do { try write(Data(request.utf8)) } catch { return false }
        return true
    }

    private func write<Value: Encodable>(_ value: Value) throws {
        try write(try encoder.encode(value))
    }

    private func write(_ line: Data) throws {
        var data = line
        data.append(UInt8(ascii: "\n"))
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(requests, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WireError("the worker's input is closed")
                }
                offset += written
            }
        }
    }

    /// What came next from the worker.
    enum Next {
        case message(WorkerMessage)
        case ended(Ending)
    }

    /// The next thing the worker sends, or how it ended: it died, or sent nothing for `watchdog`
    /// (then it is ended, and the ending is a hang).
    func next(within watchdog: Duration) -> Next {
        var lastProgress = ContinuousClock.now
        while true {
            if let bytes = takeLine() {
                let line = String(decoding: bytes, as: UTF8.self)
                do {
                    if let message = try CompactLine.message(line[...]) { return .message(message) }
                    return .message(.line(try decoder.decode(WorkerLine.self, from: Data(bytes))))
                } catch {
                    return .message(.line(WorkerLine(problem: "the worker sent a line this supervisor cannot read: \(line.prefix(200))")))
                }
            }
            if repliesClosed { return .ended(died()) }
            let left = watchdog - (ContinuousClock.now - lastProgress)
            if left <= .zero { return .ended(hung(watchdog)) }
            let (gotReplies, _) = poll(milliseconds: max(1, Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            if gotReplies { lastProgress = ContinuousClock.now }
        }
    }

    /// Waits for either pipe for up to `milliseconds`, reads what is there; whether the replies moved.
    private func poll(milliseconds: Int) -> (Bool, Bool) {
        var fds: [pollfd] = []
        if !repliesClosed { fds.append(pollfd(fd: replies, events: Int16(POLLIN), revents: 0)) }
        if !errorsClosed { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
        guard !fds.isEmpty else { return (false, false) }
        let ready = fds.withUnsafeMutableBufferPointer { systemPoll($0.baseAddress!, nfds_t($0.count), Int32(milliseconds)) }
        guard ready > 0 else { return (false, false) }
        var moved = (false, false)
        for entry in fds where entry.revents != 0 {
            if entry.fd == replies {
                moved.0 = readAvailable(from: replies, into: &pending, closed: &repliesClosed, limit: nil)
            } else {
                moved.1 = readAvailable(from: errors, into: &errorText, closed: &errorsClosed, limit: 65_536)
            }
        }
        return moved
    }

    /// Reads what one pipe holds; whether anything (or its end) came.
    private func readAvailable(from fd: Int32, into buffer: inout [UInt8], closed: inout Bool, limit: Int?) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
        if count < 0 && errno == EINTR { return false }
        if count <= 0 {
            closed = true
            return true
        }
        buffer.append(contentsOf: chunk[..<count])
        if let limit, buffer.count > limit { buffer.removeFirst(buffer.count - limit) }
        return true
    }

    private func takeLine() -> ArraySlice<UInt8>? {
        guard let end = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = pending[..<end]
        pending.removeSubrange(...end)
        return line
    }

    /// The worker's standard output closed: it died. Waits for it, and names the trap.
    private func died() -> Ending {
        isAlive = false
        // What it wrote last to standard error, until that closes too (a second at most).
        let deadline = ContinuousClock.now + .seconds(1)
        while !errorsClosed && ContinuousClock.now < deadline { _ = poll(milliseconds: 100) }
        process.waitUntilExit()
        let status = process.terminationStatus
        let how = process.terminationReason == .uncaughtSignal ? "killed by \(Self.signalName(status))signal \(status)" : "exited with status \(status)"
        let trap = Self.trapLine(in: String(decoding: errorText, as: UTF8.self))
        return .died(.trap, message: trap.map { "\($0) (\(how))" } ?? "the process \(how), with no message")
    }

    /// The worker sent nothing for the watchdog's bound: it is ended.
    private func hung(_ watchdog: Duration) -> Ending {
        isAlive = false
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return .died(.watchdog, message: "no progress for \(watchdog.harnessDescription) of wall-clock time: the step never returned")
    }

    /// The last lines of standard error, for a worker that did not start.
    private var errorTail: String {
        let text = String(decoding: errorText.suffix(2_000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "it wrote nothing" : text
    }

    /// Ends the worker: closes its input (it exits when its input ends) and waits for it.
    func end() {
        guard isAlive else { return }
        isAlive = false
        try? handles.first?.close()
        // A worker stuck in a glue does not read its input: it is ended after a second.
        let deadline = ContinuousClock.now + .seconds(1)
        while !repliesClosed && ContinuousClock.now < deadline { _ = poll(milliseconds: 100) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The runtime's backtrace as a worker that names its trap prints it: the crashed thread only,
    /// its frames symbolicated with their files and lines, no colours, no prompt.
    static let backtraceSettings =
        "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,sanitize=no,limit=16,top=0,symbolicate=full"

    /// The line naming the trap in what a dead process wrote to standard error: Swift's
    /// `file:line: Fatal error: message`, a precondition's or assertion's, a continuation misuse;
    /// else the place the runtime's backtrace names (``backtracePlace(in:)``); else its last line.
    static func trapLine(in text: String) -> String? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let markers = ["Fatal error", "Precondition failed", "Assertion failed", "SWIFT TASK CONTINUATION MISUSE", "fatal error"]
        let marked = lines.last { line in markers.contains { line.contains($0) } }
        if let marked, namesAPlace(marked) { return String(marked.prefix(500)) }
        let line = backtracePlace(in: lines) ?? marked ?? lines.last { !$0.hasPrefix("***") && !$0.hasPrefix("Platform:") }
        return line.map { String($0.prefix(500)) }
    }

    /// Whether a trap's message names a source file's line.
    static func namesAPlace(_ message: String) -> Bool {
        message.contains(".swift:")
    }

    /// The trap the runtime's backtrace describes, as `File.swift:line:column in function: what`:
    /// the first frame of the crashed thread with a file and line (a trap the compiler inlined, a
    /// force unwrap's, has none of its own), and the runtime's failure or the signal.
    static func backtracePlace(in lines: [String]) -> String? {
        guard let crashed = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix("crashed:") }) else { return nil }
        let what = lines[..<crashed].lazy.compactMap { line -> String? in
            for prefix in ["*** Swift runtime failure: ", "*** Program crashed: "] where line.hasPrefix(prefix) && line.hasSuffix(" ***") {
                return String(line.dropFirst(prefix.count).dropLast(4))
            }
            return nil
        }.first
        for frame in lines[(crashed + 1)...] {
            // `N [marks] 0xADDRESS FUNCTION + OFFSET in IMAGE at /PATH/File.swift:LINE:COLUMN`
            guard let at = frame.range(of: " at /", options: .backwards) else { continue }
            let file = frame[at.upperBound...].split(separator: "/").last.map(String.init) ?? ""
            // A frame with a line: `File.swift:38:25`, not a bare `File.swift`.
            guard file.contains(".swift:") else { continue }
            let symbol = frame[..<at.lowerBound]
            let withoutImage = symbol.range(of: " in ", options: .backwards).map { symbol[..<$0.lowerBound] } ?? symbol
            let named = withoutImage.range(of: " 0x").map { withoutImage[$0.upperBound...].drop { !$0.isWhitespace } }
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: #" \+ \d+$"#, with: "", options: .regularExpression) }
            return "\(file)\(named.map { " in \($0)" } ?? ""): \(what ?? "trapped")"
        }
        return nil
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL, "
        case SIGTRAP: "SIGTRAP, "
        case SIGABRT: "SIGABRT, "
        case SIGSEGV: "SIGSEGV, "
        case SIGBUS: "SIGBUS, "
        case SIGKILL: "SIGKILL, "
        default: ""
        }
    }
}

/// The system calls, named so their module's overloads do not hide them.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
    #else
        Darwin.read(fd, buffer, count)
    #endif
}

private func systemPoll(_ fds: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.poll(fds, count, timeout)
    #else
        Darwin.poll(fds, count, timeout)
    #endif
}
