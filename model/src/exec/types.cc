// Names of the executor's vocabulary (tsu/exec/types.h).
#include "tsu/exec/types.h"

namespace tsu::exec {
namespace {

struct TypeName {
  const char* name;
  DType type;
};
constexpr TypeName kTypes[] = {
    {"b8", DType::kB8},     {"b16", DType::kB16},   {"b32", DType::kB32},
    {"b64", DType::kB64},   {"b128", DType::kB128}, {"u8", DType::kU8},
    {"u16", DType::kU16},   {"u32", DType::kU32},   {"u64", DType::kU64},
    {"s8", DType::kS8},     {"s16", DType::kS16},   {"s32", DType::kS32},
    {"s64", DType::kS64},   {"f16", DType::kF16},   {"f16x2", DType::kF16x2},
    {"bf16", DType::kBf16}, {"bf16x2", DType::kBf16x2}, {"f32", DType::kF32},
    {"f64", DType::kF64},   {"pred", DType::kPred},
};

}  // namespace

std::optional<DType> ParseDType(std::string_view mod) {
  for (const TypeName& t : kTypes) {
    if (mod == t.name) return t.type;
  }
  return std::nullopt;
}

const char* DTypeName(DType t) {
  for (const TypeName& n : kTypes) {
    if (n.type == t) return n.name;
  }
  return "?";
}

const char* OpName(Op op) {
  switch (op) {
    case Op::kNop: return "nop";
    case Op::kMov: case Op::kMovPack: case Op::kMovUnpack: return "mov";
    case Op::kAdd: return "add";
    case Op::kSub: return "sub";
    case Op::kMul: return "mul";
    case Op::kMad: return "mad";
    case Op::kMul24: return "mul24";
    case Op::kMad24: return "mad24";
    case Op::kDiv: return "div";
    case Op::kRem: return "rem";
    case Op::kAbs: return "abs";
    case Op::kNeg: return "neg";
    case Op::kMin: return "min";
    case Op::kMax: return "max";
    case Op::kPopc: return "popc";
    case Op::kClz: return "clz";
    case Op::kBfind: return "bfind";
    case Op::kBrev: return "brev";
    case Op::kBfe: return "bfe";
    case Op::kBfi: return "bfi";
    case Op::kBmsk: return "bmsk";
    case Op::kPrmt: return "prmt";
    case Op::kShf: return "shf";
    case Op::kShl: return "shl";
    case Op::kShr: return "shr";
    case Op::kAnd: return "and";
    case Op::kOr: return "or";
    case Op::kXor: return "xor";
    case Op::kNot: return "not";
    case Op::kCnot: return "cnot";
    case Op::kLop3: return "lop3";
    case Op::kDp4a: return "dp4a";
    case Op::kDp2a: return "dp2a";
    case Op::kSad: return "sad";
    case Op::kAddc: return "addc";
    case Op::kSubc: return "subc";
    case Op::kSzext: return "szext";
    case Op::kFma: return "fma";
    case Op::kRcp: return "rcp";
    case Op::kSqrt: return "sqrt";
    case Op::kRsqrt: return "rsqrt";
    case Op::kSin: return "sin";
    case Op::kCos: return "cos";
    case Op::kEx2: return "ex2";
    case Op::kLg2: return "lg2";
    case Op::kTanh: return "tanh";
    case Op::kCopysign: return "copysign";
    case Op::kTestp: return "testp";
    case Op::kCvt: case Op::kCvtPack: return "cvt";
    case Op::kCvta: return "cvta";
    case Op::kSetp: return "setp";
    case Op::kSet: return "set";
    case Op::kSelp: return "selp";
    case Op::kSlct: return "slct";
    case Op::kLd: return "ld";
    case Op::kSt: return "st";
    case Op::kAtom: return "atom";
    case Op::kRed: return "red";
    case Op::kPrefetch: return "prefetch";
    case Op::kIsspacep: return "isspacep";
    case Op::kBra: return "bra";
    case Op::kBrx: return "brx";
    case Op::kCall: return "call";
    case Op::kRet: return "ret";
    case Op::kExit: return "exit";
    case Op::kTrap: return "trap";
    case Op::kBrkpt: return "brkpt";
    case Op::kBar: return "bar.sync";
    case Op::kBarArrive: return "bar.arrive";
    case Op::kBarRed: return "bar.red";
    case Op::kBarWarp: return "bar.warp.sync";
    case Op::kMembar: return "membar";
    case Op::kShfl: return "shfl";
    case Op::kVote: return "vote";
    case Op::kMatch: return "match";
    case Op::kRedux: return "redux";
    case Op::kActivemask: return "activemask";
    case Op::kNanosleep: return "nanosleep";
    case Op::kVideo4: return "vop4";
    case Op::kVideo2: return "vop2";
    case Op::kTexSurf: return "texture/surface";
    case Op::kTld4: return "tld4";
    case Op::kTxq: return "txq";
    case Op::kCount: break;
  }
  return "?";
}

const char* OpFamily(Op op) {
  switch (op) {
    case Op::kFma: case Op::kRcp: case Op::kSqrt: case Op::kRsqrt: case Op::kSin: case Op::kCos:
    case Op::kEx2: case Op::kLg2: case Op::kTanh: case Op::kCopysign: case Op::kTestp:
      return "float";
    case Op::kCvt: case Op::kCvta: case Op::kCvtPack: return "convert";
    case Op::kMov: case Op::kMovPack: case Op::kMovUnpack: case Op::kSetp: case Op::kSet:
    case Op::kSelp: case Op::kSlct:
      return "move_compare";
    case Op::kLd: case Op::kSt: case Op::kPrefetch: case Op::kIsspacep: return "memory";
    case Op::kAtom: case Op::kRed: return "atomic";
    case Op::kBra: case Op::kBrx: case Op::kCall: case Op::kRet: case Op::kExit: case Op::kTrap:
    case Op::kBrkpt:
      return "control";
    case Op::kBar: case Op::kBarArrive: case Op::kBarRed: case Op::kBarWarp: case Op::kMembar:
    case Op::kNanosleep:
      return "sync";
    case Op::kShfl: case Op::kVote: case Op::kMatch: case Op::kRedux: case Op::kActivemask:
      return "warp";
    case Op::kTexSurf: case Op::kTld4: case Op::kTxq: return "texture_surface";
    case Op::kNop: return "other";
    default: return "integer";
  }
}

const char* SpaceName(Space s) {
  switch (s) {
    case Space::kGeneric: return "generic";
    case Space::kGlobal: return "global";
    case Space::kShared: return "shared";
    case Space::kLocal: return "local";
    case Space::kParam: return "param";
    case Space::kConst: return "const";
  }
  return "?";
}

}  // namespace tsu::exec
