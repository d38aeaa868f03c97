#include "tsu/reduce.h"

namespace tsu {

uint64_t Reduce(RedOp op, DataType type, uint64_t old, uint64_t operand) {
  const bool wide = type == DataType::kU64 || type == DataType::kS64;
  const bool is_signed = type == DataType::kS32 || type == DataType::kS64;
  const uint64_t mask = wide ? ~0ull : 0xFFFFFFFFull;
  const uint64_t a = old & mask, b = operand & mask;
  // Signed comparison of the (possibly 32-bit) values.
  const int64_t sa = wide ? static_cast<int64_t>(a) : static_cast<int32_t>(static_cast<uint32_t>(a));
  const int64_t sb = wide ? static_cast<int64_t>(b) : static_cast<int32_t>(static_cast<uint32_t>(b));
  const bool a_less = is_signed ? sa < sb : a < b;
  switch (op) {
    case RedOp::kAdd:
      return (a + b) & mask;
    case RedOp::kMin:
      return a_less ? a : b;
    case RedOp::kMax:
      return a_less ? b : a;
    case RedOp::kAnd:
      return a & b;
    case RedOp::kOr:
      return a | b;
  }
  return a;
}

}  // namespace tsu
