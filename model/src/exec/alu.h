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

// Whole-warp fast paths for the most frequent register-to-register forms: the same results as
// EvalAlu, computed over 32 lanes at once. 0 if x has none.
uint8_t ChooseFast(const XInst& x);
// src[i]: source i's 32 lane values; d0 (and d1 for setp's q): the destination rows, written in
// the lanes of mask only (masked to the destination's width).
void RunFast(const XInst& x, const uint64_t* const* src, uint64_t* d0, uint64_t* d1, uint32_t mask);

}  // namespace tsu::exec

#endif  // TSU_EXEC_ALU_H_
