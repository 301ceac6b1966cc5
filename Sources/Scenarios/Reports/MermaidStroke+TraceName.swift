import StandInRuntime

extension MermaidStroke {
    /// What each trace event is drawn as: the one table from event names to participants.
    ///
    /// Calls are solid arrows, callbacks and completions dashed ones back; what the user does is an
    /// arrow from `User`; what the glue logs (decisions, refusals, timeouts) is a note over `App`;
    /// faults and steps are notes across the diagram. Writes to the app's storage are left out
    /// (`[]`): they are how the SDKs keep answers, and the text trace shows them. `nil` means a
    /// name this table does not know yet, which the diagram draws as a plain note over `App`.
    package static func strokes(for name: TraceName) -> [MermaidStroke]? {
        switch name {
        // The harness.
        case .deviceReady: [MermaidStroke(.note(.user, .ads), "device ready")]
        case .step: [MermaidStroke(.note(.user, .ads), "step", .values(["step", "detail"]))]
        case .appLaunch: [MermaidStroke(.call(.os, .app), "launch")]
        case .appActive: [MermaidStroke(.call(.os, .app), "active")]
        case .appInactive: [MermaidStroke(.call(.os, .app), "inactive")]
        case .appBackground: [MermaidStroke(.call(.os, .app), "background")]
        case .appTerminate: [MermaidStroke(.call(.os, .app), "terminate")]
        case .appReinstall: [MermaidStroke(.call(.user, .os), "reinstall the app")]
        case .appCrash: [MermaidStroke(.note(.app, nil), "CRASH")]
        case .settingsChange: [MermaidStroke(.call(.user, .os), "Settings")]
        case .deviceTravel: [MermaidStroke(.note(.user, nil), "travel", .values(["region"]))]
        case .storeSet, .storeRemove: []
        case .callbackWithheld: [MermaidStroke(.note(.os, .ads), "fault: never calls back", .values(["callback"]))]
        case .callbackDuplicate: [MermaidStroke(.note(.os, .ads), "fault: calls back twice", .values(["callback"]))]
        case .runRunaway: [MermaidStroke(.note(.user, .ads), "RUNAWAY: the app looped without end", .values(["repeating"]))]
        case .runOutsideCall: [MermaidStroke(.note(.app, nil), "OUTSIDE THE RUN: called from", .values(["thread", "call"]))]
        case .runFinish: [MermaidStroke(.note(.user, .ads), "end of run")]
        case .probeEnd: [MermaidStroke(.note(.user, .ads), "end of the privacy-options probe")]
        case .harnessIssue: [MermaidStroke(.note(.user, .ads), "scenario issue")]
        case .sdkCall: [MermaidStroke(.call(.app, .consent), "raw call", .values(["name"]))]
        case .sdkResult: [MermaidStroke(.reply(.consent, .app), "raw result", .values(["name", "result", "code"]))]
        // The OS.
        case .trackingRequest: [MermaidStroke(.call(.app, .os), "request tracking")]
        case .trackingPrompt: [MermaidStroke(.call(.os, .user), "tracking prompt")]
        case .trackingAnswer:
            [
                MermaidStroke(.call(.user, .os), "", .values(["answer"]), onlyWith: "answer"),
                MermaidStroke(.reply(.os, .app), "tracking", .named(["status", "prompted", "reason"])),
            ]
        case .idfaRead: [MermaidStroke(.call(.app, .os), "read identifier")]
        case .locationRequest: [MermaidStroke(.call(.app, .os), "request location")]
        case .locationPrompt: [MermaidStroke(.call(.os, .user), "location prompt")]
        case .locationAnswer: [MermaidStroke(.call(.user, .os), "location", .values(["answer"]))]
        case .locationIgnored: [MermaidStroke(.note(.os, nil), "location request ignored")]
        case .locationChange: [MermaidStroke(.note(.os, nil), "location change")]
        case .locationCallback: [MermaidStroke(.reply(.os, .app), "location")]
        // The consent SDKs.
        case .consentUpdate, .legacyConsentUpdate: [MermaidStroke(.call(.app, .consent), "update consent info")]
        case .consentUpdateDone, .legacyConsentUpdateDone: [MermaidStroke(.reply(.consent, .app), "updated")]
        case .consentReset, .legacyConsentReset: [MermaidStroke(.note(.consent, nil), "stored consent cleared")]
        case .consentSyncRestored: [MermaidStroke(.note(.consent, nil), "decision restored by consent sync")]
        case .consentExplainerDone: [MermaidStroke(.note(.consent, nil), "explainer over", .named(["status", "canRequestAds"]))]
        case .consentFormLoad, .legacyConsentFormLoad: [MermaidStroke(.call(.app, .consent), "load form")]
        case .consentFormLoaded, .legacyConsentFormLoaded: [MermaidStroke(.reply(.consent, .app), "form loaded")]
        case .consentFormLoadFailed, .legacyConsentFormLoadFailed: [MermaidStroke(.reply(.consent, .app), "form load failed")]
        case .consentFormPresent, .legacyConsentFormPresent: [MermaidStroke(.call(.consent, .user), "consent form")]
        case .consentFormPresentFailed, .legacyConsentFormPresentFailed: [MermaidStroke(.reply(.consent, .app), "form not shown")]
        case .consentFormAnswer, .legacyConsentFormAnswer: [MermaidStroke(.call(.user, .consent), "form")]
        // The ad SDK.
        case .adsConfigure:
            [MermaidStroke(.call(.app, .ads), "configure", .named(["underAgeOfConsent", "childDirected", "ageTreatment", "afterStart"]))]
        case .adsStart: [MermaidStroke(.call(.app, .ads), "start")]
        case .adsStarted: [MermaidStroke(.reply(.ads, .app), "started")]
        case .adsRequest:
            [
                MermaidStroke(
                    .call(.app, .ads), "ad request",
                    .named(["format", "npa", "tracking", "consent", "canRequestAds", "idfa", "childDirected", "underAgeOfConsent", "ageTreatment"]))
            ]
        case .adsLoaded: [MermaidStroke(.reply(.ads, .app), "ad loaded")]
        case .adsLoadFailed: [MermaidStroke(.reply(.ads, .app), "ad load failed")]
        case .adsPresent: [MermaidStroke(.call(.ads, .user), "full-screen ad", .named(["format"]))]
        case .adsPresentFailed: [MermaidStroke(.reply(.ads, .app), "ad not shown", .named(["error"]))]
        case .adsReward: [MermaidStroke(.reply(.ads, .app), "reward")]
        case .adsDismiss: [MermaidStroke(.call(.user, .ads), "close ad")]
        // The analytics SDK, drawn on the ad side: consent mode's signals are about advertising.
        case .analyticsConfigure: [MermaidStroke(.call(.app, .ads), "configure analytics", .named(["consentSDKStarted", "consentMode"]))]
        case .analyticsConsent:
            [MermaidStroke(.call(.app, .ads), "analytics consent", .named(["by", "analyticsStorage", "adStorage", "adUserData", "adPersonalization"]))]
        case .analyticsEvent:
            [MermaidStroke(.call(.app, .ads), "analytics event", .named(["name", "analyticsStorage", "adStorage", "adUserData", "adPersonalization"]))]
        case .analyticsCollection: [MermaidStroke(.call(.app, .ads), "analytics collection", .named(["enabled"]))]
        case .analyticsUserProperty: [MermaidStroke(.call(.app, .ads), "analytics user property", .named(["name", "value"]))]
        case .analyticsUserPropertiesDeleted: [MermaidStroke(.note(.ads, nil), "user properties deleted", .named(["names"]))]
        case .partnerConsent:
            [MermaidStroke(.call(.app, .ads), "partner privacy", .named(["partner", "hasUserConsent", "doNotSell", "isAgeRestricted", "tcPurposes"]))]
        // The glue's own log.
        case .decision: [MermaidStroke(.note(.app, nil), "decision", .named(["rule", "canRequestAds", "shouldUseNPA"]))]
        case .consentRefresh: [MermaidStroke(.note(.app, nil), "refresh")]
        case .trackingDeferred: [MermaidStroke(.note(.app, nil), "tracking deferred")]
        case .trackingSettled: [MermaidStroke(.note(.app, nil), "tracking settled")]
        case .trackingChanged: [MermaidStroke(.note(.app, nil), "tracking changed")]
        case .adsRefused: [MermaidStroke(.note(.app, nil), "ad refused")]
        case .appError: [MermaidStroke(.note(.app, nil), "error")]
        case .appTimeout: [MermaidStroke(.note(.app, nil), "timeout")]
        case .callbackIgnored: [MermaidStroke(.note(.app, nil), "callback ignored")]
        case .callbackLate: [MermaidStroke(.note(.app, nil), "late callback")]
        default: nil
        }
    }
}
