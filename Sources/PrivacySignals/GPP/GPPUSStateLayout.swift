/// The field layout of each US state section of a GPP string (ids 8 to 27): one table, read by
/// ``GPPUSStateSection``'s one decoder and encoder.
///
/// Layouts as the IAB's section specifications give them (Global-Privacy-Platform,
/// `Sections/US-States/<state>/...Technical Specification.md`) and as its reference encoders write
/// them (iabgpp-es 3.2.0 `modules/cmpapi/src/encoder/segment/Us*CoreSegment.ts`; iabgpp-java 4.X
/// for ids 8 to 23). Ids 8 to 23 start with a 6-bit `Version`; Maryland, Indiana, Kentucky and
/// Rhode Island (24 to 27, October 2025) start with a 6-bit `MspaVersion` and have no version of
/// their own in the encoded text. Every other field is two bits an entry.
struct GPPUSStateLayout: Sendable {
    /// A field: its name as the spec spells it, the bits of one entry, and how many entries.
    struct Field: Sendable {
        var name: String
        var width: Int
        var count: Int

        /// The field's bits.
        var bitCount: Int { width * count }
    }

    /// The section id in the GPP header.
    var id: Int
    /// The client-side API prefix (`usca`).
    var prefix: String
    /// The core sub-section's fields in order, its 6-bit first field included.
    var core: [Field]
    /// The fields of the sub-section a `.` may add that this codec reads: Indiana, Kentucky and
    /// Rhode Island's sensitive-data consents. Empty where the `.` starts the GPC sub-section, which
    /// is not read.
    var subsection: [Field]

    /// Every field, core first.
    var fields: [Field] { core + subsection }

    /// Whether the section has a `Version` of its own (ids 8 to 23).
    var hasVersion: Bool { core.first?.name == "Version" }

    /// The lengths in characters a part of `bits` bits may have: padded with zeros to whole
    /// characters (as this codec writes it, and the GPP spec asks), or first to whole bytes (as
    /// iabgpp-es and iabgpp-java write it).
    static func characterCounts(bits: Int) -> [Int] {
        let characters = (bits + 5) / 6
        let bytePadded = ((bits + 7) / 8 * 8 + 5) / 6
        return characters == bytePadded ? [characters] : [characters, bytePadded]
    }

    /// The layout of a state section id, or nil for another id.
    static func layout(id: Int) -> GPPUSStateLayout? {
        all.first { $0.id == id }
    }

    // MARK: - The table

    /// One two-bit entry for each name.
    private static func two(_ names: String...) -> [Field] { names.map { Field(name: $0, width: 2, count: 1) } }
    /// `SensitiveDataProcessing` and `KnownChildSensitiveDataConsents` with their entry counts.
    private static func lists(sensitive: Int, child: Int) -> [Field] {
        [Field(name: "SensitiveDataProcessing", width: 2, count: sensitive), Field(name: "KnownChildSensitiveDataConsents", width: 2, count: child)]
    }
    private static let version = Field(name: "Version", width: 6, count: 1)
    private static let mspa = two("MspaCoveredTransaction", "MspaOptOutOptionMode", "MspaServiceProviderMode")
    /// Virginia, Colorado and Connecticut's notices and opt-outs.
    private static let sharingNotices = two("SharingNotice", "SaleOptOutNotice", "TargetedAdvertisingOptOutNotice", "SaleOptOut", "TargetedAdvertisingOptOut")
    /// The notices and opt-outs of the states from Florida on, Montana and Iowa aside.
    private static let processingNotices = two(
        "ProcessingNotice", "SaleOptOutNotice", "TargetedAdvertisingOptOutNotice", "SaleOptOut", "TargetedAdvertisingOptOut")
    /// A section of the Florida pattern: processing notice, opt-outs, the two lists, then
    /// `AdditionalDataProcessingConsent` and the MSPA fields.
    private static func processing(_ id: Int, _ prefix: String, sensitive: Int, child: Int) -> GPPUSStateLayout {
        GPPUSStateLayout(
            id: id, prefix: prefix,
            core: [version] + processingNotices + lists(sensitive: sensitive, child: child) + two("AdditionalDataProcessingConsent") + mspa,
            subsection: [])
    }
    /// A section of the Maryland pattern (October 2025): `MspaVersion` first, one MSPA mode field.
    private static func mspaFirst(_ id: Int, _ prefix: String, knownChild: Bool, sensitiveSubsection: Bool) -> GPPUSStateLayout {
        let head = [Field(name: "MspaVersion", width: 6, count: 1)] + two("MspaCoveredTransaction", "MspaMode") + processingNotices
        return GPPUSStateLayout(
            id: id, prefix: prefix, core: head + (knownChild ? two("KnownChildSensitiveDataConsents") : []) + two("AdditionalDataProcessingConsent"),
            subsection: sensitiveSubsection ? [Field(name: "SensitiveDataProcessing", width: 2, count: 8)] : [])
    }

    /// Every US state section the IAB lists ("Sections/Section Information.md"), by id.
    static let all: [GPPUSStateLayout] = [
        GPPUSStateLayout(
            id: 8, prefix: "usca",
            core: [version] + two("SaleOptOutNotice", "SharingOptOutNotice", "SensitiveDataLimitUseNotice", "SaleOptOut", "SharingOptOut")
                + lists(sensitive: 9, child: 2) + two("PersonalDataConsents") + mspa,
            subsection: []),
        GPPUSStateLayout(id: 9, prefix: "usva", core: [version] + sharingNotices + lists(sensitive: 8, child: 1) + mspa, subsection: []),
        GPPUSStateLayout(id: 10, prefix: "usco", core: [version] + sharingNotices + lists(sensitive: 7, child: 1) + mspa, subsection: []),
        GPPUSStateLayout(
            id: 11, prefix: "usut",
            core: [version]
                + two(
                    "SharingNotice", "SaleOptOutNotice", "TargetedAdvertisingOptOutNotice", "SensitiveDataProcessingOptOutNotice", "SaleOptOut",
                    "TargetedAdvertisingOptOut")
                + lists(sensitive: 8, child: 1) + mspa,
            subsection: []),
        GPPUSStateLayout(id: 12, prefix: "usct", core: [version] + sharingNotices + lists(sensitive: 8, child: 3) + mspa, subsection: []),
        processing(13, "usfl", sensitive: 8, child: 3),
        GPPUSStateLayout(
            id: 14, prefix: "usmt", core: [version] + sharingNotices + lists(sensitive: 8, child: 3) + two("AdditionalDataProcessingConsent") + mspa,
            subsection: []),
        processing(15, "usor", sensitive: 11, child: 3),
        processing(16, "ustx", sensitive: 8, child: 1),
        processing(17, "usde", sensitive: 9, child: 5),
        GPPUSStateLayout(
            id: 18, prefix: "usia",
            core: [version]
                + two(
                    "ProcessingNotice", "SaleOptOutNotice", "TargetedAdvertisingOptOutNotice", "SensitiveDataOptOutNotice", "SaleOptOut",
                    "TargetedAdvertisingOptOut")
                + lists(sensitive: 8, child: 1) + mspa,
            subsection: []),
        processing(19, "usne", sensitive: 8, child: 1),
        processing(20, "usnh", sensitive: 8, child: 3),
        processing(21, "usnj", sensitive: 10, child: 5),
        processing(22, "ustn", sensitive: 8, child: 1),
        processing(23, "usmn", sensitive: 8, child: 1),
        mspaFirst(24, "usmd", knownChild: false, sensitiveSubsection: false),
        mspaFirst(25, "usin", knownChild: true, sensitiveSubsection: true),
        mspaFirst(26, "usky", knownChild: true, sensitiveSubsection: true),
        mspaFirst(27, "usri", knownChild: true, sensitiveSubsection: true),
    ]
}
