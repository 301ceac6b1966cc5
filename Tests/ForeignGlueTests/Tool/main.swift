// A team's own tool, as a team builds one (an executable target of three lines over its glues),
// here over glues that cannot run in a test process (one traps on its form-error path, one blocks at
// launch, one resumes its own continuation twice when the SDK calls back twice) and over correct
// glues (the docs' and one of the tests' own), whose verdicts the tests compare across the doors. The
// tests run it, and its worker processes run the glues' runs. It knows a team's own rule, which
// `--rules` and scenario files may then name.
import CorrectGlues
import HarnessCommandLine
import MyAppConsent

HarnessCommandLine.main(glues: Fragile.glues + CorrectGlues.glues, knowing: try CorrectGlues.rules())
