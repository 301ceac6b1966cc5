// AppInfoPlist: what an app's Info.plist holds and how it is read (the keys the OS and the SDKs
// need, property-list files, the crash a missing key causes), one source for the stand-ins and the
// linter.
