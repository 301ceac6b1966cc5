/// The help of each command.
enum HelpText {
    static let overview = """
    USAGE: adharness [run] [--format text|junit|json] [PATH...]
           adharness table [--format markdown|json] [--profile current|tcf|legacy]
           adharness trace FILE [--format text|json|mermaid]
           adharness trace --names
           adharness invariants
           adharness explore [SCENARIO.json] [--depth N] [--random RUNS [--seed S]] [--max-faults N]
                             [--vary-device] [--stop-at-first] [--shard K/N] [--out DIR]
                             [--format text|json] [--expect-violation]
           adharness bench [--repeat N] [PATH...]
           adharness fuzz [--count N] [--seed S] [--from K] [PATH...]
           adharness contracts [--format text|json]
           adharness tcf decode STRING | tcf rules
           adharness lint [--format text|json|sarif] [--fail-on error|warning|note] PATH...
           adharness --version

    Runs consent scenario fixtures on a simulated device, on virtual time.

    COMMANDS:
      run      Run scenarios (the default command); PATHs are files or folders, default the bundled Fixtures/.
      table    Print the tracking x consent decision table, computed by the real decision code.
      trace    Run one scenario and print its trace: as text, as JSON, or as a Mermaid sequence diagram.
      invariants  Print every safety invariant: its rule, its exact definition and its source.
      explore  Search orders of steps, answers, timings and faults for a broken invariant; shrink it to a fixture.
      bench    Print scenarios per second, and the time of a scenario holding 60 s of virtual timeouts.
      fuzz     Run mutated copies of scenario files; report any refused without a clear error.
      contracts  Run the ports' contract suite against the stand-ins: each clause, its kind and verdict.
      tcf      Decode an IAB TCF v2 TC string and give its ad serving mode; list the serving-mode rules.
      lint     Check an app's Info.plist, privacy manifests and bundled SDKs; `lint --list-rules` lists the rules.

    Run `adharness COMMAND --help` for a command's options.
    Exit codes: 0 all passed, 1 a scenario failed, 2 bad input or usage.
    """

    static let contracts = """
    USAGE: adharness contracts [--format text|json]

    Runs every clause of every port's contract (tracking authorizer, advertising identifier, consent
    information, consent form, ad SDK, location authorizer, key-value store) against the stand-ins,
    and prints each with its kind and verdict. port-only clauses are observable through the port
    alone and run against any implementation; world-control clauses need a situation arranged (a
    scripted answer, a region, a fault), so on a device they need a person or a test account.
    The same checks run against a team's own adapters from Swift Testing or XCTest: see the README,
    "Porting to the real SDKs".
    Exit codes: 0 every clause passed, 1 a clause failed, 2 usage.
    """

    static let explore = """
    USAGE: adharness explore [SCENARIO.json] [--depth N] [--random RUNS [--seed S]] [--max-faults N]
                             [--vary-device] [--stop-at-first] [--shard K/N] [--out DIR]
                             [--format text|json] [--expect-violation]

    Searches, from a starting point, for a run that breaks an invariant: at each step it chooses one
    of launch, onboarding, requestTracking, requestAd, readAdvertisingIdentifier, foreground,
    openPrivacyOptions, relaunch, reinstall, four Settings changes (the app's tracking toggle, the
    system switch) and wait (time moves to the next thing due). Each prompt or form that appears is
    answered each possible way, at once or one second after the app's timeout; each call a fault can
    bend is tried clean and with each fault the real call can suffer, up to --max-faults a run.

    SCENARIO.json is the starting point: device, previous session, app (the reference glue's
    settings and mistakes), user answers and faults it fixes, and steps to run first. Without it:
    a fresh install with the defaults. name, steps and expect may be left out.

    Breadth-first by default (every state within --depth steps, default 6, each explored once, so
    the first violation found is one of the shortest). --random RUNS makes that many random walks of
    up to --depth steps (default 20) from --seed (default 1); the same seed gives the same walks.
    --shard K/N runs part K of N of the same search, for a CI matrix. --vary-device also starts
    from OS 18.0, 17.4, 14.4 and 13.7 and each consent region, where SCENARIO.json leaves them out
    (as many times the work). The search goes on to find the shortest run breaking each invariant;
    --stop-at-first ends it with the first level (or batch of walks) where one breaks.

    A violation is shrunk (fewer steps, faults and answers, default settings) while it breaks the
    same invariant, and printed with its trace; --out DIR writes it as a fixture that `adharness run`
    replays (it fails until the bug is fixed; with --expect-violation it expects the violation instead).
    Exit codes: 0 nothing broke within the bounds, 1 a counterexample was found, 2 bad input or usage.
    """

    static let run = """
    USAGE: adharness run [--format text|junit|json] [PATH...]

    Runs every scenario (.json, except *.schema.json) in the given files and folders, default the
    bundled Fixtures/.
      text   (default) a line per scenario, written as soon as it is known, a difference for each
             failure, and `N passed, N failed`.
      junit  JUnit XML for CI: a test case per file (classname: the file), a <failure> with expected
             vs actual and the trace, an <error> for a file that could not be read. No times.
      json   {"results": [...], "summary": {...}}: per file its status (pass, fail, bad), mismatches,
             failure, violations and trace.
    Exit codes: 0 all passed, 1 a scenario failed, 2 a file could not be read or decoded.
    """

    static let table = """
    USAGE: adharness table [--format markdown|json] [--profile current|tcf|legacy]

    Prints every tracking x consent status (and an unknown raw value of each) with both outputs,
    computed by calling the real decision code. Markdown by default. --profile current is the seed
    table; --profile tcf adds whether the TCF signals allow personalized ads (the reference glue's
    default); --profile legacy prints the legacy consent SDK's table: status x region x the app's
    personalized-ads preference.
    """

    static let tcf = """
    USAGE: adharness tcf decode STRING
           adharness tcf rules

    decode prints every field of an IAB TCF v2 TC string (core segment, DisclosedVendors and
    PublisherTC segments), anything the spec forbids in it, and the ad serving mode its purposes
    and vendors allow (judged on the day it was last updated). A malformed string is an error
    naming the segment, the character or bit, the field and what was expected; exit 2.
    rules prints the serving-mode rules in the order they apply, each with its mode and source.
    """

    static let trace = """
    USAGE: adharness trace FILE [--format text|json|mermaid]
           adharness trace --names

    Runs one scenario and prints its run.
      text     (default) its trace, one event a line, then its verdict.
      json     its verdict and trace as one JSON object, as in `run --format json`.
      mermaid  a Mermaid sequence diagram: User, OS, App glue, Consent SDK and Ad SDK; prompts,
               answers, callbacks, ad requests with their npa, the glue's decisions, virtual time,
               and the event that broke an invariant highlighted. Paste it in a ```mermaid block.
    With --names, prints every trace event name and its meaning instead.
    Exit codes: 0 passed, 1 failed, 2 bad input or usage.
    """

    static let invariants = """
    USAGE: adharness invariants

    Prints every safety invariant the harness checks on every run, with the exact definition (which
    ground-truth events break it) and the source it comes from.
    """

    static let bench = """
    USAGE: adharness bench [--repeat N] [PATH...]

    Runs every scenario in PATHs (default the bundled Fixtures/) N times (default 50) and prints
    scenarios per second; then explores the reference glue breadth-first to depth 4 with faults and
    prints runs and distinct states per second; then times one scenario that holds 60 s of virtual
    timeouts, and prints the peak memory. Use a release build for figures worth comparing: swift run -c release adharness bench
    """

    static let fuzz = """
    USAGE: adharness fuzz [--count N] [--seed S] [--from K] [PATH...]

    Makes N (default 10000) broken and strange copies of the scenario files in PATH (default the
    bundled Fixtures/): bytes flipped, cut, repeated or spliced, strings and numbers swapped, deep
    nesting, huge numbers, bad encodings. Each copy is decoded and run. Each must end in a verdict or
    in an error naming its line, column and JSON path and what was expected; any other error is
    printed as UNCLEAR. A crash or a hang shows as the process dying or stalling after the last
    progress line. The same --seed (default 1) gives the same copies; copy K of a seed is replayed
    alone with --from K --count 1.

    Exit codes: 0 every copy ended clearly, 1 some copy was refused unclearly, 2 bad usage.
    """
}

/// `adharness help [COMMAND]`.
enum HelpCommand {
    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        let text = switch arguments.first {
        case "run": HelpText.run
        case "table": HelpText.table
        case "trace": HelpText.trace
        case "invariants": HelpText.invariants
        case "bench": HelpText.bench
        case "explore": HelpText.explore
        case "fuzz": HelpText.fuzz
        case "contracts": HelpText.contracts
        case "lint": LintCommand.help
        default: HelpText.overview
        }
        output.line(text)
        return 0
    }
}

