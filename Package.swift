// swift-tools-version: 6.2
import PackageDescription

// Warnings fail the build only when this package is the root being developed: `swift build` or
// `swift test` run from its own folder. As someone's dependency, by URL or by path, it builds with
// the consumer's settings: forcing warnings to errors there breaks their build when their compiler
// warns about something ours did not (dfed/swift-async-queue#70). The manifest sees the command's
// working directory; a path dependency lives elsewhere, and so does a checkout.
let workingDirectory = Context.environment["PWD"] ?? ""
let isRoot = workingDirectory == Context.packageDirectory || workingDirectory.hasPrefix(Context.packageDirectory + "/")
let strict: [SwiftSetting] = isRoot ? [.treatAllWarnings(as: .error)] : []

// The modules, lowest first: each may depend only on modules above it in this list, and may import
// only what its entry names and what those re-export (`@_exported`). `ModuleGraphTests` fails on a
// source file that imports anything else of the package, or an entry that names a later module, so
// this list is the dependency graph, as built.
// Each module says what it is for in one sentence at the top of its main file (`Sources/NAME/NAME.swift`),
// repeated in ARCHITECTURE.md.
let modules: [(name: String, dependencies: [String])] = [
    ("AdRequestKit", []),
    ("PrivacySignals", []),
    ("AppInfoPlist", []),
    ("StandInRuntime", ["AdRequestKit", "AppInfoPlist"]),
    ("MockTrackingManager", ["AdRequestKit", "AppInfoPlist", "StandInRuntime"]),
    ("MockAdNetwork", ["AdRequestKit", "AppInfoPlist", "StandInRuntime", "PrivacySignals"]),
    ("PortContracts", ["AdRequestKit"]),
    ("AdHarness", ["AdRequestKit", "AppInfoPlist", "StandInRuntime", "MockAdNetwork", "MockTrackingManager", "PortContracts", "PrivacySignals"]),
    ("AdHarnessContracts", ["AdRequestKit", "PortContracts"]),
    ("Scenarios", ["AdRequestKit", "AppInfoPlist", "PrivacySignals", "AdHarness"]),
    ("Exploration", ["AdRequestKit", "AppInfoPlist", "AdHarness", "Scenarios"]),
    ("ConfigurationLint", ["AppInfoPlist"]),
    ("ScenarioRunner", ["Scenarios", "Exploration", "ConfigurationLint"]),
    ("HarnessCommandLine", ["AdRequestKit", "PrivacySignals", "PortContracts", "AdHarness", "ScenarioRunner"]),
    ("adharness", ["HarnessCommandLine"]),
]

let package = Package(
    name: "AdConsentHarness",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // What a user imports: the app-side logic (in an app module), the harness (in a test), the
        // scenario runner, the explorer and the linter (in a test), the contract checks (in a test),
        // the command line (in a team's own tool over its glues).
        .library(name: "AdRequestKit", targets: ["AdRequestKit"]),
        .library(name: "AdHarness", targets: ["AdHarness"]),
        .library(name: "ScenarioRunner", targets: ["ScenarioRunner"]),
        // Its parts, for a test that needs only one: running scenarios, exploring, linting. A consumer
        // compiles only the modules its products reach (scripts/ci-time --consumer).
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .library(name: "Exploration", targets: ["Exploration"]),
        .library(name: "ConfigurationLint", targets: ["ConfigurationLint"]),
        .library(name: "AdHarnessContracts", targets: ["AdHarnessContracts"]),
        .library(name: "HarnessCommandLine", targets: ["HarnessCommandLine"]),
        // The codecs and the Info.plist on their own, for a test that names them (a TC string it
        // decodes, an Info.plist it writes): `AdHarness` does not re-export them from 0.10.0.
        .library(name: "PrivacySignals", targets: ["PrivacySignals"]),
        .library(name: "AppInfoPlist", targets: ["AppInfoPlist"]),
        .executable(name: "adharness", targets: ["adharness"]),
    ],
    targets: modules.map { module in
        switch module.name {
        case "adharness":
            .executableTarget(name: module.name, dependencies: module.dependencies.map { .target(name: $0) }, swiftSettings: strict)
        case "Scenarios":
            // The bundled scenarios travel with the module, so an installed `adharness` and a
            // consumer's tests find them: SwiftPM copies the top-level Fixtures/ (the one copy) into
            // the module's resource bundle, next to the executable. Resources outside the target's
            // folder are supported since tools version 5.11 (swiftlang/swift-package-manager#7232).
            .target(
                name: module.name, dependencies: module.dependencies.map { .target(name: $0) },
                resources: [.copy("../../Fixtures")], swiftSettings: strict)
        default:
            .target(name: module.name, dependencies: module.dependencies.map { .target(name: $0) }, swiftSettings: strict)
        }
    } + [
        // Sees the package only as a user does: public products, no `@testable`, no `package`
        // declarations (`packageAccess: false`: a target of this package would see them otherwise),
        // and every member it uses imported explicitly. It holds glues written as public apps write them.
        .testTarget(
            name: "ForeignGlueTests",
            dependencies: [
                "AdRequestKit", "PrivacySignals", "AdHarness", "ScenarioRunner", "AdHarnessContracts", "HarnessCommandLine", "MyAppConsent", "my-adharness",
            ],
            // The triage of the real glues is read from the source tree by the test that checks it;
            // the glues that trap or hang, and the tool over them, are targets of their own below.
            exclude: ["RealGlues/TRIAGE.md", "Glues/Fragile", "Tool"],
            packageAccess: false,
            swiftSettings: strict + [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // A team's glues that cannot run in a test process (one traps, one blocks), in a module of
        // their own as a team's glues are, and the team's tool over them (three lines), which serves
        // its own worker processes. The tests depend on the tool so that `swift test` builds it. Both
        // carry the names the docs give a team's (`MyAppConsent`, `my-adharness`), so that every doc
        // block compiles here as it would in a team's package.
        .target(
            name: "MyAppConsent", dependencies: ["AdRequestKit", "AdHarness"], path: "Tests/ForeignGlueTests/Glues/Fragile", exclude: ["Fixtures"],
            packageAccess: false,
            swiftSettings: strict + [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // Correct glues in a module of their own, for the team's tool: the docs' glues and one of the
        // tests' own, each a link to the test target's file, so that every door runs the same code.
        .target(
            name: "CorrectGlues", dependencies: ["AdRequestKit", "AdHarness"], path: "Tests/CorrectGlues", packageAccess: false,
            swiftSettings: strict + [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .executableTarget(
            name: "my-adharness", dependencies: ["MyAppConsent", "CorrectGlues", "HarnessCommandLine"], path: "Tests/ForeignGlueTests/Tool",
            packageAccess: false,
            swiftSettings: strict + [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: modules.map { .target(name: $0.name) },
            swiftSettings: strict
        ),
    ]
)
