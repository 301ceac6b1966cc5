import MockTrackingManager

/// Names a closed set of choices no longer has, each with what to write instead: a fixture that
/// still says one is refused with the reason, not only with the names there are.
protocol RetiredNames {
    /// The retired name, and what replaces it.
    static var retiredNames: [String: String] { get }
}

extension RetiredNames {
    /// The text that follows the list of names in an error about `text`, if it was retired.
    static func hint(for text: String) -> String { retiredNames[text].map { " (\($0))" } ?? "" }
}

extension TrackingPromptAnswer: RetiredNames {
    static var retiredNames: [String: String] {
        [
            "dismiss": "the tracking alert has no dismiss: its buttons are allow and deny; leaveApp is the user leaving the app "
                + "while it is up, additionalInformation the OS 27.2 sheet's button"
        ]
    }
}

/// The hint for a name a type retired, or nothing.
func retiredHint<T>(_: T.Type, _ text: String) -> String {
    (T.self as? any RetiredNames.Type)?.hint(for: text) ?? ""
}
