import HarnessSupport

/// A `faults[]` entry: a target, exactly one effect, and an optional `times`.
struct FaultSpec: Decodable {
    var fault: Fault

    enum CodingKeys: String, CodingKey, CaseIterable {
        case target, error, callback, delay, appState, times
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let target = try container.decodeChoice(FaultTarget.self, forKey: .target)
        let effectKeys = [CodingKeys.error, .callback, .delay, .appState].filter(container.contains)
        guard effectKeys.count == 1, let key = effectKeys.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "expected exactly one of error, callback, delay, appState; found \(effectKeys.isEmpty ? "none" : effectKeys.map(\.rawValue).joined(separator: ", "))"
                ))
        }
        let effect: FaultEffect =
            switch key {
            case .error: .error(try container.decodeChoice(FaultError.self, forKey: .error))
            case .callback: .callback(try container.decodeChoice(CallbackFault.self, forKey: .callback))
            case .delay: .delay(try container.decodeDuration(forKey: .delay))
            default: try Self.appState(container)
            }
        fault = Fault(target, effect, times: try container.decodeCountIfPresent(forKey: .times, minimum: 1))
        // The same check a Swift test's faults get, reported at the key that carries the effect.
        if let problem = fault.problem {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
        }
    }

    private static func appState(_ container: KeyedDecodingContainer<CodingKeys>) throws -> FaultEffect {
        let state = try container.decode(String.self, forKey: .appState)
        guard state == "inactive" else {
            throw DecodingError.dataCorruptedError(forKey: .appState, in: container, debugDescription: "expected \"inactive\", got \"\(state)\"")
        }
        return .appInactive
    }
}
