// Scenarios: the scenario format (reading and writing fixtures), running a scenario against a glue,
// its expectations, and the reports of runs.
