// Fuzz target: `tsu run` scripts, read and executed (surfaces, textures, samplers, fills, memory,
// instructions, expectations). The fill limit is small so that one input stays fast; the other
// limits are the defaults users get.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "tsu/script.h"
#include "tsu/text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tsu::ScriptOptions opt;
  opt.max_fill_bytes = 1 << 16;
  const tsu::ScriptResult r =
      tsu::RunScriptText(std::string(reinterpret_cast<const char*>(data), size), "fuzz.tsu", opt);
  for (const std::string& m : r.messages) {
    if (m.size() > 1000 || tsu::FirstInvalidUtf8(m) != std::string::npos) std::abort();
  }
  return 0;
}
