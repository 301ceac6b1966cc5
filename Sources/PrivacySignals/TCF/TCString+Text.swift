import Foundation

extension TCString {
    /// The decoded string for people: one `field: value` line per field, ids as lists and ranges,
    /// times in UTC, then anything the spec forbids.
    public var text: String {
        var lines = [
            "Version: \(version)",
            "Created: \(Self.utc(created))",
            "LastUpdated: \(Self.utc(lastUpdated))",
            "CmpId: \(cmpID)",
            "CmpVersion: \(cmpVersion)",
            "ConsentScreen: \(consentScreen)",
            "ConsentLanguage: \(consentLanguage)",
            "VendorListVersion: \(vendorListVersion)",
            "TcfPolicyVersion: \(policyVersion)",
            "IsServiceSpecific: \(isServiceSpecific)",
            "UseNonStandardTexts: \(usesNonStandardTexts)",
            "SpecialFeatureOptIns: \(Self.list(specialFeatureOptIns))",
            "PurposesConsent: \(Self.list(purposeConsents))",
            "PurposesLITransparency: \(Self.list(purposeLegitimateInterests))",
            "PurposeOneTreatment: \(purposeOneTreatment)",
            "PublisherCC: \(publisherCountryCode)",
            "VendorConsents: \(vendorConsents.text)",
            "VendorLegitimateInterests: \(vendorLegitimateInterests.text)",
            "PublisherRestrictions: \(publisherRestrictions.isEmpty ? "none" : "")",
        ]
        for restriction in publisherRestrictions {
            lines.append("  purpose \(restriction.purposeID), type \(restriction.restrictionType): \(Self.ranges(restriction.vendors))")
        }
        lines.append("DisclosedVendors: \(disclosedVendors.map(\.text) ?? "no segment")")
        if let publisherTC {
            lines.append(
                "PublisherTC: purposes consent \(Self.list(publisherTC.purposeConsents)); "
                    + "LI \(Self.list(publisherTC.purposeLegitimateInterests)); \(publisherTC.customPurposeCount) custom purposes, "
                    + "consent \(Self.list(publisherTC.customPurposeConsents)), LI \(Self.list(publisherTC.customPurposeLegitimateInterests))")
        } else {
            lines.append("PublisherTC: no segment")
        }
        lines += specProblems.map { "spec: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// Deciseconds since the epoch as `2025-06-03T00:00:00.0Z`.
    static func utc(_ deciseconds: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(deciseconds / 10))
        let stamp = date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
        return stamp.dropLast() + ".\(deciseconds % 10)Z"
    }

    /// `{1, 3, 4}` or `none`.
    static func list(_ ids: Set<Int>) -> String {
        ids.isEmpty ? "none" : "{" + ids.sorted().map(String.init).joined(separator: ", ") + "}"
    }

    /// `{1-5, 100}`.
    static func ranges(_ ranges: [ClosedRange<Int>]) -> String {
        ranges.isEmpty ? "none" : "{" + ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ") + "}"
    }
}

extension TCFVendorSection {
    /// `MaxVendorId 4, bit field: {1, 2, 3, 4}`.
    var text: String {
        switch encoding {
        case .bitField: "MaxVendorId \(maxVendorID), bit field: \(TCString.list(ids))"
        case .ranges(let ranges): "MaxVendorId \(maxVendorID), ranges: \(TCString.ranges(ranges))"
        }
    }
}
