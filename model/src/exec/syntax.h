// The operand syntax of every PTX instruction the executor runs (the texture/surface front end,
// tsu/ptx_parser.h, knows only its own five opcodes): guards, dotted opcodes, registers with
// members (%tid.x), `!p`, `d|p`, {vectors}, [addresses with +offset], (call lists), literals.
#ifndef TSU_EXEC_SYNTAX_H_
#define TSU_EXEC_SYNTAX_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tsu/instruction.h"

namespace tsu::exec {

struct SynOp {
  enum class Kind : uint8_t { kName, kImm, kVector, kAddress, kList, kAddressList };
  Kind kind = Kind::kName;
  std::string name;  // kName; kAddress: the base name (empty: none)
  bool negate = false;
  uint64_t imm = 0;  // kImm; kAddress: an immediate base address
  Operand::Literal lit = Operand::Literal::kInt;
  bool base_imm = false;  // kAddress: the base is an immediate
  int64_t offset = 0;     // kAddress: +offset
  std::vector<SynOp> elems;  // kVector, kList; kAddressList: [a, b, {c...}] item by item
  bool has_pred = false;     // `d|p`
  std::string pred;
};

struct SynInst {
  bool guard = false;
  bool guard_negated = false;
  std::string guard_name;
  std::string base;               // the opcode before its first dot
  std::vector<std::string> mods;  // the modifiers, without dots
  std::vector<SynOp> ops;
};

// Returns false with *error for text that is not an instruction's syntax.
bool ParseInstructionSyntax(std::string_view text, SynInst* out, std::string* error);

}  // namespace tsu::exec

#endif  // TSU_EXEC_SYNTAX_H_
