import AdHarness
import AppInfoPlist
import MockAdNetwork
import StandInRuntime
import Testing

/// The Firebase C++ SDK's UMP integration suite, ported onto our consent stand-ins (catalogue, "The
/// peer suite"): a change that departs from what the reference SDK was observed to do fails here.
@Suite("Peer suite: Firebase C++ SDK UMP integration test")
struct FirebaseUmpPeerSuiteTests {
    @Test("the stand-ins do what the peer case expects", arguments: FirebaseUmpCase.all)
    func caseMirrors(_ peer: FirebaseUmpCase) throws {
        var device = Device(region: peer.region)
        device.sdk.messages = peer.messages
        device.sdk.overlappingCalls = peer.overlapping
        if peer.withoutAppID { device.infoPlist = device.infoPlist.removing(InfoPlist.adApplicationIdentifierKey) }
        let world = try SimulatedWorld(RunSetup(device: device, user: peer.user))
        let transcript = PeerScript(world: world).run(peer.steps)
        #expect(transcript == peer.transcript)
    }
}
