// Fuzz target: the PTX module reader (what `tsu ptx FILE.ptx` and `exec_ptx` read). Any input must
// give decodes and errors whose messages are short valid UTF-8 with lines inside the input; never
// a crash, a hang, an exception or an allocation that grows with a declared size (%r<N>).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "tsu/instruction_json.h"
#include "tsu/ptx_module.h"
#include "tsu/text.h"

namespace {

void CheckMessage(const std::string& m) {
  if (m.empty() || m.size() > 400 || tsu::FirstInvalidUtf8(m) != std::string::npos) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  int lines = 1;
  for (char c : text) lines += c == '\n';
  // Both dialects: the first byte picks one, so the corpus explores each.
  const tsu::Dialect d = size > 0 && (data[0] & 1) ? tsu::Dialect::kText : tsu::Dialect::kPtxas;
  const tsu::PtxModule m = tsu::ReadPtxModule(text, d);
  for (const tsu::ModuleInstruction& i : m.instructions) {
    if (i.line < 1 || i.line > lines || i.column < 1) std::abort();
    if (i.valid) {
      const nlohmann::json back = nlohmann::json::parse(tsu::ToJson(i.in).dump());
      if (!back.is_object()) std::abort();
    } else {
      CheckMessage(i.error);
    }
    if (tsu::FirstInvalidUtf8(i.text) != std::string::npos) std::abort();
  }
  for (const tsu::ModuleDiagnostic& e : m.errors) {
    if (e.line < 1 || e.line > lines || e.column < 1) std::abort();
    CheckMessage(e.message);
  }
  return 0;
}
