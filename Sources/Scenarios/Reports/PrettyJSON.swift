import Foundation

/// Encodes report rows as indented JSON with sorted keys, so printed tables are stable.
enum PrettyJSON {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
