/// A fault to inject, as data: where it fires, what it does, and how often.
///
/// Real SDK calls fail, answer late, answer twice or never answer; a glue has to survive each.
/// Faults are plain values rather than hooks in the glue, so the same fault can be written in a
/// test, in a scenario (`{"target": "formLoad", "error": "timeout", "times": 1}`) or chosen by the
/// explorer, and one limited by `times` that never fired is reported in `Leftovers`.
///
/// ```swift
/// let app = try SimulatedApp(
///     glue: MyGlue.init,
///     user: User(trackingPrompt: .allow, consentForm: .acceptAll),
///     faults: [
///         .consentInfoUpdate(.error(.network), times: 1),   // the first update fails
///         .adLoad(.delay(.seconds(5))),                     // every ad load answers 5 s late
///     ]
/// )
/// try app.launch()
/// try app.onboarding()
/// ```
public struct Fault: Hashable, Sendable, CustomStringConvertible {
    /// The call it bends.
    package var call: FaultTarget
    /// What it does to the call.
    package var effect: FaultEffect
    /// How many times it fires; `nil` for every time.
    public var times: Int?

    /// The effect on the target's calls, unchecked: for code that builds faults from data (a scenario
    /// file, the explorer's choices), which `problem` checks.
    package init(unchecked target: FaultTarget, _ effect: FaultEffect, times: Int? = nil) {
        self.call = target
        self.effect = effect
        self.times = times
    }

    /// Why this fault cannot apply to its target, or `nil` if it can.
    package var problem: String? {
        if let times, times < 1 { return "times must be at least 1, got \(times)" }
        switch effect {
        case .error(let error) where !call.acceptedErrors.contains(error):
            let accepted = call.acceptedErrors.map(\.rawValue).joined(separator: ", ")
            return accepted.isEmpty
                ? "\(call.rawValue) cannot fail with an error"
                : "expected one of \(accepted) (how \(call.rawValue) fails), found \(error.rawValue)"
        case .appInactive where call != .trackingRequest:
            return "appState applies to trackingRequest only"
        default:
            return nil
        }
    }

    /// `formLoad error=timeout times=1`.
    public var description: String {
        "\(call.rawValue) \(effect)" + (times.map { " times=\($0)" } ?? "")
    }

}

/// The calls a fault can bend.
package enum FaultTarget: String, CaseIterable, Hashable, Sendable, Codable {
    /// The OS tracking authorization request.
    case trackingRequest
    /// The consent information update.
    case consentInfoUpdate
    /// Loading a consent form.
    case formLoad
    /// Presenting a consent or privacy-options form.
    case formPresent
    /// Starting the ad SDK.
    case adStart
    /// Loading an ad.
    case adLoad

    /// The errors the real call can fail with: its typed failures (``CallFailure``).
    package var acceptedErrors: [FaultError] {
        switch self {
        case .trackingRequest, .adStart: []
        case .consentInfoUpdate: ConsentUpdateFailure.allCases.map(\.untyped)
        case .formLoad: FormLoadFailure.allCases.map(\.untyped)
        case .formPresent: FormPresentFailure.allCases.map(\.untyped)
        case .adLoad: AdLoadFailure.allCases.map(\.untyped)
        }
    }
}

/// What a fault does to a call.
package enum FaultEffect: Hashable, Sendable, CustomStringConvertible {
    /// The call fails with an error.
    case error(FaultError)
    /// The callback misbehaves.
    case callback(CallbackFault)
    /// The callback comes after an extra delay.
    case delay(Duration)
    /// The app goes inactive as it makes the call, until it next comes to the foreground (tracking requests only).
    case appInactive

    /// `error=timeout`, `callback=never`, `delay=3.000s`, `appState=inactive`.
    package var description: String {
        switch self {
        case .error(let error): "error=\(error.rawValue)"
        case .callback(let fault): "callback=\(fault.rawValue)"
        case .delay(let delay): "delay=\(delay.harnessDescription)"
        case .appInactive: "appState=inactive"
        }
    }
}

/// An error a fault makes a call fail with; each stand-in maps it to its SDK's error code.
package enum FaultError: String, CaseIterable, Hashable, Sendable, Codable {
    /// No network.
    case network
    /// The SDK failed internally.
    case `internal`
    /// The call timed out inside the SDK.
    case timeout
    /// Nothing is available (no form configured).
    case unavailable
    /// A single-use form was used already.
    case alreadyUsed
    /// The application identifier is invalid.
    case invalidAppID
    /// The SDK's server-side configuration is wrong.
    case misconfiguration
    /// The form cannot be presented from the app's screen.
    case invalidViewController
    /// No ad was available.
    case noFill
    /// The ad server answered with an error.
    case server
}

/// How a fault makes a callback misbehave.
public enum CallbackFault: String, CaseIterable, Hashable, Sendable, Codable {
    /// The callback never comes.
    case never
    /// The callback comes twice.
    case twice
    /// The callback comes on another thread.
    case otherThread
    /// The callback comes on the main thread (the main queue), as a main-actor API would deliver it.
    case mainThread
}
