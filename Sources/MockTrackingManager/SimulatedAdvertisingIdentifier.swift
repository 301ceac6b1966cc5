import AdRequestKit
import Foundation
import StandInRuntime

/// The OS's advertising identifier, by OS version.
///
/// Before 14 it follows "limit ad tracking"; 14.0-14.4 hand out the real identifier without asking
/// unless the user refused; from 14.5 it is all zeros unless tracking is authorized. The legacy
/// "tracking enabled" flag is always false from 14 on. Every read by the app is recorded as `idfa.read`.
package final class SimulatedAdvertisingIdentifier: AdvertisingIdentifierProvider, Sendable {
    private let device: SimulatedDevice
    private let trace: Trace

    /// Creates the OS service on a device.
    package init(device: SimulatedDevice, trace: Trace) {
        self.device = device
        self.trace = trace
    }

    /// The identifier the app reads; recorded with the tracking status and the OS version at the time.
    package var advertisingIdentifier: UUID {
        let value = currentValue
        trace.record(
            .idfaRead,
            [
                EventField(.identifier, value.isZero ? AdvertisingIdentifierReading.zero : .set),
                EventField(.tracking, device.trackingStatus), EventField(.osVersion, device.settings.osVersion),
            ])
        return value
    }

    /// The legacy flag: false from OS 14 on, whatever the settings.
    package var isAdvertisingTrackingEnabled: Bool {
        let settings = device.settings
        return !settings.osVersion.hasTrackingPrompt && !settings.limitAdTracking
    }

    /// The identifier as any code in the process would get it (SDKs read it too), without recording a read.
    package var currentValue: UUID {
        let settings = device.settings
        let status = device.trackingStatus
        let allowed: Bool =
            if !settings.osVersion.hasTrackingPrompt {
                !settings.limitAdTracking
            } else if settings.osVersion.handsOutIdentifierWithoutAuthorization {
                status == .authorized || status == .notDetermined
            } else {
                status == .authorized
            }
        return allowed ? device.deviceAdvertisingIdentifier : .zero
    }
}
