// swift-tools-version: 6.2
import PackageDescription

// Warnings fail the build when this package is the root being developed. When it is checked out
// as someone's dependency, SwiftPM and Xcode suppress dependency warnings, and forcing them to
// errors there breaks the consumer's build (dfed/swift-async-queue#70), so the setting is left off.
let isDependencyCheckout = Context.packageDirectory.contains("/checkouts/")
    || Context.packageDirectory.contains("/SourcePackages/")
let strict: [SwiftSetting] = isDependencyCheckout ? [] : [.treatAllWarnings(as: .error)]

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
        .executable(name: "adharness", targets: ["adharness"]),
    ],
    targets: [
        .target(name: "AdRequestKit", swiftSettings: strict),
        .target(name: "HarnessSupport", dependencies: ["AdRequestKit"], swiftSettings: strict),
        .target(name: "MockTrackingManager", dependencies: ["AdRequestKit", "HarnessSupport"], swiftSettings: strict),
        .target(name: "MockAdNetwork", dependencies: ["AdRequestKit", "HarnessSupport"], swiftSettings: strict),
        .target(
            name: "AdHarness",
            dependencies: ["AdRequestKit", "HarnessSupport", "MockTrackingManager", "MockAdNetwork"],
            swiftSettings: strict
        ),
        .target(name: "ScenarioRunner", dependencies: ["AdHarness"], swiftSettings: strict),
        .executableTarget(name: "adharness", dependencies: ["ScenarioRunner"], swiftSettings: strict),
        // Sees the package only as a user does: public products, no `@testable`, and every member
        // it uses imported explicitly. It holds glues written as public apps write them.
        .testTarget(
            name: "ForeignGlueTests",
            dependencies: ["AdHarness", "ScenarioRunner"],
            swiftSettings: strict + [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["AdRequestKit", "HarnessSupport", "MockTrackingManager", "MockAdNetwork", "AdHarness", "ScenarioRunner"],
            swiftSettings: strict
        ),
    ]
)
