import AdRequestKit
import Foundation

/// An implementation of `AdvertisingIdentifierProvider`, with the tracking authorization of the
/// same device (the identifier's contract depends on it).
public protocol AdvertisingIdentifierSubject: Sendable {
    /// The identifier and tracking authorization as they stand on the device.
    func current() async throws -> IdentifierPorts
    /// Fresh ports on a device whose tracking status is `status`, or `nil` when this subject cannot arrange it.
    func arrange(trackingStatus status: TrackingAuthorizationStatus) async throws -> IdentifierPorts?
}

extension AdvertisingIdentifierSubject {
    /// Arranges nothing: checks that need world control are skipped.
    public func arrange(trackingStatus status: TrackingAuthorizationStatus) async throws -> IdentifierPorts? { nil }
}

/// The advertising identifier and the tracking authorization of one device.
public struct IdentifierPorts: Sendable {
    /// The identifier under check.
    public var identifier: any AdvertisingIdentifierProvider
    /// The same device's tracking authorization, read for the status the identifier depends on.
    public var tracking: any TrackingAuthorizer

    /// Pairs an identifier with its device's tracking authorization.
    public init(identifier: any AdvertisingIdentifierProvider, tracking: any TrackingAuthorizer) {
        self.identifier = identifier
        self.tracking = tracking
    }
}

/// The contract of `AdvertisingIdentifierProvider` (OS 14.5 and later), clause by clause.
public enum AdvertisingIdentifierContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any AdvertisingIdentifierSubject>] = [
        check("identifier.zero-unless-authorized", "the identifier is all zeros unless tracking is authorized, and real when it is", "I1", .portOnly) {
            subject in
            let ports = try await subject.current()
            let status = ports.tracking.trackingAuthorizationStatus
            let identifier = ports.identifier.advertisingIdentifier
            try expect(
                identifier.isZero == (status != .authorized),
                expected: status == .authorized ? "a non-zero identifier while authorized" : "all zeros while \(status)",
                found: identifier.uuidString
            )
        },
        check("identifier.stable-across-reads", "two reads in a row give the same identifier", "I4", .portOnly) { subject in
            let ports = try await subject.current()
            try expect("the second read", ports.identifier.advertisingIdentifier, equals: ports.identifier.advertisingIdentifier)
        },
        check("identifier.legacy-flag-false", "the legacy tracking-enabled flag reads false", "I2", .portOnly) { subject in
            try expect("isAdvertisingTrackingEnabled", try await subject.current().identifier.isAdvertisingTrackingEnabled, equals: false)
        },
        check("identifier.zero-when-denied", "after a denial the identifier is all zeros", "I1", .needsWorldControl) { subject in
            let ports = try await arranged(subject, .denied)
            try expect("the identifier", ports.identifier.advertisingIdentifier, equals: .zero)
        },
        check("identifier.real-when-authorized", "once authorized the identifier is not all zeros", "I1", .needsWorldControl) { subject in
            let ports = try await arranged(subject, .authorized)
            try expect(!ports.identifier.advertisingIdentifier.isZero, expected: "a non-zero identifier", found: "all zeros")
        },
    ]

    private static func check(
        _ id: String, _ statement: String, _ source: String, _ kind: ContractKind,
        _ body: @escaping @Sendable (any AdvertisingIdentifierSubject) async throws -> Void
    ) -> ContractCheck<any AdvertisingIdentifierSubject> {
        ContractCheck(ContractClause(id: id, port: .advertisingIdentifier, statement: statement, source: source, kind: kind), body: body)
    }

    private static func arranged(_ subject: any AdvertisingIdentifierSubject, _ status: TrackingAuthorizationStatus) async throws -> IdentifierPorts {
        guard let ports = try await subject.arrange(trackingStatus: status) else {
            throw ContractSkip.cannotArrange("a device whose tracking status is \(status)")
        }
        return ports
    }
}
