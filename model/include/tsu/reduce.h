// The reduction ALU of sured: what the RTL reduction block is checked against.
#ifndef TSU_REDUCE_H_
#define TSU_REDUCE_H_

#include <cstdint>

#include "tsu/encodings.h"

namespace tsu {

// new = old OP operand, on the resolved type (kU32, kS32, kB32, kU64 or kS64). 32-bit types use
// the low 32 bits of old/operand and return a zero-extended result. add wraps.
uint64_t Reduce(RedOp op, DataType type, uint64_t old, uint64_t operand);

}  // namespace tsu

#endif  // TSU_REDUCE_H_
