// The delay-line primitive (rtl/prim/tsu_delay.sv) with an input interval above 1, where the
// data waits in ceil(Depth / Interval) slots instead of Depth registers: every input must come
// out unchanged Depth cycles later (golden function: the identity), with the driver's random
// bubbles making gaps longer than the interval too; and in a ring of RAM entries (Ram), where
// inputs may come every cycle. Depth = 1 and Interval = 1 are the plain line, which every block
// bench with a delay inside already checks.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "Vtsu_delay_d2_i4.h"
#include "Vtsu_delay_d2_i4_tsu_delay_bench.h"
#include "Vtsu_delay_d26_ram.h"
#include "Vtsu_delay_d26_ram_tsu_delay_bench.h"
#include "Vtsu_delay_d3_ram.h"
#include "Vtsu_delay_d3_ram_tsu_delay_bench.h"
#include "Vtsu_delay_d5_i2.h"
#include "Vtsu_delay_d5_i2_tsu_delay_bench.h"
#include "Vtsu_delay_d8_i4.h"
#include "Vtsu_delay_d8_i4_tsu_delay_bench.h"
#include "lockstep.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

template <typename DutT, typename Public>
struct DelayTraits {
  using Dut = DutT;
  struct In {
    uint16_t data = 0;
  };
  struct Out {
    uint16_t data = 0;
  };
  static constexpr const char* kName = "tsu_delay";
  static int Latency() { return Public::Latency; }
  static int Interval() { return Public::BenchInterval; }
  static void Drive(Dut* d, const In& a) { d->data_i = a.data; }
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
  CheckDelay<DelayTraits<Vtsu_delay_d8_i4, Vtsu_delay_d8_i4_tsu_delay_bench>>(61);
}
TEST(Delay, FiveStagesAtIntervalTwoInThreeSlots) {
  CheckDelay<DelayTraits<Vtsu_delay_d5_i2, Vtsu_delay_d5_i2_tsu_delay_bench>>(62);
}
TEST(Delay, TwoStagesAtIntervalFourInOneSlot) {
  CheckDelay<DelayTraits<Vtsu_delay_d2_i4, Vtsu_delay_d2_i4_tsu_delay_bench>>(63);
}
TEST(Delay, ThreeStagesInARamRing) {
  CheckDelay<DelayTraits<Vtsu_delay_d3_ram, Vtsu_delay_d3_ram_tsu_delay_bench>>(64);
}
TEST(Delay, TwentySixStagesInARamRing) {
  CheckDelay<DelayTraits<Vtsu_delay_d26_ram, Vtsu_delay_d26_ram_tsu_delay_bench>>(65);
}

}  // namespace
}  // namespace tsu::tb
