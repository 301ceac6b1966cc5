/// The user-defaults keys of the IAB's GPP in-app API that the consent SDK writes in a regulated US state.
///
/// Google says its consent SDK fills only these two of the GPP keys, so the stand-in writes no
/// `IABGPP_HDR_Version`, `IABGPP_HDR_Sections`, section strings or pre-parsed section fields.
package enum GPPKey {
    /// String: the whole GPP string (header and sections).
    package static let gppString = "IABGPP_HDR_GppString"
    /// String: the ids of the sections in force, joined by `_`.
    package static let sectionIDs = "IABGPP_GppSID"

    /// Every key the consent SDK writes, cleared on reset.
    package static let all = [gppString, sectionIDs]
}
