/// A set of vendor ids as a TC string encodes it: `MaxVendorId`, then a bit field or a list of ranges.
///
/// The encoding is kept, so a decoded string encodes back to the same text.
public struct TCFVendorSection: Hashable, Sendable {
    /// How the ids are encoded.
    public enum Encoding: Hashable, Sendable {
        /// One bit per vendor id up to `MaxVendorId`.
        case bitField
        /// A list of entries, each one id or a closed range of ids, in the string's order.
        case ranges([ClosedRange<Int>])
    }

    /// The highest vendor id the section covers.
    public var maxVendorID: Int
    /// The ids in the set (for a bit field; ranges carry their own).
    private var bitFieldIDs: Set<Int>
    /// How the ids are encoded.
    public var encoding: Encoding

    /// The vendor ids in the set.
    public var ids: Set<Int> {
        switch encoding {
        case .bitField: bitFieldIDs
        case .ranges(let ranges): Set(ranges.flatMap { Array($0) })
        }
    }

    /// The set, encoded as the spec's encoders do: whichever of the bit field and the ranges is shorter.
    public init(ids: Set<Int>) {
        let sorted = ids.sorted()
        var ranges: [ClosedRange<Int>] = []
        for id in sorted {
            if let last = ranges.last, last.upperBound + 1 == id { ranges[ranges.count - 1] = last.lowerBound...id } else { ranges.append(id...id) }
        }
        let maxID = sorted.last ?? 0
        let rangeBits = 12 + ranges.reduce(0) { $0 + ($1.count == 1 ? 17 : 33) }
        self.maxVendorID = maxID
        self.bitFieldIDs = ids
        self.encoding = rangeBits < maxID ? .ranges(ranges) : .bitField
    }

    /// A section with an explicit encoding, as decoded.
    init(maxVendorID: Int, bitFieldIDs: Set<Int>, encoding: Encoding) {
        self.maxVendorID = maxVendorID
        self.bitFieldIDs = bitFieldIDs
        self.encoding = encoding
    }

    /// An empty section (`MaxVendorId` 0).
    public static let empty = TCFVendorSection(ids: [])

    /// Reads a section: `MaxVendorId` 16, `IsRangeEncoding` 1, then the bit field or the entries.
    static func read(_ reader: inout TCFBitReader, _ name: String) throws(TCStringError) -> TCFVendorSection {
        let maxID = try reader.integer("\(name).MaxVendorId", width: 16)
        guard try reader.flag("\(name).IsRangeEncoding") else {
            return TCFVendorSection(maxVendorID: maxID, bitFieldIDs: try reader.idSet("\(name).BitField", width: maxID), encoding: .bitField)
        }
        let ranges = try readRanges(&reader, name, maxID: maxID)
        return TCFVendorSection(maxVendorID: maxID, bitFieldIDs: [], encoding: .ranges(ranges))
    }

    /// Reads `NumEntries` 12 and the entries; each id must be from 1 to `maxID` (no limit when `nil`).
    static func readRanges(_ reader: inout TCFBitReader, _ name: String, maxID: Int?) throws(TCStringError) -> [ClosedRange<Int>] {
        let count = try reader.integer("\(name).NumEntries", width: 12)
        var ranges: [ClosedRange<Int>] = []
        for entry in 0..<count {
            let isRange = try reader.flag("\(name).Entry[\(entry)].IsARange")
            let start = try reader.integer("\(name).Entry[\(entry)].StartOrOnlyVendorId", width: 16)
            let end = isRange ? try reader.integer("\(name).Entry[\(entry)].EndVendorId", width: 16) : start
            guard start >= 1, end >= start else {
                throw reader.error("\(name).Entry[\(entry)]", "expected vendor ids from 1 with end >= start, found \(start)...\(end)")
            }
            if let maxID, end > maxID {
                throw reader.error("\(name).Entry[\(entry)]", "expected vendor ids up to MaxVendorId \(maxID), found \(end)")
            }
            ranges.append(start...end)
        }
        return ranges
    }

    /// Writes the section.
    func write(_ writer: inout TCFBitWriter) {
        writer.integer(maxVendorID, width: 16)
        switch encoding {
        case .bitField:
            writer.flag(false)
            writer.idSet(bitFieldIDs, width: maxVendorID)
        case .ranges(let ranges):
            writer.flag(true)
            Self.writeRanges(ranges, &writer)
        }
    }

    /// Writes `NumEntries` and the entries.
    static func writeRanges(_ ranges: [ClosedRange<Int>], _ writer: inout TCFBitWriter) {
        writer.integer(ranges.count, width: 12)
        for range in ranges {
            writer.flag(range.count > 1)
            writer.integer(range.lowerBound, width: 16)
            if range.count > 1 { writer.integer(range.upperBound, width: 16) }
        }
    }
}
