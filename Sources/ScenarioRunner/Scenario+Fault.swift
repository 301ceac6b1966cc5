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
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "expected exactly one of error, callback, delay, appState; found \(effectKeys.isEmpty ? "none" : effectKeys.map(\.rawValue).joined(separator: ", "))"
            ))
        }
        let effect: FaultEffect
        switch key {
        case .error:
            let error = try container.decodeChoice(FaultError.self, forKey: .error)
            guard target.acceptedErrors.contains(error) else {
                let accepted = target.acceptedErrors.map(\.rawValue)
                throw DecodingError.dataCorruptedError(
                    forKey: .error, in: container,
                    debugDescription: accepted.isEmpty
                        ? "\(target.rawValue) cannot fail with an error; use callback, delay\(target == .trackingRequest ? " or appState" : "")"
                        : "\(target.rawValue) fails with one of \(accepted.joined(separator: ", ")), not \(error.rawValue)"
                )
            }
            effect = .error(error)
        case .callback: effect = .callback(try container.decodeChoice(CallbackFault.self, forKey: .callback))
        case .delay: effect = .delay(try container.decodeDuration(forKey: .delay))
        default:
            let state = try container.decode(String.self, forKey: .appState)
            guard state == "inactive" else {
                throw DecodingError.dataCorruptedError(forKey: .appState, in: container, debugDescription: "expected \"inactive\", got \"\(state)\"")
            }
            guard target == .trackingRequest else {
                throw DecodingError.dataCorruptedError(forKey: .appState, in: container, debugDescription: "appState applies to target trackingRequest only")
            }
            effect = .appInactive
        }
        fault = Fault(target, effect, times: try container.decodeCountIfPresent(forKey: .times, minimum: 1))
    }
}
