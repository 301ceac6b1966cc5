import AppInfoPlist
import Foundation

/// The `IP` rules: what an ad-supported app's Info.plist needs so it neither crashes nor loses
/// attribution, by the keys of the catalogue the stand-ins read.
enum InfoPlistRules {
    static func check(_ document: LintDocument, options: LintOptions) -> [LintFinding] {
        let values = document.values
        var findings: [LintFinding] = []
        if values[InfoPlistKey.trackingUsageDescription.name] == nil {
            findings.append(document.finding(.trackingUsageMissing, InfoPlistKey.trackingUsageDescription.name, "missing"))
        }
        findings += usageTexts(document)
        findings += applicationIdentifier(document)
        findings += adNetworkItems(document)
        findings += location(document, options: options)
        return findings
    }

    /// IP002: every purpose text present, and each text of the temporary-accuracy dictionary.
    static func usageTexts(_ document: LintDocument) -> [LintFinding] {
        var texts: [(String, PropertyListValue)] = InfoPlistKey.all.filter(\.isUsageDescription).compactMap { key in
            document.values[key.name].map { (key.name, $0) }
        }
        let temporary = InfoPlistKey.locationTemporaryUsageDescriptionDictionary.name
        if case .dictionary(let purposes)? = document.values[temporary] {
            texts += purposes.sorted { $0.key < $1.key }.map { ("\(temporary).\($0.key)", $0.value) }
        }
        return texts.compactMap { path, value in
            unclearness(of: value).map { document.finding(.usageTextUnclear, path, $0) }
        }
    }

    /// Why a purpose text tells the user nothing, or nil when it is a real sentence.
    static func unclearness(of value: PropertyListValue) -> String? {
        guard case .string(let text) = value else { return "expected a sentence, found \(value.kindDescription)" }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if trimmed.isEmpty { return "expected a sentence, found an empty text" }
        let placeholders = ["todo", "tbd", "fixme", "placeholder", "lorem ipsum", "xxx", "usage description", "description", "test"]
        if placeholders.contains(where: { trimmed == $0 || trimmed.hasPrefix($0 + " ") || trimmed.hasPrefix($0 + ":") })
            || trimmed.contains("lorem ipsum") || trimmed.contains("todo:") {
            return "expected a sentence saying how the app uses the data, found the placeholder \"\(text)\""
        }
        return nil
    }

    /// IP003, IP004, IP005.
    static func applicationIdentifier(_ document: LintDocument) -> [LintFinding] {
        let key = InfoPlistKey.adApplicationIdentifier.name
        switch document.values[key] {
        case nil:
            guard document.values[InfoPlistKey.adManagerApp.name] != .bool(true) else { return [] }
            return [document.finding(.adAppIdMissing, key, "missing")]
        case .string(let identifier) where identifier == InfoPlistKey.sampleAdApplicationIdentifier:
            return [document.finding(.adAppIdSample, key, "\(identifier) is the sample app ID, which serves only test ads")]
        case .string(let identifier):
            guard !InfoPlistKey.isWellFormedAdApplicationIdentifier(identifier) else { return [] }
            let hint = identifier.contains("/") ? " (an ad unit ID, with /, not the app ID)" : ""
            return [document.finding(.adAppIdMalformed, key, "expected ca-app-pub-<16 digits>~<digits>, found \"\(identifier)\"\(hint)")]
        case let other?:
            return [document.finding(.adAppIdMalformed, key, "expected a string ca-app-pub-<16 digits>~<digits>, found \(other.kindDescription)")]
        }
    }

    /// IP006, IP007, IP008.
    static func adNetworkItems(_ document: LintDocument) -> [LintFinding] {
        let key = InfoPlistKey.adNetworkItems.name, entryKey = InfoPlistKey.adNetworkIdentifier.name
        guard let value = document.values[key] else {
            return [document.finding(.adNetworkItemsMissing, key, "missing")]
        }
        guard case .array(let entries) = value else {
            return [document.finding(.adNetworkItemsMalformed, key, "expected an array of dictionaries, found \(value.kindDescription)")]
        }
        var findings: [LintFinding] = []
        var identifiers: [String] = []
        for (index, entry) in entries.enumerated() {
            guard case .dictionary(let fields) = entry else {
                findings.append(document.finding(.adNetworkItemsMalformed, "\(key)[\(index)]", "expected a dictionary with \(entryKey), found \(entry.kindDescription)"))
                continue
            }
            guard case .string(let identifier)? = fields[entryKey] else {
                let found = fields[entryKey].map(\.kindDescription) ?? "no such key"
                findings.append(document.finding(.adNetworkItemsMalformed, "\(key)[\(index)].\(entryKey)", "expected a string <id>.skadnetwork, found \(found)"))
                continue
            }
            let name = identifier.dropLast(".skadnetwork".count)
            guard identifier.hasSuffix(".skadnetwork"), !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                findings.append(document.finding(.adNetworkItemsMalformed, "\(key)[\(index)].\(entryKey)", "expected <letters and digits>.skadnetwork, found \"\(identifier)\""))
                continue
            }
            identifiers.append(identifier.lowercased())
        }
        if !identifiers.contains(InfoPlistKey.googleAdNetworkIdentifier) {
            findings.append(document.finding(
                .adNetworkGoogleMissing, key, "lists \(identifiers.count) well-formed identifier\(identifiers.count == 1 ? "" : "s"), not \(InfoPlistKey.googleAdNetworkIdentifier)"
            ))
        }
        return findings
    }

    /// IP009: the purpose texts of each location authorization the app requests, as the stand-in requires them.
    static func location(_ document: LintDocument, options: LintOptions) -> [LintFinding] {
        let values = document.values
        var requests: [(always: Bool, because: String)] = options.locationRequests.sorted { $0.rawValue < $1.rawValue }.map {
            ($0 == .always, "the app requests \($0.rawValue) authorization (--location)")
        }
        let alwaysKey = InfoPlistKey.locationAlwaysAndWhenInUseUsageDescription.name
        if values[alwaysKey] != nil { requests.append((true, "\(alwaysKey) is present, so the app requests always authorization")) }
        if values[InfoPlistKey.locationTemporaryUsageDescriptionDictionary.name] != nil {
            requests.append((false, "\(InfoPlistKey.locationTemporaryUsageDescriptionDictionary.name) is present, so the app uses location"))
        }
        if case .array(let modes)? = values[InfoPlistKey.backgroundModes.name], modes.contains(.string("location")) {
            requests.append((false, "\(InfoPlistKey.backgroundModes.name) has location, so the app uses location"))
        }
        var reported: Set<String> = []
        var findings: [LintFinding] = []
        for request in requests {
            for key in InfoPlistKey.locationUsageDescriptions(always: request.always) where values[key.name] == nil && !reported.contains(key.name) {
                reported.insert(key.name)
                findings.append(document.finding(.locationUsageMissing, key.name, "missing: \(request.because)"))
            }
        }
        return findings
    }
}
