// AdHarnessContracts: the port contracts reported into Swift Testing or XCTest, for a team's test
// target.
//
// The checks and their subjects are written in PortContracts and the ports' types in AdRequestKit;
// one import of AdHarnessContracts brings both, even with `MemberImportVisibility` on.
@_exported import AdRequestKit
@_exported import PortContracts
