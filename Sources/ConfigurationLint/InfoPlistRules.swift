import AppInfoPlist
import Foundation

/// The `IP` rules: what an ad-supported app's Info.plist needs so it neither crashes nor loses
/// attribution, by the keys of the catalogue the stand-ins read.
enum InfoPlistRules {
    /// The publisher app's ad network IDs for attribution on iOS 17.4 and later: an array of strings.
    static let attributionNetworkIdentifiers = InfoPlistKey.attributionNetworkIdentifiers.name

    static func check(_ document: LintDocument, options: LintOptions) -> [LintFinding] {
        let values = document.values
        var findings: [LintFinding] = []
        if values[InfoPlistKey.trackingUsageDescription.name] == nil {
            findings.append(document.finding(.trackingUsageMissing, InfoPlistKey.trackingUsageDescription.name, "missing"))
        }
        findings += usageTexts(document)
        findings += applicationIdentifier(document)
        findings += adNetworkItems(document)
        findings += attributionNetworkIdentifierList(document)
        findings += location(document, options: options)
        findings += AnalyticsDefaultsRules.check(document)
        findings += AnalyticsTCFDataRules.check(document)
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
            // A text made only of build settings is written at build time; one that names the app
            // with a setting (`$(PRODUCT_NAME) shows ...`) is still a sentence to check.
            if case .string(let text) = value, BuildSettingReference.contains(text),
                BuildSettingReference.literalText(of: text).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            {
                return buildSetting(document, path, text, checkedBy: .usageTextUnclear)
            }
            return unclearness(of: value).map { document.finding(.usageTextUnclear, path, $0) }
        }
    }

    /// IP011: a value the build substitutes, in place of the finding of the rule that checks it.
    static func buildSetting(_ document: LintDocument, _ keyPath: String, _ value: String, checkedBy rule: LintRule) -> LintFinding {
        document.finding(
            .buildSettingValue, keyPath,
            "\"\(value)\" is a build-setting reference, substituted at build time: \(rule.id) checks the value the built app holds, not this one",
            fix: "Lint the built app's Info.plist, where the value is substituted: adharness lint path/to/Built.app/Info.plist (\(rule.id) checks it there)."
        )
    }

    /// Why a purpose text tells the user nothing, or nil when it is a real sentence.
    static func unclearness(of value: PropertyListValue) -> String? {
        guard case .string(let text) = value else { return "expected a sentence, found \(value.kindDescription)" }
        let trimmed = BuildSettingReference.literalText(of: text).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if trimmed.isEmpty { return "expected a sentence, found an empty text" }
        let placeholders = ["todo", "tbd", "fixme", "placeholder", "lorem ipsum", "xxx", "usage description", "description", "test"]
        if placeholders.contains(where: { trimmed == $0 || trimmed.hasPrefix($0 + " ") || trimmed.hasPrefix($0 + ":") })
            || trimmed.contains("lorem ipsum") || trimmed.contains("todo:")
        {
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
        case .string(let identifier) where BuildSettingReference.contains(identifier):
            return [buildSetting(document, key, identifier, checkedBy: .adAppIdMalformed)]
        case .string(let identifier) where identifier == InfoPlistKey.sampleAdApplicationIdentifier:
            return [document.finding(.adAppIdSample, key, "\(identifier) is the sample app ID, which serves only test ads")]
        case .string(let identifier):
            guard let problem = applicationIdentifierProblem(identifier) else { return [] }
            let sentence = problem.prefix(1).uppercased() + problem.dropFirst()
            let fix =
                identifier.hasPrefix("ca-app-pub-") && identifier.contains("/")
                ? "\(sentence): use the app ID (with ~) from the AdMob console's app settings, not an ad unit ID (with /)."
                : "\(sentence): copy the app ID, ca-app-pub-<16 digits>~<digits>, from the AdMob console's app settings."
            return [document.finding(.adAppIdMalformed, key, "expected ca-app-pub-<16 digits>~<digits>, found \"\(identifier)\": \(problem)", fix: fix)]
        case let other?:
            return [
                document.finding(
                    .adAppIdMalformed, key, "expected a string ca-app-pub-<16 digits>~<digits>, found \(other.kindDescription)",
                    fix: "Write the app ID as a string, <string>ca-app-pub-<16 digits>~<digits></string>, not as \(other.kindDescription)."
                )
            ]
        }
    }

    /// What is wrong with an ad application identifier, as the rest of a sentence ("16 digits expected
    /// before ~, found 15"), or nil when it is well formed: nil exactly when
    /// ``InfoPlistKey/isWellFormedAdApplicationIdentifier(_:)`` accepts it.
    static func applicationIdentifierProblem(_ identifier: String) -> String? {
        guard !InfoPlistKey.isWellFormedAdApplicationIdentifier(identifier) else { return nil }
        let prefix = "ca-app-pub-"
        let isDigit = { (character: Character) in character.isASCII && character.isNumber }
        if InfoPlistKey.isWellFormedAdApplicationIdentifier(identifier.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return "it has spaces or a line break around it"
        }
        guard identifier.hasPrefix(prefix) else {
            return "its prefix is not \(prefix) (it starts \"\(identifier.prefix(prefix.count))\")"
        }
        if identifier.contains("/") { return "it is an ad unit ID (it has a slash) where the app ID belongs" }
        let parts = identifier.dropFirst(prefix.count).split(separator: "~", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            return parts.count == 1 ? "it is missing ~<digits> after the 16 digits" : "it has \(parts.count - 1) ~ where one belongs"
        }
        if let other = parts[0].first(where: { !isDigit($0) }) { return "it has \"\(other)\" before ~ where only digits 0-9 belong" }
        if parts[0].count != 16 { return "16 digits expected before ~, found \(parts[0].count)" }
        if parts[1].isEmpty { return "it is missing the digits after ~" }
        if let other = parts[1].first(where: { !isDigit($0) }) { return "it has \"\(other)\" after ~ where only digits 0-9 belong" }
        return "it is not of the form ca-app-pub-<16 digits>~<digits>"
    }

    /// IP006, IP007, IP008.
    static func adNetworkItems(_ document: LintDocument) -> [LintFinding] {
        let key = InfoPlistKey.adNetworkItems.name
        let entryKey = InfoPlistKey.adNetworkIdentifier.name
        guard let value = document.values[key] else {
            return [document.finding(.adNetworkItemsMissing, key, "missing")]
        }
        guard case .array(let entries) = value else {
            return [document.finding(.adNetworkItemsMalformed, key, "expected an array of dictionaries, found \(value.kindDescription)")]
        }
        var findings: [LintFinding] = []
        var identifiers: [String] = []
        var substituted = 0
        for (index, entry) in entries.enumerated() {
            guard case .dictionary(let fields) = entry else {
                findings.append(
                    document.finding(.adNetworkItemsMalformed, "\(key)[\(index)]", "expected a dictionary with \(entryKey), found \(entry.kindDescription)"))
                continue
            }
            guard case .string(let identifier)? = fields[entryKey] else {
                let found = fields[entryKey].map(\.kindDescription) ?? "no such key"
                findings.append(
                    document.finding(.adNetworkItemsMalformed, "\(key)[\(index)].\(entryKey)", "expected a string <id>.skadnetwork, found \(found)"))
                continue
            }
            if BuildSettingReference.contains(identifier) {
                findings.append(buildSetting(document, "\(key)[\(index)].\(entryKey)", identifier, checkedBy: .adNetworkItemsMalformed))
                substituted += 1
                continue
            }
            let name = identifier.dropLast(".skadnetwork".count)
            guard identifier.hasSuffix(".skadnetwork"), !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                findings.append(
                    document.finding(
                        .adNetworkItemsMalformed, "\(key)[\(index)].\(entryKey)", "expected <letters and digits>.skadnetwork, found \"\(identifier)\""))
                continue
            }
            identifiers.append(identifier.lowercased())
        }
        // An identifier the build substitutes may be Google's: the built app's Info.plist tells.
        if !identifiers.contains(InfoPlistKey.googleAdNetworkIdentifier) && substituted == 0 {
            findings.append(
                document.finding(
                    .adNetworkGoogleMissing, key,
                    "lists \(identifiers.count) well-formed identifier\(identifiers.count == 1 ? "" : "s"), not \(InfoPlistKey.googleAdNetworkIdentifier)"
                ))
        }
        return findings
    }

    /// IP010: the attribution network IDs, when the app lists them: an array of strings, each a
    /// lowercase `<id>.adattributionkit` or `<id>.skadnetwork` (the two kinds work with both frameworks).
    static func attributionNetworkIdentifierList(_ document: LintDocument) -> [LintFinding] {
        let key = attributionNetworkIdentifiers
        guard let value = document.values[key] else { return [] }
        let expected = "<lowercase letters and digits>.adattributionkit or .skadnetwork"
        guard case .array(let entries) = value else {
            return [document.finding(.attributionNetworkIdentifiersMalformed, key, "expected an array of strings \(expected), found \(value.kindDescription)")]
        }
        var findings: [LintFinding] = []
        for (index, entry) in entries.enumerated() {
            let path = "\(key)[\(index)]"
            guard case .string(let identifier) = entry else {
                var found = entry.kindDescription
                if case .dictionary(let fields) = entry, fields[InfoPlistKey.adNetworkIdentifier.name] != nil {
                    found +=
                        " with \(InfoPlistKey.adNetworkIdentifier.name) (the form of \(InfoPlistKey.adNetworkItems.name); this key lists the strings themselves)"
                }
                findings.append(document.finding(.attributionNetworkIdentifiersMalformed, path, "expected a string \(expected), found \(found)"))
                continue
            }
            if BuildSettingReference.contains(identifier) {
                findings.append(buildSetting(document, path, identifier, checkedBy: .attributionNetworkIdentifiersMalformed))
                continue
            }
            let lowered = identifier.lowercased()
            guard let suffix = [".adattributionkit", ".skadnetwork"].first(where: { lowered.hasSuffix($0) }),
                case let name = lowered.dropLast(suffix.count), !name.isEmpty,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else {
                findings.append(document.finding(.attributionNetworkIdentifiersMalformed, path, "expected \(expected), found \"\(identifier)\""))
                continue
            }
            if identifier != identifier.lowercased() {
                findings.append(
                    document.finding(
                        .attributionNetworkIdentifiersMalformed, path,
                        "expected lowercase, found \"\(identifier)\": the system does not recognize an ad network ID with capitals",
                        fix: "Write it in lowercase: \(lowered)."
                    ))
            }
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
