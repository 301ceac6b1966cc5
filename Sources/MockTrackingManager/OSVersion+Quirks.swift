import AdRequestKit

/// What the OS does differently by version, as the tracking stand-in plays it.
extension OSVersion {
    /// Whether the OS has the tracking prompt at all (14 and later).
    package var hasTrackingPrompt: Bool { self >= OSVersion(14) }

    /// 14.0-14.4: the prompt exists but is not enforced, so the identifier is real without asking.
    package var handsOutIdentifierWithoutAuthorization: Bool { self >= OSVersion(14) && self < OSVersion(14, 5) }

    /// 14.4 to 14.5.0 (not 14.5.1): a request made while "Allow Apps to Request to Track" is off stores a
    /// denial, which stays once the switch is back on (14.5.1 fixed it; later builds store nothing).
    package var keepsDenialFromSwitchOff: Bool { self >= OSVersion(14, 4) && self < OSVersion(14, 5, 1) }

    /// 17.4: the request completes at once with `denied` while the prompt is still on screen (fixed in 17.5).
    package var answersTrackingRequestEarly: Bool { self >= OSVersion(17, 4) && self < OSVersion(17, 5) }

    /// 27.2 and later: the EU rules of the tracking prompt (the yearly re-prompt, the expanded sheet).
    package var hasEUTrackingPromptRules: Bool { self >= OSVersion(27, 2) }
}
