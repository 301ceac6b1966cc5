// PrivacySignals: the IAB's TCF v2 and GPP strings, encoded, decoded and validated, for the consent
// SDK stand-in, the command line and the tests.
