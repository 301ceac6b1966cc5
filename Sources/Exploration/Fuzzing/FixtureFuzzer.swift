import Foundation
import Scenarios

/// Feeds the runner broken and strange copies of scenario files and checks that each one ends in a
/// verdict or a clear error: the file's place and what was expected, never a crash or a hang.
///
/// A crash loses a whole CI run, so the runner's promise is checked on inputs nobody wrote by hand.
/// The same seed gives the same copies; copy `index` of `seed` is reproduced on its own.
package struct FixtureFuzzer: Sendable {
    private let mutator: FixtureMutator

    /// A fuzzer making copies of these files.
    package init(files: [ScenarioFile]) throws(ScenarioError) {
        var originals: [[UInt8]] = []
        for file in files {
            do { originals.append(Array(try Data(contentsOf: file.url))) } catch {
                throw ScenarioError(file: file.displayPath, message: "cannot be read: \(error.localizedDescription)")
            }
        }
        mutator = FixtureMutator(originals: originals)
    }

    /// The bytes of copy `index` for `seed`.
    package func input(seed: UInt64, index: Int) -> [UInt8] { mutator.mutant(seed: seed, index: index) }

    /// Decodes and runs copy `index` for `seed`.
    package func run(seed: UInt64, index: Int) -> FuzzResult {
        let bytes = input(seed: seed, index: index)
        let clock = ContinuousClock()
        let start = clock.now
        let outcome: FuzzResult.Outcome
        do {
            let scenario = try Scenario.decode(Data(bytes), file: "fuzz-\(index).json")
            outcome = scenario.run().passed ? .passed : .failed
        } catch {
            outcome = .rejected(error)
        }
        return FuzzResult(index: index, outcome: outcome, wallTime: clock.now - start)
    }

    /// Runs copies `range` for `seed`, telling `each` of every result as it comes.
    package func run(seed: UInt64, range: Range<Int>, each: (FuzzResult) -> Void = { _ in }) -> FuzzSummary {
        var summary = FuzzSummary(seed: seed)
        for index in range {
            let result = run(seed: seed, index: index)
            summary.add(result)
            each(result)
        }
        return summary
    }
}

/// What one fuzzed copy came to.
package struct FuzzResult: Sendable {
    /// Which copy.
    package var index: Int
    /// Its verdict or its rejection.
    package var outcome: Outcome
    /// How long it took on the wall clock: reported, never asserted on.
    package var wallTime: Duration

    /// A verdict, or a rejection with the error the user would read.
    package enum Outcome: Sendable {
        /// It decoded and ran, and every expectation held.
        case passed
        /// It decoded and ran, and something did not hold.
        case failed
        /// It was refused.
        case rejected(ScenarioError)
    }

    /// Why the rejection is not clear enough for a user, or `nil` when it names the place and
    /// says what was expected in the harness's own words.
    package var unclearRejection: String? {
        guard case .rejected(let error) = outcome else { return nil }
        if error.line == nil || error.column == nil { return "no line and column: \(error)" }
        if !error.path.hasPrefix("$") { return "no JSON path: \(error)" }
        let leaks = ["given data", "Error Domain", "DecodingError", "Swift.", "Optional("]
        if let leak = leaks.first(where: error.message.contains) { return "a library's words (\(leak)): \(error)" }
        if !error.message.contains("expected") && !error.message.hasPrefix("missing required field") {
            return "does not say what was expected: \(error)"
        }
        return nil
    }
}

/// Counts over a fuzz run.
package struct FuzzSummary: Sendable, CustomStringConvertible {
    /// The seed of the copies.
    package var seed: UInt64
    /// Copies run.
    package var count = 0
    /// Copies that ran and passed.
    package var passed = 0
    /// Copies that ran and failed an expectation or a rule.
    package var failed = 0
    /// Copies refused with a clear error.
    package var rejected = 0
    /// Copies refused without a clear error: each is a defect.
    package var unclear: [(index: Int, reason: String)] = []
    /// The slowest copy and its wall time.
    package var slowest: (index: Int, wallTime: Duration)?
    /// Wall time over all copies.
    package var wallTime: Duration = .zero

    init(seed: UInt64) { self.seed = seed }

    mutating func add(_ result: FuzzResult) {
        count += 1
        wallTime += result.wallTime
        switch result.outcome {
        case .passed: passed += 1
        case .failed: failed += 1
        case .rejected: rejected += 1
        }
        if let reason = result.unclearRejection { unclear.append((result.index, reason)) }
        if slowest.map({ result.wallTime > $0.wallTime }) ?? true { slowest = (result.index, result.wallTime) }
    }

    /// `10000 copies (seed 1): 812 passed, 301 failed, 8887 refused clearly, 0 unclear; slowest #42 3.1 ms`.
    package var description: String {
        let slow = slowest.map { "; slowest #\($0.index) \(Self.milliseconds($0.wallTime)) ms" } ?? ""
        return "\(count) copies (seed \(seed)): \(passed) passed, \(failed) failed, \(rejected) refused, \(unclear.count) refused unclearly; "
            + "\(Self.milliseconds(wallTime)) ms in all\(slow)"
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.1f", value)
    }
}
