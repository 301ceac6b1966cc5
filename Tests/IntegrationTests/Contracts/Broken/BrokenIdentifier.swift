import AdHarness
import AdHarnessContracts
import Foundation

/// An advertising identifier that rewrites what the stand-in reads.
struct MisreportingIdentifier: AdvertisingIdentifierProvider {
    let base: any AdvertisingIdentifierProvider
    var identifier: @Sendable (UUID) -> UUID = { $0 }
    var legacyFlag: Bool?

    var advertisingIdentifier: UUID { identifier(base.advertisingIdentifier) }
    var isAdvertisingTrackingEnabled: Bool { legacyFlag ?? base.isAdvertisingTrackingEnabled }
}

struct BrokenIdentifierSubject: AdvertisingIdentifierSubject {
    let base = StandInContractSubjects.advertisingIdentifier()
    let broken: @Sendable (any AdvertisingIdentifierProvider) -> MisreportingIdentifier

    func current() async throws -> IdentifierPorts { fix(try await base.current()) }
    func arrange(trackingStatus status: TrackingAuthorizationStatus) async throws -> IdentifierPorts? {
        try await base.arrange(trackingStatus: status).map(fix)
    }

    private func fix(_ ports: IdentifierPorts) -> IdentifierPorts {
        IdentifierPorts(identifier: broken(ports.identifier), tracking: ports.tracking)
    }
}

enum BrokenIdentifier {
    static let cached = UUID(uuidString: "6D92078A-8246-4BA4-AE5B-76104861E7DC") ?? UUID()

    static func broken(_ id: String, _ flaw: String, _ make: @escaping @Sendable (any AdvertisingIdentifierProvider) -> MisreportingIdentifier)
        -> BrokenImplementation
    {
        BrokenImplementation(id, flaw, checks: AdvertisingIdentifierContract.checks) { BrokenIdentifierSubject(broken: make) }
    }

    static let all = [
        broken("identifier.zero-unless-authorized", "always hands out zeros") { MisreportingIdentifier(base: $0, identifier: { _ in .zero }) },
        broken("identifier.stable-across-reads", "makes a new identifier on every read") { MisreportingIdentifier(base: $0, identifier: { _ in UUID() }) },
        broken("identifier.legacy-flag-false", "reports the legacy flag as enabled") { MisreportingIdentifier(base: $0, legacyFlag: true) },
        broken("identifier.zero-when-denied", "hands out an identifier cached before the denial") {
            MisreportingIdentifier(base: $0, identifier: { _ in cached })
        },
        broken("identifier.real-when-authorized", "always hands out zeros") { MisreportingIdentifier(base: $0, identifier: { _ in .zero }) },
    ]
}
