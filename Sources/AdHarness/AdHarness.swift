// AdHarness: the simulated world, the app's process, any app's glue, the rule checker and the
// driver (`SimulatedApp`), with the world a test names (trace, scripted answers, stand-ins' settings)
// in the same import.
//
// Importing AdHarness brings the world a test names along with the driver (a `User` holds
// `ScriptedAnswer`s, a step reads a `Trace`, a run's ad requests are `RecordedAdRequest`s): the
// modules below. The app-side library (AdRequestKit), the codecs (PrivacySignals), the Info.plist
// (AppInfoPlist) and the ports' contracts (PortContracts, through AdHarnessContracts) are products
// of their own, which a file imports where it names them, as an app module imports AdRequestKit.
@_exported import MockAdNetwork
@_exported import MockTrackingManager
@_exported import StandInRuntime
