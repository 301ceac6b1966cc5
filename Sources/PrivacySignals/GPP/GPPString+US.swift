extension GPPString {
    /// Whether each US section of the string, the US National one (7) and the US state ones (8 to
    /// 27), records an opt-out of sale, sharing or targeted advertising, in the string's order; a
    /// section that does not decode is its ``TCStringError`` (its `segment` is the section's place,
    /// from 1). Sections of other ids are left out.
    public var usSectionOptOuts: [(id: Int, optedOut: Result<Bool, TCStringError>)] {
        zip(sectionIDs, sections).enumerated().compactMap { index, section in
            let (id, text) = section
            if id == GPPUSNationalSection.id {
                return (id, Result { () throws(TCStringError) in try GPPUSNationalSection(decoding: text, index: index + 1).optedOut })
            }
            guard GPPUSStateSection.ids.contains(id) else { return nil }
            return (id, Result { () throws(TCStringError) in try GPPUSStateSection(decoding: text, id: id, index: index + 1).optedOut })
        }
    }

    /// Decodes a GPP string and each of its US sections (National and state): the check a GPP
    /// string another CMP left must pass before a run starts from it, wherever the setup comes from.
    ///
    /// - Throws: the ``TCStringError`` of the header, or of the first US section that does not decode.
    public init(decodingUSSections text: String) throws(TCStringError) {
        try self.init(decoding: text)
        for (_, optedOut) in usSectionOptOuts {
            if case .failure(let error) = optedOut { throw error }
        }
    }
}
