import Testing

@testable import AdHarness
@testable import AdHarnessContracts

/// The harness finds the recorder a test links with AdHarnessContracts by its type's name: renaming
/// or moving the type, or the module, must change the name the harness looks up too.
@Suite("The test-framework recorder")
struct TestFrameworkRecorderTests {
    @Test("the name the harness looks up is the recorder's own, and the lookup finds it in a process that links it")
    func foundByItsName() {
        #expect(_mangledTypeName(TestFrameworkIssues.self) == TestFramework.recorderName)
        #expect(TestFramework.recorder != nil)
    }
}
