// Builds a Program from a PTX module's text: the module reader (tsu/ptx_module.h) cuts it into
// statements and decodes its texture/surface instructions in scope; the loader declares registers
// and variables, decodes every other instruction, resolves labels and calls, and computes each
// branch's reconvergence point. An instruction or form outside what the executor runs rejects the
// module, with FILE:LINE:COLUMN and the instruction (docs/kernels.md).
#ifndef TSU_EXEC_LOADER_H_
#define TSU_EXEC_LOADER_H_

#include <string>
#include <string_view>
#include <vector>

#include "tsu/exec/address_map.h"
#include "tsu/exec/program.h"
#include "tsu/ptx_module.h"

namespace tsu::exec {

struct LoadedModule {
  PtxModule module;  // the reader's view: texture/surface decodes, opaques
  Program program;
  std::vector<ModuleDiagnostic> errors;
  bool ok() const { return errors.empty(); }
  // "FILE:LINE:COL: error: MESSAGE" lines, the first `max` errors.
  std::string Describe(size_t max = 8) const;
};

// `file` names the module in diagnostics; its .global variables are placed from global_base.
LoadedModule LoadModule(std::string_view text, const std::string& file,
                        uint64_t global_base = kModuleBase);

}  // namespace tsu::exec

#endif  // TSU_EXEC_LOADER_H_
