import AdRequestKit
import PrivacySignals
import StandInRuntime

/// Whether the GPP string in storage records a US state opt-out, as the ad SDK reads it.
enum USStateOptOut {
    /// What the US sections of the stored GPP string say.
    enum Reading: Equatable {
        /// No US section records an opt-out, or no GPP string decodes.
        case none
        /// The US National section, or a US state section, records an opt-out.
        case optedOut
        /// No section records an opt-out, and a US section (the first) does not decode.
        case undecodable(id: Int, error: TCStringError)
    }

    /// What `IABGPP_HDR_GppString` records. A string whose header does not decode records no
    /// opt-out: the ad SDK treats GPP as optional (a harness reading, see the catalogue). A US
    /// section that does not decode is `undecodable`, unless another section records an opt-out.
    static func read(in store: any KeyValueStore) -> Reading {
        guard let text = store.string(forKey: GPPKey.gppString), let gpp = try? GPPString(decoding: text) else { return .none }
        return read(gpp)
    }

    /// What the US sections of a string, national or state, record.
    static func read(_ gpp: GPPString) -> Reading {
        var reading = Reading.none
        for (id, optedOut) in gpp.usSectionOptOuts {
            switch optedOut {
            case .success(true): return .optedOut
            case .success(false): continue
            case .failure(let error): if reading == .none { reading = .undecodable(id: id, error: error) }
            }
        }
        return reading
    }
}
