// AdHarness: the simulated world, the app's process, any app's glue, the rule checker and the
// driver (`SimulatedApp`), with one import for a test.
//
// The harness's public API is written in the types of the modules below (a `Device` holds an
// `OSVersion`, a `User` a `ScriptedAnswer`, a step reads a `Trace`), so importing AdHarness brings
// them along: a test, or a glue adapter, needs one import, even with `MemberImportVisibility` on.
@_exported import AdRequestKit
@_exported import AppInfoPlist
@_exported import MockAdNetwork
@_exported import MockTrackingManager
@_exported import PortContracts
@_exported import PrivacySignals
@_exported import StandInRuntime
