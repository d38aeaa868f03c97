// Bit-exact IEEE-754 arithmetic (tsu/exec/fp.h). Compiled with -frounding-math: the binary64
// operations here run under a rounding mode set with fesetround.
#include "tsu/exec/fp.h"

#include <cfenv>
#include <cmath>
#include <cstring>

namespace tsu::exec::fp {
namespace {

struct Layout {
  int precision;  // significand bits, hidden bit included
  int emin;       // exponent of the smallest normal
  int emax;
  int bits;
};

constexpr Layout LayoutOf(Fmt f) {
  switch (f) {
    case Fmt::kF16: return {11, -14, 15, 16};
    case Fmt::kBf16: return {8, -126, 127, 16};
    case Fmt::kF32: return {24, -126, 127, 32};
    default: return {53, -1022, 1023, 64};
  }
}

uint64_t DoubleBits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}
double BitsDouble(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

uint64_t Nan(Fmt f) {
  switch (f) {
    case Fmt::kF16: return kNanF16;
    case Fmt::kBf16: return kNanBf16;
    case Fmt::kF32: return kNanF32;
    default: return kNanF64;
  }
}

int FeMode(Rnd r) {
  switch (r) {
    case Rnd::kRz: case Rnd::kRzi: return FE_TOWARDZERO;
    case Rnd::kRm: case Rnd::kRmi: return FE_DOWNWARD;
    case Rnd::kRp: case Rnd::kRpi: return FE_UPWARD;
    default: return FE_TONEAREST;
  }
}

// Runs op under a rounding mode; restores the default.
template <typename F>
double Under(int mode, F op) {
  std::fesetround(mode);
  volatile double r = op();
  std::fesetround(FE_TONEAREST);
  return r;
}

// op's exact result rounded to odd at 53 bits: toward zero, then the last bit set if inexact.
template <typename F>
double RoundOdd(F op) {
  std::fesetround(FE_TOWARDZERO);
  std::feclearexcept(FE_INEXACT);
  volatile double r = op();
  const bool inexact = std::fetestexcept(FE_INEXACT) != 0;
  std::fesetround(FE_TONEAREST);
  double out = r;
  if (inexact && std::isfinite(out)) out = BitsDouble(DoubleBits(out) | 1);
  return out;
}

}  // namespace

double ToDouble(uint64_t bits, Fmt f) {
  switch (f) {
    case Fmt::kF64: return BitsDouble(bits);
    case Fmt::kF32: {
      const uint32_t b = static_cast<uint32_t>(bits);
      float x;
      std::memcpy(&x, &b, 4);
      return x;
    }
    case Fmt::kBf16: {
      const uint32_t b = static_cast<uint32_t>(bits & 0xffff) << 16;
      float x;
      std::memcpy(&x, &b, 4);
      return x;
    }
    case Fmt::kF16: {
      const uint32_t h = static_cast<uint32_t>(bits & 0xffff);
      const bool neg = (h >> 15) != 0;
      const int e = static_cast<int>((h >> 10) & 0x1f);
      const uint32_t m = h & 0x3ff;
      double v;
      if (e == 0x1f) {
        v = m != 0 ? std::nan("") : INFINITY;
      } else if (e == 0) {
        v = std::ldexp(static_cast<double>(m), -24);
      } else {
        v = std::ldexp(static_cast<double>(m | 0x400), e - 25);
      }
      return neg ? -v : v;
    }
  }
  return 0;
}

bool IsNan(uint64_t bits, Fmt f) {
  const Layout l = LayoutOf(f);
  const int ebits = l.bits - l.precision;
  const uint64_t exp = (bits >> (l.precision - 1)) & Mask(ebits);
  const uint64_t man = bits & Mask(l.precision - 1);
  return exp == Mask(ebits) && man != 0;
}

bool IsSubnormal(uint64_t bits, Fmt f) {
  const Layout l = LayoutOf(f);
  const int ebits = l.bits - l.precision;
  const uint64_t exp = (bits >> (l.precision - 1)) & Mask(ebits);
  const uint64_t man = bits & Mask(l.precision - 1);
  return exp == 0 && man != 0;
}

uint64_t FlushInput(uint64_t bits, Fmt f) {
  if (!IsSubnormal(bits, f)) return bits;
  return bits & (1ull << (LayoutOf(f).bits - 1));
}

uint64_t FromDouble(double x, Fmt f, Rnd r, bool ftz) {
  const Layout l = LayoutOf(f);
  const uint64_t sign = std::signbit(x) ? 1ull << (l.bits - 1) : 0;
  if (std::isnan(x)) return Nan(f);
  const uint64_t inf = Mask(l.bits - l.precision) << (l.precision - 1);
  if (std::isinf(x)) return sign | inf;
  if (x == 0) return sign;
  if (f == Fmt::kF64) {
    if (ftz && std::fabs(x) < 0x1p-1022) return sign;
    return DoubleBits(x);
  }
  const uint64_t db = DoubleBits(x);
  int e = static_cast<int>((db >> 52) & 0x7ff);
  uint64_t m = db & Mask(52);
  if (e == 0) {  // a binary64 subnormal: far below every narrower format's range
    e = -1074 + 52;  // value = m * 2^-1074; normalized below
    while ((m & (1ull << 52)) == 0) {
      m <<= 1;
      --e;
    }
  } else {
    m |= 1ull << 52;
    e -= 1023;
  }
  // x = m * 2^(e - 52), m in [2^52, 2^53).
  const int q = (e > l.emin ? e : l.emin) - (l.precision - 1);  // the result's quantum exponent
  const int shift = q - (e - 52);
  uint64_t kept, rem, half;
  bool sticky_only = false;
  if (shift >= 64) {
    kept = 0;
    rem = 1;  // nonzero, below half
    half = 2;
    sticky_only = true;
  } else {
    kept = m >> shift;
    rem = m & Mask(shift);
    half = shift == 0 ? 0 : 1ull << (shift - 1);
  }
  const bool neg = sign != 0;
  bool up = false;
  if (rem != 0) {
    switch (r) {
      case Rnd::kRz: break;
      case Rnd::kRm: up = neg; break;
      case Rnd::kRp: up = !neg; break;
      case Rnd::kRna: up = !sticky_only && rem >= half; break;
      default: up = !sticky_only && (rem > half || (rem == half && (kept & 1) != 0)); break;
    }
  }
  kept += up ? 1 : 0;
  int qe = q;
  if (kept >> l.precision) {  // carried into a new binade
    kept >>= 1;
    ++qe;
  }
  const uint64_t max_finite = inf - 1;
  if (kept != 0 && qe + l.precision - 1 > l.emax) {  // overflow
    switch (r) {
      case Rnd::kRz: return sign | max_finite;
      case Rnd::kRm: return neg ? sign | inf : max_finite;
      case Rnd::kRp: return neg ? sign | max_finite : inf;
      default: return sign | inf;
    }
  }
  if (kept < (1ull << (l.precision - 1))) {  // subnormal (or zero)
    if (ftz) return sign;
    return sign | kept;
  }
  const uint64_t field = static_cast<uint64_t>(qe + l.precision - 1 + (1 << (l.bits - l.precision - 1)) - 1);
  return sign | (field << (l.precision - 1)) | (kept & Mask(l.precision - 1));
}

namespace {

// An operation on the formats' values: binary64 natively (under the rounding mode), narrower ones
// through round-to-odd.
template <typename F>
uint64_t Compute(Fmt f, Rnd r, bool ftz, F op) {
  if (f == Fmt::kF64) {
    const double v = (r == Rnd::kNone || r == Rnd::kRn) ? op() : Under(FeMode(r), op);
    return FromDouble(v, f, Rnd::kRn, ftz);
  }
  return FromDouble(RoundOdd(op), f, r, ftz);
}

double In(uint64_t bits, Fmt f, bool ftz) { return ToDouble(ftz ? FlushInput(bits, f) : bits, f); }

}  // namespace

namespace {

// binary32 round-to-nearest without .ftz: the host's IEEE binary32 operations are exactly that.
bool NativeF32(Fmt f, Rnd r, bool ftz) { return f == Fmt::kF32 && (r == Rnd::kNone || r == Rnd::kRn) && !ftz; }
float F(uint64_t bits) {
  const uint32_t b = static_cast<uint32_t>(bits);
  float v;
  std::memcpy(&v, &b, 4);
  return v;
}
uint64_t Bits32(float v) {
  if (std::isnan(v)) return kNanF32;
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

}  // namespace

uint64_t Add(uint64_t a, uint64_t b, Fmt f, Rnd r, bool ftz) {
  if (NativeF32(f, r, ftz)) return Bits32(F(a) + F(b));
  const double x = In(a, f, ftz), y = In(b, f, ftz);
  return Compute(f, r, ftz, [&] { return x + y; });
}

uint64_t Mul(uint64_t a, uint64_t b, Fmt f, Rnd r, bool ftz) {
  if (NativeF32(f, r, ftz)) return Bits32(F(a) * F(b));
  const double x = In(a, f, ftz), y = In(b, f, ftz);
  return Compute(f, r, ftz, [&] { return x * y; });
}

uint64_t Div(uint64_t a, uint64_t b, Fmt f, Rnd r, bool ftz) {
  if (NativeF32(f, r, ftz)) return Bits32(F(a) / F(b));
  const double x = In(a, f, ftz), y = In(b, f, ftz);
  return Compute(f, r, ftz, [&] { return x / y; });
}

uint64_t Fma(uint64_t a, uint64_t b, uint64_t c, Fmt f, Rnd r, bool ftz) {
  if (NativeF32(f, r, ftz)) return Bits32(std::fma(F(a), F(b), F(c)));
  const double x = In(a, f, ftz), y = In(b, f, ftz), z = In(c, f, ftz);
  return Compute(f, r, ftz, [&] { return std::fma(x, y, z); });
}

uint64_t Sqrt(uint64_t a, Fmt f, Rnd r, bool ftz) {
  if (NativeF32(f, r, ftz)) return Bits32(std::sqrt(F(a)));
  const double x = In(a, f, ftz);
  return Compute(f, r, ftz, [&] { return std::sqrt(x); });
}

uint64_t Saturate(uint64_t bits, Fmt f) {
  if (IsNan(bits, f)) return 0;
  const double v = ToDouble(bits, f);
  if (v <= 0) return 0;  // -0 too
  if (v >= 1) return FromDouble(1.0, f, Rnd::kRn);
  return bits;
}

uint64_t FromInt(uint64_t v, bool is_signed, Fmt f, Rnd r) {
  const long double exact = is_signed ? static_cast<long double>(static_cast<int64_t>(v))
                                      : static_cast<long double>(v);  // 64-bit significand: exact
  if (f == Fmt::kF64) {
    std::fesetround(FeMode(r));
    volatile double d = static_cast<double>(exact);
    std::fesetround(FE_TONEAREST);
    return DoubleBits(d);
  }
  return FromDouble(RoundOdd([&] { return static_cast<double>(exact); }), f, r);
}

uint64_t ToInt(uint64_t bits, Fmt f, Rnd r, int out_bits, bool out_signed, bool ftz) {
  if (IsNan(bits, f)) return 0;
  double v = In(bits, f, ftz);
  switch (r) {
    case Rnd::kRmi: case Rnd::kRm: v = std::floor(v); break;
    case Rnd::kRpi: case Rnd::kRp: v = std::ceil(v); break;
    case Rnd::kRni: case Rnd::kRn: v = std::nearbyint(v); break;  // ties to even
    default: v = std::trunc(v); break;
  }
  if (out_signed) {
    const double lo = -std::ldexp(1.0, out_bits - 1);
    const double hi = std::ldexp(1.0, out_bits - 1);  // exclusive
    int64_t i;
    if (v < lo) {
      i = out_bits == 64 ? INT64_MIN : static_cast<int64_t>(lo);
    } else if (v >= hi) {
      i = out_bits == 64 ? INT64_MAX : static_cast<int64_t>(hi) - 1;
    } else {
      i = static_cast<int64_t>(v);
    }
    return static_cast<uint64_t>(i) & Mask(out_bits);
  }
  if (v <= 0) return 0;
  if (v >= std::ldexp(1.0, out_bits)) return Mask(out_bits);
  return static_cast<uint64_t>(v);
}

uint64_t Convert(uint64_t bits, Fmt from, Fmt to, Rnd r, bool ftz) {
  if (IsNan(bits, from)) return Nan(to);
  return FromDouble(In(bits, from, ftz), to, r, ftz);
}

uint64_t RoundIntegral(uint64_t bits, Fmt f, Rnd r, bool ftz) {
  if (IsNan(bits, f)) return Nan(f);
  double v = In(bits, f, ftz);
  switch (r) {
    case Rnd::kRmi: v = std::floor(v); break;
    case Rnd::kRpi: v = std::ceil(v); break;
    case Rnd::kRzi: v = std::trunc(v); break;
    default: v = std::nearbyint(v); break;
  }
  return FromDouble(v, f, Rnd::kRn, ftz);
}

}  // namespace tsu::exec::fp
