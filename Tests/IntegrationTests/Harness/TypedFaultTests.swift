import Foundation
import StandInRuntime
import Testing

/// A fault a call cannot produce does not compile: each call's fault takes that call's own errors.
@Suite("Typed faults")
struct TypedFaultTests {
    @Test("each call's typed errors are the errors the call accepts, and a typed fault is the untyped one it names")
    func typedIsUntyped() {
        #expect(FaultTarget.formLoad.acceptedErrors == [.internal, .timeout, .unavailable])
        #expect(Fault.formLoad(.error(.timeout), times: 1) == Fault(unchecked: .formLoad, .error(.timeout), times: 1))
        #expect(Fault.trackingRequest(.appInactive).effect == .appInactive)
        #expect(Fault.adStart(.callback(.never)).call == .adStart)
        for fault in [Fault.consentInfoUpdate(.error(.invalidAppID)), .formPresent(.error(.alreadyUsed)), .adLoad(.error(.noFill))] {
            #expect(fault.problem == nil, "\(fault)")
        }
    }

    #if os(Linux)
        @Test("a form load that fails offline, or a tracking request that fails at all, is a compile error naming what is wrong")
        func impossibleFaultsDoNotCompile() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typed-faults-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            func typeCheck(_ line: String) throws -> String? {
                let file = folder.appendingPathComponent("main.swift")
                try Data("import AdHarness\nlet fault = \(line)\nprint(fault)\n".utf8).write(to: file)
                return try Toolchain.run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Toolchain.builtModules.path, file.path])
            }
            #expect(try typeCheck("Fault.formLoad(.error(.timeout), times: 1)") == nil)
            let network = try #require(try typeCheck("Fault.formLoad(.error(.network))"))
            #expect(network.contains("FormLoadFailure") && network.contains("network"), "\(network)")
            let tracking = try #require(try typeCheck("Fault.trackingRequest(.error(.internal))"))
            #expect(tracking.contains("TrackingRequestFault"), "\(tracking)")
        }
    #endif
}
