// Reduction ALU bench: tsu_red_alu against tsu::Reduce, random and exhaustive over a corner set.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "Vtsu_red_alu.h"
#include "Vtsu_red_alu_tsu_red_alu.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/reduce.h"

namespace tsu::tb {
namespace {

constexpr DataType kTypes[] = {DataType::kU32, DataType::kS32, DataType::kB32, DataType::kU64,
                               DataType::kS64};

struct RedIn {
  RedOp op = RedOp::kAdd;
  DataType type = DataType::kU32;
  uint64_t old = 0, operand = 0;
};

struct RedTraits {
  using Dut = Vtsu_red_alu;
  using In = RedIn;
  struct Out {
    uint64_t result;
  };
  static constexpr const char* kName = "tsu_red_alu";
  static int Latency() { return Vtsu_red_alu_tsu_red_alu::Latency; }
  static void Drive(Dut* d, const In& in) {
    d->op_i = static_cast<uint8_t>(in.op);
    d->type_i = static_cast<uint8_t>(in.type);
    d->old_i = in.old;
    d->operand_i = in.operand;
  }
  static Out Sample(const Dut& d) { return {d.result_o}; }
  static Out Expect(const In& in) { return {Reduce(in.op, in.type, in.old, in.operand)}; }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "result", e.result, g.result);
    return o.str();
  }
  static std::string Describe(const In& in) {
    std::ostringstream o;
    o << Name(in.op) << "." << Name(in.type) << " old 0x" << std::hex << in.old << " operand 0x"
      << in.operand << std::dec;
    return o.str();
  }
};

// Values where wrap-around, sign and width matter.
const std::vector<uint64_t>& Corners() {
  static const std::vector<uint64_t> v = [] {
    std::vector<uint64_t> c = {0, 1, 2, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFE,
                               0xFFFFFFFF, 0x100000000ull, 0x1FFFFFFFFull,
                               0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull,
                               0x8000000000000001ull, 0xFFFFFFFFFFFFFFFEull,
                               0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFF00000000ull,
                               0x00000000FFFFFFFFull, 0x5555555555555555ull,
                               0xAAAAAAAAAAAAAAAAull, 0x0123456789ABCDEFull};
    // High halves that a 32-bit operation must ignore.
    const size_t n = c.size();
    for (size_t i = 0; i < n; ++i) c.push_back(c[i] ^ 0xDEADBEEF00000000ull);
    return c;
  }();
  return v;
}

TEST(RedAlu, RandomAgainstReduce) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(601);
  opt.max_cycles = ScaledCount(600000);
  const auto r = Lockstep<RedTraits>::Run(
      [](uint64_t seed) {
        return CountedSource<RedIn>(seed, ScaledCount(500000), [](Rng& rng, RedIn* in) {
          in->op = static_cast<RedOp>(Uniform(rng, 0, kCount<RedOp> - 1));
          in->type = kTypes[Uniform(rng, 0, 4)];
          const auto& c = Corners();
          auto val = [&] {
            return Chance(rng, 40) ? c[static_cast<size_t>(Uniform(rng, 0, c.size() - 1))] : rng();
          };
          in->old = val();
          in->operand = Chance(rng, 5) ? in->old : val();
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  r.ReportCoverage("tsu_red_alu");
}

// Every op x type x (old, operand) pair from the corner set.
TEST(RedAlu, CornerCrossProduct) {
  std::vector<RedIn> cases;
  for (int op = 0; op < kCount<RedOp>; ++op) {
    for (DataType t : kTypes) {
      for (uint64_t a : Corners()) {
        for (uint64_t b : Corners()) cases.push_back({static_cast<RedOp>(op), t, a, b});
      }
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(602);
  opt.max_cycles = cases.size() * 2 + 100;
  const auto r = Lockstep<RedTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (corner cross product: %zu operations)\n", r.Summary("tsu_red_alu").c_str(),
              cases.size());
}

}  // namespace
}  // namespace tsu::tb
