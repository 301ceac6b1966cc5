/// What a check needs from the implementation's surroundings, so a device run can pick what applies.
public enum ContractKind: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Observable through the port alone: runs against any implementation, anywhere, as it stands.
    case portOnly
    /// Needs control of the world (a scripted user answer, a region, an injected fault, a fresh
    /// install): runs against the stand-ins, or on a device where a person or a test account
    /// arranges the situation. A subject that cannot arrange it gets the check skipped, not failed.
    case needsWorldControl

    /// The kind as printed: `port-only` or `world-control`.
    public var description: String {
        switch self {
        case .portOnly: "port-only"
        case .needsWorldControl: "world-control"
        }
    }
}
