import Foundation

/// Where the commands write: standard output and error, with colour only on a terminal.
struct Output {
    /// Colour is used only when standard output is a terminal and `NO_COLOR` is not set.
    let usesColor = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    enum Color: String {
        case green = "32", red = "31", yellow = "33", dim = "2"
    }

    /// Writes a line to standard output at once, unbuffered, so a crash later never swallows it.
    func line(_ text: String = "") {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func error(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

    func colored(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Reports an unknown option, suggesting the nearest known one; exit code 2.
    func unknownOption(_ option: String, command: String, known: [String], help: String) -> Int32 {
        let hint = Suggestion.nearest(to: option, in: known).map { "; did you mean \($0)?" } ?? ""
        return usageError("unknown option \(option) for \(command)\(hint)", help: help)
    }

    /// Reports a usage error with the command's help; exit code 2.
    func usageError(_ problem: String, help: String) -> Int32 {
        error("adharness: \(problem)\n\n\(help)")
        return 2
    }
}
