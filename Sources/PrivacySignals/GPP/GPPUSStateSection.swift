/// A US state section of a GPP string (ids 8 to 27, `usca` to `usri`): its fields by name, as
/// the IAB's section specification for that state lays them out.
///
/// One decoder and encoder reads a table of every state's fields (names, bit widths, list
/// lengths). Every field but the first is two bits an entry: for the opt-outs 0 not applicable, 1
/// opted out, 2 did not opt out; for consents 0 not applicable, 1 no consent, 2 consent. Sections
/// 8 to 23 start with their `Version` (1, the only one published); Maryland, Indiana, Kentucky
/// and Rhode Island (24 to 27) start with `MspaVersion` and have no ``version``. The optional GPC
/// sub-section is not read or written; Indiana, Kentucky and Rhode Island's sensitive-data
/// sub-section (after a `.`) is, and `SensitiveDataProcessing` is nil when it is absent. Decoding
/// never traps: malformed text is a ``TCStringError`` naming the section, the bit and the field.
public struct GPPUSStateSection: Hashable, Sendable {
    /// The ids of the US state sections.
    public static let ids: ClosedRange<Int> = 8...27

    /// The section id in the GPP header.
    public let id: Int
    /// Each field's entries, by name.
    private var values: [String: [Int]]

    /// The section's layout (its id is always one of ``ids``).
    private var layout: GPPUSStateLayout { GPPUSStateLayout.layout(id: id)! }

    /// A section of a state with every field not applicable (0), `Version` or `MspaVersion` 1, not
    /// an MSPA covered transaction (2), and no optional sub-section; nil for an id not in ``ids``.
    public init?(id: Int) {
        guard let layout = GPPUSStateLayout.layout(id: id) else { return nil }
        self.id = id
        values = Dictionary(uniqueKeysWithValues: layout.core.map { ($0.name, [Int](repeating: 0, count: $0.count)) })
        values[layout.core[0].name] = [1]
        values["MspaCoveredTransaction"] = [2]
    }

    /// The client-side API prefix, `usca` to `usri`.
    public var prefix: String { layout.prefix }

    /// `Version` of the section, or nil for the sections that have none (24 to 27).
    public var version: Int? { layout.hasVersion ? values["Version"]?.first : nil }

    /// The names of the section's fields in the spec's order, the optional sub-section's last.
    public var fieldNames: [String] { layout.fields.map(\.name) }

    /// A field's entries (one for a single value), or nil for a field the section does not have
    /// or an optional sub-section that is absent. Setting nil removes an optional sub-section;
    /// ``encode()`` refuses a missing core field, a name the section does not have, or a list not
    /// of the field's length.
    public subscript(field: String) -> [Int]? {
        get { values[field] }
        set { values[field] = newValue }
    }

    /// Whether the user opted out of the sale of their data, of targeted advertising, or (in
    /// California) of sharing.
    public var optedOut: Bool {
        ["SaleOptOut", "TargetedAdvertisingOptOut", "SharingOptOut"].contains { values[$0] == [1] }
    }

    /// Decodes a state section's text for its `id` in the GPP header; `index` is the section's
    /// place in the GPP string, for errors.
    ///
    /// Each part must be as long as its fields, padded to whole characters or to whole bytes first
    /// (as the IAB's encoders pad it); another length is an error naming the field the text ends
    /// in, or the first field when it is too long. A `Version` other than 1 is an error.
    public init(decoding text: String, id: Int, index: Int = 1) throws(TCStringError) {
        guard let layout = GPPUSStateLayout.layout(id: id) else {
            throw TCStringError(segment: .init(index: index), message: "expected a US state section id (8 to 27), found \(id)")
        }
        let segment = TCStringError.Segment(index: index, name: layout.prefix)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        self.id = id
        values = try Self.read(parts[0], layout.core, segment: segment, checkVersion: layout.hasVersion)
        if !layout.subsection.isEmpty, parts.count > 1 {
            values.merge(try Self.read(parts[1], layout.subsection, segment: segment, checkVersion: false)) { old, _ in old }
        }
    }

    /// The fields of one part, after checking its length (and its `Version`, which is read first).
    private static func read(
        _ part: Substring, _ fields: [GPPUSStateLayout.Field], segment: TCStringError.Segment, checkVersion: Bool
    ) throws(TCStringError) -> [String: [Int]] {
        let bits = try TCFBase64URL.bits(of: part, start: 0, index: segment.index)
        var reader = TCFBitReader(bits: bits, segment: segment)
        if checkVersion, bits.count >= 6 {
            var peek = reader
            let version = try peek.integer("Version", width: 6)
            guard version == 1 else { throw TCStringError(segment: segment, bitOffset: 0, field: "Version", message: "expected 1, found \(version)") }
        }
        try checkLength(of: part, bits: bits.count, fields, segment: segment)
        var values: [String: [Int]] = [:]
        for field in fields {
            var list: [Int] = []
            for _ in 0..<field.count { list.append(try reader.integer(field.name, width: field.width)) }
            values[field.name] = list
        }
        return values
    }

    /// Refuses a part whose length is not one its fields give.
    private static func checkLength(
        of part: Substring, bits: Int, _ fields: [GPPUSStateLayout.Field], segment: TCStringError.Segment
    ) throws(TCStringError) {
        let needed = fields.reduce(0) { $0 + $1.bitCount }
        let counts = GPPUSStateLayout.characterCounts(bits: needed)
        let characters = part.unicodeScalars.count
        guard !counts.contains(characters) else { return }
        let expected = "expected \(needed) bits (\(counts.map(String.init).joined(separator: " or ")) characters)"
        let found = "found \(bits) (\(characters) character\(characters == 1 ? "" : "s"))"
        guard bits < needed else {
            throw TCStringError(segment: segment, bitOffset: 0, field: fields[0].name, message: "\(expected), \(found): too long")
        }
        var offset = 0
        for field in fields {
            if offset + field.bitCount > bits {
                let entry = offset + (bits - offset) / field.width * field.width
                throw TCStringError(segment: segment, bitOffset: entry, field: field.name, message: "\(expected), \(found): the text ends in this field")
            }
            offset += field.bitCount
        }
    }

    /// The section's text: the core sub-section, then the sensitive-data sub-section after a `.`
    /// where the section has one and it is present, each padded with zero bits to whole
    /// characters. A field that does not fit is an error naming it.
    public func encode() throws(TCStringError) -> String {
        let layout = layout
        let segment = TCStringError.Segment(index: 1, name: layout.prefix)
        let known = Set(layout.fields.map(\.name))
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw TCStringError(segment: segment, field: unknown, message: "expected a field of \(layout.prefix), found none of this name")
        }
        var parts = [try write(layout.core, segment: segment)]
        if let first = layout.subsection.first, values[first.name] != nil { parts.append(try write(layout.subsection, segment: segment)) }
        return parts.joined(separator: ".")
    }

    /// One part's text, padded with zero bits to whole characters.
    private func write(_ fields: [GPPUSStateLayout.Field], segment: TCStringError.Segment) throws(TCStringError) -> String {
        var writer = TCFBitWriter()
        for field in fields {
            guard let list = values[field.name], list.count == field.count else {
                let found = values[field.name].map { "\($0.count)" } ?? "none"
                throw TCStringError(segment: segment, field: field.name, message: "expected \(field.count) values, found \(found)")
            }
            for value in list {
                guard (0..<(1 << field.width)).contains(value) else {
                    throw TCStringError(segment: segment, field: field.name, message: "expected 0 to \((1 << field.width) - 1), found \(value)")
                }
                writer.integer(value, width: field.width)
            }
        }
        return TCFBase64URL.text(of: writer.bits, quantum: 6)
    }
}
