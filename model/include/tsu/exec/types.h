// The kernel executor's vocabulary: PTX types, opcodes, rounding modes, comparisons and state
// spaces as the decoder (loader.h) writes them into XInst and the machine (machine.h) reads them.
#ifndef TSU_EXEC_TYPES_H_
#define TSU_EXEC_TYPES_H_

#include <cstdint>
#include <optional>
#include <string_view>

namespace tsu::exec {

enum class DType : uint8_t {
  kB8, kB16, kB32, kB64, kB128,
  kU8, kU16, kU32, kU64,
  kS8, kS16, kS32, kS64,
  kF16, kF16x2, kBf16, kBf16x2, kF32, kF64,
  kPred,
};

// ".u32" → kU32 (without the dot as the syntax layer gives modifiers); nullopt otherwise.
std::optional<DType> ParseDType(std::string_view mod);
const char* DTypeName(DType t);

constexpr int Bits(DType t) {
  switch (t) {
    case DType::kB8: case DType::kU8: case DType::kS8: return 8;
    case DType::kB16: case DType::kU16: case DType::kS16: case DType::kF16: case DType::kBf16:
      return 16;
    case DType::kB64: case DType::kU64: case DType::kS64: case DType::kF64: return 64;
    case DType::kB128: return 128;
    case DType::kPred: return 1;
    default: return 32;
  }
}
constexpr bool IsSigned(DType t) {
  return t == DType::kS8 || t == DType::kS16 || t == DType::kS32 || t == DType::kS64;
}
constexpr bool IsFloat(DType t) {
  return t == DType::kF16 || t == DType::kF16x2 || t == DType::kBf16 || t == DType::kBf16x2 ||
         t == DType::kF32 || t == DType::kF64;
}
constexpr bool IsInt(DType t) { return !IsFloat(t) && t != DType::kPred; }
constexpr uint64_t Mask(int bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

enum class Op : uint8_t {
  kNop,
  // Integer and bit.
  kMov, kAdd, kSub, kMul, kMad, kMul24, kMad24, kDiv, kRem, kAbs, kNeg, kMin, kMax, kPopc, kClz,
  kBfind, kBrev, kBfe, kBfi, kBmsk, kPrmt, kShf, kShl, kShr, kAnd, kOr, kXor, kNot, kCnot,
  kLop3, kDp4a, kDp2a, kSad, kAddc, kSubc, kSzext,
  // Floating point.
  kFma, kRcp, kSqrt, kRsqrt, kSin, kCos, kEx2, kLg2, kTanh, kCopysign, kTestp,
  // Conversion, comparison, selection.
  kCvt, kCvta, kCvtPack, kSetp, kSet, kSelp, kSlct, kMovPack, kMovUnpack,
  // SIMD video instructions: four bytes or two halfwords at once (sub: the operation).
  kVideo4, kVideo2,
  // Memory.
  kLd, kSt, kAtom, kRed, kPrefetch, kIsspacep,
  // Control.
  kBra, kBrx, kCall, kRet, kExit, kTrap, kBrkpt,
  // Synchronisation and warp.
  kBar, kBarArrive, kBarRed, kBarWarp, kMembar, kShfl, kVote, kMatch, kRedux, kActivemask,
  kNanosleep,
  // Texture and surface (through tsu::Unit), and the texture instructions the executor runs on
  // the model's bindings (tld4, txq).
  kTexSurf, kTld4, kTxq,
  kCount,  // the number of opcodes (not an opcode)
};
const char* OpName(Op op);
// The family a report counts an opcode under: "integer", "float", "convert", "memory", ...
const char* OpFamily(Op op);

enum class Rnd : uint8_t { kNone, kRn, kRz, kRm, kRp, kRna, kRni, kRzi, kRmi, kRpi, kRs };

enum class Cmp : uint8_t {
  kEq, kNe, kLt, kLe, kGt, kGe, kLo, kLs, kHi, kHs,
  kEqu, kNeu, kLtu, kLeu, kGtu, kGeu, kNum, kNan,
};

enum class BoolOp : uint8_t { kNone, kAnd, kOr, kXor, kPopc };

enum class Space : uint8_t { kGeneric, kGlobal, kShared, kLocal, kParam, kConst };
const char* SpaceName(Space s);

}  // namespace tsu::exec

#endif  // TSU_EXEC_TYPES_H_
