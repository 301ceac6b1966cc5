import Foundation

/// Reads a property-list file (XML or binary) into ``PropertyListValue``s, or says in words why not.
///
/// Used for an app's real Info.plist (a scenario's `device.infoPlistFile`) and by the linter, so both
/// refuse the same files with the same messages: the file, and where it broke or what it held.
public enum PropertyListFile {
    /// Files larger than this are refused before parsing: an Info.plist or a manifest is a few kilobytes.
    public static let maximumSize = 4 * 1024 * 1024
    /// XML nested deeper than this is refused before parsing, so the parser never recurses without end.
    public static let maximumDepth = 64

    /// The top-level dictionary of the file at `url`, shown in errors as `file`.
    public static func dictionary(at url: URL, file: String? = nil) throws(InfoPlistError) -> [String: PropertyListValue] {
        let file = file ?? url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw InfoPlistError(file: file, problem: "expected a property-list file, found nothing at this path")
        }
        guard !isFolder.boolValue else { throw InfoPlistError(file: file, problem: "expected a property-list file, found a folder") }
        // Checked before reading, so a device file or a huge file is never read whole.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw InfoPlistError(file: file, problem: "expected a property-list file, found a special file")
        }
        if let size = attributes?[.size] as? Int, size > maximumSize {
            throw InfoPlistError(file: file, problem: "expected a property list of at most \(maximumSize / 1024 / 1024) MB, found \(size) bytes")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw InfoPlistError(file: file, problem: "expected a readable file, found one that cannot be read (check its permissions)")
        }
        return try dictionary(from: data, file: file)
    }

    /// The top-level dictionary of property-list bytes, shown in errors as `file`.
    public static func dictionary(from data: Data, file: String) throws(InfoPlistError) -> [String: PropertyListValue] {
        guard data.count <= maximumSize else {
            throw InfoPlistError(file: file, problem: "expected a property list of at most \(maximumSize / 1024 / 1024) MB, found \(data.count) bytes")
        }
        let isBinary = data.starts(with: Array("bplist".utf8))
        if !isBinary, let depth = xmlDepthExceeding(maximumDepth, in: data) {
            throw InfoPlistError(file: file, problem: "expected at most \(maximumDepth) nested arrays and dictionaries, found more at line \(depth)")
        }
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: data, format: nil) } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw InfoPlistError(
                file: file,
                problem: isBinary
                    ? "expected a binary property list, found one that is cut short or corrupt"
                    : "expected an XML property list, found one that does not parse: \(detail ?? "no detail given")"
            )
        }
        guard let values = object as? [String: Any] else {
            throw InfoPlistError(file: file, problem: "expected a dictionary at the top level, found \(kind(of: object))")
        }
        return try convert(values, path: "", file: file)
    }

    private static func convert(_ values: [String: Any], path: String, file: String) throws(InfoPlistError) -> [String: PropertyListValue] {
        var converted: [String: PropertyListValue] = [:]
        for (key, value) in values {
            converted[key] = try convert(value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
        }
        return converted
    }

    private static func convert(_ value: Any, path: String, file: String) throws(InfoPlistError) -> PropertyListValue {
        if let dictionary = value as? [String: Any] { return .dictionary(try convert(dictionary, path: path, file: file)) }
        if let array = value as? [Any] {
            var converted: [PropertyListValue] = []
            for (index, element) in array.enumerated() { converted.append(try convert(element, path: "\(path)[\(index)]", file: file)) }
            return .array(converted)
        }
        guard let converted = PropertyListValue(value) else {
            throw InfoPlistError(
                file: file,
                problem: "\(path): expected a string, number, Boolean, array or dictionary, found \(kind(of: value))"
            )
        }
        return converted
    }

    /// A value's kind in words.
    static func kind(of object: Any) -> String {
        switch object {
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Date: "a date"
        case is Data: "data"
        case is NSNumber, is Bool, is Int, is Double: "a number or Boolean"
        default: "a value of type \(type(of: object))"
        }
    }

    /// The line where XML nesting of `<array>` and `<dict>` first goes deeper than `limit`, if it does.
    static func xmlDepthExceeding(_ limit: Int, in data: Data) -> Int? {
        var depth = 0
        var line = 1
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: "<") {
                let rest = bytes[(index + 1)...].prefix(7)
                if rest.starts(with: Array("array>".utf8)) || rest.starts(with: Array("dict>".utf8)) {
                    depth += 1
                    if depth > limit { return line }
                } else if rest.starts(with: Array("/array>".utf8)) || rest.starts(with: Array("/dict>".utf8)) {
                    depth -= 1
                }
            }
            index += 1
        }
        return nil
    }
}
