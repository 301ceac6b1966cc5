extension TCString {
    /// Segment types after the core segment.
    enum SegmentType: Int {
        case disclosedVendors = 1
        case publisherTC = 3

        var name: String { self == .disclosedVendors ? "disclosedVendors" : "publisherTC" }
    }

    /// Decodes a TC string: the core segment, then any DisclosedVendors and PublisherTC segments.
    public init(decoding text: String) throws(TCStringError) {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        var start = 0
        var decoded = TCString()
        for (index, segment) in segments.enumerated() {
            defer { start += segment.count + 1 }
            guard !segment.isEmpty else {
                throw TCStringError(
                    segment: .init(index: index), message: "expected a base64 segment, found an empty one" + (text.isEmpty ? " (the string is empty)" : ""))
            }
            let bits = try TCFBase64URL.bits(of: segment, start: start, index: index)
            if index == 0 {
                var reader = TCFBitReader(bits: bits, segment: .init(index: 0, name: "core"))
                try decoded.readCore(&reader)
                continue
            }
            var reader = TCFBitReader(bits: bits, segment: .init(index: index))
            let rawType = try reader.integer("SegmentType", width: 3)
            guard let type = SegmentType(rawValue: rawType) else {
                throw reader.error("SegmentType", "expected 1 (DisclosedVendors) or 3 (PublisherTC), found \(rawType)")
            }
            reader = TCFBitReader(bits: bits, segment: .init(index: index, name: type.name))
            _ = try reader.integer("SegmentType", width: 3)
            switch type {
            case .disclosedVendors:
                guard decoded.disclosedVendors == nil else { throw reader.error("SegmentType", "expected one DisclosedVendors segment, found a second") }
                decoded.disclosedVendors = try TCFVendorSection.read(&reader, "DisclosedVendors")
            case .publisherTC:
                guard decoded.publisherTC == nil else { throw reader.error("SegmentType", "expected one PublisherTC segment, found a second") }
                decoded.publisherTC = try TCFPublisherSegment.read(&reader)
            }
        }
        self = decoded
    }

    private mutating func readCore(_ reader: inout TCFBitReader) throws(TCStringError) {
        version = try reader.integer("Version", width: 6)
        guard version == 2 else {
            throw TCStringError(segment: .init(index: 0, name: "core"), bitOffset: 0, field: "Version", message: "expected 2, found \(version)")
        }
        created = try reader.integer("Created", width: 36)
        lastUpdated = try reader.integer("LastUpdated", width: 36)
        cmpID = try reader.integer("CmpId", width: 12)
        cmpVersion = try reader.integer("CmpVersion", width: 12)
        consentScreen = try reader.integer("ConsentScreen", width: 6)
        consentLanguage = try reader.letters("ConsentLanguage")
        vendorListVersion = try reader.integer("VendorListVersion", width: 12)
        policyVersion = try reader.integer("TcfPolicyVersion", width: 6)
        isServiceSpecific = try reader.flag("IsServiceSpecific")
        usesNonStandardTexts = try reader.flag("UseNonStandardTexts")
        specialFeatureOptIns = try reader.idSet("SpecialFeatureOptIns", width: 12)
        purposeConsents = try reader.idSet("PurposesConsent", width: 24)
        purposeLegitimateInterests = try reader.idSet("PurposesLITransparency", width: 24)
        purposeOneTreatment = try reader.flag("PurposeOneTreatment")
        publisherCountryCode = try reader.letters("PublisherCC")
        vendorConsents = try TCFVendorSection.read(&reader, "VendorConsents")
        vendorLegitimateInterests = try TCFVendorSection.read(&reader, "VendorLegitimateInterests")
        let count = try reader.integer("NumPubRestrictions", width: 12)
        publisherRestrictions = []
        for index in 0..<count {
            let purpose = try reader.integer("PubRestriction[\(index)].PurposeId", width: 6)
            let type = try reader.integer("PubRestriction[\(index)].RestrictionType", width: 2)
            let vendors = try TCFVendorSection.readRanges(&reader, "PubRestriction[\(index)]", maxID: nil)
            publisherRestrictions.append(TCFPublisherRestriction(purposeID: purpose, restrictionType: type, vendors: vendors))
        }
    }

    /// The string as text: each segment's bits padded to whole bytes, URL-safe base64 without padding.
    ///
    /// A field that does not fit its width (a negative number, an id of 0 or above the field's range,
    /// a language that is not two letters A-Z) is an error naming the field.
    public func encode() throws(TCStringError) -> String {
        if let (field, problem) = encodingProblems.first {
            throw TCStringError(segment: .init(index: 0, name: "core"), field: field, message: problem)
        }
        var core = TCFBitWriter()
        core.integer(version, width: 6)
        core.integer(created, width: 36)
        core.integer(lastUpdated, width: 36)
        core.integer(cmpID, width: 12)
        core.integer(cmpVersion, width: 12)
        core.integer(consentScreen, width: 6)
        core.letters(consentLanguage)
        core.integer(vendorListVersion, width: 12)
        core.integer(policyVersion, width: 6)
        core.flag(isServiceSpecific)
        core.flag(usesNonStandardTexts)
        core.idSet(specialFeatureOptIns, width: 12)
        core.idSet(purposeConsents, width: 24)
        core.idSet(purposeLegitimateInterests, width: 24)
        core.flag(purposeOneTreatment)
        core.letters(publisherCountryCode)
        vendorConsents.write(&core)
        vendorLegitimateInterests.write(&core)
        core.integer(publisherRestrictions.count, width: 12)
        for restriction in publisherRestrictions {
            core.integer(restriction.purposeID, width: 6)
            core.integer(restriction.restrictionType, width: 2)
            TCFVendorSection.writeRanges(restriction.vendors, &core)
        }
        var segments = [TCFBase64URL.text(of: core.bits)]
        if let disclosedVendors {
            var writer = TCFBitWriter()
            writer.integer(SegmentType.disclosedVendors.rawValue, width: 3)
            disclosedVendors.write(&writer)
            segments.append(TCFBase64URL.text(of: writer.bits))
        }
        if let publisherTC {
            var writer = TCFBitWriter()
            writer.integer(SegmentType.publisherTC.rawValue, width: 3)
            publisherTC.write(&writer)
            segments.append(TCFBase64URL.text(of: writer.bits))
        }
        return segments.joined(separator: ".")
    }
}

extension TCFPublisherSegment {
    static func read(_ reader: inout TCFBitReader) throws(TCStringError) -> TCFPublisherSegment {
        var segment = TCFPublisherSegment()
        segment.purposeConsents = try reader.idSet("PubPurposesConsent", width: 24)
        segment.purposeLegitimateInterests = try reader.idSet("PubPurposesLITransparency", width: 24)
        segment.customPurposeCount = try reader.integer("NumCustomPurposes", width: 6)
        segment.customPurposeConsents = try reader.idSet("CustomPurposesConsent", width: segment.customPurposeCount)
        segment.customPurposeLegitimateInterests = try reader.idSet("CustomPurposesLITransparency", width: segment.customPurposeCount)
        return segment
    }

    func write(_ writer: inout TCFBitWriter) {
        writer.idSet(purposeConsents, width: 24)
        writer.idSet(purposeLegitimateInterests, width: 24)
        writer.integer(customPurposeCount, width: 6)
        writer.idSet(customPurposeConsents, width: customPurposeCount)
        writer.idSet(customPurposeLegitimateInterests, width: customPurposeCount)
    }
}
