/// Apple's required-reason API categories and the reason codes approved for each.
///
/// A manifest names a category in `NSPrivacyAccessedAPIType` and its reasons in
/// `NSPrivacyAccessedAPITypeReasons`; App Store Connect refuses an unknown category (ITMS-91054) and a
/// code that is unknown, of another category, or meant for SDKs only in an app (ITMS-91055).
package struct RequiredReasonAPI: Hashable, Sendable {
    /// The category's name in a manifest.
    package let category: String
    /// The codes an app or an SDK may declare.
    package let codes: Set<String>
    /// The codes only an SDK may declare (in its own manifest).
    package let sdkOnlyCodes: Set<String>

    /// The five categories.
    package static let all: [RequiredReasonAPI] = [
        RequiredReasonAPI(category: "NSPrivacyAccessedAPICategoryUserDefaults", codes: ["CA92.1", "1C8F.1", "AC6B.1"], sdkOnlyCodes: ["C56D.1"]),
        RequiredReasonAPI(category: "NSPrivacyAccessedAPICategoryFileTimestamp", codes: ["DDA9.1", "C617.1", "3B52.1"], sdkOnlyCodes: ["0A2A.1"]),
        RequiredReasonAPI(category: "NSPrivacyAccessedAPICategorySystemBootTime", codes: ["35F9.1", "8FFB.1", "3D61.1"], sdkOnlyCodes: []),
        RequiredReasonAPI(category: "NSPrivacyAccessedAPICategoryDiskSpace", codes: ["85F4.1", "E174.1", "7D9E.1", "B728.1"], sdkOnlyCodes: []),
        RequiredReasonAPI(category: "NSPrivacyAccessedAPICategoryActiveKeyboards", codes: ["3EC4.1", "54BD.1"], sdkOnlyCodes: []),
    ]

    /// The category of that name, if Apple defines it.
    package static func named(_ category: String) -> RequiredReasonAPI? { all.first { $0.category == category } }

    /// The category a code belongs to, if any.
    package static func category(of code: String) -> RequiredReasonAPI? {
        all.first { $0.codes.contains(code) || $0.sdkOnlyCodes.contains(code) }
    }
}
