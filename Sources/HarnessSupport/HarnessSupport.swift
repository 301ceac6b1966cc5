// HarnessSupport: what every stand-in shares: virtual time, the trace and its vocabulary, faults as
// data, the app's process and in-memory storage.
