/// The core segment of the GPP US National section (id 7, API prefix `usnat`), version 1 or 2:
/// notices given, the user's opt-outs of sale, sharing and targeted advertising, consents for
/// sensitive data and known children, and MSPA flags.
///
/// Every field is a two-bit value: 0 not applicable, then 1 and 2 as each field defines (for the
/// opt-outs, 1 opted out and 2 did not opt out). Version 2 (October 2024) has 16
/// `SensitiveDataProcessing` entries where version 1 has 12, and 3 `KnownChildSensitiveDataConsents`
/// where version 1 has 2; the other fields are the same. A decoded segment keeps its version and
/// lists of that version's lengths; a new one is version 2, as the writer writes it. The optional
/// GPC sub-section is not written.
public struct GPPUSNationalSection: Hashable, Sendable {
    /// The section id in the GPP header.
    public static let id = 7
    /// The version a new section has, and the writer writes: 2.
    public static let latestVersion = 2
    /// `Version` of the section: 1 or 2.
    public var version = latestVersion
    /// `SharingNotice`, `SaleOptOutNotice`, `SharingOptOutNotice`, `TargetedAdvertisingOptOutNotice`,
    /// `SensitiveDataProcessingOptOutNotice`, `SensitiveDataLimitUseNotice`, in this order.
    public var notices = [Int](repeating: 0, count: 6)
    /// `SaleOptOut`: 1 opted out, 2 did not.
    public var saleOptOut = 0
    /// `SharingOptOut`: 1 opted out, 2 did not.
    public var sharingOptOut = 0
    /// `TargetedAdvertisingOptOut`: 1 opted out, 2 did not.
    public var targetedAdvertisingOptOut = 0
    /// `SensitiveDataProcessing`: one entry a data activity (16 in version 2, 12 in version 1),
    /// 0 not applicable, 1 no consent, 2 consent.
    public var sensitiveDataProcessing = [Int](repeating: 0, count: 16)
    /// `KnownChildSensitiveDataConsents`: one entry an age group (3 in version 2, 2 in version 1).
    public var knownChildSensitiveDataConsents = [0, 0, 0]
    /// `PersonalDataConsents`.
    public var personalDataConsents = 0
    /// `MspaCoveredTransaction`: 1 yes, 2 no.
    public var mspaCoveredTransaction = 2
    /// `MspaOptOutOptionMode`.
    public var mspaOptOutOptionMode = 0
    /// `MspaServiceProviderMode`.
    public var mspaServiceProviderMode = 0

    /// A version-2 section with every field at its default (nothing applicable, not an MSPA covered transaction).
    public init() {}

    /// A section of a version with every field at its default, its lists as long as that version has
    /// them (a version this codec does not know gets version 2's, and ``encode()`` refuses it).
    public init(version: Int) {
        self.version = version
        let layout = Self.layout(version: version) ?? Self.layout(version: Self.latestVersion)!
        sensitiveDataProcessing = [Int](repeating: 0, count: layout.sensitiveData)
        knownChildSensitiveDataConsents = [Int](repeating: 0, count: layout.knownChild)
    }

    /// Whether the user opted out of the sale or sharing of their data, or of targeted advertising.
    public var optedOut: Bool { [saleOptOut, sharingOptOut, targetedAdvertisingOptOut].contains(1) }

    /// What differs between versions: the lengths of the two lists.
    struct Layout {
        var sensitiveData: Int
        var knownChild: Int

        /// The fields in the spec's order, each with its number of two-bit entries.
        var fields: [(name: String, count: Int)] {
            GPPUSNationalSection.noticeNames.map { ($0, 1) }
                + [
                    ("SaleOptOut", 1), ("SharingOptOut", 1), ("TargetedAdvertisingOptOut", 1),
                    ("SensitiveDataProcessing", sensitiveData), ("KnownChildSensitiveDataConsents", knownChild),
                    ("PersonalDataConsents", 1), ("MspaCoveredTransaction", 1), ("MspaOptOutOptionMode", 1), ("MspaServiceProviderMode", 1),
                ]
        }

        /// The core segment's bits: the 6-bit version, then two bits an entry (60 in version 1, 70 in version 2).
        var bitCount: Int { 6 + 2 * fields.reduce(0) { $0 + $1.count } }

        /// The lengths in characters the segment may have: its bits padded with zeros to whole
        /// characters (as this codec writes it), or first to whole bytes (as the IAB's reference
        /// encoders iabgpp-es and iabgpp-java do): 10 or 11 in version 1, 12 in version 2.
        var characterCounts: [Int] {
            let characters = (bitCount + 5) / 6
            let bytePadded = ((bitCount + 7) / 8 * 8 + 5) / 6
            return characters == bytePadded ? [characters] : [characters, bytePadded]
        }
    }

    /// The names of the six notices, in order.
    static let noticeNames = [
        "SharingNotice", "SaleOptOutNotice", "SharingOptOutNotice", "TargetedAdvertisingOptOutNotice",
        "SensitiveDataProcessingOptOutNotice", "SensitiveDataLimitUseNotice",
    ]

    /// The layout of a version, or nil for one this codec does not know.
    static func layout(version: Int) -> Layout? {
        switch version {
        case 1: Layout(sensitiveData: 12, knownChild: 2)
        case 2: Layout(sensitiveData: 16, knownChild: 3)
        default: nil
        }
    }

    /// The versions this codec reads and writes, for messages: "1 or 2".
    static let knownVersions = "1 or 2"

    /// The entries in the spec's order, each with its field's name.
    private var entries: [(String, Int)] {
        Array(zip(Self.noticeNames, notices))
            + [("SaleOptOut", saleOptOut), ("SharingOptOut", sharingOptOut), ("TargetedAdvertisingOptOut", targetedAdvertisingOptOut)]
            + sensitiveDataProcessing.map { ("SensitiveDataProcessing", $0) }
            + knownChildSensitiveDataConsents.map { ("KnownChildSensitiveDataConsents", $0) }
            + [
                ("PersonalDataConsents", personalDataConsents), ("MspaCoveredTransaction", mspaCoveredTransaction),
                ("MspaOptOutOptionMode", mspaOptOutOptionMode), ("MspaServiceProviderMode", mspaServiceProviderMode),
            ]
    }

    /// The section's text: the core segment in URL-safe base64, padded with zero bits to whole
    /// characters. A field that does not fit is an error naming it: a version other than 1 or 2, a
    /// list not of its version's length, a value outside 0 to 3.
    public func encode() throws(TCStringError) -> String {
        let segment = TCStringError.Segment(index: 1, name: "usnat")
        guard let layout = Self.layout(version: version) else {
            throw TCStringError(segment: segment, field: "Version", message: "expected \(Self.knownVersions), found \(version)")
        }
        for (name, list, count) in [
            ("notices", notices, 6), ("SensitiveDataProcessing", sensitiveDataProcessing, layout.sensitiveData),
            ("KnownChildSensitiveDataConsents", knownChildSensitiveDataConsents, layout.knownChild),
        ] where list.count != count {
            throw TCStringError(segment: segment, field: name, message: "expected \(count) values in version \(version), found \(list.count)")
        }
        var writer = TCFBitWriter()
        writer.integer(version, width: 6)
        for (name, value) in entries {
            guard (0...3).contains(value) else { throw TCStringError(segment: segment, field: name, message: "expected 0 to 3, found \(value)") }
            writer.integer(value, width: 2)
        }
        return TCFBase64URL.text(of: writer.bits, quantum: 6)
    }

    /// Decodes the core segment by its `Version` (a GPC sub-section after a `.` is ignored); `index`
    /// is the section's place in the GPP string, for errors.
    ///
    /// The segment must be as long as its version's fields, padded to whole characters or bytes
    /// (`Layout.characterCounts`); another length is an error naming the field the text ends in,
    /// or `Version` when it is too long. One exception, as the IAB's iabgpp-java 4.x decoder makes
    /// it: a segment that says version 1 but has version 2's 72 bits is read as version 2, since
    /// iabgpp-java 3.x wrote version 2's fields under version 1.
    public init(decoding text: String, index: Int = 1) throws(TCStringError) {
        let core = text.split(separator: ".", omittingEmptySubsequences: false)[0]
        let segment = TCStringError.Segment(index: index, name: "usnat")
        let bits = try TCFBase64URL.bits(of: core, start: 0, index: index)
        var reader = TCFBitReader(bits: bits, segment: segment)
        var declared = try reader.integer("Version", width: 6)
        guard var layout = Self.layout(version: declared) else {
            throw TCStringError(segment: segment, bitOffset: 0, field: "Version", message: "expected \(Self.knownVersions), found \(declared)")
        }
        if declared == 1, let upgraded = Self.layout(version: 2), upgraded.characterCounts.contains(core.unicodeScalars.count) {
            (declared, layout) = (2, upgraded)
        }
        try Self.checkLength(of: core, bits: bits.count, version: declared, layout: layout, segment: segment)
        var values: [[Int]] = []
        for (name, count) in layout.fields {
            var list: [Int] = []
            for _ in 0..<count { list.append(try reader.integer(name, width: 2)) }
            values.append(list)
        }
        version = declared
        notices = values[0..<6].map { $0[0] }
        (saleOptOut, sharingOptOut, targetedAdvertisingOptOut) = (values[6][0], values[7][0], values[8][0])
        (sensitiveDataProcessing, knownChildSensitiveDataConsents) = (values[9], values[10])
        (personalDataConsents, mspaCoveredTransaction, mspaOptOutOptionMode, mspaServiceProviderMode) = (
            values[11][0], values[12][0], values[13][0], values[14][0]
        )
    }

    /// Refuses a core segment whose length is not one its version's fields give.
    private static func checkLength(of core: Substring, bits: Int, version: Int, layout: Layout, segment: TCStringError.Segment) throws(TCStringError) {
        let characters = core.unicodeScalars.count
        guard !layout.characterCounts.contains(characters) else { return }
        let expected = "expected version \(version)'s \(layout.bitCount) bits (\(layout.characterCounts.map(String.init).joined(separator: " or ")) characters)"
        let found = "found \(bits) (\(characters) character\(characters == 1 ? "" : "s"))"
        guard bits < layout.bitCount else {
            throw TCStringError(segment: segment, bitOffset: 0, field: "Version", message: "\(expected), \(found): too long for the version it declares")
        }
        // Name the field the text ends in, at the entry that does not fit.
        var offset = 6
        for (name, count) in layout.fields {
            if offset + 2 * count > bits {
                let entry = offset + (bits - offset) / 2 * 2
                throw TCStringError(segment: segment, bitOffset: entry, field: name, message: "\(expected), \(found): the text ends in this field")
            }
            offset += 2 * count
        }
    }
}
