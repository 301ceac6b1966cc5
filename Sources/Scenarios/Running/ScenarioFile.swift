import AdHarness
import AdRequestKit
import Foundation

/// A scenario file on disk: the argument of a parameterized test that runs fixtures against a glue.
///
/// Each file becomes a test case of its own, named by its path, so a failure names the fixture and
/// one fixture can be rerun alone. ``bundled(for:rules:)`` lists the package's fixtures a glue can
/// run; ``files(in:)`` lists a team's own.
///
/// ```swift
/// @Test(arguments: try ScenarioFile.bundled(for: .anyGlue))
/// func bundledScenario(_ file: ScenarioFile) throws {
///     let verdict = try file.run(glue: MyGlue.init)
///     #expect(verdict.passed, "\(file): \(verdict.report)")
/// }
/// ```
public struct ScenarioFile: Hashable, Sendable, CustomStringConvertible {
    /// Where the file is.
    public let url: URL
    /// The path shown in reports: relative to the folder searched.
    public let displayPath: String

    /// A file, shown by its path.
    public init(url: URL, displayPath: String? = nil) {
        self.url = url
        self.displayPath = displayPath ?? url.path
    }

    /// The path shown in reports (and as a test case's name).
    public var description: String { displayPath }

    /// Reads and decodes the scenario.
    public func load() throws(ScenarioError) -> Scenario {
        try Scenario.load(from: url, displayPath: displayPath)
    }

    /// Reads the scenario and runs it against a glue (by default the reference glue it describes),
    /// checked by `rules` (by default the scenario's, else the glue's). The file's rules of your own
    /// are read against `rules` (``Scenario/load(from:displayPath:knowing:)``).
    public func run(glue: GlueFactory? = nil, rules: RuleSet? = nil) throws(ScenarioError) -> ScenarioVerdict {
        try run(glue: glue, rules: rules, knowing: rules ?? .standard)
    }

    /// Reads the scenario, its rules of a team's read against `known`, and runs it as
    /// ``run(glue:rules:)`` does.
    package func run(
        glue: GlueFactory?, rules: RuleSet?, knowing known: RuleSet, observing observer: (@Sendable (Trace) -> Void)? = nil
    ) throws(ScenarioError) -> ScenarioVerdict {
        try Scenario.load(from: url, displayPath: displayPath, knowing: known).run(glue: glue, rules: rules, observing: observer)
    }

    /// Reads the scenario and runs it against your glue, given as `MyGlue.init`, as
    /// `SimulatedApp(glue:)` takes it.
    public func run<Glue: ConsentGlue>(glue: @escaping @Sendable (AppPorts) -> Glue, rules: RuleSet? = nil) throws(ScenarioError) -> ScenarioVerdict {
        try run(glue: GlueFactory(glue), rules: rules)
    }

    /// Reads the scenario and runs it against your async glue, given as `MyConsentManager.init`.
    @available(macOS 15.0, iOS 18.0, *)
    public func run<Glue: AsyncConsentGlue>(
        glue: @escaping @MainActor @Sendable (AppPorts) -> Glue, rules: RuleSet? = nil
    ) throws(ScenarioError) -> ScenarioVerdict {
        try run(glue: GlueFactory(glue), rules: rules)
    }

    /// Every scenario file in the given files and folders, sorted by path.
    public static func files(in paths: [String]) throws(ScenarioError) -> [ScenarioFile] {
        let folders = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path + "/" }
        return try FixtureFiles.scenarioFiles(in: paths).map { url in
            let path = url.standardizedFileURL.path
            let folder = folders.first { path.hasPrefix($0) }
            return ScenarioFile(url: url, displayPath: folder.map { String(path.dropFirst($0.count)) })
        }
    }

    /// The package's bundled fixtures that a glue can run: with `.anyGlue`, those that hold for any
    /// correct glue (`"glue": "any"`: ground truth only, none of one glue's own flow, every answer
    /// scripted) and ask for no more than `rules` (one that pins the seed app's policy says
    /// `"rules": "seed"`, and is left out for a glue held to the standard rules); with
    /// `.referenceGlue`, all of them. Every bundled file says which glue it is for: the rest pin the
    /// reference glue's own flow (`"glue": "reference"`) or the SDK stand-ins (`"glue": "none"`).
    ///
    /// Each file is decoded to tell; a bundled file that does not decode is an error, never skipped.
    public static func bundled(for glue: GlueRequirement = .anyGlue, rules: RuleSet = .standard) throws(ScenarioError) -> [ScenarioFile] {
        let all = try files(in: [FixtureFiles.locateBundled().path])
        guard glue == .anyGlue else { return all }
        var runnable: [ScenarioFile] = []
        for file in all {
            let scenario = try file.load()
            guard scenario.declaredGlue == .anyGlue, (scenario.rules?.base ?? .standard) <= rules.base else { continue }
            runnable.append(file)
        }
        return runnable
    }
}
