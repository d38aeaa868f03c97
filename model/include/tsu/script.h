// Directed test scripts for `tsu run` (format: docs/run-scripts.md).
#ifndef TSU_SCRIPT_H_
#define TSU_SCRIPT_H_

#include <string>
#include <vector>

namespace tsu {

struct ScriptResult {
  int execs = 0;     // instructions executed
  int checks = 0;    // expectations evaluated
  int failures = 0;  // expectations that did not hold
  bool malformed = false;              // a line could not be understood (counts as a failure)
  std::vector<std::string> messages;   // "file:line: ..." for every failure or error
};

// Runs a script held in `text`; `name` prefixes messages.
ScriptResult RunScriptText(const std::string& text, const std::string& name);
// Reads and runs a file; a missing file is reported as malformed.
ScriptResult RunScriptFile(const std::string& path);

}  // namespace tsu

#endif  // TSU_SCRIPT_H_
