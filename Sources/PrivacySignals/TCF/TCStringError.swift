/// Why a TC string cannot be decoded: which segment, where in it, which field, and what was expected.
public struct TCStringError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A segment of the string, by its place (0 is the core segment).
    package struct Segment: Hashable, Sendable {
        /// The segment's place in the string, from 0.
        package var index: Int
        /// Its type, once read (`core`, `disclosedVendors`, `publisherTC`).
        public var name: String?

        /// A segment by place and, if known, type.
        package init(index: Int, name: String? = nil) {
            self.index = index
            self.name = name
        }
    }

    /// The segment at fault.
    package var segment: Segment
    /// The character of the whole string at fault, for a character that is not base64.
    package var characterOffset: Int?
    /// The bit within the segment at fault, for a field that does not decode.
    package var bitOffset: Int?
    /// The field being read.
    package var field: String?
    /// What was expected, and what was found.
    package var message: String

    /// An error in a field of a segment.
    package init(segment: Segment, bitOffset: Int, field: String, message: String) {
        self.segment = segment
        self.bitOffset = bitOffset
        self.field = field
        self.message = message
    }

    /// An error at a character of the string.
    package init(segment: Segment, characterOffset: Int, message: String) {
        self.segment = segment
        self.characterOffset = characterOffset
        self.message = message
    }

    /// An error about a field, wherever it is.
    package init(segment: Segment, field: String, message: String) {
        self.segment = segment
        self.field = field
        self.message = message
    }

    /// An error about a whole segment.
    package init(segment: Segment, message: String) {
        self.segment = segment
        self.message = message
    }

    /// `segment 0 (core), bit 213, MaxVendorId: expected 16 bits, found 5 left (...)`.
    public var description: String {
        var place = "segment \(segment.index)" + (segment.name.map { " (\($0))" } ?? "")
        if let characterOffset { place += ", character \(characterOffset)" }
        if let bitOffset { place += ", bit \(bitOffset)" }
        if let field { place += ", \(field)" }
        return "\(place): \(message)"
    }
}
