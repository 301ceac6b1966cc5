import StandInRuntime

/// A `faults[]` entry: a target, exactly one effect, and an optional `times`; read from a
/// fixture and written by the explorer through the same keys.
package struct FaultSpec: Codable {
    /// The fault.
    package var fault: Fault

    /// The entry for a fault, to write.
    package init(_ fault: Fault) { self.fault = fault }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case target, error, callback, delay, appState, times
    }

    /// Reads an entry, with the same checks a Swift test's faults get.
    package init(from decoder: any Decoder) throws {
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
        fault = Fault(unchecked: target, effect, times: try container.decodeCountIfPresent(forKey: .times, minimum: 1))
        // The same check a Swift test's faults get, reported at the key that carries the effect.
        if let problem = fault.problem {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
        }
    }

    private static func appState(_ container: KeyedDecodingContainer<CodingKeys>) throws -> FaultEffect {
        switch try container.decodeChoice(AppStateFault.self, forKey: .appState) {
        case .inactive: .appInactive
        }
    }

    /// Writes `{"target": "formLoad", "error": "timeout", "times": 1}`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fault.call.rawValue, forKey: .target)
        switch fault.effect {
        case .error(let error): try container.encode(error.rawValue, forKey: .error)
        case .callback(let callback): try container.encode(callback.rawValue, forKey: .callback)
        case .delay(let delay): try container.encode(delay.exactText, forKey: .delay)
        case .appInactive: try container.encode(AppStateFault.inactive.rawValue, forKey: .appState)
        }
        try container.encodeIfPresent(fault.times, forKey: .times)
    }
}

/// The app states a fault's `appState` can put the app in.
enum AppStateFault: String, CaseIterable {
    /// The app is not active when the call is made.
    case inactive
}
