// `tsu oracle gpu ...`: write a case set, answer it with the model (optionally with injected
// differences), write its kernels, and check a capture against the model.
#ifndef TSU_TB_ORACLE_GPU_GPU_CLI_H_
#define TSU_TB_ORACLE_GPU_GPU_CLI_H_

#include <CLI/CLI.hpp>

namespace tsu {
namespace gpu {

// Adds `oracle gpu` to app; RunGpuCommand runs it once parsed (exit 0, 1 differences, 2 bad input).
CLI::App* AddGpuCommand(CLI::App& app);
int RunGpuCommand();

}  // namespace gpu
}  // namespace tsu

#endif  // TSU_TB_ORACLE_GPU_GPU_CLI_H_
