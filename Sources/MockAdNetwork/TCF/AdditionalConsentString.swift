/// Google's Additional Consent string, version 2: `2~` consented provider ids `~dv.` disclosed ids,
/// each list dot-separated in ascending order; a disclosed id consented to is listed once, as consented.
package enum AdditionalConsentString {
    /// The string for providers consented to out of those disclosed.
    package static func text(consented: Set<Int>, disclosed: Set<Int>) -> String {
        let list = { (ids: Set<Int>) in ids.sorted().map(String.init).joined(separator: ".") }
        return "2~\(list(consented))~dv.\(list(disclosed.subtracting(consented)))"
    }
}
