/// Whether the app gets precise or approximate locations, with the OS's raw values.
///
/// Maps one to one onto Core Location's `CLAccuracyAuthorization`.
public struct LocationAccuracyAuthorization: OpenStatus {
    /// The OS's raw value.
    public let rawValue: Int

    /// Creates the value for any raw value, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Precise locations.
    public static let fullAccuracy = Self(rawValue: 0)
    /// Approximate locations only: the user turned "Precise" off.
    public static let reducedAccuracy = Self(rawValue: 1)

    /// The two values the OS documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.fullAccuracy, "fullAccuracy"), (.reducedAccuracy, "reducedAccuracy"),
    ]
}
