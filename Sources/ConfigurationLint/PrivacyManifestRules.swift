import AppInfoPlist
import Foundation

/// The `PM` rules that read one privacy manifest: its keys and types, tracking and its domains,
/// accessed-API categories with their reasons, and collected data types.
enum PrivacyManifestRules {
    static let tracking = "NSPrivacyTracking"
    static let trackingDomains = "NSPrivacyTrackingDomains"
    static let collectedDataTypes = "NSPrivacyCollectedDataTypes"
    static let accessedAPITypes = "NSPrivacyAccessedAPITypes"
    static let apiType = "NSPrivacyAccessedAPIType"
    static let apiReasons = "NSPrivacyAccessedAPITypeReasons"

    /// The keys of a collected-data entry and the type of each, all required.
    static let collectedDataFields: [(key: String, kind: String)] = [
        ("NSPrivacyCollectedDataType", "a string"), ("NSPrivacyCollectedDataTypeLinked", "a Boolean"),
        ("NSPrivacyCollectedDataTypeTracking", "a Boolean"), ("NSPrivacyCollectedDataTypePurposes", "an array of strings"),
    ]

    static func check(_ document: LintDocument) -> [LintFinding] {
        var findings = topLevel(document)
        findings += trackingRules(document)
        findings += accessedAPIs(document)
        findings += collectedData(document)
        return findings
    }

    /// PM002 for the top level: only the four keys, each of its type.
    static func topLevel(_ document: LintDocument) -> [LintFinding] {
        let known = [tracking, trackingDomains, collectedDataTypes, accessedAPITypes]
        return document.values.keys.sorted().compactMap { key -> LintFinding? in
            let value = document.values[key]!
            switch key {
            case tracking:
                if case .bool = value { return nil }
                return document.finding(.manifestInvalid, key, "expected a Boolean, found \(value.kindDescription)")
            case trackingDomains:
                if case .array(let items) = value, items.allSatisfy({ if case .string = $0 { true } else { false } }) { return nil }
                return document.finding(.manifestInvalid, key, "expected an array of strings, found \(value.kindDescription)")
            case collectedDataTypes, accessedAPITypes:
                if case .array = value { return nil }
                return document.finding(.manifestInvalid, key, "expected an array of dictionaries, found \(value.kindDescription)")
            default:
                return document.finding(.manifestInvalid, key, "unknown key; expected one of \(known.joined(separator: ", "))")
            }
        }
    }

    /// PM003, PM004, PM005.
    static func trackingRules(_ document: LintDocument) -> [LintFinding] {
        let tracks = document.values[tracking] == .bool(true)
        var domains: [String] = []
        if case .array(let items)? = document.values[trackingDomains] {
            domains = items.compactMap { if case .string(let domain) = $0 { domain } else { nil } }
        }
        var findings: [LintFinding] = []
        if tracks && domains.isEmpty {
            findings.append(document.finding(.trackingDomainsMissing, tracking, "true, but \(trackingDomains) lists no domain"))
        }
        if !tracks && !domains.isEmpty {
            let state = document.values[tracking] == nil ? "missing" : "false"
            findings.append(document.finding(.trackingDomainsWithoutTracking, trackingDomains, "\(domains.count) domains listed while \(tracking) is \(state)"))
        }
        for (index, domain) in domains.enumerated() where !isBareHost(domain) {
            findings.append(
                document.finding(
                    .trackingDomainMalformed, "\(trackingDomains)[\(index)]", "expected a bare host name such as ads.example.com, found \"\(domain)\""))
        }
        return findings
    }

    /// Whether a text is a host name: labels of letters, digits and hyphens, with at least one dot.
    static func isBareHost(_ domain: String) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }

    /// PM002 (entry shape), PM006, PM007.
    static func accessedAPIs(_ document: LintDocument) -> [LintFinding] {
        guard case .array(let entries)? = document.values[accessedAPITypes] else { return [] }
        var findings: [LintFinding] = []
        for (index, entry) in entries.enumerated() {
            let path = "\(accessedAPITypes)[\(index)]"
            guard case .dictionary(let fields) = entry else {
                findings.append(document.finding(.manifestInvalid, path, "expected a dictionary, found \(entry.kindDescription)"))
                continue
            }
            for key in fields.keys.sorted() where key != apiType && key != apiReasons {
                findings.append(document.finding(.manifestInvalid, "\(path).\(key)", "unknown key; expected \(apiType) and \(apiReasons)"))
            }
            guard case .string(let name)? = fields[apiType] else {
                let found = fields[apiType].map(\.kindDescription) ?? "no such key"
                findings.append(document.finding(.manifestInvalid, "\(path).\(apiType)", "expected a category name, found \(found)"))
                continue
            }
            guard let category = RequiredReasonAPI.named(name) else {
                let names = RequiredReasonAPI.all.map(\.category).joined(separator: ", ")
                findings.append(document.finding(.apiCategoryUnknown, "\(path).\(apiType)", "expected one of \(names), found \"\(name)\""))
                continue
            }
            findings += reasons(fields[apiReasons], of: category, at: "\(path).\(apiReasons)", in: document)
        }
        return findings
    }

    /// PM007 for one category's reasons.
    static func reasons(_ value: PropertyListValue?, of category: RequiredReasonAPI, at path: String, in document: LintDocument) -> [LintFinding] {
        guard case .array(let items)? = value, !items.isEmpty else {
            let found = value.map { $0 == .array([]) ? "an empty array" : $0.kindDescription } ?? "no such key"
            return [document.finding(.apiReasonInvalid, path, "expected at least one reason code of \(category.category), found \(found)")]
        }
        let isSDK = document.kind == .sdkPrivacyManifest
        let allowed = (isSDK ? category.codes.union(category.sdkOnlyCodes) : category.codes).sorted().joined(separator: ", ")
        return items.enumerated().compactMap { index, item in
            let place = "\(path)[\(index)]"
            guard case .string(let code) = item else {
                return document.finding(.apiReasonInvalid, place, "expected a reason code, found \(item.kindDescription)")
            }
            if category.codes.contains(code) || (isSDK && category.sdkOnlyCodes.contains(code)) { return nil }
            if category.sdkOnlyCodes.contains(code) {
                return document.finding(.apiReasonInvalid, place, "\(code) is for SDKs only; an app declares one of \(allowed)")
            }
            if let other = RequiredReasonAPI.category(of: code) {
                return document.finding(.apiReasonInvalid, place, "\(code) is a reason of \(other.category); expected one of \(allowed)")
            }
            return document.finding(.apiReasonInvalid, place, "expected one of \(allowed), found \"\(code)\"")
        }
    }

    /// PM008.
    static func collectedData(_ document: LintDocument) -> [LintFinding] {
        guard case .array(let entries)? = document.values[collectedDataTypes] else { return [] }
        var findings: [LintFinding] = []
        let known = collectedDataFields.map(\.key)
        for (index, entry) in entries.enumerated() {
            let path = "\(collectedDataTypes)[\(index)]"
            guard case .dictionary(let fields) = entry else {
                findings.append(document.finding(.collectedDataInvalid, path, "expected a dictionary, found \(entry.kindDescription)"))
                continue
            }
            for key in fields.keys.sorted() where !known.contains(key) {
                findings.append(document.finding(.collectedDataInvalid, "\(path).\(key)", "unknown key; expected \(known.joined(separator: ", "))"))
            }
            for (key, kind) in collectedDataFields {
                guard let value = fields[key] else {
                    findings.append(document.finding(.collectedDataInvalid, "\(path).\(key)", "missing; expected \(kind)"))
                    continue
                }
                let fits =
                    switch (kind, value) {
                    case ("a string", .string), ("a Boolean", .bool): true
                    case ("an array of strings", .array(let items)): items.allSatisfy { if case .string = $0 { true } else { false } }
                    default: false
                    }
                if !fits { findings.append(document.finding(.collectedDataInvalid, "\(path).\(key)", "expected \(kind), found \(value.kindDescription)")) }
            }
        }
        return findings
    }
}
