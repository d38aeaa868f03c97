// `tsu regress`: the co-simulation regression as a CLI11 subcommand.
#ifndef TSU_TB_COSIM_REGRESS_CLI_H_
#define TSU_TB_COSIM_REGRESS_CLI_H_

#include <CLI/CLI.hpp>

namespace tsu::tb {

// Adds the subcommand; returns it so the caller can test parsed().
CLI::App* AddRegressCommand(CLI::App& app);
// Runs it after parsing: 0 iff no mismatch (and, with --require-coverage, every planned bin
// hit); 2 for usage errors.
int RunRegressCommand(int argc, char** argv);
// `tsu replay FILE`: a stimulus record run again (the same bench, its events instead of random
// ones). 2 for a malformed record or a configuration unlike the record's.
CLI::App* AddReplayCommand(CLI::App& app);
int RunReplayCommand(int argc, char** argv);

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_REGRESS_CLI_H_
