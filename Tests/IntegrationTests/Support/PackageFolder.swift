import Foundation

/// This package's checkout, for tests that read its sources and documents (the README, the
/// catalogue, the adapters) rather than the bundled fixtures.
enum PackageFolder {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // IntegrationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A file or folder under the root.
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
