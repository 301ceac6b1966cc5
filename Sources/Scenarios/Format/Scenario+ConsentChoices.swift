import MockAdNetwork

/// A `consentChoices` object: TCF ids the user consents to, and legitimate interests objected to.
struct ConsentChoicesSpec: Decodable {
    var choices = ConsentChoices()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case purposes, specialFeatures, vendors, objectedPurposes, objectedVendors
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        choices.purposes = try Self.ids(container, .purposes, in: 1...24, "purpose ids 1 to 24")
        choices.specialFeatures = try Self.ids(container, .specialFeatures, in: 1...12, "special feature ids 1 to 12")
        choices.vendors = try Self.ids(container, .vendors, in: 1...65_535, "vendor ids 1 to 65535")
        choices.objectedPurposes = try Self.ids(container, .objectedPurposes, in: 1...24, "purpose ids 1 to 24")
        choices.objectedVendors = try Self.ids(container, .objectedVendors, in: 1...65_535, "vendor ids 1 to 65535")
    }

    private static func ids(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, in range: ClosedRange<Int>, _ expected: String
    ) throws -> Set<Int> {
        let ids = try container.decodeIfPresent([Int].self, forKey: key) ?? []
        if let bad = ids.first(where: { !range.contains($0) }) {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "expected \(expected), found \(bad)")
        }
        return Set(ids)
    }
}
