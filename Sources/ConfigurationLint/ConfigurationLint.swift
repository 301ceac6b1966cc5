// ConfigurationLint: `adharness lint`, which checks an app's Info.plist, privacy manifests and
// bundled SDKs, knowing nothing of scenarios.
