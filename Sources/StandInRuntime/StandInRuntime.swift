// StandInRuntime: what every stand-in runs on and records into: virtual time and the app's tasks,
// the trace and its vocabulary, faults as data, the app's process and in-memory storage.
