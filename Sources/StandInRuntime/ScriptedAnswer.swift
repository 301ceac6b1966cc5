/// How the scripted user answers one kind of prompt or form, and after how long.
public struct ScriptedAnswer<Answer: Hashable & Sendable>: Hashable, Sendable {
    /// The answer.
    public var answer: Answer
    /// How long the user takes, in virtual time.
    public var after: Duration

    /// Creates an answer given after a delay (at once by default).
    public init(_ answer: Answer, after: Duration = .zero) {
        self.answer = answer
        self.after = after
    }
}
