// Exploration: the explorer, which searches orders of steps, answers and faults for a broken
// rule and shrinks it to a fixture, and the fixture fuzzer, both over the scenario runner.
