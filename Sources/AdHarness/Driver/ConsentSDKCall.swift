import AdRequestKit
import MockAdNetwork
import StandInRuntime

/// A call a step makes on the consent SDK itself, bypassing the glue: what a scenario's
/// `{ "sdk": "update" }` step does, as the peer suite drives the SDK with raw calls.
public struct ConsentSDKCall: Hashable, Sendable, CustomStringConvertible {
    /// Which of the SDK's calls.
    public enum Name: String, CaseIterable, Hashable, Sendable {
        /// The consent information update.
        case update
        /// Loading a consent form; the step runner keeps the form it gives for `presentForm`.
        case loadForm
        /// Presenting the form the last `loadForm` of the process gave.
        case presentForm
        /// Load-and-present-if-required.
        case loadAndPresentIfRequired
        /// The privacy-options form.
        case presentPrivacyOptions
        /// Clearing the SDK's stored consent (its testing aid).
        case reset

        /// Whether the call shows a form, and so takes a presenting screen.
        public var presents: Bool { self == .presentForm || self == .loadAndPresentIfRequired || self == .presentPrivacyOptions }
    }

    /// Which call.
    public var name: Name
    /// For `update`: the debug geography; given, this device is listed as a test device, as the peer
    /// lists its own, so the geography applies.
    public var debugGeography: ConsentDebugGeography?
    /// For `update`: the under-age-of-consent tag.
    public var underAgeOfConsent: Bool
    /// For the calls that present: the screen the form is presented from.
    public var presenter: FormPresenter

    /// A call; the arguments default to no debug geography, an adult user and the app's window.
    public init(_ name: Name, debugGeography: ConsentDebugGeography? = nil, underAgeOfConsent: Bool = false, presenter: FormPresenter = .window) {
        self.name = name
        self.debugGeography = debugGeography
        self.underAgeOfConsent = underAgeOfConsent
        self.presenter = presenter
    }

    /// The call's arguments as trace fields, defaults left out.
    var argumentFields: [EventField] {
        var fields: [EventField] = []
        if let debugGeography { fields.append(EventField(.debugGeography, debugGeography)) }
        if underAgeOfConsent { fields.append(EventField(.underAgeOfConsent, true)) }
        if presenter != .window { fields.append(EventField("from", presenter.rawValue)) }
        return fields
    }

    /// `update debugGeography=eea`, `presentForm from=none`.
    public var description: String {
        ([name.rawValue] + argumentFields.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
    }
}
