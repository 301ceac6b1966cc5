import AdRequestKit
import MockAdNetwork
import StandInRuntime
import Testing

/// Consent sync (catalogue C16): a GDPR decision stored under a consent sync identifier applies in
/// the publisher's other apps that send it, only where syncing is enabled and the identifier valid.
@Suite("Consent sync")
struct ConsentSyncTests {
    static let id = "3f9e2c1a-7b4d-4e8f-9a6b-1c2d3e4f5a6b"

    /// The status after one update in the EEA, with a decision stored under ``id`` by another app.
    func statusAfterUpdate(enabled: Bool, sending id: String?) -> (UserConsentStatus, String?) {
        let rig = Rig()
        let service = ConsentSyncService()
        service.store(.acceptAll, for: Self.id)
        var settings = ConsentSDKSettings(region: .eea)
        settings.consentSyncEnabled = enabled
        let info = SimulatedConsentInformation(settings: settings, storage: ConsentStorage(store: rig.store), process: rig.process, consentSync: service)
        info.requestInfoUpdate(with: ConsentRequestParameters(consentSyncID: id)) { _ in }
        rig.clock.run()
        return (info.consentStatus, rig.trace.events(named: .consentUpdate).first?["consentSync"])
    }

    @Test("the stored decision is restored only with syncing enabled and the same valid identifier; the update says why not")
    func restoredOnlyWhenSyncApplies() {
        #expect(statusAfterUpdate(enabled: true, sending: Self.id) == (.obtained, "on"))
        #expect(statusAfterUpdate(enabled: false, sending: Self.id) == (.required, "notEnabled"))
        #expect(statusAfterUpdate(enabled: true, sending: "too-short") == (.required, "invalid"))
        #expect(statusAfterUpdate(enabled: true, sending: "another-user-identifier-0042") == (.required, "on"))
        #expect(statusAfterUpdate(enabled: true, sending: nil) == (.required, nil))
    }

    @Test("an identifier is a UUID, or 22 to 150 characters of the guide's alphabet")
    func identifierForm() {
        #expect(ConsentSyncService.isValid(Self.id))
        #expect(ConsentSyncService.isValid(String(repeating: "a", count: 22)) && !ConsentSyncService.isValid(String(repeating: "a", count: 21)))
        #expect(!ConsentSyncService.isValid(String(repeating: "a", count: 151)) && !ConsentSyncService.isValid("user id with spaces 123456"))
        // A UUID's text with a space in a field is no UUID, though a C parser of hexadecimal skips the space.
        #expect(!ConsentSyncService.isValid("a 123456-1234-1234-1234-123456789012"))
    }
}
