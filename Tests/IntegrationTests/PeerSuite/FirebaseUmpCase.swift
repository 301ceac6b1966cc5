import AdHarness
import MockAdNetwork
import Testing

/// One case of the Firebase C++ SDK's UMP integration suite (`FirebaseUmpTest` in
/// firebase/firebase-cpp-sdk `ump/integration_test/src/integration_test.cc`), or one rule its desktop
/// stub (`ump/src/stub/consent_info_internal_stub.h`) states, as it applies to our consent stand-ins.
///
/// The peer runs one suite against its stub and the real SDKs and accepts a set of outcomes where the
/// network or the device's region may vary; the stand-ins are deterministic, so each case here expects
/// one transcript. Where we expect something other than the stub does, the case's doc comment says why.
struct FirebaseUmpCase: Sendable, CustomTestStringConvertible {
    /// The peer's test (or the stub's rule) this case mirrors.
    let mirrors: String
    /// The device's real region; the peer's debug geography overrides it on the listed test device.
    var region: ConsentRegion = .other
    /// How the scripted user answers the forms (the peer asks a person, or skips without one).
    var user = User()
    /// The messages the publisher published; the peer's test app publishes the GDPR message.
    var messages = PublishedMessages.standard
    /// What the consent SDK does with a call made while another is under way.
    var overlapping = OverlappingCallPolicy.runBoth
    /// Whether the app's Info.plist lacks its ad app ID (the peer's test app always has one).
    var withoutAppID = false
    /// What the case does.
    let steps: [PeerStep]
    /// What must happen, line by line (see ``PeerScript``).
    let transcript: [String]

    var testDescription: String { mirrors }
}

extension FirebaseUmpCase {
    // What a read writes in the four states the peer's cases reach.
    static let required = "consent required, ads false, form available, options notRequired"
    static let notRequired = "consent notRequired, ads true, form unavailable, options notRequired"
    static let obtained = "consent obtained, ads true, form available, options required"
    static let untouched = "consent unknown, ads false, form unknown, options unknown"

    /// Mirrors `FirebaseUmpTest.TestUmpDefaultsToUnknownStatus`: before any update every status is unknown and no ads.
    static let defaultsToUnknown = Self(mirrors: "FirebaseUmpTest.TestUmpDefaultsToUnknownStatus", steps: [.read], transcript: [untouched])

    /// Mirrors `FirebaseUmpTest.TestUmpRequestConsentInfoUpdate`: after an update no status is unknown.
    ///
    /// The peer asserts only "not unknown"; its stub reads `obtained` when no debug geography is set.
    /// We read the device's region instead, as the real SDK decides by where the user is (Google,
    /// https://support.google.com/admob/answer/10114020): in the EEA, `required` with a form.
    static let update = Self(
        mirrors: "FirebaseUmpTest.TestUmpRequestConsentInfoUpdate", region: .eea,
        steps: [.call(.update(.disabled)), .read], transcript: ["update: ok", required]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpRequestConsentInfoUpdateDebugEEA`: the EEA debug geography gives `required`.
    static let updateDebugEEA = Self(
        mirrors: "FirebaseUmpTest.TestUmpRequestConsentInfoUpdateDebugEEA",
        steps: [.call(.update(.eea)), .read], transcript: ["update: ok", required]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpRequestConsentInfoUpdateDebugNonEEA`: outside the EEA, `notRequired`
    /// (the peer also accepts `required`, for a real SDK whose server answers otherwise).
    static let updateDebugNonEEA = Self(
        mirrors: "FirebaseUmpTest.TestUmpRequestConsentInfoUpdateDebugNonEEA", region: .eea,
        steps: [.call(.update(.notEEA)), .read], transcript: ["update: ok", notRequired]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpLoadForm`: in the EEA a form is available, loads, and stays available.
    static let loadForm = Self(
        mirrors: "FirebaseUmpTest.TestUmpLoadForm",
        steps: [.call(.update(.eea)), .read, .call(.load), .read], transcript: ["update: ok", required, "load: ok", required]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpShowForm` (a person answers there; the scripted user here):
    /// a loaded form, presented and answered, leaves consent `obtained`.
    static let showForm = Self(
        mirrors: "FirebaseUmpTest.TestUmpShowForm", user: User(consentForm: .init(.acceptAll)),
        steps: [.call(.update(.eea)), .call(.load), .call(.present), .read],
        transcript: ["update: ok", "load: ok", "present: ok", obtained]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpLoadFormUnderAgeOfConsent`: tagged under age in the EEA, the
    /// update succeeds and no form loads (the peer also accepts a timeout or, on a real SDK, a form).
    static let loadFormUnderAge = Self(
        mirrors: "FirebaseUmpTest.TestUmpLoadFormUnderAgeOfConsent",
        steps: [.call(.update(.eea, underAge: true)), .call(.load)], transcript: ["update: ok", "load: unavailable"]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpLoadFormUnavailableDebugNonEEA`: where consent is not required no form loads.
    static let loadFormNonEEA = Self(
        mirrors: "FirebaseUmpTest.TestUmpLoadFormUnavailableDebugNonEEA", region: .eea,
        steps: [.call(.update(.notEEA)), .call(.load)], transcript: ["update: ok", "load: unavailable"]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpLoadAndShowIfRequiredDebugNonEEA`: where consent is not required,
    /// load-and-present completes with no error and shows nothing (the user here has no answer to give).
    static let loadAndShowNonEEA = Self(
        mirrors: "FirebaseUmpTest.TestUmpLoadAndShowIfRequiredDebugNonEEA", region: .eea,
        steps: [.call(.update(.notEEA)), .call(.loadAndPresent), .read], transcript: ["update: ok", "loadAndPresent: ok", notRequired]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpLoadAndShowIfRequiredDebugEEA`: in the EEA the form shows and, answered, gives `obtained`.
    static let loadAndShowEEA = Self(
        mirrors: "FirebaseUmpTest.TestUmpLoadAndShowIfRequiredDebugEEA", user: User(consentForm: .init(.acceptAll)),
        steps: [.call(.update(.eea)), .read, .call(.loadAndPresent), .read],
        transcript: ["update: ok", required, "loadAndPresent: ok", obtained]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpPrivacyOptions`: once consent is obtained the privacy-options entry
    /// point is required, and its form (answered "do not consent", as the peer asks the tester) completes.
    ///
    /// Departs from the stub on purpose: the stub puts consent back to `required`, and the entry point
    /// to not required, once the privacy-options form is shown. The real SDK's iOS header
    /// (`UMPConsentInformation.h`, UMP 3; reference:
    /// https://developers.google.com/admob/ump/ios/api/reference/Classes/UMPConsentInformation) defines
    /// `required` as consent not yet obtained, which no longer holds once the user has answered, and
    /// nothing in Google's iOS reference or guides sends an answered user back to it; so consent stays
    /// `obtained` and the entry point `required` (catalogue, "Where sources disagree").
    static let privacyOptions = Self(
        mirrors: "FirebaseUmpTest.TestUmpPrivacyOptions",
        user: User(consentForm: .init(.acceptAll), privacyOptionsForm: .init(.rejectAll)),
        steps: [.call(.update(.eea)), .read, .call(.loadAndPresent), .read, .call(.privacyOptions), .read],
        transcript: ["update: ok", required, "loadAndPresent: ok", obtained, "privacyOptions: ok", obtained]
    )

    /// Mirrors `FirebaseUmpTest.TestCanRequestAdsNonEEA`: where consent is not required, ads may be requested.
    static let canRequestAdsNonEEA = Self(
        mirrors: "FirebaseUmpTest.TestCanRequestAdsNonEEA", region: .eea,
        steps: [.call(.update(.notEEA)), .read], transcript: ["update: ok", notRequired]
    )

    /// Mirrors `FirebaseUmpTest.TestCanRequestAdsEEA`: in the EEA before an answer, no ads.
    static let canRequestAdsEEA = Self(
        mirrors: "FirebaseUmpTest.TestCanRequestAdsEEA",
        steps: [.call(.update(.eea)), .read], transcript: ["update: ok", required]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpCleanupWithDelay`: calls made together complete once each while
    /// the process runs, and nothing reaches the app after it ends. The peer also shows a form that was
    /// never loaded; our port has no such call (a form is presented only from what a load gave).
    static let cleanupWithDelay = Self(
        mirrors: "FirebaseUmpTest.TestUmpCleanupWithDelay", region: .eea,
        steps: [.inFlight([.update(.notEEA), .load, .loadAndPresent, .privacyOptions]), .settle, .relaunch, .settle],
        transcript: ["update completed", "load completed", "loadAndPresent completed", "privacyOptions completed", "relaunch"]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpCleanupRaceCondition`: calls still pending when the process ends never complete.
    static let cleanupRace = Self(
        mirrors: "FirebaseUmpTest.TestUmpCleanupRaceCondition", region: .eea,
        steps: [.inFlight([.update(.notEEA), .load, .loadAndPresent, .privacyOptions]), .relaunch, .settle],
        transcript: ["relaunch"]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpCallbacksOnWrongInstance`: an update pending in an ended process
    /// reaches neither the new process's objects nor the stored answer; the new process's own update
    /// then reads the device's region (the EEA), not the ended call's debug geography.
    static let callbacksOnWrongInstance = Self(
        mirrors: "FirebaseUmpTest.TestUmpCallbacksOnWrongInstance", region: .eea,
        steps: [.inFlight([.update(.notEEA), .load]), .relaunch, .settle, .read, .call(.update(.disabled)), .read],
        transcript: ["relaunch", untouched, "update: ok", required]
    )

    /// Mirrors the reset in `FirebaseUmpTest`'s set-up and tear-down (and the stub's `Reset`): reset
    /// returns to a first install, so the next process is asked again.
    static let reset = Self(
        mirrors: "FirebaseUmpTest.SetUp/TearDown Reset", region: .eea, user: User(consentForm: .init(.acceptAll)),
        steps: [.call(.update(.disabled)), .call(.loadAndPresent), .read, .reset, .read, .relaunch, .call(.update(.disabled)), .read],
        transcript: ["update: ok", "loadAndPresent: ok", obtained, untouched, "relaunch", "update: ok", required]
    )

    /// Mirrors the stub's `ShowPrivacyOptionsForm` where the entry point is not required.
    ///
    /// Departs from the stub on purpose: the stub completes it with success and shows nothing. The UMP
    /// iOS header (`UMPConsentForm.h`, `presentPrivacyOptionsFormFromViewController:completionHandler:`)
    /// says a non-nil error comes on the next run loop when no form is presented (catalogue F6).
    static let privacyOptionsNotRequired = Self(
        mirrors: "ConsentInfoInternalStub::ShowPrivacyOptionsForm where not required", region: .eea,
        steps: [.call(.update(.notEEA)), .call(.privacyOptions), .read],
        transcript: ["update: ok", "privacyOptions: unavailable", notRequired]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpMethodsReturnOperationInProgress`: a second update while the
    /// first is in flight fails, and the first completes.
    ///
    /// The peer's error is the C++ wrapper's own `kConsentRequestErrorOperationInProgress`; native iOS
    /// documents nothing for overlapping calls and has no such code, so the stand-in does this only under
    /// `overlappingConsentCalls: reject`, failing with `internal` (catalogue C11).
    static let operationInProgress = Self(
        mirrors: "FirebaseUmpTest.TestUmpMethodsReturnOperationInProgress", region: .eea, overlapping: .reject,
        steps: [.overlapping([.update(.notEEA), .update(.notEEA)]), .read], transcript: ["update: ok", "update: internal", notRequired]
    )

    /// Mirrors `FirebaseUmpTest.TestUmpMethodsReturnOperationInProgressWithUI`, for the pairs the
    /// stand-in guards: with the consent form on screen, load-and-present fails at once and presenting
    /// the same form again fails `alreadyUsed`, as a used form always does; the form on screen is then
    /// answered (catalogue F9). The peer also refuses a second load while one is loading; native iOS
    /// says nothing of it, and the stand-in lets both loads run. The privacy-options pair is in
    /// `OverlappingCallTests`: before an answer its entry point is not required, so it fails for that.
    static let operationInProgressWithUI = Self(
        mirrors: "FirebaseUmpTest.TestUmpMethodsReturnOperationInProgressWithUI",
        user: User(consentForm: .init(.acceptAll, after: .seconds(5))), overlapping: .reject,
        steps: [.call(.update(.eea)), .call(.load), .overlapping([.present, .loadAndPresent, .present]), .wait(.seconds(5)), .read],
        transcript: ["update: ok", "load: ok", "present: alreadyUsed", "loadAndPresent: internal", "present: ok", obtained]
    )

    /// A variant of `FirebaseUmpTest.TestUmpRequestConsentInfoUpdate` that the peer cannot run (its test
    /// app publishes a message): with no message published, the update succeeds, no form loads, and ads
    /// may be requested (UMP iOS 2.5.0 release notes, catalogue C12).
    static let updateNoMessages = Self(
        mirrors: "FirebaseUmpTest.TestUmpRequestConsentInfoUpdate, no message published", region: .eea,
        messages: PublishedMessages(gdpr: false, usStates: false),
        steps: [.call(.update(.disabled)), .read, .call(.load)],
        transcript: ["update: ok", "consent required, ads true, form unavailable, options notRequired", "load: unavailable"]
    )

    /// A variant of `FirebaseUmpTest.TestUmpPrivacyOptions` in a regulated US state with no US-states
    /// message published: the entry point is not required and its form fails, showing nothing (catalogue C13).
    static let privacyOptionsNoUSStatesMessage = Self(
        mirrors: "FirebaseUmpTest.TestUmpPrivacyOptions, regulated US state, no US-states message", region: .regulatedUSState,
        messages: PublishedMessages(usStates: false),
        steps: [.call(.update(.disabled)), .read, .call(.privacyOptions)],
        transcript: ["update: ok", notRequired, "privacyOptions: unavailable"]
    )

    /// A variant of `FirebaseUmpTest.TestUmpRequestConsentInfoUpdate` with no ad app ID in the Info.plist:
    /// the update fails `invalidAppID` and nothing is decided (UMP's `invalidAppID` error, catalogue C15).
    static let updateWithoutAppID = Self(
        mirrors: "FirebaseUmpTest.TestUmpRequestConsentInfoUpdate, no app ID", region: .eea, withoutAppID: true,
        steps: [.call(.update(.disabled)), .read], transcript: ["update: invalidAppID", untouched]
    )

    /// Every ported case.
    static let all: [Self] = [
        defaultsToUnknown, update, updateDebugEEA, updateDebugNonEEA, loadForm, showForm, loadFormUnderAge, loadFormNonEEA,
        loadAndShowNonEEA, loadAndShowEEA, privacyOptions, canRequestAdsNonEEA, canRequestAdsEEA,
        cleanupWithDelay, cleanupRace, callbacksOnWrongInstance, reset, privacyOptionsNotRequired,
        operationInProgress, operationInProgressWithUI, updateNoMessages, privacyOptionsNoUSStatesMessage, updateWithoutAppID,
    ]
}
