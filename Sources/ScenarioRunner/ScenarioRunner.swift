// ScenarioRunner: one import for a team's test that runs scenarios, explores its glue or lints its
// app, over Scenarios, Exploration and ConfigurationLint.
//
// The work is done in the modules below; this one only brings them along, so a test needs this
// import and `AdHarness`, even with `MemberImportVisibility` on.
@_exported import ConfigurationLint
@_exported import Exploration
@_exported import Scenarios
