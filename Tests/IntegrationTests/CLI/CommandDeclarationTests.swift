import Testing

@testable import HarnessCommandLine

/// Each command declares its options once, in its own file; its help is written beside them. These
/// keep the two in step: an option added without a word in the help, or a help that names an
/// option the command no longer takes, fails here.
@Suite("Command declarations")
struct CommandDeclarationTests {
    static var commands: [Commands.Entry] { Commands.all.filter { $0.name != "help" } }

    /// Every `--word` the text names.
    static func optionsNamed(in text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let start = rest.range(of: "--") {
            let word = rest[start.lowerBound...].prefix { $0 == "-" || $0.isLetter }
            if word.count > 2 { found.insert(String(word)) }
            rest = rest[start.upperBound...]
        }
        return found
    }

    @Test("every option a command takes is in its help", arguments: commands.map(\.name))
    func declaredOptionsAreDocumented(_ name: String) throws {
        let command = try #require(Commands.named(name))
        let documented = Self.optionsNamed(in: command.help())
        #expect(Set(command.options).subtracting(documented).isEmpty, "undocumented: \(Set(command.options).subtracting(documented).sorted())")
    }

    @Test("every option a command's help names is one it takes", arguments: commands.map(\.name))
    func documentedOptionsAreDeclared(_ name: String) throws {
        let command = try #require(Commands.named(name))
        let undeclared = Self.optionsNamed(in: command.help()).subtracting(command.options + ["--help"])
        #expect(undeclared.isEmpty, "named in the help but not taken: \(undeclared.sorted())")
    }

    @Test("the overview lists every command with its summary")
    func overviewListsEveryCommand() {
        for command in Commands.all where command.name != "help" {
            #expect(HelpCommand.overview.contains("  \(command.name)"), "\(command.name)")
            #expect(HelpCommand.overview.contains(command.summary), "\(command.name)")
        }
    }
}
