/// The privacy messages the publisher published for the app in the consent SDK's console.
///
/// The consent SDK shows only what is published: with no message for where the user is, there is
/// no form to show and nothing to gather, so ads may be requested (UMP iOS 2.5.0 and later).
public struct PublishedMessages: Hashable, Sendable, CustomStringConvertible {
    /// The European regulations (GDPR) consent message, for users in the EEA, the UK and Switzerland.
    public var gdpr: Bool
    /// The US state regulations message, shown behind the privacy-options entry point.
    public var usStates: Bool
    /// The IDFA explainer: a page shown before the OS tracking prompt, which the consent SDK then triggers itself.
    public var idfaExplainer: Bool
    /// The ads personalization controls message (a Beta of Google's, published per app in the AdMob
    /// UI), for users no regulation message applies to: "personalize my ads" or not, a choice the
    /// ad network enforces.
    package var personalizationControls: Bool

    /// Creates a configuration; the defaults are the GDPR and US-states messages, no IDFA explainer,
    /// no personalization controls.
    public init(gdpr: Bool = true, usStates: Bool = true, idfaExplainer: Bool = false, personalizationControls: Bool = false) {
        self.gdpr = gdpr
        self.usStates = usStates
        self.idfaExplainer = idfaExplainer
        self.personalizationControls = personalizationControls
    }

    /// The default: the GDPR and US-states messages published, no IDFA explainer.
    public static let standard = PublishedMessages()

    /// The published messages by name, as a trace field: `gdpr,usStates`, or `none`.
    public var description: String {
        let names = [(gdpr, "gdpr"), (usStates, "usStates"), (idfaExplainer, "idfaExplainer"), (personalizationControls, "personalizationControls")]
            .filter(\.0).map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}
