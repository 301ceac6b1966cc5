/// Where the OS places the device for the EU rules of the tracking prompt, from OS 27.2.
///
/// Apple's 27.2 release notes and request documentation: in the EU an answered prompt may be shown
/// again after a year, and the expanded full-page sheet replaces the alert in France, Germany,
/// Italy, Poland and Romania, elsewhere in the EU only when the app prefers it. Before 27.2, or
/// outside the EU, neither applies.
public enum TrackingPromptRegion: String, CaseIterable, Hashable, Sendable, Codable {
    /// Outside the EU: the alert, answered once per install.
    case outsideEU
    /// An EU country where the sheet shows only when the app prefers the expanded interface.
    case eu
    /// France, Germany, Italy, Poland or Romania: the sheet shows on every request that prompts.
    case euFullPageSheet

    /// Whether the EU rules apply (the yearly re-prompt, the expanded sheet).
    package var isEU: Bool { self != .outsideEU }

    /// The region of an ISO 3166 country code, or `nil` for a code that is not two letters.
    ///
    /// The five full-page-sheet countries are those the release notes name; the EU is its 27 members.
    package init?(countryCode: String) {
        let code = countryCode.uppercased()
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if Self.fullPageSheetCountries.contains(code) {
            self = .euFullPageSheet
        } else {
            self = Self.euMembers.contains(code) ? .eu : .outsideEU
        }
    }

    static let fullPageSheetCountries: Set<String> = ["FR", "DE", "IT", "PL", "RO"]
    static let euMembers: Set<String> = [
        "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT",
        "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
    ]
}
