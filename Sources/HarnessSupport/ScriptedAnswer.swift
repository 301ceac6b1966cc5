/// How the scripted user answers one kind of prompt or form, and after how long.
public struct ScriptedAnswer<Answer: Hashable & Sendable>: Hashable, Sendable {
    /// The answer.
    package var answer: Answer
    /// How long the user takes, in virtual time.
    package var after: Duration

    /// Creates an answer given after a delay (at once by default).
    package init(_ answer: Answer, after: Duration = .zero) {
        self.answer = answer
        self.after = after
    }
}
