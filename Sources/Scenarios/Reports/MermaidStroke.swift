import StandInRuntime

/// One arrow or note that a trace event is drawn as: the shape, a label, and which of the event's
/// fields follow the label.
package struct MermaidStroke: Hashable, Sendable {
    /// How the stroke is drawn.
    package enum Shape: Hashable, Sendable {
        /// A call or a message, solid: `App->>OS: ...`.
        case call(MermaidParticipant, MermaidParticipant)
        /// An answer to a call (a callback, a completion), dashed: `OS-->>App: ...`.
        case reply(MermaidParticipant, MermaidParticipant)
        /// A note over one participant, or spanning from the first to the second.
        case note(MermaidParticipant, MermaidParticipant?)
    }

    /// Which of the event's fields the stroke shows after its label.
    package enum Fields: Hashable, Sendable {
        /// Every field, as `name=value`.
        case all
        /// These fields, as `name=value`, when the event has them.
        case named([String])
        /// These fields' values alone, when the event has them.
        case values([String])
    }

    /// The shape.
    package var shape: Shape
    /// The words before the fields; may be empty.
    package var label: String
    /// The fields shown.
    package var fields: Fields
    /// A field the event must have for this stroke to be drawn (a user's answer exists only when
    /// the OS prompted), or `nil` to always draw it.
    package var onlyWith: String?

    /// A stroke.
    package init(_ shape: Shape, _ label: String, _ fields: Fields = .all, onlyWith: String? = nil) {
        self.shape = shape
        self.label = label
        self.fields = fields
        self.onlyWith = onlyWith
    }

    /// The participants the stroke touches.
    package var participants: [MermaidParticipant] {
        switch shape {
        case .call(let from, let to), .reply(let from, let to): [from, to]
        case .note(let first, let last): [first] + (last.map { [$0] } ?? [])
        }
    }

    /// The label and the chosen fields of the event, unescaped.
    package func text(for event: TraceEvent) -> String {
        let shown: [String] =
            switch fields {
            case .all: event.fields.map(\.description)
            case .named(let names): names.compactMap { name in event[name].map { "\(name)=\($0)" } }
            case .values(let names): names.compactMap { event[$0] }
            }
        return ([label] + shown).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The Mermaid statement for the event, or `nil` when the event lacks the field it needs.
    package func statement(for event: TraceEvent) -> String? {
        if let onlyWith, event[onlyWith] == nil { return nil }
        let text = MermaidText.escaped(text(for: event))
        return switch shape {
        case .call(let from, let to): "\(from.id)->>\(to.id): \(text)"
        case .reply(let from, let to): "\(from.id)-->>\(to.id): \(text)"
        case .note(let first, let last?): "Note over \(first.id),\(last.id): \(text)"
        case .note(let only, nil): "Note over \(only.id): \(text)"
        }
    }
}
