/// The names of the trace fields that carry ground truth: the stand-ins write them and the
/// invariants read them, through these names only, so a misspelling cannot switch a rule off.
public enum TraceField {
    /// The OS tracking status at that moment (`ads.request`, `ads.start`, `idfa.read`, `settings.change`).
    public static let tracking = "tracking"
    /// The status an OS answer carries (`tracking.answer`).
    public static let status = "status"
    /// Whether the consent SDK allowed ad requests at that moment.
    public static let canRequestAds = "canRequestAds"
    /// Whether the consent SDK's answer allowed personalized ads at that moment (`ads.request`).
    public static let consentAllowsPersonalized = "consentAllowsPersonalized"
    /// Whether the request carried `npa=1` (`ads.request`).
    public static let npa = "npa"
    /// The ad serving mode the ad SDK served the request in, from the TCF signals and `npa` (`ads.request`).
    public static let mode = "mode"
    /// The serving-mode rule that decided it (`ads.request`).
    public static let modeRule = "modeRule"
    /// Whether the identifier read was `zero` or `set` (`idfa.read`).
    public static let identifier = "value"
    /// Whether the OS showed a prompt (`tracking.answer`).
    public static let prompted = "prompted"
    /// Why the OS answered as it did (`tracking.answer`).
    public static let reason = "reason"
    /// What the user, or the system, did with the prompt (`tracking.answer`).
    public static let answer = "answer"
    /// The under-age-of-consent tag in force, when set (`ads.configure`, `ads.request`).
    public static let underAgeOfConsent = "underAgeOfConsent"
    /// The child-directed tag in force, when set (`ads.configure`, `ads.request`).
    public static let childDirected = "childDirected"
    /// The age treatment in force, when not `unspecified` (`ads.configure`, `ads.request`).
    public static let ageTreatment = "ageTreatment"
    /// Whether the ad SDK had started when the app set its configuration (`ads.configure`).
    public static let afterStart = "afterStart"
}
