// adharness: the command line, on the package's reference glue (`HarnessCommandLine` does the work).
import HarnessCommandLine

HarnessCommandLine.main()
