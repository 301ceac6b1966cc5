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

let package = Package(
    name: "AdConsentHarness",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "AdRequestKit", targets: ["AdRequestKit"]),
        .library(name: "HarnessSupport", targets: ["HarnessSupport"]),
        .library(name: "MockTrackingManager", targets: ["MockTrackingManager"]),
        .library(name: "MockAdNetwork", targets: ["MockAdNetwork"]),
        .library(name: "AdHarness", targets: ["AdHarness"]),
        .library(name: "ScenarioRunner", targets: ["ScenarioRunner"]),
        .library(name: "AdHarnessContracts", targets: ["AdHarnessContracts"]),
        .executable(name: "adharness", targets: ["adharness"]),
    ],
    targets: [
        .target(name: "AdRequestKit", swiftSettings: strict),
        .target(name: "PortContracts", dependencies: ["AdRequestKit"], swiftSettings: strict),
        // The contract checks with their reporting into Swift Testing or XCTest: for test targets only.
        .target(name: "AdHarnessContracts", dependencies: ["PortContracts"], swiftSettings: strict),
        .target(name: "HarnessSupport", dependencies: ["AdRequestKit"], swiftSettings: strict),
        .target(name: "MockTrackingManager", dependencies: ["AdRequestKit", "HarnessSupport"], swiftSettings: strict),
        .target(name: "MockAdNetwork", dependencies: ["AdRequestKit", "HarnessSupport"], swiftSettings: strict),
        .target(
            name: "AdHarness",
            dependencies: ["AdRequestKit", "HarnessSupport", "MockTrackingManager", "MockAdNetwork", "PortContracts"],
            swiftSettings: strict
        ),
        .target(name: "ScenarioRunner", dependencies: ["AdHarness"], swiftSettings: strict),
        .executableTarget(name: "adharness", dependencies: ["ScenarioRunner"], swiftSettings: strict),
        // Sees the package only as a user does: public products, no `@testable`, and every member
        // it uses imported explicitly. It holds glues written as public apps write them.
        .testTarget(
            name: "ForeignGlueTests",
            dependencies: ["AdHarness", "ScenarioRunner", "AdHarnessContracts"],
            swiftSettings: strict + [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["AdRequestKit", "HarnessSupport", "MockTrackingManager", "MockAdNetwork", "AdHarness", "ScenarioRunner", "AdHarnessContracts"],
            swiftSettings: strict
        ),
    ]
)
