// swift-tools-version: 6.2
import PackageDescription

// The adapters of the harness's ports onto the real Apple and Google frameworks, as a package of
// their own so that they are type-checked, not only parsed. It depends on the harness (the
// package one folder up) by path; the harness's own manifest names no dependency and does not
// know this one.
//
// On Apple platforms the adapters build against the real SDKs, at the versions the adapters were
// checked against. On Linux those frameworks do not exist, so the package builds the adapters
// against interface stubs instead (`Stubs/`): one module per framework, named as the real one, so
// every `#if canImport(...)` branch of the adapters is compiled. The stubs declare only the members
// the adapters use, spelled as the real Swift interfaces at those versions, and do nothing.
// `swift build --package-path Adapters --build-tests` on Linux is therefore a type-check of every
// adapter and of the device contract tests, with warnings as errors; it runs nothing.

// The harness, reached by path. Its package identity is the folder's name, which differs between
// checkouts, so it is named here and products are looked up by that name.
let harness: Package.Dependency = .package(name: "AdConsentHarness", path: "..")

#if os(Linux)
    // Stand-ins for the frameworks, for type-checking only; the consent SDK's stub uses `UIKit`'s.
    let stubs: [Target] = [
        .target(name: "AppTrackingTransparency", path: "Stubs/AppTrackingTransparency"),
        .target(name: "AdSupport", path: "Stubs/AdSupport"),
        .target(name: "CoreLocation", path: "Stubs/CoreLocation"),
        .target(name: "UIKit", path: "Stubs/UIKit"),
        .target(name: "UserMessagingPlatform", dependencies: ["UIKit"], path: "Stubs/UserMessagingPlatform"),
        .target(name: "GoogleMobileAds", path: "Stubs/GoogleMobileAds"),
        .target(name: "FirebaseAnalytics", path: "Stubs/FirebaseAnalytics"),
        .target(name: "AppLovinSDK", path: "Stubs/AppLovinSDK"),
    ]
    let frameworks: [Target.Dependency] = [
        "AppTrackingTransparency", "AdSupport", "CoreLocation", "UIKit", "UserMessagingPlatform", "GoogleMobileAds", "FirebaseAnalytics",
        "AppLovinSDK",
    ]
    let sdkPackages: [Package.Dependency] = []
    // The Linux check is the one that must stay clean: a new warning fails it.
    let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
#else
    // The real SDKs, pinned: Google Mobile Ads 13.12.0 and User Messaging Platform 3.1.0. The
    // adapters need GMA 13.3 or later (`ageRestrictedTreatment`) and UMP 3.1 or later (`consentSyncID`; Swift names
    // without the `UMP` prefix). Apple's frameworks come with the SDK.
    let stubs: [Target] = []
    let frameworks: [Target.Dependency] = [
        .product(name: "GoogleMobileAds", package: "swift-package-manager-google-mobile-ads"),
        .product(name: "GoogleUserMessagingPlatform", package: "swift-package-manager-google-user-messaging-platform"),
    ]
    let sdkPackages: [Package.Dependency] = [
        .package(url: "https://github.com/googleads/swift-package-manager-google-mobile-ads.git", exact: "13.12.0"),
        .package(url: "https://github.com/googleads/swift-package-manager-google-user-messaging-platform.git", exact: "3.1.0"),
    ]
    let strict: [SwiftSetting] = []
#endif

let package = Package(
    name: "Adapters",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Adapters", targets: ["Adapters"])
    ],
    dependencies: [harness] + sdkPackages,
    targets: stubs + [
        .target(
            name: "Adapters",
            dependencies: [.product(name: "AdRequestKit", package: "AdConsentHarness")] + frameworks,
            swiftSettings: strict
        ),
        // The contract suite's port-only clauses against the adapters, for a simulator or a device.
        // On Linux it is compiled, and skipped if run: the stubs do nothing. Its folder is not named
        // Tests/: the suite waits on the real SDKs with `Task.sleep`, which the harness's own
        // Tests/ forbids.
        .testTarget(
            name: "AdaptersDeviceTests",
            dependencies: ["Adapters", .product(name: "AdHarnessContracts", package: "AdConsentHarness")],
            path: "DeviceTests",
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
