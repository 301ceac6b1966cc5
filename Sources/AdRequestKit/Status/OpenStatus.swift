/// A status reported by an OS or SDK enum, open to raw values this code does not know yet.
///
/// Real frameworks add cases over time (Swift code needs `@unknown default`). Modelling each status as
/// a struct over the real raw value keeps a future value representable, so callers can decide about it
/// conservatively instead of crashing or dropping it.
public protocol OpenStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible, Codable
where RawValue: FixedWidthInteger & Sendable & Codable {
    /// Every value this code knows, with its name in the real API, in raw-value order.
    static var recognized: [(value: Self, name: String)] { get }
    /// Creates the status for any raw value, known or not.
    init(rawValue: RawValue)
}

extension OpenStatus {
    /// The name of a recognized value (`"denied"`), or `nil` for a raw value this code does not know.
    ///
    /// Inlinable, so that each module specializes it: every trace line spells statuses with it.
    @inlinable
    public var name: String? {
        for (value, name) in Self.recognized where value == self { return name }
        return nil
    }

    /// Whether this code knows the raw value.
    public var isRecognized: Bool { name != nil }

    /// The name, or `unrecognized(7)` for an unknown raw value.
    @inlinable
    public var description: String { name ?? "unrecognized(\(rawValue))" }

    /// Every recognized value, in raw-value order.
    public static var allRecognized: [Self] { recognized.map(\.value) }

    /// The names of every recognized value, for error messages and help.
    public static var recognizedNames: [String] { recognized.map(\.name) }

    /// Parses a name (`"denied"`) or the `unrecognized(7)` spelling that ``description`` prints.
    ///
    /// Inlinable, so that each module specializes it: the rules read statuses back from trace fields.
    @inlinable
    public init?(name: String) {
        for (value, known) in Self.recognized where known == name {
            self = value
            return
        }
        guard name.hasPrefix("unrecognized("), name.hasSuffix(")"), let raw = RawValue(name.dropFirst("unrecognized(".count).dropLast()) else {
            return nil
        }
        self.init(rawValue: raw)
    }

    /// Decodes the spelling that ``description`` prints.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(name: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected one of \(Self.recognizedNames.joined(separator: ", ")), got \"\(text)\""
            )
        }
        self = value
    }

    /// Encodes the spelling that ``description`` prints.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
