// IEEE-754 arithmetic for the kernel executor, bit-exact in every PTX rounding mode: binary16,
// bfloat16, binary32 and binary64, with .ftz and PTX's canonical NaNs (docs/semantics.md,
// "Kernel execution"). Results narrower than binary64 are computed in binary64 rounded to odd and
// then rounded once to the target, which equals rounding the exact result directly.
#ifndef TSU_EXEC_FP_H_
#define TSU_EXEC_FP_H_

#include <cstdint>

#include "tsu/exec/types.h"

namespace tsu::exec::fp {

enum class Fmt : uint8_t { kF16, kBf16, kF32, kF64 };

// The canonical NaN of each format (docs/semantics.md X2).
constexpr uint64_t kNanF16 = 0x7fff, kNanBf16 = 0x7fff, kNanF32 = 0x7fffffff,
                   kNanF64 = 0x7fffffffffffffffull;

// A format's value as a double (exact for f16, bf16 and f32).
double ToDouble(uint64_t bits, Fmt f);
// Rounds x (exact, or already rounded to odd at 53 bits) to the format. Rnd::kNone means .rn.
uint64_t FromDouble(double x, Fmt f, Rnd r, bool ftz = false);
bool IsNan(uint64_t bits, Fmt f);
bool IsSubnormal(uint64_t bits, Fmt f);
// .ftz on an input: a subnormal becomes a zero of the same sign.
uint64_t FlushInput(uint64_t bits, Fmt f);

// Binary operations in a format: a+b, a-b, a*b, a/b, and fma(a, b, c).
uint64_t Add(uint64_t a, uint64_t b, Fmt f, Rnd r, bool ftz);
uint64_t Mul(uint64_t a, uint64_t b, Fmt f, Rnd r, bool ftz);
uint64_t Div(uint64_t a, uint64_t b, Fmt f, Rnd r, bool ftz);
uint64_t Fma(uint64_t a, uint64_t b, uint64_t c, Fmt f, Rnd r, bool ftz);
uint64_t Sqrt(uint64_t a, Fmt f, Rnd r, bool ftz);

// Clamps to [0, 1] (.sat): NaN becomes +0.
uint64_t Saturate(uint64_t bits, Fmt f);

// Integer → float, float → integer (PTX: saturating; NaN → 0), float → float.
uint64_t FromInt(uint64_t v, bool is_signed, Fmt f, Rnd r);
uint64_t ToInt(uint64_t bits, Fmt f, Rnd r, int out_bits, bool out_signed, bool ftz);
uint64_t Convert(uint64_t bits, Fmt from, Fmt to, Rnd r, bool ftz);
// cvt.rni/rzi/rmi/rpi between equal float types: round to an integral value.
uint64_t RoundIntegral(uint64_t bits, Fmt f, Rnd r, bool ftz);

}  // namespace tsu::exec::fp

#endif  // TSU_EXEC_FP_H_
