// The per-thread semantics of the executor's register-to-register instructions: integer, bit,
// floating point, conversion, comparison and selection. One lane at a time; the machine
// (machine.cc) reads the operands and writes the result.
#ifndef TSU_EXEC_ALU_H_
#define TSU_EXEC_ALU_H_

#include <cstdint>

#include "tsu/exec/program.h"

namespace tsu::exec {

// True for the opcodes EvalAlu computes.
bool IsAluOp(Op op);

// s: the source values in written order (predicates as 0/1, `!p` already applied); *carry: the
// thread's carry flag (add.cc/addc/sub.cc/subc read and write it). Returns the destination value;
// setp returns p in bit 0 and q in bit 1.
uint64_t EvalAlu(const XInst& x, const uint64_t* s, bool* carry);

}  // namespace tsu::exec

#endif  // TSU_EXEC_ALU_H_
