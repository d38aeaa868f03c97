// Instruction decoding for the executor (decode.h). Each opcode family takes the modifiers it
// understands; any modifier left over rejects the instruction, so nothing runs with a meaning
// the executor does not give it.
#include "decode.h"

#include <cstring>
#include <optional>

#include "tsu/text.h"

namespace tsu::exec {
namespace {

class Mods {
 public:
  explicit Mods(const std::vector<std::string>& m) : m_(m), used_(m.size(), false) {}

  bool Take(std::string_view name) {
    for (size_t i = 0; i < m_.size(); ++i) {
      if (!used_[i] && m_[i] == name) {
        used_[i] = true;
        return true;
      }
    }
    return false;
  }
  // The first unused modifier among names, or empty.
  std::string TakeOne(std::initializer_list<const char*> names) {
    for (size_t i = 0; i < m_.size(); ++i) {
      if (used_[i]) continue;
      for (const char* n : names) {
        if (m_[i] == n) {
          used_[i] = true;
          return m_[i];
        }
      }
    }
    return {};
  }
  std::vector<DType> Types() {
    std::vector<DType> t;
    for (size_t i = 0; i < m_.size(); ++i) {
      if (used_[i]) continue;
      if (auto d = ParseDType(m_[i])) {
        used_[i] = true;
        t.push_back(*d);
      }
    }
    return t;
  }
  std::optional<Rnd> Rounding() {
    static const std::pair<const char*, Rnd> kR[] = {
        {"rn", Rnd::kRn}, {"rz", Rnd::kRz}, {"rm", Rnd::kRm}, {"rp", Rnd::kRp},
        {"rna", Rnd::kRna}, {"rni", Rnd::kRni}, {"rzi", Rnd::kRzi}, {"rmi", Rnd::kRmi},
        {"rpi", Rnd::kRpi}, {"rs", Rnd::kRs}};
    for (const auto& [n, r] : kR) {
      if (Take(n)) return r;
    }
    return std::nullopt;
  }
  std::optional<Space> TakeSpace() {
    static const std::pair<const char*, Space> kS[] = {
        {"global", Space::kGlobal}, {"shared", Space::kShared}, {"local", Space::kLocal},
        {"param", Space::kParam},   {"const", Space::kConst}};
    for (const auto& [n, s] : kS) {
      if (Take(n)) return s;
    }
    return std::nullopt;
  }
  // Memory-ordering, scope and cache qualifiers: accepted, no effect on a functional model
  // (docs/semantics.md X6).
  void TakeMemoryQualifiers() {
    for (size_t i = 0; i < m_.size(); ++i) {
      if (used_[i]) continue;
      const std::string& s = m_[i];
      static const char* const kQ[] = {"volatile", "relaxed", "acquire", "release", "acq_rel",
                                       "weak",     "mmio",    "sc",      "cta",     "cluster",
                                       "gpu",      "sys",     "ca",      "cg",      "cs",
                                       "lu",       "cv",      "wb",      "wt",      "nc"};
      bool q = s.rfind("L1::", 0) == 0 || s.rfind("L2::", 0) == 0 || s.rfind("level::", 0) == 0;
      for (const char* k : kQ) q |= s == k;
      if (q) used_[i] = true;
    }
  }
  bool Leftover(const SynInst& syn, std::string* error) const {
    for (size_t i = 0; i < m_.size(); ++i) {
      if (!used_[i]) {
        *error = "unsupported modifier ." + m_[i] + " on " + syn.base;
        return true;
      }
    }
    return false;
  }

 private:
  const std::vector<std::string>& m_;
  std::vector<bool> used_;
};

struct Shape {
  int dsts;
  int srcs_min, srcs_max;
};

bool Count(const SynInst& syn, size_t want_min, size_t want_max, std::string* error) {
  if (syn.ops.size() < want_min || syn.ops.size() > want_max) {
    *error = syn.base + " takes " + std::to_string(want_min) +
             (want_max != want_min ? "-" + std::to_string(want_max) : "") + " operands, not " +
             std::to_string(syn.ops.size());
    return false;
  }
  return true;
}

class Decoder {
 public:
  Decoder(const SynInst& syn, OperandResolver* r, XInst* out, DecodeResult* extra,
          std::string* error)
      : syn_(syn), r_(r), x_(out), extra_(extra), error_(error), mods_(syn.mods) {}

  bool Run() {
    if (syn_.guard) {
      SynOp g;
      g.name = syn_.guard_name;
      g.negate = syn_.guard_negated;
      if (!r_->Source(g, DType::kPred, &x_->guard, error_)) return false;
    }
    if (!Dispatch()) return false;
    return !mods_.Leftover(syn_, error_);
  }

 private:
  bool Fail(std::string msg) {
    *error_ = std::move(msg);
    return false;
  }

  bool Src(size_t i, DType t, XOperand* out) {
    if (i >= syn_.ops.size()) return Fail(syn_.base + ": operand " + std::to_string(i + 1) + " is missing");
    if (syn_.ops[i].kind != SynOp::Kind::kName && syn_.ops[i].kind != SynOp::Kind::kImm) {
      return Fail(syn_.base + ": operand " + std::to_string(i + 1) + " must be a register or a value");
    }
    return r_->Source(syn_.ops[i], t, out, error_);
  }
  bool Dst(size_t i, XOperand* out) {
    if (i >= syn_.ops.size()) return Fail(syn_.base + ": the destination is missing");
    if (syn_.ops[i].kind != SynOp::Kind::kName) {
      return Fail(syn_.base + ": the destination must be a register");
    }
    return r_->Dest(syn_.ops[i], out, error_);
  }
  // Operand 0 as d or d|p: d in d[0], p (if written) in d[1].
  bool DstWithPred() {
    x_->nd = 1;
    if (!Dst(0, &x_->d[0])) return false;
    if (!syn_.ops[0].has_pred) return true;
    SynOp q;
    q.name = syn_.ops[0].pred;
    if (!r_->Dest(q, &x_->d[1], error_)) return false;
    x_->nd = 2;
    x_->flags |= kPredDst;
    return true;
  }

  // d, s0, s1, ... all of type t (sources from index 1).
  bool Simple(DType t, size_t srcs, DType dst_type) {
    (void)dst_type;
    if (!Count(syn_, srcs + 1, srcs + 1, error_)) return false;
    x_->nd = 1;
    if (!Dst(0, &x_->d[0])) return false;
    x_->ns = static_cast<uint8_t>(srcs);
    for (size_t i = 0; i < srcs; ++i) {
      if (!Src(i + 1, t, &x_->s[i])) return false;
    }
    return true;
  }

  std::optional<DType> OneType() {
    const std::vector<DType> t = mods_.Types();
    if (t.size() != 1) {
      Fail(syn_.base + " needs one type (" + std::to_string(t.size()) + " given)");
      return std::nullopt;
    }
    return t[0];
  }

  bool Dispatch();
  bool Arith(Op op);
  bool Setp(bool set);
  bool Selp(bool slct);
  bool Mov();
  bool Cvt();
  bool Cvta();
  bool LdSt(bool store);
  bool Atom(bool red);
  bool Control();
  bool Barrier();
  bool Warp();
  bool Video(int op, int lanes);
  bool Tld4();
  bool Txq();

  const SynInst& syn_;
  OperandResolver* r_;
  XInst* x_;
  DecodeResult* extra_;
  std::string* error_;
  Mods mods_;
};

struct ArithOp {
  const char* name;
  Op op;
  int srcs;
};
constexpr ArithOp kArith[] = {
    {"add", Op::kAdd, 2},     {"sub", Op::kSub, 2},     {"mul", Op::kMul, 2},
    {"mad", Op::kMad, 3},     {"mul24", Op::kMul24, 2}, {"mad24", Op::kMad24, 3},
    {"div", Op::kDiv, 2},     {"rem", Op::kRem, 2},     {"abs", Op::kAbs, 1},
    {"neg", Op::kNeg, 1},     {"min", Op::kMin, 2},     {"max", Op::kMax, 2},
    {"popc", Op::kPopc, 1},   {"clz", Op::kClz, 1},     {"bfind", Op::kBfind, 1},
    {"brev", Op::kBrev, 1},   {"bfe", Op::kBfe, 3},     {"bfi", Op::kBfi, 4},
    {"bmsk", Op::kBmsk, 2},   {"prmt", Op::kPrmt, 3},   {"shf", Op::kShf, 3},
    {"shl", Op::kShl, 2},     {"shr", Op::kShr, 2},     {"and", Op::kAnd, 2},
    {"or", Op::kOr, 2},       {"xor", Op::kXor, 2},     {"not", Op::kNot, 1},
    {"cnot", Op::kCnot, 1},   {"lop3", Op::kLop3, 4},   {"dp4a", Op::kDp4a, 3},
    {"dp2a", Op::kDp2a, 3},   {"sad", Op::kSad, 3},     {"addc", Op::kAddc, 2},
    {"subc", Op::kSubc, 2},   {"fma", Op::kFma, 3},     {"rcp", Op::kRcp, 1},
    {"sqrt", Op::kSqrt, 1},   {"rsqrt", Op::kRsqrt, 1}, {"sin", Op::kSin, 1},
    {"cos", Op::kCos, 1},     {"ex2", Op::kEx2, 1},     {"lg2", Op::kLg2, 1},
    {"tanh", Op::kTanh, 1},   {"copysign", Op::kCopysign, 2}, {"testp", Op::kTestp, 1},
    {"szext", Op::kSzext, 2},
};

bool Decoder::Dispatch() {
  const std::string& b = syn_.base;
  for (const ArithOp& a : kArith) {
    if (b == a.name) {
      x_->op = a.op;
      return Arith(a.op);
    }
  }
  if (b == "setp") return Setp(false);
  if (b == "set") return Setp(true);
  if (b == "selp") return Selp(false);
  if (b == "slct") return Selp(true);
  if (b == "mov") return Mov();
  if (b == "cvt") return Cvt();
  if (b == "cvta") return Cvta();
  if (b == "ld" || b == "ldu") return LdSt(false);
  if (b == "st") return LdSt(true);
  if (b == "atom") return Atom(false);
  if (b == "red") return Atom(true);
  if (b == "bra" || b == "brx" || b == "call" || b == "ret" || b == "exit" || b == "trap" ||
      b == "brkpt") {
    return Control();
  }
  if (b == "bar" || b == "barrier" || b == "membar" || b == "fence") return Barrier();
  if (b == "shfl" || b == "vote" || b == "match" || b == "redux" || b == "activemask") {
    return Warp();
  }
  static const char* const kVideo[] = {"vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax"};
  for (int v = 0; v < 6; ++v) {
    for (int lanes : {4, 2}) {
      if (b == std::string(kVideo[v]) + std::to_string(lanes)) return Video(v, lanes);
    }
  }
  if (b == "tld4") return Tld4();
  if (b == "txq") return Txq();
  if (b == "nanosleep") {
    x_->op = Op::kNanosleep;
    mods_.Types();
    return Count(syn_, 1, 1, error_) && Src(0, DType::kU32, &x_->s[0]);
  }
  if (b == "prefetch" || b == "prefetchu") {
    x_->op = Op::kPrefetch;
    mods_.TakeSpace();
    mods_.TakeMemoryQualifiers();
    mods_.TakeOne({"L1", "L2", "tensormap"});
    return Count(syn_, 1, 1, error_);
  }
  if (b == "isspacep") {
    x_->op = Op::kIsspacep;
    const auto s = mods_.TakeSpace();
    if (!s) return Fail("isspacep needs a state space");
    x_->space = *s;
    x_->nd = x_->ns = 1;
    return Count(syn_, 2, 2, error_) && Dst(0, &x_->d[0]) && Src(1, DType::kU64, &x_->s[0]);
  }
  if (b == "pmevent" || b == "discard" || b == "applypriority" || b == "createpolicy") {
    return Fail("unsupported instruction '" + b + "'");
  }
  return Fail("unsupported instruction '" + b + "'");
}

bool Decoder::Arith(Op op) {
  // Modifiers common to the family.
  if (auto r = mods_.Rounding()) x_->rnd = *r;
  if (mods_.Take("ftz")) x_->flags |= kFtz;
  if (mods_.Take("sat")) x_->flags |= kSat;
  if (mods_.Take("approx")) x_->flags |= kApprox;
  if (mods_.Take("full")) x_->flags |= kFull;
  if (mods_.Take("hi")) x_->flags |= kHi;
  if (mods_.Take("wide")) x_->flags |= kWide;
  mods_.Take("lo");
  if (mods_.Take("cc")) x_->flags |= kCc;
  if (mods_.Take("NaN")) x_->flags |= kNan;
  if (mods_.Take("xorsign")) x_->flags |= kXorSign;
  if (mods_.Take("abs")) x_->flags |= kAbs;
  if (mods_.Take("relu")) x_->flags |= kRelu;
  if (mods_.Take("shiftamt")) x_->flags |= kShiftLeft;  // bfind: the shift amount
  if (op == Op::kShf) {
    const std::string dir = mods_.TakeOne({"l", "r"});
    const std::string mode = mods_.TakeOne({"clamp", "wrap"});
    if (dir.empty() || mode.empty()) return Fail("shf needs .l or .r and .clamp or .wrap");
    if (dir == "l") x_->flags |= kShiftLeft;
    if (mode == "clamp") x_->flags |= kClamp;
  }
  if (op == Op::kBmsk) {
    const std::string mode = mods_.TakeOne({"clamp", "wrap"});
    if (mode.empty()) return Fail("bmsk needs .clamp or .wrap");
    if (mode == "clamp") x_->flags |= kClamp;
  }
  if (op == Op::kPrmt) {
    static const char* const kModes[] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
    for (int i = 0; i < 6; ++i) {
      if (mods_.Take(kModes[i])) x_->sub = static_cast<uint8_t>(i + 1);
    }
  }
  if (op == Op::kTestp) {
    static const char* const kClasses[] = {"finite", "infinite", "number", "notanumber",
                                           "normal", "subnormal"};
    for (int i = 0; i < 6; ++i) {
      if (mods_.Take(kClasses[i])) x_->sub = static_cast<uint8_t>(i + 1);
    }
    if (x_->sub == 0) return Fail("testp needs a class (.finite, .infinite, ...)");
  }
  if (op == Op::kDp2a) {
    if (mods_.Take("hi")) x_->flags |= kHi;
  }
  if (op == Op::kSzext) {
    const std::string mode = mods_.TakeOne({"clamp", "wrap"});
    if (mode.empty()) return Fail("szext needs .clamp or .wrap");
    if (mode == "clamp") x_->flags |= kClamp;
  }
  std::vector<DType> types = mods_.Types();
  if (op == Op::kDp4a || op == Op::kDp2a) {
    if (types.size() != 2) return Fail(syn_.base + " needs two types (.atype.btype)");
    x_->type = types[0];
    x_->stype = types[1];
    if (!Count(syn_, 4, 4, error_)) return false;
    x_->nd = 1;
    x_->ns = 3;
    const DType acc = IsSigned(types[0]) || IsSigned(types[1]) ? DType::kS32 : DType::kU32;
    return Dst(0, &x_->d[0]) && Src(1, DType::kB32, &x_->s[0]) && Src(2, DType::kB32, &x_->s[1]) &&
           Src(3, acc, &x_->s[2]);
  }
  if (types.size() != 1) return Fail(syn_.base + " needs one type");
  const DType t = types[0];
  x_->type = t;
  x_->stype = t;
  int srcs = 0;
  for (const ArithOp& a : kArith) {
    if (a.op == op) srcs = a.srcs;
  }
  if (op == Op::kBfe || op == Op::kBfi) {
    // bfe d, a, b(u32), c(u32); bfi d, a, b, c(u32), d(u32).
    if (!Count(syn_, static_cast<size_t>(srcs + 1), static_cast<size_t>(srcs + 1), error_)) return false;
    x_->nd = 1;
    x_->ns = static_cast<uint8_t>(srcs);
    if (!Dst(0, &x_->d[0])) return false;
    for (int i = 0; i < srcs; ++i) {
      const bool data = op == Op::kBfe ? i == 0 : i < 2;
      if (!Src(static_cast<size_t>(i + 1), data ? t : DType::kU32, &x_->s[i])) return false;
    }
    return true;
  }
  if (op == Op::kShl || op == Op::kShr || op == Op::kShf || op == Op::kBmsk) {
    if (!Count(syn_, static_cast<size_t>(srcs + 1), static_cast<size_t>(srcs + 1), error_)) return false;
    x_->nd = 1;
    x_->ns = static_cast<uint8_t>(srcs);
    if (!Dst(0, &x_->d[0])) return false;
    for (int i = 0; i < srcs; ++i) {
      const bool amount = i == srcs - 1;
      if (!Src(static_cast<size_t>(i + 1), amount ? DType::kU32 : t, &x_->s[i])) return false;
    }
    return true;
  }
  if (op == Op::kLop3) {
    if (!Count(syn_, 5, 5, error_)) return false;
    x_->nd = 1;
    x_->ns = 4;
    return Dst(0, &x_->d[0]) && Src(1, t, &x_->s[0]) && Src(2, t, &x_->s[1]) &&
           Src(3, t, &x_->s[2]) && Src(4, DType::kB32, &x_->s[3]);
  }
  if ((op == Op::kMul || op == Op::kMad) && (x_->flags & kWide) != 0) {
    // Sources of type t, the destination (and mad's addend) twice as wide.
    DType wide;
    switch (t) {
      case DType::kU16: wide = DType::kU32; break;
      case DType::kS16: wide = DType::kS32; break;
      case DType::kU32: wide = DType::kU64; break;
      case DType::kS32: wide = DType::kS64; break;
      default: return Fail(syn_.base + ".wide takes .u16, .s16, .u32 or .s32");
    }
    x_->type = wide;
    if (!Count(syn_, static_cast<size_t>(srcs + 1), static_cast<size_t>(srcs + 1), error_)) return false;
    x_->nd = 1;
    x_->ns = static_cast<uint8_t>(srcs);
    if (!Dst(0, &x_->d[0]) || !Src(1, t, &x_->s[0]) || !Src(2, t, &x_->s[1])) return false;
    return srcs == 2 || Src(3, wide, &x_->s[2]);
  }
  if (op == Op::kMul24 || op == Op::kMad24) {
    if (t != DType::kU32 && t != DType::kS32) return Fail(syn_.base + " takes .u32 or .s32");
  }
  if (op == Op::kTestp) {
    if (!Count(syn_, 2, 2, error_)) return false;
    x_->nd = x_->ns = 1;
    return Dst(0, &x_->d[0]) && Src(1, t, &x_->s[0]);
  }
  // Destinations of popc/clz/bfind are .u32 whatever the source type.
  const bool pred_ok = op == Op::kAnd || op == Op::kOr || op == Op::kXor || op == Op::kNot;
  if (t == DType::kPred && !pred_ok) return Fail(syn_.base + " does not take .pred");
  if (op == Op::kMin || op == Op::kMax) {
    if (syn_.ops.size() == 4 && IsInt(t) && (x_->flags & kRelu) == 0) {
      // min/max with three inputs (sm_100): d = min(min(a, b), c).
      x_->sub = 3;
      return Simple(t, 3, t);
    }
  }
  if ((op == Op::kDiv || op == Op::kRcp || op == Op::kSqrt) && IsFloat(t) && x_->rnd == Rnd::kNone &&
      (x_->flags & (kApprox | kFull)) == 0 && t != DType::kF16 && t != DType::kBf16) {
    return Fail(syn_.base + "." + DTypeName(t) + " needs a rounding mode, .approx or .full");
  }
  return Simple(t, static_cast<size_t>(srcs), t);
}

bool Decoder::Setp(bool set) {
  x_->op = set ? Op::kSet : Op::kSetp;
  static const std::pair<const char*, Cmp> kC[] = {
      {"eq", Cmp::kEq},   {"ne", Cmp::kNe},   {"lt", Cmp::kLt},   {"le", Cmp::kLe},
      {"gt", Cmp::kGt},   {"ge", Cmp::kGe},   {"lo", Cmp::kLo},   {"ls", Cmp::kLs},
      {"hi", Cmp::kHi},   {"hs", Cmp::kHs},   {"equ", Cmp::kEqu}, {"neu", Cmp::kNeu},
      {"ltu", Cmp::kLtu}, {"leu", Cmp::kLeu}, {"gtu", Cmp::kGtu}, {"geu", Cmp::kGeu},
      {"num", Cmp::kNum}, {"nan", Cmp::kNan}};
  bool have = false;
  for (const auto& [n, c] : kC) {
    if (mods_.Take(n)) {
      x_->cmp = c;
      have = true;
      break;
    }
  }
  if (!have) return Fail(syn_.base + " needs a comparison (.eq, .lt, ...)");
  if (mods_.Take("and")) x_->boolop = BoolOp::kAnd;
  else if (mods_.Take("or")) x_->boolop = BoolOp::kOr;
  else if (mods_.Take("xor")) x_->boolop = BoolOp::kXor;
  if (mods_.Take("ftz")) x_->flags |= kFtz;
  const std::vector<DType> t = mods_.Types();
  if (set) {
    if (t.size() != 2) return Fail("set needs .dtype.stype");
    x_->type = t[0];
    x_->stype = t[1];
  } else {
    if (t.size() != 1) return Fail("setp needs one type");
    x_->type = x_->stype = t[0];
  }
  const size_t n = x_->boolop == BoolOp::kNone ? 3 : 4;
  if (!Count(syn_, n, n, error_)) return false;
  if (!DstWithPred()) return false;
  x_->ns = static_cast<uint8_t>(n - 1);
  if (!Src(1, x_->stype, &x_->s[0]) || !Src(2, x_->stype, &x_->s[1])) return false;
  return n == 3 || Src(3, DType::kPred, &x_->s[2]);
}

bool Decoder::Selp(bool slct) {
  x_->op = slct ? Op::kSlct : Op::kSelp;
  if (mods_.Take("ftz")) x_->flags |= kFtz;
  const std::vector<DType> t = mods_.Types();
  if (slct ? t.size() != 2 : t.size() != 1) return Fail(syn_.base + ": wrong number of types");
  x_->type = t[0];
  x_->stype = slct ? t[1] : DType::kPred;
  if (!Count(syn_, 4, 4, error_)) return false;
  x_->nd = 1;
  x_->ns = 3;
  return Dst(0, &x_->d[0]) && Src(1, x_->type, &x_->s[0]) && Src(2, x_->type, &x_->s[1]) &&
         Src(3, x_->stype, &x_->s[2]);
}

bool Decoder::Mov() {
  const auto t = OneType();
  if (!t) return false;
  x_->type = *t;
  if (!Count(syn_, 2, 2, error_)) return false;
  const SynOp& d = syn_.ops[0];
  const SynOp& a = syn_.ops[1];
  if (a.kind == SynOp::Kind::kVector) {  // mov.b64 d, {lo, hi}: pack
    x_->op = Op::kMovPack;
    if (a.elems.size() != 2 && a.elems.size() != 4) return Fail("mov packs 2 or 4 elements");
    x_->nd = 1;
    if (!Dst(0, &x_->d[0])) return false;
    x_->ns = static_cast<uint8_t>(a.elems.size());
    const int eb = Bits(*t) / static_cast<int>(a.elems.size());
    const DType et = eb == 8 ? DType::kB8 : eb == 16 ? DType::kB16 : eb == 32 ? DType::kB32 : DType::kB64;
    for (size_t i = 0; i < a.elems.size(); ++i) {
      if (!r_->Source(a.elems[i], et, &x_->s[i], error_)) return false;
    }
    x_->stype = et;
    return true;
  }
  if (d.kind == SynOp::Kind::kVector) {  // mov.b64 {lo, hi}, a: unpack
    x_->op = Op::kMovUnpack;
    if (d.elems.size() != 2 && d.elems.size() != 4) return Fail("mov unpacks 2 or 4 elements");
    x_->nd = static_cast<uint8_t>(d.elems.size());
    for (size_t i = 0; i < d.elems.size(); ++i) {
      if (!r_->Dest(d.elems[i], &x_->d[i], error_)) return false;
    }
    const int eb = Bits(*t) / static_cast<int>(d.elems.size());
    x_->stype = eb == 8 ? DType::kB8 : eb == 16 ? DType::kB16 : eb == 32 ? DType::kB32 : DType::kB64;
    x_->ns = 1;
    return Src(1, *t, &x_->s[0]);
  }
  x_->op = Op::kMov;
  x_->nd = x_->ns = 1;
  return Dst(0, &x_->d[0]) && Src(1, *t, &x_->s[0]);
}

bool Decoder::Cvt() {
  x_->op = Op::kCvt;
  if (auto r = mods_.Rounding()) x_->rnd = *r;
  if (mods_.Take("ftz")) x_->flags |= kFtz;
  if (mods_.Take("sat")) x_->flags |= kSat;
  if (mods_.Take("relu")) x_->flags |= kRelu;
  const std::vector<DType> t = mods_.Types();
  if (t.size() != 2) return Fail("cvt needs .dtype.atype");
  x_->type = t[0];
  x_->stype = t[1];
  if ((t[0] == DType::kF16x2 || t[0] == DType::kBf16x2) && t[1] == DType::kF32) {
    x_->op = Op::kCvtPack;  // cvt.rn.f16x2.f32 d, a, b: d = {a → hi, b → lo}
    if (!Count(syn_, 3, 3, error_)) return false;
    x_->nd = 1;
    x_->ns = 2;
    return Dst(0, &x_->d[0]) && Src(1, DType::kF32, &x_->s[0]) && Src(2, DType::kF32, &x_->s[1]);
  }
  if (t[0] == DType::kF16x2 || t[0] == DType::kBf16x2 || t[1] == DType::kF16x2 ||
      t[1] == DType::kBf16x2 || t[0] == DType::kPred || t[1] == DType::kPred) {
    return Fail(std::string("unsupported cvt form .") + DTypeName(t[0]) + "." + DTypeName(t[1]));
  }
  // A float → integer or float → narrower float conversion needs a rounding mode (PTX: rounding
  // is required for those; an integer → float one rounds too).
  if (!Count(syn_, 2, 2, error_)) return false;
  x_->nd = x_->ns = 1;
  return Dst(0, &x_->d[0]) && Src(1, t[1], &x_->s[0]);
}

bool Decoder::Cvta() {
  x_->op = Op::kCvta;
  if (mods_.Take("to")) x_->flags |= kHi;  // kHi marks `.to`: generic → space
  const auto s = mods_.TakeSpace();
  if (!s) return Fail("cvta needs a state space");
  x_->space = *s;
  const auto t = OneType();
  if (!t) return false;
  x_->type = *t;
  if (!Count(syn_, 2, 2, error_)) return false;
  x_->nd = x_->ns = 1;
  return Dst(0, &x_->d[0]) && Src(1, *t, &x_->s[0]);
}

bool Decoder::LdSt(bool store) {
  x_->op = store ? Op::kSt : Op::kLd;
  if (const auto s = mods_.TakeSpace()) x_->space = *s;
  mods_.TakeMemoryQualifiers();
  int vec = 1;
  if (mods_.Take("v2")) vec = 2;
  else if (mods_.Take("v4")) vec = 4;
  else if (mods_.Take("v8")) vec = 8;
  if (vec == 8) return Fail("unsupported vector width .v8");
  const auto t = OneType();
  if (!t) return false;
  if (*t == DType::kPred || *t == DType::kB128) return Fail(syn_.base + " does not take ." + DTypeName(*t));
  x_->type = *t;
  if (!Count(syn_, 2, 2, error_)) return false;
  const SynOp& data = syn_.ops[store ? 1 : 0];
  const SynOp& addr = syn_.ops[store ? 0 : 1];
  if (addr.kind != SynOp::Kind::kAddress) return Fail(syn_.base + " needs an [address]");
  if (!r_->Address(addr, x_->space, &x_->addr, error_)) return false;
  if ((vec == 1) != (data.kind != SynOp::Kind::kVector) ||
      (vec > 1 && data.elems.size() != static_cast<size_t>(vec))) {
    return Fail(syn_.base + ": the data operand must have " + std::to_string(vec) + " element(s)");
  }
  const std::vector<SynOp> one{data};
  const std::vector<SynOp>& elems = vec == 1 ? one : data.elems;
  for (size_t i = 0; i < elems.size(); ++i) {
    if (store) {
      if (!r_->Source(elems[i], *t, &x_->s[i], error_)) return false;
    } else {
      if (!r_->Dest(elems[i], &x_->d[i], error_)) return false;
    }
  }
  if (store) {
    x_->ns = static_cast<uint8_t>(vec);
  } else {
    x_->nd = static_cast<uint8_t>(vec);
  }
  return true;
}

bool Decoder::Atom(bool red) {
  x_->op = red ? Op::kRed : Op::kAtom;
  if (const auto s = mods_.TakeSpace()) x_->space = *s;
  mods_.TakeMemoryQualifiers();
  mods_.Take("noftz");
  static const char* const kOps[] = {"and", "or", "xor", "cas", "exch", "add",
                                     "inc", "dec", "min", "max"};
  bool have = false;
  for (int i = 0; i < 10; ++i) {
    if (mods_.Take(kOps[i])) {
      x_->sub = static_cast<uint8_t>(i);
      have = true;
      break;
    }
  }
  if (!have) return Fail(syn_.base + " needs an operation (.add, .cas, ...)");
  if (x_->space != Space::kGeneric && x_->space != Space::kGlobal && x_->space != Space::kShared) {
    return Fail(syn_.base + " works on .global or .shared memory");
  }
  const auto t = OneType();
  if (!t) return false;
  x_->type = *t;
  const bool cas = x_->sub == 3;
  const size_t n = (red ? 2 : 3) + (cas ? 1 : 0);
  if (!Count(syn_, n, n, error_)) return false;
  size_t i = 0;
  if (!red) {
    x_->nd = 1;
    if (!Dst(i++, &x_->d[0])) return false;
  }
  if (syn_.ops[i].kind != SynOp::Kind::kAddress) return Fail(syn_.base + " needs an [address]");
  if (!r_->Address(syn_.ops[i++], x_->space, &x_->addr, error_)) return false;
  x_->ns = static_cast<uint8_t>(n - i);
  for (size_t k = 0; i < n; ++k, ++i) {
    if (!Src(i, *t, &x_->s[k])) return false;
  }
  return true;
}

bool Decoder::Control() {
  const std::string& b = syn_.base;
  if (mods_.Take("uni")) x_->flags |= kUni;
  if (b == "bra") {
    x_->op = Op::kBra;
    if (!Count(syn_, 1, 1, error_)) return false;
    if (syn_.ops[0].kind != SynOp::Kind::kName) return Fail("bra needs a label");
    extra_->labels.push_back(syn_.ops[0].name);
    return true;
  }
  if (b == "brx") {
    x_->op = Op::kBrx;
    if (!mods_.Take("idx")) return Fail("brx needs .idx");
    if (!Count(syn_, 2, 2, error_)) return false;
    x_->ns = 1;
    if (!Src(0, DType::kU32, &x_->s[0])) return false;
    if (syn_.ops[1].kind != SynOp::Kind::kName) return Fail("brx.idx needs a .branchtargets label");
    extra_->labels.push_back(syn_.ops[1].name);  // the list's label; the loader expands it
    return true;
  }
  if (b == "call") {
    x_->op = Op::kCall;
    // call (rets), f, (args) | call f, (args) | call (rets), %r, (args), proto
    size_t i = 0;
    if (i < syn_.ops.size() && syn_.ops[i].kind == SynOp::Kind::kList) {
      for (const SynOp& e : syn_.ops[i].elems) extra_->call_rets.push_back(e.name);
      ++i;
      if (i < syn_.ops.size() && syn_.ops[i].kind == SynOp::Kind::kList) {
        return Fail("call: a function name is expected before the argument list");
      }
    }
    if (i >= syn_.ops.size() || syn_.ops[i].kind != SynOp::Kind::kName) {
      return Fail("call needs a function");
    }
    const std::string& f = syn_.ops[i++].name;
    if (!f.empty() && f[0] == '%') {
      x_->ns = 1;
      if (!r_->Source(syn_.ops[i - 1], DType::kU64, &x_->s[0], error_)) return false;
    } else {
      extra_->callee = f;
    }
    if (i < syn_.ops.size() && syn_.ops[i].kind == SynOp::Kind::kList) {
      for (const SynOp& e : syn_.ops[i].elems) extra_->call_args.push_back(e.name);
      ++i;
    }
    if (i < syn_.ops.size() && syn_.ops[i].kind == SynOp::Kind::kName) ++i;  // a prototype or target list
    if (i != syn_.ops.size()) return Fail("call: unexpected operands");
    return true;
  }
  if (b == "ret") {
    x_->op = Op::kRet;
    return Count(syn_, 0, 0, error_);
  }
  if (b == "exit") {
    x_->op = Op::kExit;
    return Count(syn_, 0, 0, error_);
  }
  if (b == "trap") {
    x_->op = Op::kTrap;
    return Count(syn_, 0, 0, error_);
  }
  x_->op = Op::kBrkpt;
  return Count(syn_, 0, 0, error_);
}

bool Decoder::Barrier() {
  const std::string& b = syn_.base;
  if (b == "membar" || b == "fence") {
    x_->op = Op::kMembar;
    mods_.TakeOne({"cta", "gl", "sys", "gpu", "cluster"});
    mods_.TakeMemoryQualifiers();
    mods_.TakeOne({"proxy", "async", "alias", "tensormap"});
    return Count(syn_, 0, 0, error_);
  }
  mods_.Take("cta");
  mods_.Take("aligned");
  if (mods_.Take("warp")) {
    if (!mods_.Take("sync")) return Fail("bar.warp needs .sync");
    x_->op = Op::kBarWarp;
    x_->ns = 1;
    return Count(syn_, 1, 1, error_) && Src(0, DType::kB32, &x_->s[0]);
  }
  if (mods_.Take("sync") || (b == "bar" && syn_.mods.empty())) {
    x_->op = Op::kBar;
    mods_.Take("aligned");
  } else if (mods_.Take("arrive")) {
    x_->op = Op::kBarArrive;
    mods_.Take("aligned");
  } else if (mods_.Take("red")) {
    x_->op = Op::kBarRed;
    mods_.Take("aligned");
    if (mods_.Take("popc")) x_->boolop = BoolOp::kPopc;
    else if (mods_.Take("and")) x_->boolop = BoolOp::kAnd;
    else if (mods_.Take("or")) x_->boolop = BoolOp::kOr;
    else return Fail("bar.red needs .popc, .and or .or");
    const auto t = OneType();
    if (!t) return false;
    x_->type = *t;
    if (!Count(syn_, 3, 4, error_)) return false;
    x_->nd = 1;
    if (!Dst(0, &x_->d[0]) || !Src(1, DType::kU32, &x_->s[0])) return false;
    if (syn_.ops.size() == 4) {
      x_->ns = 3;
      return Src(2, DType::kU32, &x_->s[1]) && Src(3, DType::kPred, &x_->s[2]);
    }
    x_->ns = 3;
    x_->s[1] = XOperand{};
    return Src(2, DType::kPred, &x_->s[2]);
  } else {
    return Fail("unsupported barrier form");
  }
  if (!Count(syn_, x_->op == Op::kBarArrive ? 2 : 1, 2, error_)) return false;
  x_->ns = static_cast<uint8_t>(syn_.ops.size());
  for (size_t i = 0; i < syn_.ops.size(); ++i) {
    if (!Src(i, DType::kU32, &x_->s[i])) return false;
  }
  return true;
}

bool Decoder::Warp() {
  const std::string& b = syn_.base;
  if (b == "activemask") {
    x_->op = Op::kActivemask;
    mods_.Types();
    x_->nd = 1;
    return Count(syn_, 1, 1, error_) && Dst(0, &x_->d[0]);
  }
  if (!mods_.Take("sync")) return Fail(b + " needs .sync (the forms without it are not run)");
  if (b == "shfl") {
    x_->op = Op::kShfl;
    const std::string m = mods_.TakeOne({"up", "down", "bfly", "idx"});
    if (m.empty()) return Fail("shfl needs .up, .down, .bfly or .idx");
    x_->sub = m == "up" ? 0 : m == "down" ? 1 : m == "bfly" ? 2 : 3;
    const auto t = OneType();
    if (!t) return false;
    x_->type = *t;
    if (!Count(syn_, 5, 5, error_)) return false;
    if (!DstWithPred()) return false;
    x_->ns = 4;
    return Src(1, DType::kB32, &x_->s[0]) && Src(2, DType::kU32, &x_->s[1]) &&
           Src(3, DType::kU32, &x_->s[2]) && Src(4, DType::kU32, &x_->s[3]);
  }
  if (b == "vote") {
    x_->op = Op::kVote;
    const std::string m = mods_.TakeOne({"all", "any", "uni", "ballot"});
    if (m.empty()) return Fail("vote needs .all, .any, .uni or .ballot");
    x_->sub = m == "all" ? 0 : m == "any" ? 1 : m == "uni" ? 2 : 3;
    const auto t = OneType();
    if (!t) return false;
    x_->type = *t;
    if (!Count(syn_, 3, 3, error_)) return false;
    x_->nd = 1;
    x_->ns = 2;
    return Dst(0, &x_->d[0]) && Src(1, DType::kPred, &x_->s[0]) && Src(2, DType::kU32, &x_->s[1]);
  }
  if (b == "match") {
    x_->op = Op::kMatch;
    const std::string m = mods_.TakeOne({"any", "all"});
    if (m.empty()) return Fail("match needs .any or .all");
    x_->sub = m == "any" ? 0 : 1;
    const auto t = OneType();
    if (!t) return false;
    x_->type = *t;
    if (!Count(syn_, 3, 3, error_)) return false;
    if (!DstWithPred()) return false;
    x_->ns = 2;
    return Src(1, *t, &x_->s[0]) && Src(2, DType::kU32, &x_->s[1]);
  }
  x_->op = Op::kRedux;  // redux.sync.op.type d, a, membermask
  const std::string m = mods_.TakeOne({"add", "min", "max", "and", "or", "xor"});
  if (m.empty()) return Fail("redux needs an operation");
  static const char* const kR[] = {"add", "min", "max", "and", "or", "xor"};
  for (int i = 0; i < 6; ++i) {
    if (m == kR[i]) x_->sub = static_cast<uint8_t>(i);
  }
  const auto t = OneType();
  if (!t) return false;
  x_->type = *t;
  if (!Count(syn_, 3, 3, error_)) return false;
  x_->nd = 1;
  x_->ns = 2;
  return Dst(0, &x_->d[0]) && Src(1, *t, &x_->s[0]) && Src(2, DType::kU32, &x_->s[1]);
}

// vop4/vop2 with the default selectors and mask: vop4.dtype.atype.btype{.sat} d, a, b, c, or
// vop4.dtype.atype.btype.add d, a, b, c.
bool Decoder::Video(int op, int lanes) {
  x_->op = lanes == 4 ? Op::kVideo4 : Op::kVideo2;
  x_->sub = static_cast<uint8_t>(op);
  if (mods_.Take("sat")) x_->flags |= kSat;
  if (mods_.Take("add")) x_->flags |= kAccumulate;
  if ((x_->flags & kSat) != 0 && (x_->flags & kAccumulate) != 0) return Fail(syn_.base + ": .sat and .add together");
  const std::vector<DType> t = mods_.Types();
  if (t.size() != 3) return Fail(syn_.base + " needs .dtype.atype.btype");
  for (DType d : t) {
    if (d != DType::kU32 && d != DType::kS32) return Fail(syn_.base + ": the types are .u32 or .s32");
  }
  x_->type = t[0];
  x_->stype = t[1];
  x_->btype = t[2];
  if (!Count(syn_, 4, 4, error_)) return false;
  if (syn_.ops[0].name.find('.') != std::string::npos || syn_.ops[1].name.find('.') != std::string::npos ||
      syn_.ops[2].name.find('.') != std::string::npos) {
    return Fail(syn_.base + ": byte selectors and masks are not supported");
  }
  x_->nd = 1;
  x_->ns = 3;
  return Dst(0, &x_->d[0]) && Src(1, DType::kB32, &x_->s[0]) && Src(2, DType::kB32, &x_->s[1]) &&
         Src(3, DType::kB32, &x_->s[2]);
}

// tld4.comp.{2d,a2d}.v4.{f32,s32,u32}.f32 d[|p], [a, c] {, e}: a the texture's .u64 handle,
// c the coordinates, e texel offsets. The explicit-sampler and depth-compare forms are refused.
bool Decoder::Tld4() {
  x_->op = Op::kTld4;
  const std::string comp = mods_.TakeOne({"r", "g", "b", "a"});
  if (comp.empty()) return Fail("tld4 needs a component (.r, .g, .b, .a)");
  x_->sub = comp == "r" ? 0 : comp == "g" ? 1 : comp == "b" ? 2 : 3;
  if (mods_.Take("2d")) x_->geom = Geometry::k2d;
  else if (mods_.Take("a2d")) x_->geom = Geometry::kA2d;
  else return Fail("tld4: only .2d and .a2d are executed (cube gathers are not)");
  if (!mods_.Take("v4")) return Fail("tld4 needs .v4");
  const std::vector<DType> t = mods_.Types();
  if (t.size() != 2 || t[1] != DType::kF32 || (t[0] != DType::kF32 && t[0] != DType::kS32 && t[0] != DType::kU32)) {
    return Fail("tld4 needs .dtype.f32 with dtype .f32, .s32 or .u32");
  }
  x_->type = t[0];
  if (!Count(syn_, 2, 3, error_)) return false;
  const SynOp& d = syn_.ops[0];
  const SynOp& a = syn_.ops[1];
  if (d.kind != SynOp::Kind::kVector || d.elems.size() != 4) return Fail("tld4's destination is {d0, d1, d2, d3}");
  for (int i = 0; i < 4; ++i) {
    if (!r_->Dest(d.elems[static_cast<size_t>(i)], &x_->d[i], error_)) return false;
  }
  x_->nd = 4;
  if (a.kind != SynOp::Kind::kAddressList || a.elems.size() != 2) {
    return Fail("tld4: [texture, {coordinates}] (the explicit-sampler form is not executed)");
  }
  if (!r_->Source(a.elems[0], DType::kU64, &x_->s[0], error_)) return false;
  const SynOp& c = a.elems[1];
  const size_t want = x_->geom == Geometry::k2d ? 2 : 4;
  if (c.kind != SynOp::Kind::kVector || c.elems.size() != want) {
    return Fail("tld4." + std::string(x_->geom == Geometry::k2d ? "2d" : "a2d") + " takes " + std::to_string(want) + " coordinates");
  }
  for (size_t i = 0; i < want && i < 3; ++i) {
    const bool layer = x_->geom == Geometry::kA2d && i == 0;
    if (!r_->Source(c.elems[i], layer ? DType::kS32 : DType::kF32, &x_->s[1 + i], error_)) return false;
  }
  x_->ns = 4;
  if (syn_.ops.size() == 3) {  // offsets
    const SynOp& e = syn_.ops[2];
    if (e.kind != SynOp::Kind::kVector || e.elems.size() != 2) return Fail("tld4: the offsets are {dx, dy}");
    x_->args.resize(2);  // the offsets
    for (int i = 0; i < 2; ++i) {
      if (!r_->Source(e.elems[static_cast<size_t>(i)], DType::kS32, &x_->args[static_cast<size_t>(i)], error_)) return false;
    }
  }
  if (d.has_pred) {
    SynOp q;
    q.name = d.pred;
    return Fail("tld4 with a residency predicate is not executed");
  }
  return true;
}

// txq.query.b32 d, [a] and txq.level.query.b32 d, [a], lod.
bool Decoder::Txq() {
  x_->op = Op::kTxq;
  const bool level = mods_.Take("level");
  static const char* const kQ[] = {"width", "height", "depth", "channel_data_type", "channel_order",
                                   "normalized_coords", "filter_mode", "addr_mode_0", "addr_mode_1",
                                   "addr_mode_2", "array_size", "num_mipmap_levels", "num_samples"};
  bool have = false;
  for (int i = 0; i < 13; ++i) {
    if (mods_.Take(kQ[i])) {
      x_->sub = static_cast<uint8_t>(i);
      have = true;
    }
  }
  if (!have) return Fail("txq needs a texture query (.width, .num_mipmap_levels, ...)");
  if (level && x_->sub > 2) return Fail("txq.level takes .width, .height or .depth");
  if (!mods_.Take("b32")) return Fail("txq needs .b32");
  x_->type = DType::kB32;
  if (!Count(syn_, level ? 3 : 2, level ? 3 : 2, error_)) return false;
  x_->nd = 1;
  if (!Dst(0, &x_->d[0])) return false;
  const SynOp& a = syn_.ops[1];
  if (a.kind != SynOp::Kind::kAddress || a.offset != 0 || a.base_imm) return Fail("txq: [texture]");
  SynOp h;
  h.name = a.name;
  if (!r_->Source(h, DType::kU64, &x_->s[0], error_)) return false;
  x_->ns = 1;
  if (level) {
    x_->ns = 2;
    return Src(2, DType::kS32, &x_->s[1]);
  }
  return true;
}

}  // namespace

bool DecodeInstruction(const SynInst& syn, OperandResolver* resolver, XInst* out,
                       DecodeResult* extra, std::string* error) {
  return Decoder(syn, resolver, out, extra, error).Run();
}

}  // namespace tsu::exec
