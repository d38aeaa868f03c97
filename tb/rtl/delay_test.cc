// The delay-line primitive (rtl/prim/tsu_delay.sv) with an input interval above 1, where the
// data waits in ceil(Depth / Interval) slots instead of Depth registers: every input must come
// out unchanged Depth cycles later (golden function: the identity), with the driver's random
// bubbles making gaps longer than the interval too; and in a ring of RAM entries (Ram), where
// inputs may come every cycle. Depth = 1 and Interval = 1 are the plain line, which every block
// bench with a delay inside already checks. The variants are instances of one Verilated wrapper
// (tb/rtl/sv/tsu_delay_bench.sv), picked by variant_i; each test names its variant by its
// parameters, and the latency and interval it is checked at are the ones the model reports.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "Vtsu_delay_bench.h"
#include "Vtsu_delay_bench_tsu_delay_bench.h"
#include "bench_variant.h"
#include "lockstep.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

using DelayDut = Vtsu_delay_bench;

// One variant of the wrapper: its index (variant_i) and the latency and interval the model
// reports for it.
struct DelayVariant {
  uint32_t index = UINT32_MAX;
  int latency = 0;
  int interval = 1;
};

// The wrapper's variant with these parameters, read from the model (index UINT32_MAX when the
// wrapper has none).
DelayVariant FindVariant(int depth, int interval, bool ram) {
  const uint32_t v = FindBenchVariant<DelayDut>(
      Vtsu_delay_bench_tsu_delay_bench::BenchVariants, [&](const DelayDut& d) {
        return d.latency_o == depth && d.interval_o == interval && (d.ram_o != 0) == ram;
      });
  if (v == UINT32_MAX) return {};
  return {v, depth, interval};
}

template <int kDepth, int kInterval, bool kRam>
struct DelayTraits {
  using Dut = DelayDut;
  struct In {
    uint16_t data = 0;
  };
  struct Out {
    uint16_t data = 0;
  };
  static constexpr const char* kName = "tsu_delay";
  static const DelayVariant& Variant() {
    static const DelayVariant v = FindVariant(kDepth, kInterval, kRam);
    return v;
  }
  static int Latency() { return Variant().latency; }
  static int Interval() { return Variant().interval; }
  static void Drive(Dut* d, const In& a) {
    d->variant_i = Variant().index;
    d->data_i = a.data;
  }
  static Out Sample(const Dut& d) { return {static_cast<uint16_t>(d.data_o)}; }
  static Out Expect(const In& a) { return {a.data}; }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "data", e.data, g.data);
    return o.str();
  }
  static std::string Describe(const In& a) { return "data " + std::to_string(a.data); }
};

template <typename Traits>
void CheckDelay(uint64_t seed) {
  ASSERT_NE(Traits::Variant().index, UINT32_MAX) << "tb/rtl/sv/tsu_delay_bench.sv has no such variant";
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  const uint64_t count = 20000;
  opt.max_cycles = count * Traits::Interval() * 2 + 200;
  const auto r = Lockstep<Traits>::Run(
      [count](uint64_t s) -> typename Lockstep<Traits>::Source {
        auto rng = std::make_shared<Rng>(s);
        auto left = std::make_shared<uint64_t>(count);
        return [=](typename Traits::In* in) {
          if (*left == 0) return false;
          --*left;
          in->data = static_cast<uint16_t>(Uniform(*rng, 0, 0xffff));
          return true;
        };
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
}

TEST(Delay, EightStagesAtIntervalFourInTwoSlots) {
  CheckDelay<DelayTraits<8, 4, false>>(61);
}
TEST(Delay, FiveStagesAtIntervalTwoInThreeSlots) {
  CheckDelay<DelayTraits<5, 2, false>>(62);
}
TEST(Delay, TwoStagesAtIntervalFourInOneSlot) {
  CheckDelay<DelayTraits<2, 4, false>>(63);
}
TEST(Delay, ThreeStagesInARamRing) {
  CheckDelay<DelayTraits<3, 1, true>>(64);
}
TEST(Delay, TwentySixStagesInARamRing) {
  CheckDelay<DelayTraits<26, 1, true>>(65);
}

}  // namespace
}  // namespace tsu::tb
