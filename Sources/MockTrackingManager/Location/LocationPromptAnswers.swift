/// The choices of the first location prompt, which carries the when-in-use usage text.
public enum LocationPromptAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// "Allow While Using App".
    case allowWhileUsing
    /// "Allow Once": when-in-use until the app leaves use.
    case allowOnce
    /// "Don't Allow".
    case dontAllow
}

/// The choices of the prompt that asks to raise when-in-use to always.
public enum AlwaysPromptAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// "Keep Only While Using".
    case keepWhileUsing
    /// "Change to Always Allow".
    case changeToAlways
}

/// The choices of the prompt for temporary precise location.
public enum FullAccuracyPromptAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// Precise locations for a while.
    case allow
    /// Approximate locations stay.
    case decline
}
