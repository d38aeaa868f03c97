// Directed test scripts for `tsu run` (format: docs/run-scripts.md).
#ifndef TSU_SCRIPT_H_
#define TSU_SCRIPT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tsu/ptx_parser.h"

namespace tsu {

struct ScriptResult {
  int execs = 0;     // instructions executed
  int checks = 0;    // expectations evaluated
  int failures = 0;  // expectations that did not hold
  bool malformed = false;              // a line could not be understood (counts as a failure)
  std::vector<std::string> messages;   // "file:line: ..." for every failure, error or warning
};

struct ScriptOptions {
  // `fill` materializes a footprint byte by byte in the sparse memory; a larger one is an error
  // that names this limit (tsu run --max-fill-bytes).
  uint64_t max_fill_bytes = uint64_t{1} << 28;  // 256 MiB
  // A script that checks nothing (no expect, expect_trap, expect_mem or reject) is a warning;
  // with strict, a failure.
  bool strict = false;
  // How instructions are judged (tsu run --dialect); a script's `dialect` line overrides it.
  Dialect dialect = Dialect::kPtxas;
};

// Longest script line; a longer one is an error (and is not parsed).
constexpr size_t kMaxScriptLineBytes = 65536;
// The largest script file `tsu run` reads (RunScriptFile).
constexpr size_t kMaxScriptBytes = size_t{64} << 20;

// Runs a script held in `text`; `name` prefixes messages.
ScriptResult RunScriptText(const std::string& text, const std::string& name,
                           const ScriptOptions& options = {});
// Reads and runs a file; a missing file is reported as malformed.
ScriptResult RunScriptFile(const std::string& path, const ScriptOptions& options = {});

}  // namespace tsu

#endif  // TSU_SCRIPT_H_
