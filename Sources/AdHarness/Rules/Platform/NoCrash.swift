import StandInRuntime

extension RuleID {
    /// The app does not crash: for want of an Info.plist key the system needs, or by a trap in its own code.
    public static let noCrash = RuleID(declaring: "noCrash")
}

extension RuleDescriptor {
    static let noCrash = RuleDescriptor(
        id: .noCrash,
        authority: .platform,
        on: [.appCrash],
        rule: "the app does not crash",
        definition: """
            Broken by an `app.crash`, recorded where the real app would trap and the harness ends the process \
            instead: tracking requested without `NSUserTrackingUsageDescription` \
            (`trackingUsageDescriptionMissing`), or the ad SDK started without its application identifier \
            (`adApplicationIdentifierMissing`); or recorded by the supervisor when a worker process running the app \
            died by a signal (`trap`: a force unwrap of `nil`, a failed precondition, `fatalError`; `detail` is the \
            trap's message and `step` the step it died in). An awaited OS or SDK call whose completion the SDK delivers \
            twice (a fault) is no crash: the SDK's own async form resumes its caller with the first and drops the second \
            (`callback.duplicate delivered=false`), since the app cannot guard the SDK's continuation and the broken \
            contract is the SDK's; a continuation of the app's own around the call does the same, in every process. \
            Not by a trap while a duplicate completion was delivered to the app's callback code \
            (`noCrashOnDuplicateCallback` owns it), nor by `watchdog` (`noHang`), nor by reason \
            `continuationResumedTwice`, which the harness no longer records.
            """,
        source: """
            Apple, App Review Guideline 2.1, https://developer.apple.com/app-store/review/guidelines/#app-completeness \
            (apps that crash are rejected); Apple, NSUserTrackingUsageDescription, \
            https://developer.apple.com/documentation/bundleresources/information-property-list/nsusertrackingusagedescription; \
            Swift, CheckedContinuation, https://developer.apple.com/documentation/swift/checkedcontinuation (a second \
            resume is a misuse the checked form traps on); SE-0300, \
            https://github.com/swiftlang/swift-evolution/blob/main/proposals/0300-continuation.md
            """,
        breaks: { event, _ in
            guard event.name == .appCrash, let reason = event[.crashReason] else { return event.name == .appCrash }
            switch reason {
            case .continuationResumedTwice, .watchdog: return false
            case .trap: return event[.duplicateCallback] == nil
            case .trackingUsageDescriptionMissing, .adApplicationIdentifierMissing: return true
            }
        }
    )
}
