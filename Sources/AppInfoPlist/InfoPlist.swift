import Foundation

/// The app's Info.plist as the simulated OS and SDKs read it.
///
/// The real frameworks crash, or silently do nothing, when a key they need is missing; the stand-ins
/// read these keys to do the same (as a reported outcome, not a trap of the test process).
public struct InfoPlist: Hashable, Sendable {
    /// The top-level keys and values.
    public var values: [String: PropertyListValue]

    /// The name of ``InfoPlistKey/trackingUsageDescription``.
    public static let trackingUsageDescriptionKey = InfoPlistKey.trackingUsageDescription.name
    /// The name of ``InfoPlistKey/adApplicationIdentifier``.
    public static let adApplicationIdentifierKey = InfoPlistKey.adApplicationIdentifier.name

    /// An Info.plist with the given values.
    public init(_ values: [String: PropertyListValue] = [:]) { self.values = values }

    /// A typical ad-supported app: the tracking usage text and Google's sample application identifier.
    public static let standard = InfoPlist([
        trackingUsageDescriptionKey: .string("Ads fit your interests"),
        adApplicationIdentifierKey: .string(InfoPlistKey.sampleAdApplicationIdentifier),
    ])

    /// Whether the key is present.
    public func contains(_ key: String) -> Bool { values[key] != nil }

    /// Whether a catalogued key is present.
    public func contains(_ key: InfoPlistKey) -> Bool { values[key.name] != nil }

    /// The value under a catalogued key.
    public subscript(key: InfoPlistKey) -> PropertyListValue? { values[key.name] }

    /// Whether `GADApplicationIdentifier` is a string of the form of an app ID, as the consent SDK's update needs it.
    public var hasWellFormedAdApplicationIdentifier: Bool {
        guard case .string(let identifier) = self[.adApplicationIdentifier] else { return false }
        return InfoPlistKey.isWellFormedAdApplicationIdentifier(identifier)
    }

    /// The value under a key.
    public subscript(key: String) -> PropertyListValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// This Info.plist with a key removed.
    public func removing(_ key: String) -> InfoPlist {
        var copy = self
        copy.values[key] = nil
        return copy
    }

    /// Reads an Info.plist file (XML or binary) with the toolchain's property-list parser.
    public init(contentsOf url: URL, file: String? = nil) throws(InfoPlistError) {
        self.init(try PropertyListFile.dictionary(at: url, file: file))
    }
}

/// A property-list file that could not be used, naming the file and what was wrong.
public struct InfoPlistError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// What was wrong.
    public var problem: String

    /// An error about a file.
    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `Info.plist: expected a dictionary at the top level, found an array`.
    public var description: String { "\(file): \(problem)" }
}

/// A property-list value.
public enum PropertyListValue: Hashable, Sendable, Codable {
    /// A string.
    case string(String)
    /// A Boolean.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// An array.
    case array([PropertyListValue])
    /// A dictionary.
    case dictionary([String: PropertyListValue])

    /// Converts what the property-list parser returns; `nil` for dates and data.
    public init?(_ object: Any) {
        switch object {
        case let value as String: self = .string(value)
        // Linux's parser returns a native Bool; Darwin's returns an NSNumber whose type code is "c".
        // Integers also pass `is Bool`, so the exact type is checked, not a cast.
        case let value as Bool where type(of: object) == Bool.self: self = .bool(value)
        case let value as NSNumber where String(cString: value.objCType) == "c": self = .bool(value.boolValue)
        case let value as NSNumber: self = .number(value.doubleValue)
        case let values as [Any]:
            let converted = values.compactMap(PropertyListValue.init)
            guard converted.count == values.count else { return nil }
            self = .array(converted)
        case let values as [String: Any]:
            var converted: [String: PropertyListValue] = [:]
            for (key, value) in values {
                guard let value = PropertyListValue(value) else { return nil }
                converted[key] = value
            }
            self = .dictionary(converted)
        default: return nil
        }
    }

    /// Decodes a JSON string, Boolean, number, array or object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([PropertyListValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: PropertyListValue].self) {
            self = .dictionary(value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a string, Boolean, number, array or object (a property-list value)"
            )
        }
    }

    /// Encodes as the matching JSON value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .dictionary(let value): try container.encode(value)
        }
    }
}
