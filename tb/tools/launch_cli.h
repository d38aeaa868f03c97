// `tsu launch`: runs one kernel of a PTX module on the executor, with device buffers, CUDA arrays,
// texture and surface objects made from files, and the results written to or compared with files
// (docs/kernels.md).
#ifndef TSU_TB_TOOLS_LAUNCH_CLI_H_
#define TSU_TB_TOOLS_LAUNCH_CLI_H_

#include <CLI/CLI.hpp>

namespace tsu::tb {

CLI::App* AddLaunchCommand(CLI::App& app);
// Exit 0: the kernel ran (and every --expect matched); 1: the kernel faulted or an --expect
// differed; 2: unusable input (the module, an argument, a file, a limit).
int RunLaunchCommand();

}  // namespace tsu::tb

#endif  // TSU_TB_TOOLS_LAUNCH_CLI_H_
