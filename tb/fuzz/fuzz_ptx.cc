// Fuzz target: the PTX instruction front end (what `tsu ptx` decodes), and the JSON of what it
// decodes. Any input must give a decode or an error message that is valid UTF-8 and short; never
// a crash, a hang or an exception.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "tsu/instruction_json.h"
#include "tsu/ptx_parser.h"
#include "tsu/text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  tsu::Instruction in;
  std::string err;
  if (tsu::ParsePtx(text, &in, &err)) {
    // dump() throws on invalid UTF-8 (an abort here); what it writes must read back as a decode.
    const nlohmann::json back = nlohmann::json::parse(tsu::ToJson(in).dump());
    if (!back.is_object() || back.value("valid", false) != true) std::abort();
  } else {
    if (err.empty() || err.size() > 400) std::abort();
    if (tsu::FirstInvalidUtf8(err) != std::string::npos) std::abort();
  }
  return 0;
}
