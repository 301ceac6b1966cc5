import StandInRuntime

/// How the scripted user answers the location prompts; a prompt with no scripted answer stays up.
public struct LocationUserScript: Hashable, Sendable {
    /// The answer to the first prompt (asked for when-in-use, or for always directly).
    public var prompt: ScriptedAnswer<LocationPromptAnswer>?
    /// Whether the user turns "Precise" off in the first prompt: an allowed answer gets reduced accuracy.
    public var turnsPreciseOff: Bool
    /// The answer to the prompt that raises when-in-use to always.
    public var alwaysPrompt: ScriptedAnswer<AlwaysPromptAnswer>?
    /// The answer to the temporary precise-location prompt.
    public var fullAccuracyPrompt: ScriptedAnswer<FullAccuracyPromptAnswer>?

    /// Creates a script; by default the user answers nothing.
    public init(
        prompt: ScriptedAnswer<LocationPromptAnswer>? = nil,
        turnsPreciseOff: Bool = false,
        alwaysPrompt: ScriptedAnswer<AlwaysPromptAnswer>? = nil,
        fullAccuracyPrompt: ScriptedAnswer<FullAccuracyPromptAnswer>? = nil
    ) {
        self.prompt = prompt
        self.turnsPreciseOff = turnsPreciseOff
        self.alwaysPrompt = alwaysPrompt
        self.fullAccuracyPrompt = fullAccuracyPrompt
    }
}
