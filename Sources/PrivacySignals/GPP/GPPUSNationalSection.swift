/// The core segment of the GPP US National section (id 7, API prefix `usnat`), version 1: notices
/// given, the user's opt-outs of sale, sharing and targeted advertising, and MSPA flags.
///
/// Every field is a two-bit value: 0 not applicable, then 1 and 2 as each field defines (for the
/// opt-outs, 1 opted out and 2 did not opt out). The optional GPC sub-section is not written.
public struct GPPUSNationalSection: Hashable, Sendable {
    /// The section id in the GPP header.
    public static let id = 7
    /// `Version` of the section.
    public var version = 1
    /// `SharingNotice`, `SaleOptOutNotice`, `SharingOptOutNotice`, `TargetedAdvertisingOptOutNotice`,
    /// `SensitiveDataProcessingOptOutNotice`, `SensitiveDataLimitUseNotice`, in this order.
    public var notices = [Int](repeating: 0, count: 6)
    /// `SaleOptOut`: 1 opted out, 2 did not.
    public var saleOptOut = 0
    /// `SharingOptOut`: 1 opted out, 2 did not.
    public var sharingOptOut = 0
    /// `TargetedAdvertisingOptOut`: 1 opted out, 2 did not.
    public var targetedAdvertisingOptOut = 0
    /// `SensitiveDataProcessing`: twelve data activities, 0 not applicable, 1 no consent, 2 consent.
    public var sensitiveDataProcessing = [Int](repeating: 0, count: 12)
    /// `KnownChildSensitiveDataConsents`: two activities.
    public var knownChildSensitiveDataConsents = [0, 0]
    /// `PersonalDataConsents`.
    public var personalDataConsents = 0
    /// `MspaCoveredTransaction`: 1 yes, 2 no.
    public var mspaCoveredTransaction = 2
    /// `MspaOptOutOptionMode`.
    public var mspaOptOutOptionMode = 0
    /// `MspaServiceProviderMode`.
    public var mspaServiceProviderMode = 0

    /// A section with every field at its default (nothing applicable, not an MSPA covered transaction).
    public init() {}

    /// Whether the user opted out of the sale or sharing of their data, or of targeted advertising.
    public var optedOut: Bool { [saleOptOut, sharingOptOut, targetedAdvertisingOptOut].contains(1) }

    /// The fields in the spec's order, with their names.
    private var fields: [(String, Int)] {
        let noticeNames = ["SharingNotice", "SaleOptOutNotice", "SharingOptOutNotice", "TargetedAdvertisingOptOutNotice",
                           "SensitiveDataProcessingOptOutNotice", "SensitiveDataLimitUseNotice"]
        return Array(zip(noticeNames, notices))
            + [("SaleOptOut", saleOptOut), ("SharingOptOut", sharingOptOut), ("TargetedAdvertisingOptOut", targetedAdvertisingOptOut)]
            + sensitiveDataProcessing.map { ("SensitiveDataProcessing", $0) }
            + knownChildSensitiveDataConsents.map { ("KnownChildSensitiveDataConsents", $0) }
            + [("PersonalDataConsents", personalDataConsents), ("MspaCoveredTransaction", mspaCoveredTransaction),
               ("MspaOptOutOptionMode", mspaOptOutOptionMode), ("MspaServiceProviderMode", mspaServiceProviderMode)]
    }

    /// The section's text: the core segment in URL-safe base64, padded to whole characters; a field
    /// that does not fit (a version other than 1, a list of the wrong length, a value outside 0 to 3) is an error.
    public func encode() throws(TCStringError) -> String {
        let segment = TCStringError.Segment(index: 1, name: "usnat")
        guard version == 1 else { throw TCStringError(segment: segment, field: "Version", message: "expected 1, found \(version)") }
        for (name, list, count) in [("notices", notices, 6), ("SensitiveDataProcessing", sensitiveDataProcessing, 12),
                                    ("KnownChildSensitiveDataConsents", knownChildSensitiveDataConsents, 2)] where list.count != count {
            throw TCStringError(segment: segment, field: name, message: "expected \(count) values, found \(list.count)")
        }
        var writer = TCFBitWriter()
        writer.integer(version, width: 6)
        for (name, value) in fields {
            guard (0...3).contains(value) else { throw TCStringError(segment: segment, field: name, message: "expected 0 to 3, found \(value)") }
            writer.integer(value, width: 2)
        }
        return TCFBase64URL.text(of: writer.bits, quantum: 6)
    }

    /// Decodes the core segment (a GPC sub-section after a `.` is ignored); `index` is the section's place in the GPP string.
    public init(decoding text: String, index: Int = 1) throws(TCStringError) {
        let core = text.split(separator: ".", omittingEmptySubsequences: false)[0]
        let segment = TCStringError.Segment(index: index, name: "usnat")
        var reader = TCFBitReader(bits: try TCFBase64URL.bits(of: core, start: 0, index: index), segment: segment)
        version = try reader.integer("Version", width: 6)
        guard version == 1 else { throw TCStringError(segment: segment, bitOffset: 0, field: "Version", message: "expected 1, found \(version)") }
        var values: [Int] = []
        for (name, _) in fields { values.append(try reader.integer(name, width: 2)) }
        notices = Array(values[0..<6])
        (saleOptOut, sharingOptOut, targetedAdvertisingOptOut) = (values[6], values[7], values[8])
        sensitiveDataProcessing = Array(values[9..<21])
        knownChildSensitiveDataConsents = Array(values[21..<23])
        (personalDataConsents, mspaCoveredTransaction, mspaOptOutOptionMode, mspaServiceProviderMode) = (values[23], values[24], values[25], values[26])
    }
}
