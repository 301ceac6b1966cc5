import AdHarness
import Testing

/// The Firebase C++ SDK's UMP integration suite, ported onto our consent stand-ins (catalogue, "The
/// peer suite"): a change that departs from what the reference SDK was observed to do fails here.
@Suite("Peer suite: Firebase C++ SDK UMP integration test")
struct FirebaseUmpPeerSuiteTests {
    @Test("the stand-ins do what the peer case expects", arguments: FirebaseUmpCase.all)
    func caseMirrors(_ peer: FirebaseUmpCase) throws {
        let world = try SimulatedWorld(device: Device(region: peer.region), user: peer.user)
        let transcript = PeerScript(world: world).run(peer.steps)
        #expect(transcript == peer.transcript)
    }
}
