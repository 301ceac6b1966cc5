import Foundation

/// A scenario file that cannot be used: the file, the JSON path, and what was expected.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    package var file: String
    /// Where in the file, as a JSON path: `$.faults[0].target`.
    package var path: String
    /// What was wrong, and what was expected.
    package var message: String
    /// The 1-based line of the place, when the file's text is known.
    package var line: Int?
    /// The 1-based column (in characters) of the place, when the file's text is known.
    package var column: Int?

    /// A problem in a file, at a JSON path and, when known, a line and column: what the CLI prints before exiting 2.
    package init(file: String, path: String = "$", line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `Fixtures/x.json:4:19: $.faults[0].target: expected one of ...`, the place first as
    /// compilers write it, so editors and CI logs link to it.
    public var description: String {
        let place = line.map { line in ":\(line):\(column ?? 1)" } ?? ""
        return "\(file)\(place): \(path): \(message)"
    }

    /// Explains a decoding error in the terms of the file: the path, and what was expected there.
    init(file: String, decodingError error: any Error) {
        guard let error = error as? DecodingError else {
            self.init(file: file, message: "\(error)")
            return
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(file: file, path: Self.path(context.codingPath), message: "expected \(Self.describe(type)); \(Self.found(context))")
        case .valueNotFound(let type, let context):
            self.init(file: file, path: Self.path(context.codingPath), message: "expected \(Self.describe(type)), found null")
        case .keyNotFound(let key, let context):
            self.init(file: file, path: Self.path(context.codingPath + [key]), message: "missing required field \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let underlying = context.underlyingError {
                self.init(
                    file: file,
                    message:
                        "not valid JSON: \((underlying as NSError).localizedDescription) \((underlying as NSError).userInfo[NSDebugDescriptionErrorKey] ?? "")")
            } else {
                self.init(file: file, path: Self.path(context.codingPath), message: context.debugDescription)
            }
        @unknown default:
            self.init(file: file, message: "\(error)")
        }
    }

    /// Where a decoding error happened: the value it is about, or the object missing a key.
    static func codingPath(of error: any Error) -> [any CodingKey]? {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath
        default:
            nil
        }
    }

    /// `$.faults[0].target` from a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            if let index = key.intValue { "\(path)[\(index)]" } else { "\(path).\(key.stringValue)" }
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        let name = "\(type)"
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        default: return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
        }
    }

    private static func found(_ context: DecodingError.Context) -> String {
        let text = context.debugDescription
        if let range = text.range(of: "found ") ?? text.range(of: "but found ") {
            return "found " + text[range.upperBound...].replacingOccurrences(of: " instead.", with: "")
        }
        return text
    }
}
