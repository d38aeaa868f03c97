// Stage bench of the one-tap path's tap generator (rtl/tex/tsu_tex_tap), through a wrapper that
// names its records' fields (tb/rtl/sv/tsu_tex_tap_bench.sv), with passes arriving late and the
// memory issue popping taps at random.
//
// What the stage must do, per pass: one tap per cycle, 1 for nearest and 2, 4 or 8 for linear
// (x fastest), each tap's index per axis the pass's first or second by the tap's bit for that axis,
// a border tap when any of those says so; on a seamless cube a tap off one edge reads the adjacent
// face (tsu::CubeAdjacent), and one off both edges is three texels (its face's, across x, across
// y: codes 1-3), as the model's sampler takes them; then each texel's address (tsu::TexelAddress
// of the texture and level) and, with a residency map, its residency byte and bit
// (tsu::ResidencyBit), with the weights, ranks and last flag the filter needs. A wrong field, a
// lost, extra or reordered tap shows as a mismatch naming the pass, the tap and the cycle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "Vtsu_tex_tap_bench.h"
#include "Vtsu_tex_tap_bench_hx.h"
#include "Vtsu_tex_tap_bench_hx_tsu_tex_tap_bench.h"
#include "Vtsu_tex_tap_bench_tsu_tex_tap_bench.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tex_tap_pass.h"
#include "tsu/geometry.h"
#include "tsu/tex_math.h"
#include "tsu/texture.h"
#include "tsu/texture_words.h"

namespace tsu::tb {
namespace {

struct Tap {
  std::shared_ptr<const Pass> pass;  // outlives the stage's pop of it: taps lag behind
  int k = 0, code = 0;
  bool border = false, bad = false, last = false, res_read = false;
  uint32_t w = 0, ranks = 0, res_bit = 0;
  uint64_t addr = 0, res_addr = 0;
  uint32_t x = 0, y = 0, z = 0, layer = 0;
};

// The taps of one pass, as the model's sampler reads them (model/src/ops/tex.cc, Tap).
void ExpectTaps(const std::shared_ptr<const Pass>& pp, uint64_t mask, bool seamless_on, bool residency_on, std::deque<Tap>* out) {
  const Pass& p = *pp;
  const int ntaps = p.linear ? 1 << p.axes : 1;
  for (int k = 0; k < ntaps; ++k) {
    const int sel = p.linear ? k : 0;
    uint32_t idx[3];
    bool border = false;
    for (int a = 0; a < 3; ++a) {
      const bool s = (sel >> a) & 1;
      idx[a] = s ? p.idx1[a] : p.idx0[a];
      if (a < p.axes) border = border || (s ? p.border1[a] : p.border0[a]);
    }
    // A seamless cube's tap off the face: its index before the clamp, -1 or N.
    const int64_t N = p.n[0];
    bool off[2];
    int64_t t[2];
    for (int a = 0; a < 2; ++a) {
      const bool s = (sel >> a) & 1;
      off[a] = s ? p.out1[a] : p.out0[a];
      const bool hi = s ? p.hi1[a] : p.hi0[a];
      t[a] = off[a] ? (hi ? N : -1) : idx[a];
    }
    struct Texel {
      uint32_t x, y, layer;
    };
    std::vector<Texel> texels;
    if (p.cube) {  // the texels the model's sampler reads for this tap (tsu::CubeTapTexels)
      CubeTexel tx[3];
      const int count = CubeTapTexels(static_cast<int>(p.face), t[0], t[1], p.n[0], seamless_on && p.seamless, tx);
      for (int c = 0; c < count; ++c) {
        texels.push_back({static_cast<uint32_t>(tx[c].i), static_cast<uint32_t>(tx[c].j),
                          p.layer - p.face + static_cast<uint32_t>(tx[c].face)});
      }
    } else {
      texels.push_back({idx[0], idx[1], p.layer});
    }
    for (size_t c = 0; c < texels.size(); ++c) {
      Tap tap;
      tap.pass = pp;
      tap.k = k;
      tap.code = texels.size() == 3 ? static_cast<int>(c) + 1 : 0;
      tap.border = border;
      tap.bad = !p.ok;
      tap.last = p.last_pass && k + 1 == ntaps && c + 1 == texels.size();
      tap.w = (p.two ? p.frac << 24 : 0) | (p.linear ? p.wt : 0);
      tap.ranks = (p.two ? 8u : 0u) | static_cast<uint32_t>(p.linear ? ntaps - 1 : 0);
      tap.x = texels[c].x, tap.y = texels[c].y, tap.z = p.cube ? 0 : idx[2], tap.layer = texels[c].layer;
      if (!border && p.ok) {
        tap.addr = TexelAddress(*p.tex, p.level, tap.layer, tap.x, tap.y, tap.z, p.sample) & mask;
      }
      tap.res_read = residency_on && p.res_map != 0 && !border && p.ok;
      if (tap.res_read) {
        const uint64_t bit = ResidencyBit(p.rix, p.tex->desc, p.level, tap.layer, tap.x, tap.y, tap.z);
        tap.res_bit = static_cast<uint32_t>(bit & 7);
        tap.res_addr = (p.res_map + (bit >> 3)) & mask;
      }
      out->push_back(tap);
    }
  }
}

struct TapOptions {
  uint64_t passes = 20000;
  int pass_stall = 25;  // percent of cycles the next pass has not arrived
  int pop_stall = 30;   // percent of cycles the memory issue takes no tap
  int cube = 30;        // percent of cube textures among the random ones
};

struct TapResult : RunVerdict {
  uint64_t cycles = 0, passes = 0, taps = 0, corners = 0, edges = 0, res = 0, borders = 0;
};

template <typename Dut, typename Root>
TapResult RunTap(uint64_t seed, const TapOptions& opt, const std::string* trace, uint64_t trace_from) {
  constexpr int kAddrW = static_cast<int>(Root::BenchAddrW);
  const bool seamless_on = Root::BenchEnableSeamless != 0, residency_on = Root::BenchEnableResidency != 0;
  const uint64_t mask = (uint64_t{1} << kAddrW) - 1;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_tap", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  TapResult r;
  std::ostringstream log;
  std::deque<std::shared_ptr<const Pass>> passes;  // not yet popped by the stage (front: driven)
  std::deque<Tap> expected;
  uint64_t generated = 0;
  bool arrived = false;  // the front pass is on the stage's input
  d->pass_valid_i = 0;
  d->pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.passes * 60 + 2000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    const auto fail = [&](const std::string& what) {
      r.Fail(cycle, "tsu_tex_tap: cycle " + std::to_string(cycle) + ": " + what);
    };
    if (passes.empty() && generated < opt.passes) {
      passes.push_back(std::make_shared<const Pass>(
          MakePass(rng, generated++, kAddrW, seamless_on, residency_on, opt.cube)));
      ExpectTaps(passes.back(), mask, seamless_on, residency_on, &expected);
      arrived = false;
    }
    if (!passes.empty() && !arrived && !Chance(rng, opt.pass_stall)) arrived = true;
    d->pass_valid_i = arrived;
    if (arrived) DrivePass(d, *passes.front(), mask, /*quad=*/false);
    d->pop_i = 0;
    dut.Eval();
    if (!d->empty_o && !Chance(rng, opt.pop_stall)) {
      if (expected.empty()) {
        fail("a tap with no pass");
        break;
      }
      const Tap& e = expected.front();
      std::ostringstream diff;
      DiffField(diff, "border", e.border, d->border_o != 0);
      DiffField(diff, "bad", e.bad, d->bad_o != 0);
      DiffField(diff, "code", static_cast<uint32_t>(e.code), static_cast<uint32_t>(d->code_o));
      DiffField(diff, "last", e.last, d->last_o != 0);
      DiffField(diff, "w", e.w, static_cast<uint32_t>(d->w_o));
      DiffField(diff, "ranks", e.ranks, static_cast<uint32_t>(d->ranks_o));
      if (!e.border && !e.bad) DiffField(diff, "addr", e.addr, static_cast<uint64_t>(d->addr_o));
      DiffField(diff, "res_read", e.res_read, d->res_read_o != 0);
      if (e.res_read) {
        DiffField(diff, "res_bit", e.res_bit, static_cast<uint32_t>(d->res_bit_o));
        DiffField(diff, "res_addr", e.res_addr, static_cast<uint64_t>(d->res_addr_o));
      }
      const std::string what = e.pass->Describe() + " tap " + std::to_string(e.k) +
                               (e.code ? " texel " + std::to_string(e.code) : "") + " at (" +
                               std::to_string(e.x) + ", " + std::to_string(e.y) + ", " +
                               std::to_string(e.z) + ") layer " + std::to_string(e.layer);
      log << "cycle " << cycle << " " << what << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      if (!diff.str().empty()) {
        fail("mismatch on " + what + "\n" + diff.str());
        break;
      }
      r.corners += e.code == 3;
      r.edges += e.code == 0 && e.pass->seamless && (e.layer != e.pass->layer);
      r.res += e.res_read;
      r.borders += e.border;
      ++r.taps;
      expected.pop_front();
      d->pop_i = 1;
      dut.Eval();
    }
    if (d->pass_pop_o) {
      if (!arrived) {
        fail("popped a pass that was not there");
        break;
      }
      // Every tap of the pass has entered the stage: none of them may still be owed.
      passes.pop_front();
      arrived = false;
      ++r.passes;
    }
    dut.CheckAssertions(cycle, "tsu_tex_tap", &r);
    dut.Tick(cycle);
    if (generated == opt.passes && passes.empty() && expected.empty()) break;
  }
  if (r.ok && (!expected.empty() || !passes.empty())) {
    r.Fail(cycle, "tsu_tex_tap: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(expected.size()) + " taps owed");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckTap(uint64_t default_seed, const TapOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  TapOptions opt = base;
  opt.passes = ScaledCount(opt.passes);
  const TapResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunTap<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.passes, opt.passes);
  std::printf("[tsu_tex_tap%s] %llu passes, %llu taps (%llu seamless corners, %llu across an edge, "
              "%llu residency reads, %llu border) in %llu cycles\n",
              Root::BenchEnableSeamless ? "" : " without seamless cubes or residency",
              static_cast<unsigned long long>(r.passes), static_cast<unsigned long long>(r.taps),
              static_cast<unsigned long long>(r.corners), static_cast<unsigned long long>(r.edges),
              static_cast<unsigned long long>(r.res), static_cast<unsigned long long>(r.borders),
              static_cast<unsigned long long>(r.cycles));
  if (require_cover) {
    for (const std::string& u : r.uncovered) {
      if (u.find(".u_tap.u_") == std::string::npos && u.find(".u_tap.g_") == std::string::npos) {
        ADD_FAILURE() << "cover point never hit: " << u;
      }
    }
  }
}

using Full = Vtsu_tex_tap_bench;
using FullRoot = Vtsu_tex_tap_bench_tsu_tex_tap_bench;
using Hx = Vtsu_tex_tap_bench_hx;
using HxRoot = Vtsu_tex_tap_bench_hx_tsu_tex_tap_bench;

TEST(TexStageTap, RandomPassesAgainstTheModel) { CheckTap<Full, FullRoot>(2901, {}, true); }

TEST(TexStageTap, FullSpeed) {
  TapOptions opt;
  opt.passes = 5000;
  opt.pass_stall = opt.pop_stall = 0;
  CheckTap<Full, FullRoot>(2902, opt, false);
}

// The memory issue slow: Q4 fills and the stage must wait with its pass.
TEST(TexStageTap, SlowConsumer) {
  TapOptions opt;
  opt.passes = 3000;
  opt.pass_stall = 0;
  opt.pop_stall = 85;
  CheckTap<Full, FullRoot>(2903, opt, false);
}

// tex_hx8k's knobs: no seamless cubes, no residency maps, a tap's address over four cycles.
TEST(TexStageTap, SeamlessAndResidencyLeftOut) {
  TapOptions opt;
  opt.passes = 5000;
  CheckTap<Hx, HxRoot>(2904, opt, false);
}

}  // namespace
}  // namespace tsu::tb
