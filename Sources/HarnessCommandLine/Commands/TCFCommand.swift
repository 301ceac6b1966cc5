import AdHarness
import MockAdNetwork
import PrivacySignals

/// `adharness tcf decode STRING`: a TC string's fields, what the spec forbids in it, and the ad
/// serving mode its purposes and vendors allow, or a GPP string's US sections and the mode they
/// give; `adharness tcf rules`: the serving-mode rules.
enum TCFCommand: PlainCommand {
    static let name = "tcf"
    static let summary = "Decode an IAB TCF v2 TC string or a GPP string and give its ad serving mode; list the serving-mode rules."
    static let help = """
        USAGE: adharness tcf decode STRING
               adharness tcf rules

        decode prints every field of an IAB TCF v2 TC string (core segment, DisclosedVendors and
        PublisherTC segments), anything the spec forbids in it, and the ad serving mode its purposes
        and vendors allow (judged on the day it was last updated). Given a GPP string (it starts
        with D), it prints the section ids, every field of the US National and US state sections
        (8 usca to 27 usri) and the serving mode the string gives where GDPR does not apply. A
        malformed string is an error naming the segment, the character or bit, the field and what
        was expected; exit 2.
        rules prints the serving-mode rules in the order they apply, each with its mode and source.
        """

    static func run(_ arguments: [String], _ output: Output) -> Int32 {
        switch arguments.first {
        case "decode":
            guard arguments.count == 2 else { return output.usageError("tcf decode takes one TC string", help: help) }
            let text = arguments[1]
            if text.hasPrefix("D") {
                do {
                    for line in try gppLines(text) { output.line(line) }
                    return 0
                } catch {
                    output.error("tcf decode: not a GPP string: \(error)")
                    return 2
                }
            }
            do {
                let tc = try TCString(decoding: text)
                output.line(tc.text)
                // Judged on the day it was last updated, so the age rule does not depend on today's date.
                let serving = ServingModeOracle.decide(tc, now: tc.lastUpdated)
                output.line("serving mode: \(serving.mode.rawValue) (\(serving.rule.rawValue): \(serving.rule.explanation))")
                return 0
            } catch {
                output.error("tcf decode: not a TC string: \(error)")
                return 2
            }
        case "rules":
            guard arguments.count == 1 else { return output.usageError("tcf rules takes no arguments", help: help) }
            for rule in ServingModeRule.allCases {
                output.line("\(rule.rawValue) -> \(rule.mode.rawValue)")
                output.line("  rule:   \(rule.explanation)")
                output.line("  source: \(rule.source)")
            }
            return 0
        case let other?:
            return output.usageError("unknown tcf subcommand \(other); expected decode or rules", help: help)
        case nil:
            return output.usageError("tcf needs a subcommand: decode STRING or rules", help: help)
        }
    }
}
