/// Who takes part in a run, as a Mermaid sequence diagram draws it, in the order drawn.
package enum MermaidParticipant: String, CaseIterable, Sendable {
    /// The person using the device: answers prompts and forms, changes Settings.
    case user = "User"
    /// The OS: tracking authorization, the advertising identifier, location, the app's lifecycle.
    case os = "OS"
    /// The app's glue: the consent code under test.
    case app = "App"
    /// The consent SDK (current or legacy).
    case consent = "Consent"
    /// The ad SDK.
    case ads = "Ads"

    /// The identifier arrows and notes use.
    package var id: String { rawValue }

    /// The name shown on the diagram.
    package var title: String {
        switch self {
        case .user: "User"
        case .os: "OS"
        case .app: "App glue"
        case .consent: "Consent SDK"
        case .ads: "Ad SDK"
        }
    }

    /// `participant App as App glue`.
    package var declaration: String {
        id == title ? "participant \(id)" : "participant \(id) as \(title)"
    }
}
