import HarnessSupport

extension InfoPlist {
    /// Why the app uses location while in use; without it, location requests do nothing.
    public static let locationWhenInUseUsageKey = "NSLocationWhenInUseUsageDescription"
    /// Why the app uses location always; always requests need it and the when-in-use key.
    public static let locationAlwaysAndWhenInUseUsageKey = "NSLocationAlwaysAndWhenInUseUsageDescription"
    /// The texts for temporary precise location, keyed by purpose.
    public static let locationTemporaryUsageDictionaryKey = "NSLocationTemporaryUsageDescriptionDictionary"

    /// ``standard`` plus both location usage texts and one temporary precise-location purpose, `Directions`.
    public static let standardWithLocation = InfoPlist(standard.values.merging([
        locationWhenInUseUsageKey: .string("Shows shops near you"),
        locationAlwaysAndWhenInUseUsageKey: .string("Tells you when you arrive"),
        locationTemporaryUsageDictionaryKey: .dictionary(["Directions": .string("Turn-by-turn directions need your precise location")]),
    ]) { _, new in new })
}
