import Foundation

/// A lint as SARIF 2.1.0, the format GitHub code scanning and most CI systems read.
///
/// One run: the tool with every rule (its reason, consequence, fix and source), a result per
/// finding located at its file and line with the key path as a logical location, and an invocation
/// that is unsuccessful, with a notification each, when an input could not be read.
package enum SARIFReport {
    /// The log as indented JSON with sorted keys.
    package static func json(for report: LintReport, toolVersion: String? = nil) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, whole numbers, Booleans, arrays and objects only: encoding cannot fail.
        let data = (try? encoder.encode(log(for: report, toolVersion: toolVersion))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func log(for report: LintReport, toolVersion: String?) -> Log {
        let rules = LintRule.allCases
        let driver = Driver(
            name: "adharness", version: toolVersion,
            rules: rules.map { rule in
                Rule(
                    id: rule.id, name: rule.name, shortDescription: Message(text: rule.reason),
                    fullDescription: Message(text: rule.consequence), help: Message(text: "\(rule.fix) Source: \(rule.source)"),
                    defaultConfiguration: Configuration(level: rule.severity.rawValue), properties: RuleProperties(source: rule.source)
                )
            }
        )
        let results = report.findings.map { finding in
            Result(
                ruleId: finding.rule.id, ruleIndex: rules.firstIndex(of: finding.rule)!, level: finding.rule.severity.rawValue,
                message: Message(text: finding.keyPath.isEmpty ? finding.message : "\(finding.keyPath): \(finding.message)"),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(artifactLocation: ArtifactLocation(uri: uri(finding.file)), region: Region(startLine: finding.line)),
                        logicalLocations: finding.keyPath.isEmpty ? nil : [LogicalLocation(fullyQualifiedName: finding.keyPath, kind: "member")]
                    )
                ]
            )
        }
        let notifications = report.unreadable.map { problem in
            Notification(
                level: "error", message: Message(text: problem.problem),
                locations: [
                    Location(physicalLocation: PhysicalLocation(artifactLocation: ArtifactLocation(uri: uri(problem.file)), region: nil), logicalLocations: nil)
                ]
            )
        }
        return Log(runs: [
            Run(
                tool: Tool(driver: driver), results: results,
                invocations: [Invocation(executionSuccessful: report.unreadable.isEmpty, toolExecutionNotifications: notifications)]
            )
        ])
    }

    /// A path as a relative URI reference: spaces and other characters percent-encoded.
    static func uri(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    struct Log: Codable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version
            case runs
        }
    }

    struct Run: Codable {
        var tool: Tool
        var results: [Result]
        var invocations: [Invocation]
    }

    struct Tool: Codable {
        var driver: Driver
    }

    struct Driver: Codable {
        var name: String
        var version: String?
        var rules: [Rule]
    }

    struct Rule: Codable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
        var properties: RuleProperties
    }

    struct RuleProperties: Codable {
        var source: String
    }

    struct Configuration: Codable {
        var level: String
    }

    struct Message: Codable {
        var text: String
    }

    struct Result: Codable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
    }

    struct Location: Codable {
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?
    }

    struct PhysicalLocation: Codable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Codable {
        var uri: String
    }

    struct Region: Codable {
        var startLine: Int
    }

    struct LogicalLocation: Codable {
        var fullyQualifiedName: String
        var kind: String
    }

    struct Invocation: Codable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    struct Notification: Codable {
        var level: String
        var message: Message
        var locations: [Location]
    }
}
