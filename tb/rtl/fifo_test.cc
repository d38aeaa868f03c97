// FIFO bench: rtl/prim/tsu_fifo (every queue of the unit) in both storages (flops; block RAM
// with its registered read and push bypass) at depths 1 to 6, and block RAM without the bypass
// (Bypass = 0) at depths 1 to 8, against a reference queue (std::deque), every output every
// cycle: data_o (while not empty), empty_o, full_o, count_o. The variants are instances of one
// Verilated wrapper (tb/rtl/sv/tsu_fifo_bench.sv), picked by variant_i; each test names its
// variant by its parameters and finds it in the model, which reports them. Without the bypass the reference
// hides an entry for the cycle after it was pushed when it is the only one (docs in tsu_fifo.sv).
// Random push/pop in phases that fill, drain and hold the queue at each level, with pushes into a
// full queue that pops in the same cycle (legal) and into the slot being read (the RAM bypass).
// A mismatch names the cycle and the outputs, prints the command that repeats it, and replays the
// run with tracing into $TSU_ARTIFACTS/<test>.fst beside a log of the last cycles.
#include <gtest/gtest.h>

#include <deque>
#include <random>
#include <sstream>
#include <string>

#include "Vtsu_fifo_bench.h"
#include "Vtsu_fifo_bench_tsu_fifo_bench.h"
#include "bench_variant.h"
#include "lockstep.h"
#include "sim_run.h"

namespace tsu::tb {
namespace {

struct FifoRun {
  bool ok = true;
  uint64_t fail_cycle = 0;
  std::string report;
  uint64_t pushes = 0, full_pushes = 0, bypass_pushes = 0, hidden_cycles = 0;
};

using Dut = Vtsu_fifo_bench;
using Root = Vtsu_fifo_bench_tsu_fifo_bench;

// One variant of the wrapper: its index (variant_i) and the parameters the model reports for it.
struct FifoVariant {
  uint32_t index = 0;
  uint32_t depth = 0;
  bool ram = false;
  bool bypass = true;
};

// The wrapper's variant with these parameters, read from the model; fails the test when the
// wrapper has none.
FifoVariant FindVariant(uint32_t depth, bool ram, bool bypass) {
  const uint32_t v = FindBenchVariant<Dut>(Root::BenchVariants, [&](const Dut& d) {
    return d.depth_o == depth && (d.ram_o != 0) == ram && (d.bypass_o != 0) == bypass;
  });
  if (v == UINT32_MAX) {
    ADD_FAILURE() << "tb/rtl/sv/tsu_fifo_bench.sv has no variant Depth " << depth << " Ram " << ram
                  << " Bypass " << bypass;
  }
  return {v, depth, ram, bypass};
}

// One run of `cycles` cycles from `seed` on variant `var`; traced from trace_from into trace_base
// when given.
// corrupt_from: from that cycle on, the first time the queue holds an entry, the reference's head
// is flipped (a test that the comparison can fail).
FifoRun RunFifo(const FifoVariant& var, uint64_t seed, uint64_t cycles, const std::string* trace_base, uint64_t trace_from,
                std::string* log_out, uint64_t corrupt_from = UINT64_MAX,
                bool reference_assumes_bypass = false) {
  const uint32_t kDepth = var.depth;
  constexpr uint32_t kMask = Root::BenchWidth >= 32 ? 0xFFFFFFFFu : (1u << Root::BenchWidth) - 1;
  FifoRun r;
  SimRun<Dut> dut(seed, "tsu_fifo", trace_base, trace_from);
  std::mt19937_64 rng(seed);
  std::deque<uint32_t> ref;
  std::deque<std::string> log;
  dut->variant_i = var.index;
  dut->push_i = 0;
  dut->pop_i = 0;
  dut->data_i = 0;
  dut.Reset();
  int push_pct = 50, pop_pct = 50;
  // Bypass = 0: the only entry, pushed on the last edge, is not shown yet.
  const bool late = var.ram && !var.bypass && !reference_assumes_bypass;
  bool fresh = false;
  for (uint64_t c = 0; c < cycles && r.ok; ++c) {
    if (c % 64 == 0) {  // a new phase: fill, drain, or hold at some level
      static constexpr int kPhases[][2] = {{90, 10}, {10, 90}, {50, 50}, {100, 100}, {70, 70}, {30, 30}};
      const auto& p = kPhases[rng() % 6];
      push_pct = p[0];
      pop_pct = p[1];
    }
    const bool shown = !ref.empty() && !(late && ref.size() == 1 && fresh);
    r.hidden_cycles += !ref.empty() && !shown;
    const bool pop = shown && static_cast<int>(rng() % 100) < pop_pct;
    const bool push = (ref.size() < kDepth || pop) && static_cast<int>(rng() % 100) < push_pct;
    const uint32_t data = static_cast<uint32_t>(rng()) & kMask;
    dut->push_i = push;
    dut->pop_i = pop;
    dut->data_i = data;
    dut.Eval();
    if (c >= corrupt_from && !ref.empty()) {
      ref.front() ^= 1;
      corrupt_from = UINT64_MAX;
    }
    std::ostringstream diff;
    DiffField(diff, "empty_o", !shown, dut->empty_o != 0);
    DiffField(diff, "full_o", ref.size() == kDepth, dut->full_o != 0);
    DiffField(diff, "count_o", static_cast<uint32_t>(ref.size()), static_cast<uint32_t>(dut->count_o));
    if (shown) DiffField(diff, "data_o", ref.front(), static_cast<uint32_t>(dut->data_o));
    std::ostringstream line;
    line << "cycle " << c << ": count " << ref.size() << (push ? ", push 0x" : "") << std::hex;
    if (push) line << data;
    line << std::dec << (pop ? ", pop" : "");
    log.push_back(line.str());
    if (log.size() > 64) log.pop_front();
    if (!diff.str().empty()) {
      r.ok = false;
      r.fail_cycle = c;
      r.report = "tsu_fifo (Depth " + std::to_string(kDepth) + ", Ram " + std::to_string(var.ram) +
                 ", Bypass " + std::to_string(var.bypass) + ") mismatch at cycle " +
                 std::to_string(c) + " (" + line.str() + "):\n" + diff.str();
      break;
    }
    if (dut.AssertionFailed()) {
      r.ok = false;
      r.fail_cycle = c;
      r.report = "an RTL assertion failed at cycle " + std::to_string(c);
      break;
    }
    r.pushes += push;
    r.full_pushes += push && ref.size() == kDepth;
    // Written into the slot the head reads next: into an empty queue, or behind a last entry
    // that pops in the same cycle (the RAM storage's bypass).
    r.bypass_pushes += push && (pop ? ref.size() == 1 : ref.empty());
    if (pop) ref.pop_front();
    if (push) ref.push_back(data);
    fresh = push;
    dut.Tick(c);
  }
  if (log_out != nullptr) {
    for (const std::string& l : log) *log_out += l + "\n";
  }
  return r;
}

void CheckFifo(uint32_t depth, bool ram, bool bypass, uint64_t default_seed) {
  const FifoVariant var = FindVariant(depth, ram, bypass);
  ASSERT_NE(var.index, UINT32_MAX);
  const uint64_t seed = SeedFromEnv(default_seed);
  const uint64_t cycles = ScaledCount(200000);
  FifoRun r = RunFifo(var, seed, cycles, nullptr, 0, nullptr);
  if (!r.ok) {
    const std::string base = ArtifactDir() + "/" + CurrentTestName();
    std::string log;
    RunFifo(var, seed, r.fail_cycle + 1, &base, ReplayFrom(r.fail_cycle, 64), &log);
    FAIL() << r.report << "  seed " << seed << "; repeat with: " << ReproCommand(seed)
           << "\n  waveform: " << base << ".fst\n  last cycles:\n" << log;
  }
  // Without the bypass a 1-entry queue takes a push at most every other cycle.
  const bool late_one = var.ram && !var.bypass && var.depth == 1;
  EXPECT_GT(r.pushes, late_one ? cycles / 8 : cycles / 4);
  EXPECT_GT(r.full_pushes, 100u) << "pushes into a full queue that pops in the same cycle";
  EXPECT_GT(r.bypass_pushes, 100u) << "pushes into the slot read next";
  if (var.ram && !var.bypass) {
    EXPECT_GT(r.hidden_cycles, 100u) << "cycles with the only entry not shown yet";
  }
  std::printf("tsu_fifo Depth %u Ram %u Bypass %u: %llu cycles, %llu pushes (%llu into a full queue, %llu into "
              "the slot read next), 0 mismatches\n",
              var.depth, static_cast<unsigned>(var.ram), static_cast<unsigned>(var.bypass),
              static_cast<unsigned long long>(cycles),
              static_cast<unsigned long long>(r.pushes), static_cast<unsigned long long>(r.full_pushes),
              static_cast<unsigned long long>(r.bypass_pushes));
}

TEST(Fifo, Depth1Flops) { CheckFifo(1, /*ram=*/false, /*bypass=*/true, 901); }
TEST(Fifo, Depth1Ram) { CheckFifo(1, /*ram=*/true, /*bypass=*/true, 902); }
TEST(Fifo, Depth2Flops) { CheckFifo(2, /*ram=*/false, /*bypass=*/true, 903); }
TEST(Fifo, Depth2Ram) { CheckFifo(2, /*ram=*/true, /*bypass=*/true, 904); }
TEST(Fifo, Depth3Flops) { CheckFifo(3, /*ram=*/false, /*bypass=*/true, 905); }
TEST(Fifo, Depth3Ram) { CheckFifo(3, /*ram=*/true, /*bypass=*/true, 906); }
TEST(Fifo, Depth4Flops) { CheckFifo(4, /*ram=*/false, /*bypass=*/true, 907); }
TEST(Fifo, Depth4Ram) { CheckFifo(4, /*ram=*/true, /*bypass=*/true, 908); }
TEST(Fifo, Depth6Flops) { CheckFifo(6, /*ram=*/false, /*bypass=*/true, 909); }
TEST(Fifo, Depth6Ram) { CheckFifo(6, /*ram=*/true, /*bypass=*/true, 910); }
TEST(Fifo, Depth1RamNoBypass) { CheckFifo(1, /*ram=*/true, /*bypass=*/false, 912); }
TEST(Fifo, Depth2RamNoBypass) { CheckFifo(2, /*ram=*/true, /*bypass=*/false, 913); }
TEST(Fifo, Depth4RamNoBypass) { CheckFifo(4, /*ram=*/true, /*bypass=*/false, 914); }
TEST(Fifo, Depth8RamNoBypass) { CheckFifo(8, /*ram=*/true, /*bypass=*/false, 915); }

// Without the bypass, a reference that shows a pushed entry at once (the bypass's timing) is
// caught as an empty_o mismatch: the hidden cycle is checked, not assumed.
TEST(Fifo, NoBypassHidesTheFreshEntry) {
  const FifoVariant var = FindVariant(2, /*ram=*/true, /*bypass=*/false);
  ASSERT_NE(var.index, UINT32_MAX);
  const FifoRun r =
      RunFifo(var, 916, 5000, nullptr, 0, nullptr, UINT64_MAX, /*reference_assumes_bypass=*/true);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.report.find("empty_o"), std::string::npos) << r.report;
}

// A wrong reference head is reported as a data_o mismatch at that cycle.
TEST(Fifo, CorruptedReferenceIsCaught) {
  const FifoVariant var = FindVariant(3, /*ram=*/true, /*bypass=*/true);
  ASSERT_NE(var.index, UINT32_MAX);
  const FifoRun r = RunFifo(var, 911, 5000, nullptr, 0, nullptr, 1000);
  EXPECT_FALSE(r.ok);
  EXPECT_GE(r.fail_cycle, 1000u);
  EXPECT_NE(r.report.find("data_o"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb
