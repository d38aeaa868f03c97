// The testbench's random source: one generator type for every bench and the co-simulation.
//
// PCG64 (Debian's pcg-cpp, O'Neill's permuted congruential generator): a 128-bit state and one
// multiply per draw, where std::mt19937_64 spent about 20 instructions a draw refilling its
// 312-word table; the regression draws a few million numbers a run. Bounded draws use Lemire's
// multiply-and-reject rather than std::uniform_int_distribution, so a seed gives the same stream
// with every standard library (libstdc++'s distribution is its own, not the standard's).
#ifndef TSU_TB_STIM_RNG_H_
#define TSU_TB_STIM_RNG_H_

#include <pcg_random.hpp>

#include <cstdint>

namespace tsu::tb {

using Rng = pcg64;

// A uniform draw in [0, n), n > 0, without bias: the high word of draw * n, redrawn only when the
// low word falls in the 2^64 mod n values that would favour some results (Lemire 2019, "Fast
// random integer generation in an interval"; the division runs only on such a near-miss).
// (__extension__: the 128-bit product is a GCC and Clang extension, which -Wpedantic would name.)
__extension__ using Wide = unsigned __int128;
inline uint64_t Below(Rng& rng, uint64_t n) {
  Wide m = static_cast<Wide>(rng()) * n;
  auto low = static_cast<uint64_t>(m);
  if (low < n) {
    const uint64_t reject = (0 - n) % n;
    while (low < reject) {
      m = static_cast<Wide>(rng()) * n;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

}  // namespace tsu::tb

#endif  // TSU_TB_STIM_RNG_H_
