// The filter tree (rtl/tex/tsu_tex_filter) against tsu::FilterTaps, sample by sample: random
// rank sets (every one of the 16, in runs so the tree fills, with changes that drain it), tap
// values from the f32 corners (zeros, subnormals, infinities, NaNs, equal neighbours) and
// random, random weights, random input bubbles; at 4 lanes, 2 and 1 (two and four channel groups; a
// sample without an active rank is one beat of four channels at any lane count). Results must come out in
// sample order, bit-exact. The block has a variable latency, so this bench is a scoreboard rather
// than the fixed-latency lock-step harness: a mismatch names the sample, its taps and the cycle,
// and is replayed with FST tracing.
#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <memory>
#include <sstream>
#include <vector>

#include "Vtsu_tex_filter.h"
#include "Vtsu_tex_filter_l1.h"
#include "Vtsu_tex_filter_l2.h"
#include "lockstep.h"
#include "scoreboard.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct FilterSample {
  uint32_t ranks = 0;
  std::vector<FilterTap> taps;
  uint32_t expect[4] = {};
};

FilterSample RandomSample(Rng& rng, uint32_t ranks) {
  FilterSample s;
  s.ranks = ranks;
  const int n = 1 << __builtin_popcount(ranks);
  s.taps.resize(static_cast<size_t>(n));
  for (int k = 0; k < n; ++k) {
    RandomFilterTap(rng, k > 0 ? &s.taps[static_cast<size_t>(k - 1)] : nullptr,
                    &s.taps[static_cast<size_t>(k)]);
  }
  std::vector<FilterTap> work = s.taps;
  FilterTaps(work.data(), ranks, s.expect);
  return s;
}

std::string DescribeSample(const FilterSample& s) {
  std::ostringstream o;
  o << "ranks 0x" << std::hex << s.ranks << "\n";
  for (size_t k = 0; k < s.taps.size(); ++k) {
    const FilterTap& t = s.taps[k];
    o << "    tap " << std::dec << k << ": c " << std::hex << t.c[0] << " " << t.c[1] << " "
      << t.c[2] << " " << t.c[3] << "  w " << t.w[0] << " " << t.w[1] << " " << t.w[2] << " "
      << t.w[3] << "\n";
  }
  return o.str();
}

struct FilterResult {
  bool ok = true;
  uint64_t cycles = 0, samples = 0, beats = 0, fail_cycle = 0;
  std::string report;
  std::vector<std::string> uncovered;
  size_t cover_points = 0;
};

// One run: `count` samples from `seed`. Traces to base.fst from cycle trace_from when base is set.
template <typename Dut, int kLanes>
FilterResult RunFilter(uint64_t seed, uint64_t count, const std::string* base,
                       uint64_t trace_from) {
  constexpr int kGroups = 4 / kLanes;
  FilterResult r;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_filter", base, trace_from);
  std::ostringstream log;
  dut->tap_valid_i = 0;
  dut.Reset();

  Rng rng(seed);
  std::deque<FilterSample> expected;  // samples fed, results not yet seen
  uint64_t fed = 0, next_out = 0, idle = 0;
  uint32_t ranks = 0;
  FilterSample cur;
  size_t beat = 0;  // next beat of cur: tap beat / beats_per_tap, group beat % beats_per_tap
  size_t beats_per_tap = 1;
  bool have = false, presented = false;
  for (uint64_t cycle = 0;; ++cycle) {
    if (!have && fed < count) {
      if (Chance(rng, 25)) ranks = static_cast<uint32_t>(Uniform(rng, 0, 15));  // shape changes
      cur = RandomSample(rng, ranks);
      expected.push_back(cur);
      beat = 0;
      // A filtered tap takes a beat per channel group; an unfiltered one (no active rank) one
      // beat with all four channels.
      beats_per_tap = ranks == 0 ? 1 : kGroups;
      have = true;
      ++fed;
    }
    if (!have && expected.empty()) break;
    // Valid stays up until the beat is taken; otherwise a bubble now and then.
    const bool valid = have && (presented || !Chance(rng, 10));
    if (valid) {
      const FilterTap& t = cur.taps[beat / beats_per_tap];
      const int g = static_cast<int>(beat % beats_per_tap);
      uint32_t w = 0;
      for (int k = 0; k < 4; ++k) w |= (t.w[k] & 0xFF) << (8 * k);
      for (int k = 0; k < 4; ++k) dut->tap_c_i[k] = t.c[k];
      dut->tap_grp_i = static_cast<uint8_t>(g);
      dut->tap_w_i = w;
      dut->tap_ranks_i = static_cast<uint8_t>(cur.ranks);
    }
    dut->tap_valid_i = valid;
    dut->eval();
    presented = valid && !dut->tap_ready_o;
    if (valid && dut->tap_ready_o) {
      ++r.beats;
      if (++beat == cur.taps.size() * beats_per_tap) have = false;
    }
    if (dut->res_valid_o) {
      idle = 0;
      std::ostringstream diff;
      if (expected.empty()) {
        diff << "  a result with no sample left to expect\n";
      } else {
        for (int k = 0; k < 4; ++k) {
          DiffField(diff, ("channel " + std::to_string(k)).c_str(), expected.front().expect[k],
                    static_cast<uint32_t>(dut->res_c_o[k]));
        }
      }
      if (dut.tracing() && cycle >= trace_from) {
        log << "cycle " << cycle << " result of sample #" << next_out
            << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      }
      if (!diff.str().empty() && r.ok) {
        r.ok = false;
        r.fail_cycle = cycle;
        std::ostringstream m;
        m << "tsu_tex_filter (" << kLanes << " lanes): mismatch at cycle " << cycle
          << " on sample #" << next_out << "\n";
        if (!expected.empty()) m << "  sample: " << DescribeSample(expected.front());
        m << diff.str();
        r.report = m.str();
      }
      if (!expected.empty()) expected.pop_front();
      ++next_out;
    } else if (!expected.empty() && ++idle > 2000) {
      r.ok = false;
      r.fail_cycle = cycle;
      r.report = "tsu_tex_filter: no result for 2000 cycles with " +
                 std::to_string(expected.size()) + " samples outstanding (sample #" +
                 std::to_string(next_out) + " next)";
    }
    if (dut.AssertionFailed() && r.ok) {
      r.ok = false;
      r.fail_cycle = cycle;
      r.report = "tsu_tex_filter: an assertion failed at cycle " + std::to_string(cycle) +
                 " (message above)";
    }
    dut.Tick(cycle);
    r.cycles = cycle + 1;
    if (!r.ok) break;
  }
  r.samples = next_out;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, int kLanes>
void CheckFilter(uint64_t default_seed, uint64_t samples) {
  const uint64_t seed = SeedFromEnv(default_seed);
  const uint64_t n = ScaledCount(samples);
  const FilterResult r = RunOrReplay(seed, 200, [&](const std::string* base, uint64_t from) {
    return RunFilter<Dut, kLanes>(seed, n, base, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.samples, n);
  std::printf("[tsu_tex_filter, %d lanes] %llu samples (%llu beats) in %llu cycles, %zu/%zu cover "
              "points hit\n",
              kLanes, static_cast<unsigned long long>(r.samples),
              static_cast<unsigned long long>(r.beats), static_cast<unsigned long long>(r.cycles),
              r.cover_points - r.uncovered.size(), r.cover_points);
  // Points of the shared lerp that the filter cannot reach.
  const std::pair<const char*, const char*> kUnreachable[] = {
      {"c_weight_full", "filter weights are 1.8 positions, 0..255 (256 is the lerp's, not the tree's)"},
      {"u_mul.c_overflow", "(b - a) times a weight below 1 cannot overflow (an infinite b - a is not an overflow of the product)"}};
  for (const std::string& u : r.uncovered) {
    bool excused = false;
    for (const auto& [name, why] : kUnreachable) {
      if (u.find(name) != std::string::npos) {
        std::printf("  unreachable here: %s (%s)\n", u.c_str(), why);
        excused = true;
      }
    }
    if (!excused) ADD_FAILURE() << "cover point never hit: " << u;
  }
}

TEST(TexFilter, FourLanes) { CheckFilter<Vtsu_tex_filter, 4>(921, 200000); }
TEST(TexFilter, TwoLanes) { CheckFilter<Vtsu_tex_filter_l2, 2>(922, 100000); }
TEST(TexFilter, OneLane) { CheckFilter<Vtsu_tex_filter_l1, 1>(923, 100000); }

}  // namespace
}  // namespace tsu::tb
