/// Every command of the tool, in the order the overview lists them. Each declares its name,
/// summary, help and options in its own file.
enum Commands {
    /// What the tool needs to know of a command to list it and call it.
    struct Entry {
        let name: String
        let summary: String
        /// Read when printed: the overview's help lists every command.
        let help: () -> String
        /// Its options but `--help`, as typed.
        let options: [String]
        let main: ([String], Output) -> Int32

        init<C: Command>(_ command: C.Type) {
            (name, summary, help, options, main) = (C.name, C.summary, { C.help }, C.options.map(\.name), C.main)
        }
    }

    static var all: [Entry] {
        [
            Entry(RunCommand.self), Entry(TableCommand.self), Entry(TraceCommand.self), Entry(InvariantsCommand.self),
            Entry(ExploreCommand.self), Entry(BenchCommand.self), Entry(FuzzCommand.self), Entry(ContractsCommand.self),
            Entry(TCFCommand.self), Entry(LintCommand.self), Entry(HelpCommand.self),
        ]
    }

    /// The command called `name`.
    static func named(_ name: String?) -> Entry? { all.first { $0.name == name } }
}
