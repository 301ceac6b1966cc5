/// Why a TC string cannot be decoded: which segment, where in it, which field, and what was expected.
public struct TCStringError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A segment of the string, by its place (0 is the core segment).
    public struct Segment: Hashable, Sendable {
        /// The segment's place in the string, from 0.
        public var index: Int
        /// Its type, once read (`core`, `disclosedVendors`, `publisherTC`).
        public var name: String?

        /// A segment by place and, if known, type.
        public init(index: Int, name: String? = nil) {
            self.index = index
            self.name = name
        }
    }

    /// The segment at fault.
    public var segment: Segment
    /// The character of the whole string at fault, for a character that is not base64.
    public var characterOffset: Int?
    /// The bit within the segment at fault, for a field that does not decode.
    public var bitOffset: Int?
    /// The field being read.
    public var field: String?
    /// What was expected, and what was found.
    public var message: String

    /// An error in a field of a segment.
    public init(segment: Segment, bitOffset: Int, field: String, message: String) {
        self.segment = segment
        self.bitOffset = bitOffset
        self.field = field
        self.message = message
    }

    /// An error at a character of the string.
    public init(segment: Segment, characterOffset: Int, message: String) {
        self.segment = segment
        self.characterOffset = characterOffset
        self.message = message
    }

    /// An error about a field, wherever it is.
    public init(segment: Segment, field: String, message: String) {
        self.segment = segment
        self.field = field
        self.message = message
    }

    /// An error about a whole segment.
    public init(segment: Segment, message: String) {
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
