// One instruction's syntax → XInst: the opcode's modifiers and operands checked and resolved
// through the loader's names. Texture/surface opcodes are decoded by the module reader and only
// marked here (Op::kTexSurf).
#ifndef TSU_EXEC_DECODE_H_
#define TSU_EXEC_DECODE_H_

#include <string>
#include <vector>

#include "syntax.h"
#include "tsu/exec/program.h"

namespace tsu::exec {

// What the decoder asks the loader for.
class OperandResolver {
 public:
  virtual ~OperandResolver() = default;
  // A source value of type t: a register, an immediate, a special register or a variable's
  // address. `pred`: the operand is a predicate.
  virtual bool Source(const SynOp& op, DType t, XOperand* out, std::string* error) = 0;
  // A destination register (or `_`).
  virtual bool Dest(const SynOp& op, XOperand* out, std::string* error) = 0;
  // An address [base+offset]; `space` is the instruction's state space (kGeneric if none).
  virtual bool Address(const SynOp& op, Space space, XAddress* out, std::string* error) = 0;
};

struct DecodeResult {
  std::vector<std::string> labels;  // bra/brx targets, by name
  std::string callee;               // call: a function name (empty: through a register)
  std::vector<std::string> call_args, call_rets;  // call: the param variables, by name
};

bool DecodeInstruction(const SynInst& syn, OperandResolver* resolver, XInst* out,
                       DecodeResult* extra, std::string* error);

}  // namespace tsu::exec

#endif  // TSU_EXEC_DECODE_H_
