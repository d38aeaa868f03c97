// Lock-step checking of one Verilated pipeline block against its golden-model function.
//
// Every cycle drives a new input (or, now and then, a bubble with valid low and stale data) and
// compares the block's outputs with the model's function applied to the input from `Latency`
// cycles earlier. The first mismatch stops the run; the report names the cycle, the input and
// every differing field, prints the seed and the one command that repeats it, and the run is
// replayed deterministically with FST tracing to leave a waveform of the last cycles and a
// transaction log under $TSU_ARTIFACTS.
//
// A block is described by a traits struct:
//   using Dut = Vtsu_block;                // Verilated top with clk_i, rst_ni, valid_i, valid_o
//   struct In; struct Out;
//   static constexpr const char* kName;
//   static int Latency();                  // the block's declared latency
//   static void Drive(Dut*, const In&);    // everything but valid_i
//   static Out Sample(const Dut&);
//   static Out Expect(const In&);          // the golden model
//   static std::string Diff(const Out& expected, const Out& got);  // "" when equal
//   static std::string Describe(const In&);
//   static int Interval();                 // optional: the initiation interval (II), 1 if absent;
//                                          // the driver leaves II - 1 bubbles after each input
//   static bool Valid(const Dut&);         // optional: the output valid checked, valid_o if
//                                          // absent (a block with an early tap of its pipeline)
#ifndef TSU_TB_COMMON_LOCKSTEP_H_
#define TSU_TB_COMMON_LOCKSTEP_H_

#include <verilated.h>
#include <verilated_fst_c.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "rng.h"
#include "sim_run.h"

namespace tsu::tb {

// The block's initiation interval: T::Interval() when the traits declare one, else 1.
template <typename T, typename = void>
struct IntervalOf {
  static int Get() { return 1; }
};
template <typename T>
struct IntervalOf<T, std::void_t<decltype(T::Interval())>> {
  static int Get() { return T::Interval(); }
};

// The output valid that Latency refers to: T::Valid(dut) when the traits declare one, else
// dut.valid_o.
template <typename T, typename = void>
struct ValidOf {
  static bool Get(const typename T::Dut& d) { return d.valid_o; }
};
template <typename T>
struct ValidOf<T, std::void_t<decltype(T::Valid(std::declval<const typename T::Dut&>()))>> {
  static bool Get(const typename T::Dut& d) { return T::Valid(d); }
};

// Appends "  name: expected 0x.., got 0x..\n" when the two differ (for Traits::Diff).
template <typename V>
void DiffField(std::ostringstream& o, const char* name, V expected, V got) {
  if (expected != got) {
    o << "  " << name << ": expected 0x" << std::hex << static_cast<uint64_t>(expected)
      << ", got 0x" << static_cast<uint64_t>(got) << std::dec << "\n";
  }
}

// n scaled by $TSU_BENCH_SCALE percent (default 100; at least 1000): random runs shrink under
// the sanitizers; exhaustive sweeps never do.
uint64_t ScaledCount(uint64_t n);

// The run's seed: $TSU_SEED if set, else the test's default.
uint64_t SeedFromEnv(uint64_t default_seed);
// "TSU_SEED=<seed> <this binary> --gtest_filter=<current test>".
std::string ReproCommand(uint64_t seed);
// Where failure artefacts go ($TSU_ARTIFACTS, default ./artifacts); created on demand.
std::string ArtifactDir();
// A file-name-safe name for the current gtest ("Suite.Test").
std::string CurrentTestName();

// Cover points of a context: writes the coverage file and returns the names of points with a
// zero count ("hier: label").
std::vector<std::string> UncoveredPoints(VerilatedContext* ctx, const std::string& dat_path,
                                         size_t* total_points);

// Input sources for Lockstep::Run: every element of a vector in order (the vector must
// outlive the run), or `count` inputs drawn by gen(rng, &in) from a generator seeded with seed.
template <typename In>
std::function<bool(In*)> VectorSource(const std::vector<In>* cases) {
  auto i = std::make_shared<size_t>(0);
  return [cases, i](In* in) {
    if (*i >= cases->size()) return false;
    *in = (*cases)[(*i)++];
    return true;
  };
}

template <typename In, typename Gen>
std::function<bool(In*)> CountedSource(uint64_t seed, uint64_t count, Gen gen) {
  auto rng = std::make_shared<Rng>(seed);
  auto left = std::make_shared<uint64_t>(count);
  return [rng, left, gen](In* in) {
    if (*left == 0) return false;
    --*left;
    gen(*rng, in);
    return true;
  };
}

struct LockstepOptions {
  uint64_t seed = 1;
  uint64_t max_cycles = 100000;  // stop after this many cycles even if inputs remain
  int bubble_percent = 10;       // cycles driven with valid low
  int window = 64;               // cycles of waveform and log kept on failure
  bool replay_on_failure = true; // re-run with FST tracing to leave a waveform
  // Test hook: corrupts the expectation of input number n (proves a mismatch is caught).
  std::function<void(uint64_t n, void* out)> corrupt;
};

struct LockstepResult {
  bool ok = true;
  uint64_t cycles = 0;   // clock cycles simulated (after reset)
  uint64_t checked = 0;  // valid outputs compared
  uint64_t fail_cycle = 0;
  std::string report;
  std::vector<std::string> uncovered;  // cover points not hit (filled on success)
  size_t cover_points = 0;
  std::string Summary(const char* block) const;
  // Prints Summary and fails the current test for every cover point never hit.
  void ReportCoverage(const char* block) const;
  // The same, except cover points that cannot be reached in this block's context (a shared unit
  // used where some of its cases cannot occur): each names a point by a substring and says why.
  void ReportCoverage(const char* block,
                      const std::vector<std::pair<std::string, std::string>>& unreachable) const;
};

template <typename T>
class Lockstep {
 public:
  using In = typename T::In;
  using Out = typename T::Out;
  // Yields the next input; returns false when the sequence is exhausted.
  using Source = std::function<bool(In*)>;
  // Makes the source for a seed (called again, identically, to replay a failure).
  using SourceFactory = std::function<Source(uint64_t seed)>;

  static LockstepResult Run(const SourceFactory& factory, const LockstepOptions& opt) {
    LockstepResult r = RunOnce(factory, opt, /*trace_from=*/UINT64_MAX, nullptr);
    if (!r.ok) {
      std::ostringstream rep;
      rep << r.report << "\n  seed " << opt.seed << "; repeat with: " << ReproCommand(opt.seed);
      if (opt.replay_on_failure) {
        const std::string base = ArtifactDir() + "/" + CurrentTestName();
        const uint64_t from = ReplayFrom(r.fail_cycle, static_cast<uint64_t>(opt.window));
        std::string log_path = base + ".log";
        RunOnce(factory, opt, from, &base);
        rep << "\n  waveform (cycles " << from << ".." << r.fail_cycle << "): " << base
            << ".fst\n  transaction log: " << log_path;
      }
      r.report = rep.str();
    }
    return r;
  }

 private:
  struct Pending {
    bool valid;
    uint64_t n;      // input number
    uint64_t cycle;  // cycle it was driven
    In in;
    Out expected;
  };

  static LockstepResult RunOnce(const SourceFactory& factory, const LockstepOptions& opt,
                                uint64_t trace_from, const std::string* artefact_base) {
    LockstepResult r;
    const bool tracing = artefact_base != nullptr;
    SimRun<typename T::Dut> dut(opt.seed, T::kName, artefact_base, trace_from);
    std::ostringstream log;
    dut->valid_i = 0;
    dut.Reset();

    Source src = factory(opt.seed);
    Rng bubble_rng(opt.seed ^ 0xB0BB1E5ull);
    std::deque<Pending> pipe;
    const size_t latency = static_cast<size_t>(T::Latency());
    In cur{};
    bool have = false, exhausted = false;
    uint64_t n = 0;
    size_t in_flight = 0;  // valid inputs not yet compared
    const int interval = IntervalOf<T>::Get();
    int hold = 0;  // bubbles still owed to the initiation interval
    for (uint64_t cycle = 0; cycle < opt.max_cycles; ++cycle) {
      bool valid = false;
      if (hold > 0) {
        --hold;
      } else if (!exhausted && static_cast<int>(bubble_rng() % 100) >= opt.bubble_percent) {
        if (src(&cur)) {
          have = true;
          valid = true;
        } else {
          exhausted = true;
        }
      }
      if (exhausted && in_flight == 0) break;
      if (have) T::Drive(dut.get(), cur);  // a bubble keeps the previous input's data
      dut->valid_i = valid;
      dut.Eval();
      Pending p{valid, valid ? n : 0, cycle, cur, Out{}};
      if (valid) {
        hold = interval - 1;
        p.expected = T::Expect(cur);
        if (opt.corrupt) opt.corrupt(n, &p.expected);
        ++n;
      }
      pipe.push_back(p);
      if (valid) ++in_flight;
      if (pipe.size() > latency) {
        const Pending& e = pipe.front();
        std::string diff;
        if (ValidOf<T>::Get(dut.dut()) != e.valid) {
          diff = std::string("  valid_o: expected ") + (e.valid ? "1" : "0") + ", got " +
                 (e.valid ? "0" : "1") + "\n";
        } else if (e.valid) {
          ++r.checked;
          diff = T::Diff(e.expected, T::Sample(dut.dut()));
        }
        if (tracing && cycle >= trace_from && e.valid) {
          log << "cycle " << cycle << " input #" << e.n << " (driven at cycle " << e.cycle
              << "): " << T::Describe(e.in) << (diff.empty() ? "  ok" : "  MISMATCH") << "\n";
        }
        if (!diff.empty() && r.ok) {
          r.ok = false;
          r.fail_cycle = cycle;
          std::ostringstream m;
          m << T::kName << ": mismatch at cycle " << cycle << " on input #" << e.n
            << " (driven at cycle " << e.cycle << ", latency " << latency << ")\n  input: "
            << T::Describe(e.in) << "\n" << diff;
          r.report = m.str();
        }
        if (e.valid) --in_flight;
        pipe.pop_front();
      }
      if (dut.AssertionFailed() && r.ok) {
        r.ok = false;
        r.fail_cycle = cycle;
        r.report = std::string(T::kName) + ": an assertion failed at cycle " +
                   std::to_string(cycle) + " (message above)";
      }
      dut.Tick(cycle);
      r.cycles = cycle + 1;
      if (!r.ok) break;
    }
    dut.CloseTrace(log.str());
    if (r.ok && !tracing) {
      r.uncovered = UncoveredPoints(dut.context(),
                                    ArtifactDir() + "/" + CurrentTestName() + ".cov.dat",
                                    &r.cover_points);
    }
    return r;
  }
};

}  // namespace tsu::tb

#endif  // TSU_TB_COMMON_LOCKSTEP_H_
