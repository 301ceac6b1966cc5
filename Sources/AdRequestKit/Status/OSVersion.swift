/// An OS version such as `17.4` or `14.5.1`: what the app branches on (`#available`), and what
/// selects the OS stand-in's version-specific behaviour.
public struct OSVersion: Hashable, Sendable, Comparable, CustomStringConvertible, Codable, ExpressibleByStringLiteral {
    /// The major, minor and patch numbers.
    public var major: Int, minor: Int, patch: Int

    /// `OSVersion(17, 4)` is iOS 17.4: the parts left out are zero, as the OS writes `17.4` for `17.4.0`.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `17`, `17.4` or `14.5.1`; `nil` for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let numbers = parts.map { $0! } + [0, 0]
        self.init(numbers[0], numbers[1], numbers[2])
    }

    /// A literal version; a malformed literal is a programming error in the test.
    public init(stringLiteral text: String) {
        guard let version = OSVersion(text: text) else { preconditionFailure("not an OS version: \(text)") }
        self = version
    }

    /// `17.4` or `14.5.1`.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    /// Orders versions numerically.
    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// Decodes `"17.4"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = OSVersion(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an OS version such as \"17.5\", got \"\(text)\"")
        }
        self = version
    }

    /// Encodes `"17.4"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
