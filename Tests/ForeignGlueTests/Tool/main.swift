// A team's own tool, as a team builds one (an executable target of three lines over its glues),
// here over glues that cannot run in a test process (one traps on its form-error path, one blocks at
// launch, one tells a test it runs and then blocks, one ends its process, one traps on a completion
// delivered twice), one that awaits in its own unguarded continuation, and correct glues (the docs',
// one of the tests' own and a reviewer's two), whose verdicts the tests compare across the doors. The
// tests run it, and its worker processes run the glues' runs. It knows a team's own rule, which
// `--rules` and scenario files may then name.
import CorrectGlues
import HarnessCommandLine
import MyAppConsent

HarnessCommandLine.main(glues: Fragile.glues + CorrectGlues.glues, knowing: try CorrectGlues.rules())
