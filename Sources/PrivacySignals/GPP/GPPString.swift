/// A Global Privacy Platform string: a header listing section ids, then one text per section, joined by `~`.
///
/// The header is decoded and written here (type 3, version 1, the section ids as a Fibonacci range);
/// a section's text is kept as it is, for its own decoder (``GPPUSNationalSection`` for id 7,
/// ``GPPUSStateSection`` for the US states, 8 to 27).
/// Decoding never traps: a malformed string is a ``TCStringError`` naming the part (`segment` 0 is
/// the header, then the sections in order), the bit and the field.
public struct GPPString: Hashable, Sendable {
    /// The section ids in the order of their texts: ascending, from 1, each once (read-only, so ``encoded`` never meets an order it cannot write).
    public private(set) var sectionIDs: [Int]
    /// Each section's encoded text, in the same order.
    public private(set) var sections: [String]

    /// `Type` of a GPP header.
    static let headerType = 3
    /// `Version` of the GPP string format.
    static let version = 1

    /// A string of the given sections, in ascending id order as the spec asks (ids from 1; a repeated id is kept once).
    public init(sections: [(id: Int, text: String)]) {
        var seen = Set<Int>()
        let sorted = sections.sorted { $0.id < $1.id }.filter { $0.id >= 1 && seen.insert($0.id).inserted }
        sectionIDs = sorted.map(\.id)
        self.sections = sorted.map(\.text)
    }

    /// Decodes the header and splits the sections.
    public init(decoding text: String) throws(TCStringError) {
        let parts = text.split(separator: "~", omittingEmptySubsequences: false)
        let header = TCStringError.Segment(index: 0, name: "header")
        guard let first = parts.first, !first.isEmpty else { throw TCStringError(segment: header, message: "expected a base64 header, found an empty one") }
        var reader = TCFBitReader(bits: try TCFBase64URL.bits(of: first, start: 0, index: 0), segment: header)
        let type = try reader.integer("Type", width: 6)
        guard type == Self.headerType else {
            throw TCStringError(segment: header, bitOffset: 0, field: "Type", message: "expected 3 (a GPP header), found \(type)")
        }
        let version = try reader.integer("Version", width: 6)
        guard version == Self.version else { throw TCStringError(segment: header, bitOffset: 6, field: "Version", message: "expected 1, found \(version)") }
        var ids: [Int] = []
        for _ in 0..<(try reader.integer("Sections", width: 12)) {
            let isRange = try reader.flag("Sections")
            let start = (ids.last ?? 0) + (try GPPFibonacci.read("Sections", from: &reader))
            let end = isRange ? start + (try GPPFibonacci.read("Sections", from: &reader)) : start
            guard end < 1 << 12 else { throw reader.error("Sections", "expected section ids below 4096, found \(end)") }
            ids.append(contentsOf: start...end)
        }
        guard ids.count == parts.count - 1 else {
            throw TCStringError(segment: header, field: "Sections", message: "expected \(ids.count) sections after the header, found \(parts.count - 1)")
        }
        if let empty = parts.dropFirst().firstIndex(where: \.isEmpty) {
            throw TCStringError(segment: .init(index: empty), message: "expected the text of section \(ids[empty - 1]), found an empty one")
        }
        sectionIDs = ids
        sections = parts.dropFirst().map(String.init)
    }

    /// The text of the section with an id, if the string has it.
    public func section(_ id: Int) -> String? {
        sectionIDs.firstIndex(of: id).map { sections[$0] }
    }

    /// The string: the header, padded with zero bits to whole characters as the spec asks, then each section after a `~`.
    public var encoded: String {
        var writer = TCFBitWriter()
        writer.integer(Self.headerType, width: 6)
        writer.integer(Self.version, width: 6)
        writer.integer(sectionIDs.count, width: 12)
        var last = 0
        for id in sectionIDs {
            writer.flag(false)
            GPPFibonacci.write(id - last, to: &writer)
            last = id
        }
        return ([TCFBase64URL.text(of: writer.bits, quantum: 6)] + sections).joined(separator: "~")
    }
}
