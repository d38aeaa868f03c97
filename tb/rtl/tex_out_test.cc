// Result conversion (rtl/tex/tsu_tex_out) against tsu::ConvertResult, every cycle: every
// destination type over float results (every exponent with edge significands, the saturation
// boundaries, NaN) and integer results of signed and unsigned formats (every bit length); a
// texel a cycle (Lanes 4) and a component a cycle (Lanes 1, II 4, the default unit's).
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "Vtsu_tex_out.h"
#include "Vtsu_tex_out_l1.h"
#include "Vtsu_tex_out_l1_tsu_tex_out.h"
#include "Vtsu_tex_out_tsu_tex_out.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

constexpr DataType kTypes[] = {DataType::kF32, DataType::kF16, DataType::kF16x2, DataType::kS32,
                               DataType::kU32};

struct OutIn {
  uint32_t c[4] = {};
  bool float_result = true, sint = false;
  DataType type = DataType::kF32;
};

// Lanes 1 reads the inputs for four cycles: the driver holds them through the interval's bubbles.
template <typename DutT, typename Public>
struct OutTraitsOf {
  using Dut = DutT;
  using In = OutIn;
  struct Out {
    uint32_t d[4];
    uint32_t count;
  };
  static constexpr const char* kName = "tsu_tex_out";
  static int Latency() { return Public::Latency; }
  static int Interval() { return Public::Interval; }
  static void Drive(Dut* d, const In& in) {
    for (int k = 0; k < 4; ++k) d->c_i[k] = in.c[k];
    d->float_result_i = in.float_result;
    d->sint_i = in.sint;
    d->type_i = static_cast<uint8_t>(in.type);
  }
  static Out Sample(const Dut& d) {
    Out o{};
    for (int k = 0; k < 4; ++k) o.d[k] = d.data_o[k];
    o.count = d.count_o;
    if (o.count == 2) o.d[2] = o.d[3] = 0;  // elements past count are not results
    return o;
  }
  static Out Expect(const In& in) {
    Out o{};
    int n = 0;
    ConvertResult(in.c, in.float_result, in.sint, in.type, o.d, &n);
    o.count = static_cast<uint32_t>(n);
    return o;
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    const char* names[] = {"data[0]", "data[1]", "data[2]", "data[3]"};
    for (int k = 0; k < 4; ++k) DiffField(o, names[k], e.d[k], g.d[k]);
    DiffField(o, "count", e.count, g.count);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s %s to .%s: 0x%08x 0x%08x 0x%08x 0x%08x",
                  in.float_result ? "float" : "integer", in.sint ? "signed" : "unsigned",
                  std::string(Name(in.type)).c_str(), in.c[0], in.c[1], in.c[2], in.c[3]);
    return buf;
  }
};

uint32_t Component(Rng& rng, bool float_result) {
  if (!float_result) {  // every bit length, and the sign boundary
    const int bits = static_cast<int>(Uniform(rng, 0, 32));
    uint32_t v = bits == 0 ? 0 : static_cast<uint32_t>(rng()) >> (32 - bits);
    if (bits > 0) v |= 1u << (bits - 1);
    return Chance(rng, 10) ? 0x80000000u ^ static_cast<uint32_t>(Uniform(rng, 0, 1)) : v;
  }
  const uint32_t edges[] = {0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000,
                            0x7F800001, 0x4F000000, 0xCF000000, 0x4EFFFFFF, 0xCF000001,
                            0x4F800000, 0x4F7FFFFF, 0x3F7FFFFF, 0xBF7FFFFF, 0x477FF000,
                            0x477FF001, 0x38800000, 0x33800000};
  if (Chance(rng, 25)) return edges[Uniform(rng, 0, 17)];
  const uint32_t e = static_cast<uint32_t>(Uniform(rng, 0, 255));
  const uint32_t m = Chance(rng, 30) ? (Chance(rng, 50) ? 0 : 0x7FFFFF)
                                     : static_cast<uint32_t>(rng()) & 0x7FFFFF;
  return (static_cast<uint32_t>(Uniform(rng, 0, 1)) << 31) | (e << 23) | m;
}

using OutTraits = OutTraitsOf<Vtsu_tex_out, Vtsu_tex_out_tsu_tex_out>;
using OutTraitsL1 = OutTraitsOf<Vtsu_tex_out_l1, Vtsu_tex_out_l1_tsu_tex_out>;

template <typename Traits>
void CheckTypes(uint64_t base_seed, uint64_t count) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(base_seed);
  const uint64_t n = ScaledCount(count);
  opt.max_cycles = n * 2 * Traits::Interval() + 100;
  const auto r = Lockstep<Traits>::Run(
      [n](uint64_t seed) {
        return CountedSource<OutIn>(seed, n, [](Rng& rng, OutIn* in) {
          in->float_result = Chance(rng, 60);
          in->sint = Chance(rng, 50);
          in->type = kTypes[Uniform(rng, 0, 4)];
          for (uint32_t& c : in->c) c = Component(rng, in->float_result);
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  r.ReportCoverage("tsu_tex_out");
}

TEST(TexOut, EveryTypeOverFloatAndIntegerResults) { CheckTypes<OutTraits>(1101, 500000); }
TEST(TexOut, OneComponentACycle) { CheckTypes<OutTraitsL1>(1102, 200000); }

}  // namespace
}  // namespace tsu::tb
