// The contract suite against the adapters (Adapters/Sources/Adapters), for a simulator, or for an
// app's unit-test or UI-test target run on a device. Only the port-only clauses run: the
// world-control ones need a subject that arranges their situation (a person who answers a prompt, a
// test device with a debug geography), which a team adds. On Linux it is type-checked against the
// interface stubs and skipped if run (Adapters/README.md).
#if canImport(XCTest) && canImport(UIKit) && canImport(UserMessagingPlatform) && canImport(GoogleMobileAds)
    import AdHarnessContracts
    import Foundation
    import XCTest
    #if canImport(Adapters)
        // In the Adapters package the adapters are a module of their own; in an app's test target they are
        // compiled in, or reached with `@testable import` of the app.
        import Adapters
    #endif

    /// How long a real SDK gets to call back before a check looks.
    private func waitForCallbacks() async { try? await Task.sleep(for: .seconds(3)) }

    struct DeviceTrackingSubject: TrackingAuthorizerSubject {
        func current() -> any TrackingAuthorizer { SystemTrackingAuthorizer() }
        func settle() async { await waitForCallbacks() }
    }

    struct DeviceIdentifierSubject: AdvertisingIdentifierSubject {
        func current() -> IdentifierPorts { IdentifierPorts(identifier: SystemAdvertisingIdentifier(), tracking: SystemTrackingAuthorizer()) }
    }

    struct DeviceConsentSubject: ConsentInformationSubject {
        func current() -> any ConsentInfoProvider { SDKConsentInformation() }
        func settle() async { await waitForCallbacks() }
    }

    struct DeviceAdSubject: AdSDKSubject {
        let loader = SDKAdLoader()
        func current() -> AdSDKPorts { AdSDKPorts(sdk: loader, requestsReceived: { [loader] in loader.requestsSent }) }
        func settle() async { await waitForCallbacks() }
    }

    struct DeviceLocationSubject: LocationAuthorizerSubject {
        func current() -> any LocationAuthorizer { SystemLocationAuthorizer() }
        func settle() async { await waitForCallbacks() }
    }

    struct DeviceStoreSubject: KeyValueStoreSubject {
        func current() -> any KeyValueStore { DefaultsKeyValueStore() }
    }

    final class DeviceContractTests: XCTestCase {
        #if os(Linux)
            /// On Linux the frameworks are stubs that trap: the suite is compiled there, never run.
            override func setUpWithError() throws {
                throw XCTSkip("the frameworks are type-checking stubs on Linux; run this suite on a simulator or a device")
            }
        #endif

        func testTracking() async throws {
            for check in TrackingAuthorizerContract.checks where check.kind == .portOnly { try await check.verify(against: DeviceTrackingSubject()) }
        }

        func testAdvertisingIdentifier() async throws {
            for check in AdvertisingIdentifierContract.checks where check.kind == .portOnly { try await check.verify(against: DeviceIdentifierSubject()) }
        }

        func testConsentInformation() async throws {
            for check in ConsentInformationContract.checks where check.kind == .portOnly { try await check.verify(against: DeviceConsentSubject()) }
        }

        func testAdSDK() async throws {
            for check in AdSDKContract.checks where check.kind == .portOnly { try await check.verify(against: DeviceAdSubject()) }
        }

        func testLocation() async throws {
            for check in LocationAuthorizerContract.checks where check.kind == .portOnly { try await check.verify(against: DeviceLocationSubject()) }
        }

        func testKeyValueStore() async throws {
            for check in KeyValueStoreContract.checks { try await check.verify(against: DeviceStoreSubject()) }
        }
    }
#endif
