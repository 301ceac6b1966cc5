/// The faults each call can suffer, typed by the call: a fault the real call cannot produce does
/// not compile (`Fault.formLoad(.error(.network))` is an error: a form load fails with `internal`,
/// `timeout` or `unavailable`).
///
/// ```swift
/// let faults: [Fault] = [
///     .consentInfoUpdate(.error(.network), times: 1),   // the first update fails offline
///     .formLoad(.callback(.never)),                     // the form load never answers
///     .trackingRequest(.appInactive, times: 1),         // an alert is up as the app asks
///     .adLoad(.delay(.seconds(5))),                     // every ad answers 5 s late
/// ]
/// ```
extension Fault {
    /// The OS tracking authorization request: its callback bent or late, or the app not active as it asks.
    public static func trackingRequest(_ effect: TrackingRequestFault, times: Int? = nil) -> Fault {
        Fault(unchecked: .trackingRequest, effect.effect, times: times)
    }

    /// The consent information update.
    public static func consentInfoUpdate(_ effect: CallFault<ConsentUpdateFailure>, times: Int? = nil) -> Fault {
        Fault(unchecked: .consentInfoUpdate, effect.effect, times: times)
    }

    /// Loading a consent form.
    public static func formLoad(_ effect: CallFault<FormLoadFailure>, times: Int? = nil) -> Fault {
        Fault(unchecked: .formLoad, effect.effect, times: times)
    }

    /// Presenting a consent or privacy-options form.
    public static func formPresent(_ effect: CallFault<FormPresentFailure>, times: Int? = nil) -> Fault {
        Fault(unchecked: .formPresent, effect.effect, times: times)
    }

    /// Starting the ad SDK, which cannot fail: its callback bent or late.
    public static func adStart(_ effect: CallbackTiming, times: Int? = nil) -> Fault {
        Fault(unchecked: .adStart, effect.effect, times: times)
    }

    /// Loading an ad.
    public static func adLoad(_ effect: CallFault<AdLoadFailure>, times: Int? = nil) -> Fault {
        Fault(unchecked: .adLoad, effect.effect, times: times)
    }
}

/// What a fault does to a call that can fail with `Failure`: fail, bend its callback, or answer late.
public enum CallFault<Failure: CallFailure>: Hashable, Sendable {
    /// The call fails with one of the errors the real call returns.
    case error(Failure)
    /// The callback misbehaves.
    case callback(CallbackFault)
    /// The callback comes after an extra delay.
    case delay(Duration)

    /// The effect, as the untyped fault holds it.
    var effect: FaultEffect {
        switch self {
        case .error(let failure): .error((failure as? any UntypedFailure)?.untyped ?? .internal)
        case .callback(let fault): .callback(fault)
        case .delay(let delay): .delay(delay)
        }
    }
}

/// What a fault does to a call that cannot fail: bend its callback, or answer late.
public enum CallbackTiming: Hashable, Sendable {
    /// The callback misbehaves.
    case callback(CallbackFault)
    /// The callback comes after an extra delay.
    case delay(Duration)

    var effect: FaultEffect {
        switch self {
        case .callback(let fault): .callback(fault)
        case .delay(let delay): .delay(delay)
        }
    }
}

/// What a fault does to the tracking request, which cannot fail: bend its callback, answer late, or
/// find the app not active as it asks (the OS then shows no prompt and answers `notDetermined`).
public enum TrackingRequestFault: Hashable, Sendable {
    /// The callback misbehaves.
    case callback(CallbackFault)
    /// The callback comes after an extra delay.
    case delay(Duration)
    /// The app goes inactive as it asks, until it next comes to the foreground.
    case appInactive

    var effect: FaultEffect {
        switch self {
        case .callback(let fault): .callback(fault)
        case .delay(let delay): .delay(delay)
        case .appInactive: .appInactive
        }
    }
}

/// An error one call can fail with: each call's own set (``ConsentUpdateFailure``,
/// ``FormLoadFailure``, ``FormPresentFailure``, ``AdLoadFailure``).
public protocol CallFailure: CaseIterable, Hashable, Sendable {
}

/// A typed failure as the scenario format and the fault plan name it: the same case name.
package protocol UntypedFailure {
    /// The error, untyped.
    var untyped: FaultError { get }
}

extension UntypedFailure where Self: RawRepresentable, RawValue == String {
    /// The error of the same name: each typed failure's cases are named as ``FaultError``'s.
    package var untyped: FaultError { FaultError(rawValue: rawValue)! }
}

extension ConsentUpdateFailure: UntypedFailure {}
extension FormLoadFailure: UntypedFailure {}
extension FormPresentFailure: UntypedFailure {}
extension AdLoadFailure: UntypedFailure {}

/// How the consent information update fails.
public enum ConsentUpdateFailure: String, CallFailure {
    /// No network.
    case network
    /// The SDK failed internally.
    case `internal`
    /// The application identifier is invalid.
    case invalidAppID
    /// The SDK's server-side configuration is wrong.
    case misconfiguration

}

/// How loading a consent form fails.
public enum FormLoadFailure: String, CallFailure {
    /// The SDK failed internally.
    case `internal`
    /// The load timed out inside the SDK.
    case timeout
    /// No form is available (none published).
    case unavailable

}

/// How presenting a consent form fails.
public enum FormPresentFailure: String, CallFailure {
    /// The SDK failed internally.
    case `internal`
    /// The single-use form was presented already.
    case alreadyUsed
    /// The form cannot be presented from the app's screen.
    case invalidViewController

}

/// How loading an ad fails.
public enum AdLoadFailure: String, CallFailure {
    /// No network.
    case network
    /// The SDK failed internally.
    case `internal`
    /// The request timed out.
    case timeout
    /// No ad was available.
    case noFill
    /// The ad server answered with an error.
    case server

}
