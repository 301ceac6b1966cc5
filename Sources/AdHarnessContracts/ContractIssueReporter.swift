import Foundation

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Where in the caller's test a check was verified, so the framework points at that line.
struct ContractSourceLocation {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: Int
}

/// Sends a check's outcome to the test framework that is running it, as swift-issue-reporting
/// does (written here, no dependency): Swift Testing when the caller runs inside a Swift Testing
/// test, XCTest otherwise, standard error when neither framework is linked.
enum ContractIssueReporter {
    static func report(_ result: ContractResult, at location: ContractSourceLocation) throws {
        #if canImport(Testing)
            if Test.current != nil {
                let sourceLocation = SourceLocation(
                    fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line), column: location.column
                )
                switch result.verdict {
                case .passed: return
                case .failed: Issue.record(Comment(rawValue: result.description), sourceLocation: sourceLocation)
                case .skipped: Issue.record(Comment(rawValue: result.description), severity: .warning, sourceLocation: sourceLocation)
                }
                return
            }
        #endif
        #if canImport(XCTest)
            switch result.verdict {
            case .passed: return
            case .failed: XCTFail(result.description, file: location.filePath, line: location.line)
            case .skipped: throw XCTSkip(result.description, file: location.filePath, line: location.line)
            }
        #else
            guard result.verdict != .passed else { return }
            FileHandle.standardError.write(Data("\(result.description)\n".utf8))
        #endif
    }
}
