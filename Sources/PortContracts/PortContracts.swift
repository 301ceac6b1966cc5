// PortContracts: each port's contract as checks that run against any implementation of it, the
// stand-ins or a team's adapters over the real frameworks.
