// The decoded instruction as JSON (what `tsu ptx` prints).
#ifndef TSU_INSTRUCTION_JSON_H_
#define TSU_INSTRUCTION_JSON_H_

#include <nlohmann/json.hpp>

#include "tsu/instruction.h"

namespace tsu {

nlohmann::ordered_json ToJson(const Instruction& in);

}  // namespace tsu

#endif  // TSU_INSTRUCTION_JSON_H_
