import AdHarness
import AdRequestKit
import MockAdNetwork
import StandInRuntime

/// A call the peer suite makes on the consent SDK, made here on our stand-ins.
enum PeerCall: Sendable, CustomStringConvertible {
    /// An update with a debug geography (on a listed test device, as the peer lists its own) and the under-age tag.
    case update(ConsentDebugGeography, underAge: Bool = false)
    /// Loading the consent form; a loaded form is kept for ``present``.
    case load
    /// Presenting the form the last ``load`` gave.
    case present
    /// Load-and-present-if-required.
    case loadAndPresent
    /// The privacy-options form.
    case privacyOptions

    var description: String {
        switch self {
        case .update: "update"
        case .load: "load"
        case .present: "present"
        case .loadAndPresent: "loadAndPresent"
        case .privacyOptions: "privacyOptions"
        }
    }
}

/// One step of a peer case.
enum PeerStep: Sendable {
    /// Makes the call and lets virtual time run until nothing is pending; the transcript gets its outcome.
    case call(PeerCall)
    /// Makes the calls one after another without letting time pass; the transcript gets each completion
    /// as `NAME completed`, whatever its outcome, when time later runs.
    case inFlight([PeerCall])
    /// Makes the calls one after another without letting time pass, then lets time run; the
    /// transcript gets each outcome in the order the completions come.
    case overlapping([PeerCall])
    /// Lets virtual time run until nothing is pending.
    case settle
    /// Lets virtual time pass, as when the user takes a while to answer.
    case wait(Duration)
    /// The transcript gets what the consent information reads now.
    case read
    /// Resets the consent information, as the peer's set-up and tear-down do.
    case reset
    /// Ends the process and starts another on the same device (the peer deletes and re-creates its instance).
    case relaunch
}

/// Runs a peer case's steps on the stand-ins of a `SimulatedWorld` and writes what happens as lines.
///
/// A completion writes `NAME: ok` or `NAME: ERROR`; a read writes
/// `consent STATUS, ads BOOL, form STATUS, options STATUS`; a relaunch writes `relaunch`.
final class PeerScript: Sendable {
    private let world: SimulatedWorld
    private let state: Locked<State>
    private let lines = Locked<[String]>([])

    private struct State {
        var standIns: ProcessStandIns
        var form: (any LoadedConsentForm)?
    }

    init(world: SimulatedWorld) {
        self.world = world
        state = Locked(State(standIns: world.makeStandIns(processNumber: 1)))
    }

    /// Runs the steps and returns the transcript.
    func run(_ steps: [PeerStep]) -> [String] {
        for step in steps {
            switch step {
            case .call(let call):
                make(call, outcome: true)
                world.clock.run()
            case .inFlight(let calls):
                for call in calls { make(call, outcome: false) }
            case .overlapping(let calls):
                for call in calls { make(call, outcome: true) }
                world.clock.run()
            case .settle:
                world.clock.run()
            case .wait(let duration):
                world.clock.advance(by: duration)
            case .read:
                let info = state.withLock { $0.standIns.consentInformation }
                write("consent \(info.consentStatus), ads \(info.canRequestAds), form \(info.formStatus), options \(info.privacyOptionsRequirement)")
            case .reset:
                state.withLock { $0.standIns.consentInformation }.reset()
            case .relaunch:
                relaunch()
            }
        }
        return lines.snapshot
    }

    private func write(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    private func make(_ call: PeerCall, outcome: Bool) {
        let done: @Sendable (String?) -> Void = { [self] error in
            write(outcome ? "\(call): \(error ?? "ok")" : "\(call) completed")
        }
        let (standIns, form) = state.withLock { ($0.standIns, $0.form) }
        switch call {
        case .update(let geography, let underAge):
            let parameters = ConsentRequestParameters(
                isTaggedForUnderAgeOfConsent: underAge, debugGeography: geography,
                testDeviceIdentifiers: [ConsentSDKSettings.standardTestDeviceIdentifier]
            )
            standIns.consentInformation.requestInfoUpdate(with: parameters) { done($0?.description) }
        case .load:
            standIns.consentForms.loadForm { [state] result in
                switch result {
                case .success(let loaded):
                    state.withLock { $0.form = loaded }
                    done(nil)
                case .failure(let error):
                    done(error.description)
                }
            }
        case .present:
            guard let form else { return write("present: no loaded form") }
            form.present { done($0?.description) }
        case .loadAndPresent:
            standIns.consentForms.loadAndPresentIfRequired { done($0?.description) }
        case .privacyOptions:
            standIns.consentForms.presentPrivacyOptionsForm { done($0?.description) }
        }
    }

    private func relaunch() {
        state.withLock { state in
            state.standIns.process.clock.end()
            state.standIns = world.makeStandIns(processNumber: state.standIns.process.number + 1)
            state.form = nil
        }
        write("relaunch")
    }
}
