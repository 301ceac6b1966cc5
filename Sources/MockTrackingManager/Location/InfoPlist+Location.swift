import AppInfoPlist
import StandInRuntime

extension InfoPlist {
    /// The name of ``InfoPlistKey/locationWhenInUseUsageDescription``.
    package static let locationWhenInUseUsageKey = InfoPlistKey.locationWhenInUseUsageDescription.name
    /// The name of ``InfoPlistKey/locationAlwaysAndWhenInUseUsageDescription``.
    package static let locationAlwaysAndWhenInUseUsageKey = InfoPlistKey.locationAlwaysAndWhenInUseUsageDescription.name
    /// The name of ``InfoPlistKey/locationTemporaryUsageDescriptionDictionary``.
    package static let locationTemporaryUsageDictionaryKey = InfoPlistKey.locationTemporaryUsageDescriptionDictionary.name

    /// ``standard`` plus both location usage texts and one temporary precise-location purpose, `Directions`.
    public static let standardWithLocation = InfoPlist(
        standard.values.merging([
            locationWhenInUseUsageKey: .string("Shows shops near you"),
            locationAlwaysAndWhenInUseUsageKey: .string("Tells you when you arrive"),
            locationTemporaryUsageDictionaryKey: .dictionary(["Directions": .string("Turn-by-turn directions need your precise location")]),
        ]) { _, new in new })
}
