extension TCString {
    /// Deciseconds in a day: since TCF 2.2, `Created` and `LastUpdated` are rounded to the day.
    public static let decisecondsPerDay = 864_000
    /// 2023-10-01 00:00 UTC in deciseconds: strings created from then on need policy version 4 or later.
    static let policyFourDeadline = 16_961_184_000

    /// Each field that would not fit its width when encoded, with what was expected.
    var encodingProblems: [(field: String, problem: String)] {
        var problems: [(String, String)] = []
        let numbers: [(String, Int, Int)] = [
            ("Version", version, 6), ("Created", created, 36), ("LastUpdated", lastUpdated, 36), ("CmpId", cmpID, 12),
            ("CmpVersion", cmpVersion, 12), ("ConsentScreen", consentScreen, 6), ("VendorListVersion", vendorListVersion, 12),
            ("TcfPolicyVersion", policyVersion, 6),
        ]
        for (field, value, width) in numbers where value < 0 || value >= 1 << width {
            problems.append((field, "expected 0 to \((1 << width) - 1), found \(value)"))
        }
        let sets: [(String, Set<Int>, Int)] = [
            ("SpecialFeatureOptIns", specialFeatureOptIns, 12), ("PurposesConsent", purposeConsents, 24),
            ("PurposesLITransparency", purposeLegitimateInterests, 24),
        ]
        for (field, ids, width) in sets {
            if let bad = ids.sorted().first(where: { $0 < 1 || $0 > width }) { problems.append((field, "expected ids 1 to \(width), found \(bad)")) }
        }
        for (field, letters) in [("ConsentLanguage", consentLanguage), ("PublisherCC", publisherCountryCode)]
        where letters.unicodeScalars.count != 2 || !letters.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
            problems.append((field, "expected two letters A-Z, found \"\(letters)\""))
        }
        let sections =
            [("VendorConsents", vendorConsents), ("VendorLegitimateInterests", vendorLegitimateInterests)]
            + (disclosedVendors.map { [("DisclosedVendors", $0)] } ?? [])
        for (field, section) in sections {
            if let bad = section.ids.sorted().first(where: { $0 < 1 || $0 > section.maxVendorID })
                ?? (section.maxVendorID >= 1 << 16 ? section.maxVendorID : nil)
            {
                problems.append((field, "expected vendor ids 1 to \(min(section.maxVendorID, 65_535)), found \(bad)"))
            }
        }
        return problems
    }

    /// What the TCF spec forbids in this string, though it decodes: one line each, empty if nothing.
    ///
    /// The rules: `IsServiceSpecific` is 1; since TCF 2.2 `Created` equals `LastUpdated` and both are
    /// whole days, and purposes 3 to 6 have no legitimate interest; strings created from
    /// 2023-10-01 carry policy version 4 or later. Nothing that needs the Global Vendor List is
    /// judged: in particular, since TCF 2.4 a disclosed vendor that uses only special purposes needs
    /// no legitimate-interest bit (the DisclosedVendors segment records that it was shown), so a
    /// string without that bit, or with it as TCF 2.3 asked, has no problem here.
    public var specProblems: [String] {
        var problems: [String] = []
        if !isServiceSpecific { problems.append("IsServiceSpecific is 0; the spec requires 1") }
        if created != lastUpdated { problems.append("Created and LastUpdated differ; since TCF 2.2 they are equal") }
        if created % Self.decisecondsPerDay != 0 { problems.append("Created is not a whole day (UTC); since TCF 2.2 it is rounded to the day") }
        if policyVersion < 4 && created >= Self.policyFourDeadline {
            problems.append("TcfPolicyVersion \(policyVersion) on a string created after 2023-09-30; the spec requires 4 or later")
        }
        let forbidden = purposeLegitimateInterests.intersection(3...6).sorted()
        if !forbidden.isEmpty {
            problems.append("legitimate interest for purposes \(forbidden.map(String.init).joined(separator: ", ")); since TCF 2.2 purposes 3 to 6 allow none")
        }
        return problems
    }
}
