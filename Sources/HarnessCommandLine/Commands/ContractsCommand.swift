import AdHarness
import AdRequestKit
import Dispatch
import Foundation
import PortContracts

/// `adharness contracts`: the contract suite against the stand-ins, each clause with its kind and verdict.
enum ContractsCommand: Command {
    /// The formats `--format` takes.
    enum Format: String {
        case text, json
    }

    static let name = "contracts"
    static let summary = "Run the ports' contract suite against the stand-ins: each clause, its kind and verdict."
    static let help = """
        USAGE: adharness contracts [--format text|json]

        Runs every clause of every port's contract (tracking authorizer, advertising identifier, consent
        information, consent form, ad SDK, location authorizer, key-value store) against the stand-ins,
        and prints each with its kind and verdict. port-only clauses are observable through the port
        alone and run against any implementation; world-control clauses need a situation arranged (a
        scripted answer, a region, a fault), so on a device they need a person or a test account.
        The same checks run against a team's own adapters from Swift Testing or XCTest: see the article
        "Contract checks and porting" (Sources/AdHarness/AdHarness.docc/ContractsAndPorting.md).
        Exit codes: 0 every clause passed, 1 a clause failed, 2 usage.
        """

    static let defaults = Format.text

    static let options: [CommandOption<Format>] = [
        .choice("--format", "--format takes text or json") { $0 = $1 }
    ]

    static func argument(_ argument: String, into format: inout Format) -> String? {
        "contracts takes no paths: it checks the stand-ins"
    }

    static func run(_ format: Format, _ output: Output) -> Int32 {
        let results = runBlocking { await StandInContracts.results() }
        if format == .json { printJSON(results, output) } else { printText(results, output) }
        return results.contains { $0.verdict.isFailure } ? 1 : 0
    }

    private static func printText(_ results: [ContractResult], _ output: Output) {
        for port in ContractPort.allCases {
            let ofPort = results.filter { $0.clause.port == port }
            guard !ofPort.isEmpty else { continue }
            output.line(port.protocolName)
            for result in ofPort {
                let verdict =
                    switch result.verdict {
                    case .passed: output.colored("passed ", .green)
                    case .failed: output.colored("FAILED ", .red)
                    case .skipped: "skipped"
                    }
                let kind = result.clause.kind.description.padding(toLength: 13, withPad: " ", startingAt: 0)
                output.line("  \(verdict)  \(kind)  \(result.clause.id): \(result.clause.statement) (\(result.clause.source))")
                switch result.verdict {
                case .passed: break
                case .failed(let expected, let found): output.line("           expected: \(expected)\n           found:    \(found)")
                case .skipped(let reason): output.line("           \(reason)")
                }
            }
            output.line()
        }
        let count = { (name: String) in results.filter { $0.verdict.name == name }.count }
        let needWorld = results.filter { $0.clause.kind == .needsWorldControl }.count
        output.line(
            "\(results.count) clauses (\(results.count - needWorld) port-only, \(needWorld) world-control): \(count("passed")) passed, \(count("failed")) failed, \(count("skipped")) skipped"
        )
    }

    private struct Entry: Encodable {
        let port: String
        let id: String
        let statement: String
        let kind: String
        let source: String
        let verdict: String
        let expected: String?
        let found: String?
        let reason: String?
    }

    private struct Report: Encodable {
        let clauses: [Entry]
        let passed: Int
        let failed: Int
        let skipped: Int
    }

    private static func printJSON(_ results: [ContractResult], _ output: Output) {
        let entries = results.map { result in
            var (expected, found, reason): (String?, String?, String?) = (nil, nil, nil)
            switch result.verdict {
            case .passed: break
            case .failed(let wanted, let came): (expected, found) = (wanted, came)
            case .skipped(let why): reason = why
            }
            return Entry(
                port: result.clause.port.protocolName, id: result.clause.id, statement: result.clause.statement,
                kind: result.clause.kind.description, source: result.clause.source, verdict: result.verdict.name,
                expected: expected, found: found, reason: reason
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let count = { (name: String) in entries.filter { $0.verdict == name }.count }
        let report = Report(clauses: entries, passed: count("passed"), failed: count("failed"), skipped: count("skipped"))
        let data = (try? encoder.encode(report)) ?? Data()
        output.line(String(decoding: data, as: UTF8.self))
    }

    /// Waits on the calling thread for async work that needs no actor of the caller's.
    private static func runBlocking(_ work: @escaping @Sendable () async -> [ContractResult]) -> [ContractResult] {
        let box = Locked<[ContractResult]>([])
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await work()
            box.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return box.snapshot
    }
}
