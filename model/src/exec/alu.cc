// Register-to-register semantics (alu.h). Integer results are computed in 64 bits and cut to the
// type; floating-point ones go through fp.h, bit-exact in every rounding mode (docs/semantics.md,
// "Kernel execution").
#include "alu.h"

#include <cmath>
#include <cstring>

#include "tsu/exec/fp.h"

namespace tsu::exec {
namespace {

__extension__ typedef unsigned __int128 U128;
__extension__ typedef __int128 S128;

int64_t SExt(uint64_t v, int bits) {
  if (bits >= 64) return static_cast<int64_t>(v);
  const uint64_t m = 1ull << (bits - 1);
  v &= Mask(bits);
  return static_cast<int64_t>((v ^ m) - m);
}

fp::Fmt FmtOf(DType t) {
  switch (t) {
    case DType::kF16: case DType::kF16x2: return fp::Fmt::kF16;
    case DType::kBf16: case DType::kBf16x2: return fp::Fmt::kBf16;
    case DType::kF64: return fp::Fmt::kF64;
    default: return fp::Fmt::kF32;
  }
}

bool Packed(DType t) { return t == DType::kF16x2 || t == DType::kBf16x2; }

uint64_t CanonF32(float f) {
  if (std::isnan(f)) return fp::kNanF32;
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float F32(uint64_t v) {
  const uint32_t b = static_cast<uint32_t>(v);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// The .approx functions: binary64 libm, rounded to nearest in the format (docs/semantics.md X3).
uint64_t Approx(Op op, uint64_t a, uint64_t b, fp::Fmt f, bool ftz) {
  const double x = fp::ToDouble(ftz ? fp::FlushInput(a, f) : a, f);
  double r = 0;
  switch (op) {
    case Op::kRcp: r = 1.0 / x; break;
    case Op::kSqrt: r = std::sqrt(x); break;
    case Op::kRsqrt: r = 1.0 / std::sqrt(x); break;
    case Op::kSin: r = std::sin(x); break;
    case Op::kCos: r = std::cos(x); break;
    case Op::kEx2: r = std::exp2(x); break;
    case Op::kLg2: r = std::log2(x); break;
    case Op::kTanh: r = std::tanh(x); break;
    case Op::kDiv: {
      const double y = fp::ToDouble(ftz ? fp::FlushInput(b, f) : b, f);
      r = x / y;
      break;
    }
    default: break;
  }
  return fp::FromDouble(r, f, Rnd::kRn, ftz);
}

// min/max: the non-NaN operand wins; -0 is below +0; .NaN makes any NaN the result.
uint64_t FMinMax(bool is_max, bool nan_wins, uint64_t a, uint64_t b, fp::Fmt f, bool ftz) {
  if (ftz) {
    a = fp::FlushInput(a, f);
    b = fp::FlushInput(b, f);
  }
  const bool an = fp::IsNan(a, f), bn = fp::IsNan(b, f);
  const uint64_t nan = f == fp::Fmt::kF32 ? fp::kNanF32 : f == fp::Fmt::kF64 ? fp::kNanF64 : fp::kNanF16;
  if (an || bn) {
    if (nan_wins || (an && bn)) return nan;
    return an ? b : a;
  }
  const double x = fp::ToDouble(a, f), y = fp::ToDouble(b, f);
  if (x == y) {  // ±0: by sign
    const bool as = std::signbit(x);
    return is_max ? (as ? b : a) : (as ? a : b);
  }
  return (is_max ? x > y : x < y) ? a : b;
}

uint64_t FloatOp(const XInst& x, const uint64_t* s, fp::Fmt f) {
  const bool ftz = (x.flags & kFtz) != 0;
  const Rnd r = x.rnd == Rnd::kNone ? Rnd::kRn : x.rnd;
  const int bits = f == fp::Fmt::kF64 ? 64 : f == fp::Fmt::kF32 ? 32 : 16;
  const uint64_t sign = 1ull << (bits - 1);
  uint64_t v = 0;
  switch (x.op) {
    case Op::kAdd: v = fp::Add(s[0], s[1], f, r, ftz); break;
    case Op::kSub: v = fp::Add(s[0], s[1] ^ sign, f, r, ftz); break;
    case Op::kMul: v = fp::Mul(s[0], s[1], f, r, ftz); break;
    case Op::kFma: case Op::kMad: v = fp::Fma(s[0], s[1], s[2], f, r, ftz); break;
    case Op::kDiv:
      v = (x.flags & (kApprox | kFull)) != 0 ? Approx(Op::kDiv, s[0], s[1], f, ftz)
                                             : fp::Div(s[0], s[1], f, r, ftz);
      break;
    case Op::kRcp:
      v = (x.flags & kApprox) != 0 ? Approx(Op::kRcp, s[0], 0, f, ftz)
                                   : fp::Div(fp::FromDouble(1.0, f, Rnd::kRn), s[0], f, r, ftz);
      break;
    case Op::kSqrt:
      v = (x.flags & kApprox) != 0 ? Approx(Op::kSqrt, s[0], 0, f, ftz) : fp::Sqrt(s[0], f, r, ftz);
      break;
    case Op::kRsqrt: case Op::kSin: case Op::kCos: case Op::kEx2: case Op::kLg2: case Op::kTanh:
      v = Approx(x.op, s[0], 0, f, ftz);
      break;
    case Op::kMin: case Op::kMax: {
      v = FMinMax(x.op == Op::kMax, (x.flags & kNan) != 0, s[0], s[1], f, ftz);
      if ((x.flags & kRelu) != 0 && !fp::IsNan(v, f) && (v & sign) != 0) v = 0;
      return v;
    }
    case Op::kAbs: {
      const uint64_t a = ftz ? fp::FlushInput(s[0], f) : s[0];
      return a & ~sign;
    }
    case Op::kNeg: {
      const uint64_t a = ftz ? fp::FlushInput(s[0], f) : s[0];
      return a ^ sign;
    }
    case Op::kCopysign: return (s[1] & ~sign) | (s[0] & sign);
    default: return 0;
  }
  if ((x.flags & kSat) != 0) v = fp::Saturate(v, f);
  if ((x.flags & kRelu) != 0 && !fp::IsNan(v, f) && (v & sign) != 0) v = 0;
  return v;
}

bool Compare(Cmp c, DType t, uint64_t a, uint64_t b, bool ftz) {
  if (IsFloat(t)) {
    const fp::Fmt f = FmtOf(t);
    if (ftz) {
      a = fp::FlushInput(a, f);
      b = fp::FlushInput(b, f);
    }
    const bool nan = fp::IsNan(a, f) || fp::IsNan(b, f);
    const double x = fp::ToDouble(a, f), y = fp::ToDouble(b, f);
    switch (c) {
      case Cmp::kEq: return !nan && x == y;
      case Cmp::kNe: return !nan && x != y;
      case Cmp::kLt: return !nan && x < y;
      case Cmp::kLe: return !nan && x <= y;
      case Cmp::kGt: return !nan && x > y;
      case Cmp::kGe: return !nan && x >= y;
      case Cmp::kEqu: return nan || x == y;
      case Cmp::kNeu: return nan || x != y;
      case Cmp::kLtu: return nan || x < y;
      case Cmp::kLeu: return nan || x <= y;
      case Cmp::kGtu: return nan || x > y;
      case Cmp::kGeu: return nan || x >= y;
      case Cmp::kNum: return !nan;
      case Cmp::kNan: return nan;
      default: return false;
    }
  }
  const int bits = Bits(t);
  const uint64_t ua = a & Mask(bits), ub = b & Mask(bits);
  const int64_t sa = SExt(a, bits), sb = SExt(b, bits);
  const bool sgn = IsSigned(t);
  switch (c) {
    case Cmp::kEq: return ua == ub;
    case Cmp::kNe: return ua != ub;
    case Cmp::kLt: return sgn ? sa < sb : ua < ub;
    case Cmp::kLe: return sgn ? sa <= sb : ua <= ub;
    case Cmp::kGt: return sgn ? sa > sb : ua > ub;
    case Cmp::kGe: return sgn ? sa >= sb : ua >= ub;
    case Cmp::kLo: return ua < ub;
    case Cmp::kLs: return ua <= ub;
    case Cmp::kHi: return ua > ub;
    case Cmp::kHs: return ua >= ub;
    default: return false;  // the unordered forms are float-only (the decoder lets them through)
  }
}

bool Combine(BoolOp op, bool a, bool c) {
  switch (op) {
    case BoolOp::kAnd: return a && c;
    case BoolOp::kOr: return a || c;
    case BoolOp::kXor: return a != c;
    default: return a;
  }
}

uint64_t Prmt(uint64_t a, uint64_t b, uint64_t c, uint8_t mode) {
  const uint64_t v = (b << 32) | (a & 0xffffffffu);
  auto byte = [&](unsigned i) { return static_cast<uint32_t>((v >> (8 * (i & 7))) & 0xff); };
  uint32_t out = 0;
  const unsigned sel = static_cast<unsigned>(c) & 3;
  switch (mode) {
    case 0:
      for (unsigned i = 0; i < 4; ++i) {
        const unsigned s = static_cast<unsigned>(c >> (4 * i)) & 0xf;
        uint32_t bt = byte(s & 7);
        if (s & 8) bt = (bt & 0x80) ? 0xff : 0;
        out |= bt << (8 * i);
      }
      return out;
    case 1: {  // f4e: forward 4 extract
      for (unsigned i = 0; i < 4; ++i) out |= byte(sel + i) << (8 * i);
      return out;
    }
    case 2: {  // b4e: backward 4 extract
      for (unsigned i = 0; i < 4; ++i) out |= byte(sel + 8 - i) << (8 * i);
      return out;
    }
    case 3: {  // rc8: replicate byte
      const uint32_t bt = byte(sel);
      return bt * 0x01010101u;
    }
    case 4: {  // ecl: edge clamp left
      static const unsigned k[4][4] = {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
      for (unsigned i = 0; i < 4; ++i) out |= byte(k[sel][i]) << (8 * i);
      return out;
    }
    case 5: {  // ecr: edge clamp right
      static const unsigned k[4][4] = {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
      for (unsigned i = 0; i < 4; ++i) out |= byte(k[sel][i]) << (8 * i);
      return out;
    }
    default: {  // rc16: replicate half
      const unsigned h = sel & 1;
      const uint32_t lo = byte(2 * h) | (byte(2 * h + 1) << 8);
      return lo | (lo << 16);
    }
  }
}

uint64_t IntOp(const XInst& x, const uint64_t* s, bool* carry) {
  const DType t = x.type;
  const int bits = Bits(t);
  const uint64_t m = Mask(bits);
  const bool sgn = IsSigned(t);
  const uint64_t a = s[0], b = s[1], c = s[2];
  switch (x.op) {
    case Op::kAdd: case Op::kAddc: {
      const uint64_t cin = x.op == Op::kAddc && *carry ? 1 : 0;
      if ((x.flags & kSat) != 0) {  // add.sat.s32
        const int64_t r = SExt(a, 32) + SExt(b, 32);
        return static_cast<uint64_t>(r > INT32_MAX ? INT32_MAX : r < INT32_MIN ? INT32_MIN : r) & m;
      }
      const uint64_t r = (a & m) + (b & m) + cin;
      if ((x.flags & kCc) != 0) {
        const U128 w = static_cast<U128>(a & m) + (b & m) + cin;
        *carry = (w >> bits) != 0;
      }
      return r & m;
    }
    case Op::kSub: case Op::kSubc: {
      const uint64_t bin = x.op == Op::kSubc && *carry ? 1 : 0;
      if ((x.flags & kSat) != 0) {
        const int64_t r = SExt(a, 32) - SExt(b, 32);
        return static_cast<uint64_t>(r > INT32_MAX ? INT32_MAX : r < INT32_MIN ? INT32_MIN : r) & m;
      }
      if ((x.flags & kCc) != 0) {
        const U128 need = static_cast<U128>(b & m) + bin;
        *carry = static_cast<U128>(a & m) < need;  // the borrow
      }
      return (a - b - bin) & m;
    }
    case Op::kMul: case Op::kMad: {
      uint64_t p;
      if ((x.flags & kWide) != 0) {
        const int sb = Bits(x.type) / 2;
        p = IsSigned(x.type) ? static_cast<uint64_t>(SExt(a, sb) * SExt(b, sb))
                             : (a & Mask(sb)) * (b & Mask(sb));
      } else if ((x.flags & kHi) != 0) {
        if (bits == 64) {
          p = sgn ? static_cast<uint64_t>((static_cast<S128>(static_cast<int64_t>(a)) *
                                           static_cast<int64_t>(b)) >> 64)
                  : static_cast<uint64_t>((static_cast<U128>(a) * b) >> 64);
        } else {
          p = sgn ? static_cast<uint64_t>((SExt(a, bits) * SExt(b, bits)) >> bits)
                  : ((a & m) * (b & m)) >> bits;
        }
      } else {
        p = a * b;
      }
      if (x.op == Op::kMad) {
        if ((x.flags & kSat) != 0) {  // mad.hi.sat.s32
          const int64_t r = SExt(p, 32) + SExt(c, 32);
          return static_cast<uint64_t>(r > INT32_MAX ? INT32_MAX : r < INT32_MIN ? INT32_MIN : r) & m;
        }
        const uint64_t r = p + c;
        if ((x.flags & kCc) != 0) *carry = bits == 64 ? r < p : ((p & m) + (c & m)) >> bits != 0;
        return r & m;
      }
      return p & m;
    }
    case Op::kMul24: case Op::kMad24: {
      const int64_t pa = sgn ? SExt(a, 24) : static_cast<int64_t>(a & 0xffffff);
      const int64_t pb = sgn ? SExt(b, 24) : static_cast<int64_t>(b & 0xffffff);
      const uint64_t p = static_cast<uint64_t>(pa * pb);
      const uint64_t r = (x.flags & kHi) != 0 ? (p >> 16) : p;
      return (r + (x.op == Op::kMad24 ? c : 0)) & m;
    }
    case Op::kDiv:
      if ((b & m) == 0) return m;  // docs/semantics.md X4: all ones
      if (sgn) {
        const int64_t sa = SExt(a, bits), sb = SExt(b, bits);
        if (sb == -1) return static_cast<uint64_t>(-static_cast<uint64_t>(sa)) & m;  // MIN / -1 = MIN
        return static_cast<uint64_t>(sa / sb) & m;
      }
      return ((a & m) / (b & m)) & m;
    case Op::kRem:
      if ((b & m) == 0) return a & m;  // X4: the dividend
      if (sgn) {
        const int64_t sa = SExt(a, bits), sb = SExt(b, bits);
        if (sb == -1) return 0;
        return static_cast<uint64_t>(sa % sb) & m;
      }
      return ((a & m) % (b & m)) & m;
    case Op::kAbs: {
      const int64_t sa = SExt(a, bits);
      return (sa < 0 ? static_cast<uint64_t>(-static_cast<uint64_t>(sa)) : static_cast<uint64_t>(sa)) & m;
    }
    case Op::kNeg: return (~a + 1) & m;
    case Op::kMin: case Op::kMax: {
      const bool mx = x.op == Op::kMax;
      auto pick = [&](uint64_t p, uint64_t q) {
        const bool less = sgn ? SExt(p, bits) < SExt(q, bits) : (p & m) < (q & m);
        return (mx ? !less : less) ? p : q;
      };
      uint64_t r = pick(a, b);
      if (x.sub == 3) r = pick(r, c);
      if ((x.flags & kRelu) != 0 && SExt(r, bits) < 0) r = 0;
      return r & m;
    }
    case Op::kPopc: return static_cast<uint64_t>(__builtin_popcountll(a & m));
    case Op::kClz: {
      const uint64_t v = a & m;
      return v == 0 ? static_cast<uint64_t>(bits) : static_cast<uint64_t>(__builtin_clzll(v) - (64 - bits));
    }
    case Op::kBfind: {
      uint64_t v = a & m;
      if (sgn && SExt(a, bits) < 0) v = ~a & m;
      if (v == 0) return 0xffffffffu;
      const int msb = 63 - __builtin_clzll(v);
      return static_cast<uint64_t>((x.flags & kShiftLeft) != 0 ? bits - 1 - msb : msb);
    }
    case Op::kBrev: {
      uint64_t v = a & m, r = 0;
      for (int i = 0; i < bits; ++i) r |= ((v >> i) & 1) << (bits - 1 - i);
      return r;
    }
    case Op::kBfe: {
      const unsigned pos = static_cast<unsigned>(b & 0xff), len = static_cast<unsigned>(c & 0xff);
      const unsigned msb = static_cast<unsigned>(bits - 1);
      uint64_t sbit = 0;
      if (sgn && len > 0) {
        const unsigned top = pos + len - 1 > msb ? msb : pos + len - 1;
        sbit = (a >> top) & 1;
      }
      uint64_t r = 0;
      for (unsigned i = 0; i <= msb; ++i) {
        const uint64_t bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit;
        r |= bit << i;
      }
      return r;
    }
    case Op::kBfi: {
      const unsigned pos = static_cast<unsigned>(c & 0xff), len = static_cast<unsigned>(s[3] & 0xff);
      const unsigned msb = static_cast<unsigned>(bits - 1);
      uint64_t r = b & m;
      for (unsigned i = 0; i < len && pos + i <= msb; ++i) {
        r = (r & ~(1ull << (pos + i))) | (((a >> i) & 1) << (pos + i));
      }
      return r;
    }
    case Op::kBmsk: {
      uint64_t pos = a & 0xffffffffu, width = b & 0xffffffffu;
      if ((x.flags & kClamp) != 0) {
        pos = pos > 32 ? 32 : pos;
        width = width > 32 ? 32 : width;
      } else {
        pos &= 31;
        width &= 31;
      }
      const uint64_t mask = (Mask(static_cast<int>(width)) << pos) & 0xffffffffu;
      return mask;
    }
    case Op::kPrmt: return Prmt(a, b, c, x.sub);
    case Op::kShf: {
      const uint64_t n = (x.flags & kClamp) != 0 ? (c > 32 ? 32 : c) : (c & 31);
      const uint64_t v = ((b & 0xffffffffu) << 32) | (a & 0xffffffffu);
      if ((x.flags & kShiftLeft) != 0) return ((v << n) >> 32) & 0xffffffffu;
      return (v >> n) & 0xffffffffu;
    }
    case Op::kShl: {
      const uint64_t n = b & 0xffffffffu;
      return n >= static_cast<uint64_t>(bits) ? 0 : (a << n) & m;
    }
    case Op::kShr: {
      const uint64_t n = b & 0xffffffffu;
      if (sgn) {
        const int64_t v = SExt(a, bits);
        return static_cast<uint64_t>(n >= static_cast<uint64_t>(bits) ? (v < 0 ? -1 : 0) : v >> n) & m;
      }
      return n >= static_cast<uint64_t>(bits) ? 0 : (a & m) >> n;
    }
    case Op::kAnd: return a & b & m;
    case Op::kOr: return (a | b) & m;
    case Op::kXor: return (a ^ b) & m;
    case Op::kNot: return ~a & m;
    case Op::kCnot: return (a & m) == 0 ? 1 : 0;
    case Op::kLop3: {
      const uint64_t lut = s[3] & 0xff;
      uint64_t r = 0;
      for (int i = 0; i < 8; ++i) {
        if ((lut >> i) & 1) {
          r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
        }
      }
      return r & m;
    }
    case Op::kDp4a: case Op::kDp2a: {
      const bool as = IsSigned(x.type), bs = IsSigned(x.stype);
      int64_t acc = as || bs ? SExt(c, 32) : static_cast<int64_t>(c & 0xffffffffu);
      if (x.op == Op::kDp4a) {
        for (int i = 0; i < 4; ++i) {
          const uint64_t ab = (a >> (8 * i)) & 0xff, bb = (b >> (8 * i)) & 0xff;
          acc += (as ? SExt(ab, 8) : static_cast<int64_t>(ab)) * (bs ? SExt(bb, 8) : static_cast<int64_t>(bb));
        }
      } else {
        const int base = (x.flags & kHi) != 0 ? 2 : 0;
        for (int i = 0; i < 2; ++i) {
          const uint64_t ah = (a >> (16 * i)) & 0xffff, bb = (b >> (8 * (base + i))) & 0xff;
          acc += (as ? SExt(ah, 16) : static_cast<int64_t>(ah)) * (bs ? SExt(bb, 8) : static_cast<int64_t>(bb));
        }
      }
      return static_cast<uint64_t>(acc) & 0xffffffffu;
    }
    case Op::kSad: {
      const uint64_t d = sgn ? (SExt(a, bits) < SExt(b, bits) ? b - a : a - b)
                             : ((a & m) < (b & m) ? (b & m) - (a & m) : (a & m) - (b & m));
      return (c + d) & m;
    }
    case Op::kSzext: {
      uint64_t n = b & 0xffffffffu;
      n = (x.flags & kClamp) != 0 ? (n > 32 ? 32 : n) : (n & 31);
      if (n == 0) return 0;
      return sgn ? static_cast<uint64_t>(SExt(a, static_cast<int>(n))) & m : a & Mask(static_cast<int>(n));
    }
    default: return 0;
  }
}

uint64_t Cvt(const XInst& x, uint64_t a) {
  const DType d = x.type, st = x.stype;
  const bool ftz = (x.flags & kFtz) != 0;
  const bool sat = (x.flags & kSat) != 0;
  if (IsInt(d) && IsInt(st)) {
    const int sb = Bits(st), db = Bits(d);
    const int64_t sv = IsSigned(st) ? SExt(a, sb) : static_cast<int64_t>(a & Mask(sb));
    if (sat) {  // clamp to the destination's range
      const bool neg = IsSigned(st) && sv < 0;
      if (IsSigned(d)) {
        const int64_t hi = db >= 64 ? INT64_MAX : (int64_t{1} << (db - 1)) - 1;
        const int64_t lo = db >= 64 ? INT64_MIN : -(int64_t{1} << (db - 1));
        if (!IsSigned(st) && (a & Mask(sb)) > static_cast<uint64_t>(hi)) return static_cast<uint64_t>(hi) & Mask(db);
        if (IsSigned(st) && sv > hi) return static_cast<uint64_t>(hi) & Mask(db);
        if (sv < lo) return static_cast<uint64_t>(lo) & Mask(db);
        return static_cast<uint64_t>(sv) & Mask(db);
      }
      if (neg) return 0;
      const uint64_t u = IsSigned(st) ? static_cast<uint64_t>(sv) : a & Mask(sb);
      return u > Mask(db) ? Mask(db) : u;
    }
    // Sign- or zero-extend by the source type, then cut to the destination.
    return static_cast<uint64_t>(sv) & Mask(db);
  }
  if (IsFloat(d) && IsInt(st)) {
    const int sb = Bits(st);
    const uint64_t v = IsSigned(st) ? static_cast<uint64_t>(SExt(a, sb)) : a & Mask(sb);
    uint64_t r = fp::FromInt(v, IsSigned(st), FmtOf(d), x.rnd == Rnd::kNone ? Rnd::kRn : x.rnd);
    if (sat) r = fp::Saturate(r, FmtOf(d));
    return r;
  }
  if (IsInt(d) && IsFloat(st)) {
    return fp::ToInt(a, FmtOf(st), x.rnd == Rnd::kNone ? Rnd::kRzi : x.rnd, Bits(d), IsSigned(d), ftz);
  }
  // Float → float.
  const fp::Fmt from = FmtOf(st), to = FmtOf(d);
  uint64_t r;
  if (from == to && (x.rnd == Rnd::kRni || x.rnd == Rnd::kRzi || x.rnd == Rnd::kRmi || x.rnd == Rnd::kRpi)) {
    r = fp::RoundIntegral(a, from, x.rnd, ftz);
  } else {
    r = fp::Convert(a, from, to, x.rnd == Rnd::kNone ? Rnd::kRn : x.rnd, ftz);
  }
  if (sat) r = fp::Saturate(r, to);
  if ((x.flags & kRelu) != 0 && !fp::IsNan(r, to) && (r >> (Bits(d) - 1)) != 0) r = 0;
  return r;
}

bool TestClass(uint8_t cls, uint64_t a, fp::Fmt f) {
  const bool nan = fp::IsNan(a, f);
  const double v = fp::ToDouble(a, f);
  const bool inf = !nan && std::isinf(v);
  const bool sub = fp::IsSubnormal(a, f);
  switch (cls) {
    case 1: return !nan && !inf;          // finite
    case 2: return inf;                   // infinite
    case 3: return !nan;                  // number
    case 4: return nan;                   // notanumber
    case 5: return !nan && !inf && !sub && v != 0;  // normal
    default: return sub;                  // subnormal
  }
}

// vop4/vop2: each element sign- or zero-extended by its operand's type, operated on exactly, then
// clamped to the destination's element range (.sat) or cut to the element, and merged into d; or,
// with .add, summed into c.
uint64_t Video(const XInst& x, uint64_t a, uint64_t b, uint64_t c) {
  const int lanes = x.op == Op::kVideo4 ? 4 : 2;
  const int eb = 32 / lanes;
  const bool dsigned = IsSigned(x.type);
  int64_t sum = static_cast<int64_t>(static_cast<uint32_t>(c));
  if (dsigned) sum = static_cast<int32_t>(c);
  uint64_t out = 0;
  for (int i = 0; i < lanes; ++i) {
    const uint64_t ae = (a >> (eb * i)) & Mask(eb), be = (b >> (eb * i)) & Mask(eb);
    const int64_t va = IsSigned(x.stype) ? SExt(ae, eb) : static_cast<int64_t>(ae);
    const int64_t vb = IsSigned(x.btype) ? SExt(be, eb) : static_cast<int64_t>(be);
    int64_t r = 0;
    switch (x.sub) {
      case 0: r = va + vb; break;
      case 1: r = va - vb; break;
      case 2: r = (va + vb + 1) >> 1; break;  // rounding average
      case 3: r = va > vb ? va - vb : vb - va; break;
      case 4: r = va < vb ? va : vb; break;
      default: r = va > vb ? va : vb; break;
    }
    if ((x.flags & kAccumulate) != 0) {
      sum += r;
      continue;
    }
    if ((x.flags & kSat) != 0) {
      const int64_t lo = dsigned ? -(int64_t{1} << (eb - 1)) : 0;
      const int64_t hi = dsigned ? (int64_t{1} << (eb - 1)) - 1 : (int64_t{1} << eb) - 1;
      r = r < lo ? lo : r > hi ? hi : r;
    }
    out |= (static_cast<uint64_t>(r) & Mask(eb)) << (eb * i);
  }
  if ((x.flags & kAccumulate) != 0) return static_cast<uint64_t>(sum) & 0xffffffffu;
  return out;
}

}  // namespace

bool IsAluOp(Op op) {
  switch (op) {
    case Op::kMov: case Op::kAdd: case Op::kSub: case Op::kMul: case Op::kMad: case Op::kMul24:
    case Op::kMad24: case Op::kDiv: case Op::kRem: case Op::kAbs: case Op::kNeg: case Op::kMin:
    case Op::kMax: case Op::kPopc: case Op::kClz: case Op::kBfind: case Op::kBrev: case Op::kBfe:
    case Op::kBfi: case Op::kBmsk: case Op::kPrmt: case Op::kShf: case Op::kShl: case Op::kShr:
    case Op::kAnd: case Op::kOr: case Op::kXor: case Op::kNot: case Op::kCnot: case Op::kLop3:
    case Op::kDp4a: case Op::kDp2a: case Op::kSad: case Op::kAddc: case Op::kSubc: case Op::kSzext:
    case Op::kFma: case Op::kRcp: case Op::kSqrt: case Op::kRsqrt: case Op::kSin: case Op::kCos:
    case Op::kEx2: case Op::kLg2: case Op::kTanh: case Op::kCopysign: case Op::kTestp: case Op::kCvt:
    case Op::kCvtPack: case Op::kSetp: case Op::kSet: case Op::kSelp: case Op::kSlct:
    case Op::kMovPack: case Op::kMovUnpack: case Op::kVideo4: case Op::kVideo2:
      return true;
    default:
      return false;
  }
}

uint64_t EvalAlu(const XInst& x, const uint64_t* s, bool* carry) {
  switch (x.op) {
    case Op::kMov: return s[0];
    case Op::kMovPack: {
      const int eb = Bits(x.stype);
      uint64_t v = 0;
      for (int i = 0; i < x.ns; ++i) v |= (s[i] & Mask(eb)) << (eb * i);
      return v;
    }
    case Op::kCvt: return Cvt(x, s[0]);
    case Op::kCvtPack: {
      const fp::Fmt to = x.type == DType::kF16x2 ? fp::Fmt::kF16 : fp::Fmt::kBf16;
      const Rnd r = x.rnd == Rnd::kNone ? Rnd::kRn : x.rnd;
      uint64_t hi = fp::Convert(s[0], fp::Fmt::kF32, to, r, false);
      uint64_t lo = fp::Convert(s[1], fp::Fmt::kF32, to, r, false);
      if ((x.flags & kSat) != 0) {
        hi = fp::Saturate(hi, to);
        lo = fp::Saturate(lo, to);
      }
      if ((x.flags & kRelu) != 0) {
        if (!fp::IsNan(hi, to) && (hi & 0x8000)) hi = 0;
        if (!fp::IsNan(lo, to) && (lo & 0x8000)) lo = 0;
      }
      return (hi << 16) | lo;
    }
    case Op::kSetp: case Op::kSet: {
      const bool ftz = (x.flags & kFtz) != 0;
      const bool r = Compare(x.cmp, x.stype, s[0], s[1], ftz);
      const bool c = x.boolop != BoolOp::kNone ? (s[2] & 1) != 0 : false;
      const bool p = Combine(x.boolop, r, c);
      if (x.op == Op::kSetp) {
        const bool q = Combine(x.boolop, !r, c);
        return (p ? 1u : 0u) | (q ? 2u : 0u);
      }
      if (x.type == DType::kF32) return p ? 0x3f800000u : 0;
      return p ? Mask(Bits(x.type)) : 0;
    }
    case Op::kSelp: return (s[2] & 1) != 0 ? s[0] : s[1];
    case Op::kSlct: {
      bool ge;
      if (x.stype == DType::kF32) {
        const uint64_t c = (x.flags & kFtz) != 0 ? fp::FlushInput(s[2], fp::Fmt::kF32) : s[2];
        ge = F32(c) >= 0.0f;
      } else {
        ge = SExt(s[2], 32) >= 0;
      }
      return ge ? s[0] : s[1];
    }
    case Op::kTestp: return TestClass(x.sub, s[0], FmtOf(x.type)) ? 1 : 0;
    case Op::kVideo4: case Op::kVideo2: return Video(x, s[0], s[1], s[2]);
    default: break;
  }
  if (IsFloat(x.type)) {
    if (x.type == DType::kF32 && x.rnd == Rnd::kNone && (x.flags & (kFtz | kSat | kApprox | kFull)) == 0) {
      // The common case natively: binary32 round-to-nearest (the model is built without FMA
      // contraction), canonical NaNs.
      switch (x.op) {
        case Op::kAdd: return CanonF32(F32(s[0]) + F32(s[1]));
        case Op::kSub: return CanonF32(F32(s[0]) - F32(s[1]));
        case Op::kMul: return CanonF32(F32(s[0]) * F32(s[1]));
        default: break;
      }
    }
    if (Packed(x.type)) {
      const fp::Fmt f = FmtOf(x.type);
      uint64_t lo_s[3], hi_s[3];
      for (int i = 0; i < 3; ++i) {
        lo_s[i] = s[i] & 0xffff;
        hi_s[i] = (s[i] >> 16) & 0xffff;
      }
      return FloatOp(x, lo_s, f) | (FloatOp(x, hi_s, f) << 16);
    }
    return FloatOp(x, s, FmtOf(x.type));
  }
  return IntOp(x, s, carry);
}

namespace {

enum Fast : uint8_t {
  kFNone, kFMov, kFAdd, kFSub, kFMulLo, kFMadLo, kFMulWideS, kFMulWideU, kFAnd, kFOr, kFXor,
  kFNot, kFShl, kFShrU, kFShrS, kFSelp, kFSetp, kFAddF32, kFSubF32, kFMulF32, kFFmaF32,
  kFCvtF32U32, kFCvtF32S32, kFCvtZext, kFCvtSext32, kFMinS32, kFMaxS32, kFMinU32, kFMaxU32,
};

template <typename F>
inline void Store(uint64_t* d, uint32_t mask, uint64_t dmask, F f) {
  uint64_t v[32];
  for (int l = 0; l < 32; ++l) v[l] = f(l) & dmask;
  if (mask == ~0u) {
    for (int l = 0; l < 32; ++l) d[l] = v[l];
  } else {
    for (uint32_t m = mask; m != 0; m &= m - 1) {
      const int l = __builtin_ctz(m);
      d[l] = v[l];
    }
  }
}

inline float Fl(uint64_t v) {
  const uint32_t b = static_cast<uint32_t>(v);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline uint64_t Canon(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return f != f ? 0x7fffffffu : b;
}

template <typename C>
inline void SetpRows(const uint64_t* a, const uint64_t* b, uint64_t* d0, uint64_t* d1, uint32_t mask, C cmp) {
  uint64_t p[32];
  for (int l = 0; l < 32; ++l) p[l] = cmp(a[l], b[l]) ? 1 : 0;
  for (uint32_t m = mask; m != 0; m &= m - 1) {
    const int l = __builtin_ctz(m);
    d0[l] = p[l];
    if (d1 != nullptr) d1[l] = p[l] ^ 1;
  }
}

template <typename T>
void SetpTyped(Cmp c, const uint64_t* a, const uint64_t* b, uint64_t* d0, uint64_t* d1, uint32_t mask) {
  auto v = [](uint64_t x) { return static_cast<T>(x); };
  switch (c) {
    case Cmp::kEq: return SetpRows(a, b, d0, d1, mask, [&](uint64_t x, uint64_t y) { return v(x) == v(y); });
    case Cmp::kNe: return SetpRows(a, b, d0, d1, mask, [&](uint64_t x, uint64_t y) { return v(x) != v(y); });
    case Cmp::kLt: case Cmp::kLo: return SetpRows(a, b, d0, d1, mask, [&](uint64_t x, uint64_t y) { return v(x) < v(y); });
    case Cmp::kLe: case Cmp::kLs: return SetpRows(a, b, d0, d1, mask, [&](uint64_t x, uint64_t y) { return v(x) <= v(y); });
    case Cmp::kGt: case Cmp::kHi: return SetpRows(a, b, d0, d1, mask, [&](uint64_t x, uint64_t y) { return v(x) > v(y); });
    default: return SetpRows(a, b, d0, d1, mask, [&](uint64_t x, uint64_t y) { return v(x) >= v(y); });
  }
}

}  // namespace

uint8_t ChooseFast(const XInst& x) {
  const DType t = x.type;
  const int bits = Bits(t);
  const bool int32or64 = IsInt(t) && (bits == 32 || bits == 64);
  const bool plain = x.flags == 0 && x.rnd == Rnd::kNone;
  switch (x.op) {
    case Op::kMov: return t != DType::kPred ? kFMov : kFNone;
    case Op::kAdd: return int32or64 && plain ? kFAdd : (t == DType::kF32 && plain ? kFAddF32 : kFNone);
    case Op::kSub: return int32or64 && plain ? kFSub : (t == DType::kF32 && plain ? kFSubF32 : kFNone);
    case Op::kMul:
      if (t == DType::kF32 && plain) return kFMulF32;
      if (int32or64 && plain) return kFMulLo;
      if (x.flags == kWide && x.rnd == Rnd::kNone && (t == DType::kS64 || t == DType::kU64)) {
        return t == DType::kS64 ? kFMulWideS : kFMulWideU;
      }
      return kFNone;
    case Op::kMad: return int32or64 && plain ? kFMadLo : kFNone;
    case Op::kFma: return t == DType::kF32 && x.flags == 0 && x.rnd == Rnd::kRn ? kFFmaF32 : kFNone;
    case Op::kAnd: return t != DType::kPred ? kFAnd : kFNone;
    case Op::kOr: return t != DType::kPred ? kFOr : kFNone;
    case Op::kXor: return t != DType::kPred ? kFXor : kFNone;
    case Op::kNot: return t != DType::kPred ? kFNot : kFNone;
    case Op::kShl: return bits == 32 || bits == 64 ? kFShl : kFNone;
    case Op::kShr: return bits == 32 || bits == 64 ? (IsSigned(t) ? kFShrS : kFShrU) : kFNone;
    case Op::kSelp: return kFSelp;
    case Op::kMin: case Op::kMax:
      if (!plain || x.sub != 0 || bits != 32 || !IsInt(t)) return kFNone;
      return x.op == Op::kMin ? (IsSigned(t) ? kFMinS32 : kFMinU32) : (IsSigned(t) ? kFMaxS32 : kFMaxU32);
    case Op::kSetp: {
      if (x.boolop != BoolOp::kNone || (x.flags & ~kPredDst) != 0) return kFNone;
      const DType st = x.stype;
      const int sb = Bits(st);
      if (IsInt(st) && (sb == 32 || sb == 64)) return kFSetp;
      if (st == DType::kF32 && static_cast<int>(x.cmp) <= static_cast<int>(Cmp::kGe)) return kFSetp;
      return kFNone;
    }
    case Op::kCvt:
      if (x.flags != 0) return kFNone;
      if (t == DType::kF32 && (x.rnd == Rnd::kRn || x.rnd == Rnd::kNone) && x.stype == DType::kU32) return kFCvtF32U32;
      if (t == DType::kF32 && (x.rnd == Rnd::kRn || x.rnd == Rnd::kNone) && x.stype == DType::kS32) return kFCvtF32S32;
      if ((t == DType::kU64 || t == DType::kS64) && x.stype == DType::kU32) return kFCvtZext;
      if ((t == DType::kU64 || t == DType::kS64) && x.stype == DType::kS32) return kFCvtSext32;
      return kFNone;
    default: return kFNone;
  }
}

void RunFast(const XInst& x, const uint64_t* const* src, uint64_t* d0, uint64_t* d1, uint32_t mask) {
  const int db = Bits(x.type) < x.d[0].bits ? Bits(x.type) : x.d[0].bits;
  const uint64_t dm = Mask(db);
  const uint64_t* a = src[0];
  const uint64_t* b = src[1];
  const uint64_t* c = src[2];
  const int bits = Bits(x.type);
  switch (x.fast) {
    case kFMov: return Store(d0, mask, dm, [&](int l) { return a[l]; });
    case kFAdd: return Store(d0, mask, dm, [&](int l) { return a[l] + b[l]; });
    case kFSub: return Store(d0, mask, dm, [&](int l) { return a[l] - b[l]; });
    case kFMulLo: return Store(d0, mask, dm, [&](int l) { return a[l] * b[l]; });
    case kFMadLo: return Store(d0, mask, dm, [&](int l) { return a[l] * b[l] + c[l]; });
    case kFMulWideS:
      return Store(d0, mask, dm, [&](int l) {
        return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(a[l])) * static_cast<int32_t>(b[l]));
      });
    case kFMulWideU:
      return Store(d0, mask, dm, [&](int l) { return (a[l] & 0xffffffffu) * (b[l] & 0xffffffffu); });
    case kFAnd: return Store(d0, mask, dm, [&](int l) { return a[l] & b[l]; });
    case kFOr: return Store(d0, mask, dm, [&](int l) { return a[l] | b[l]; });
    case kFXor: return Store(d0, mask, dm, [&](int l) { return a[l] ^ b[l]; });
    case kFNot: return Store(d0, mask, dm, [&](int l) { return ~a[l]; });
    case kFShl:
      return Store(d0, mask, dm, [&](int l) {
        const uint64_t n = b[l] & 0xffffffffu;
        return n >= static_cast<uint64_t>(bits) ? 0 : a[l] << n;
      });
    case kFShrU:
      return Store(d0, mask, dm, [&](int l) {
        const uint64_t n = b[l] & 0xffffffffu;
        return n >= static_cast<uint64_t>(bits) ? 0 : (a[l] & dm) >> n;
      });
    case kFShrS:
      return Store(d0, mask, dm, [&](int l) {
        const uint64_t n = b[l] & 0xffffffffu;
        const int64_t v = bits == 32 ? static_cast<int32_t>(a[l]) : static_cast<int64_t>(a[l]);
        return static_cast<uint64_t>(v >> (n >= static_cast<uint64_t>(bits) ? bits - 1 : static_cast<int>(n)));
      });
    case kFSelp: return Store(d0, mask, dm, [&](int l) { return (c[l] & 1) ? a[l] : b[l]; });
    case kFMinS32: return Store(d0, mask, dm, [&](int l) { return static_cast<int32_t>(a[l]) < static_cast<int32_t>(b[l]) ? a[l] : b[l]; });
    case kFMaxS32: return Store(d0, mask, dm, [&](int l) { return static_cast<int32_t>(a[l]) < static_cast<int32_t>(b[l]) ? b[l] : a[l]; });
    case kFMinU32: return Store(d0, mask, dm, [&](int l) { return (a[l] & dm) < (b[l] & dm) ? a[l] : b[l]; });
    case kFMaxU32: return Store(d0, mask, dm, [&](int l) { return (a[l] & dm) < (b[l] & dm) ? b[l] : a[l]; });
    case kFAddF32: return Store(d0, mask, dm, [&](int l) { return Canon(Fl(a[l]) + Fl(b[l])); });
    case kFSubF32: return Store(d0, mask, dm, [&](int l) { return Canon(Fl(a[l]) - Fl(b[l])); });
    case kFMulF32: return Store(d0, mask, dm, [&](int l) { return Canon(Fl(a[l]) * Fl(b[l])); });
    case kFFmaF32: return Store(d0, mask, dm, [&](int l) { return Canon(std::fma(Fl(a[l]), Fl(b[l]), Fl(c[l]))); });
    case kFCvtF32U32: return Store(d0, mask, dm, [&](int l) { return Canon(static_cast<float>(static_cast<uint32_t>(a[l]))); });
    case kFCvtF32S32: return Store(d0, mask, dm, [&](int l) { return Canon(static_cast<float>(static_cast<int32_t>(a[l]))); });
    case kFCvtZext: return Store(d0, mask, dm, [&](int l) { return a[l] & 0xffffffffu; });
    case kFCvtSext32: return Store(d0, mask, dm, [&](int l) { return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(a[l]))); });
    case kFSetp: {
      const DType st = x.stype;
      const int sb = Bits(st);
      if (st == DType::kF32) {
        // Ordered comparisons: false with a NaN operand (the C++ operators on floats agree).
        auto fv = [](uint64_t v) { return Fl(v); };
        switch (x.cmp) {
          case Cmp::kEq: return SetpRows(a, b, d0, d1, mask, [&](uint64_t p, uint64_t q) { return fv(p) == fv(q); });
          case Cmp::kNe: return SetpRows(a, b, d0, d1, mask, [&](uint64_t p, uint64_t q) { return fv(p) < fv(q) || fv(p) > fv(q); });
          case Cmp::kLt: return SetpRows(a, b, d0, d1, mask, [&](uint64_t p, uint64_t q) { return fv(p) < fv(q); });
          case Cmp::kLe: return SetpRows(a, b, d0, d1, mask, [&](uint64_t p, uint64_t q) { return fv(p) <= fv(q); });
          case Cmp::kGt: return SetpRows(a, b, d0, d1, mask, [&](uint64_t p, uint64_t q) { return fv(p) > fv(q); });
          default: return SetpRows(a, b, d0, d1, mask, [&](uint64_t p, uint64_t q) { return fv(p) >= fv(q); });
        }
      }
      const bool sgn = IsSigned(st) && x.cmp != Cmp::kLo && x.cmp != Cmp::kLs && x.cmp != Cmp::kHi && x.cmp != Cmp::kHs;
      if (sb == 32) return sgn ? SetpTyped<int32_t>(x.cmp, a, b, d0, d1, mask) : SetpTyped<uint32_t>(x.cmp, a, b, d0, d1, mask);
      return sgn ? SetpTyped<int64_t>(x.cmp, a, b, d0, d1, mask) : SetpTyped<uint64_t>(x.cmp, a, b, d0, d1, mask);
    }
    default: return;
  }
}

}  // namespace tsu::exec
