// Stage bench of the quad path's generator (rtl/tex/tsu_tex_quad_gen), through a wrapper that
// names its records' fields (tb/rtl/sv/tsu_tex_quad_gen_bench.sv), with passes arriving late and
// the quad issue popping slices at random.
//
// What the stage must do, per pass: one slice per cycle (point: one tap; 1-D linear: two; 2-D
// linear: four; 3-D linear: z, then z + 1), lane j the j-th tap of the slice (x fastest), each
// lane's indices and border as the pass gives them; on a seamless cube a lane off one edge reads
// the adjacent face (tsu::CubeAdjacent), a lane off both (a corner) reads nothing, and a point tap
// at a corner becomes its footprint (lane 0 the corner, lane 1 across y, lane 2 across x, lane 3
// its own texel: the three texels whose mean the model's sampler takes); each reading lane's
// address (tsu::TexelAddress of the texture and level) and bank ({y, x-line} parity of its texel),
// with the weights, ranks and last flag. A wrong field, a lost, extra or reordered slice shows as a
// mismatch naming the pass, the slice, the lane and the cycle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <sstream>
#include <string>

#include "Vtsu_tex_quad_gen_bench.h"
#include "Vtsu_tex_quad_gen_bench_ns.h"
#include "Vtsu_tex_quad_gen_bench_ns_tsu_tex_quad_gen_bench.h"
#include "Vtsu_tex_quad_gen_bench_tsu_tex_quad_gen_bench.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "tex_tap_pass.h"
#include "tsu/tex_math.h"
#include "tsu/texture.h"

namespace tsu::tb {
namespace {

struct Slice {
  std::shared_ptr<const Pass> pass;
  int s = 0;
  uint32_t active = 0, corner = 0, border = 0, banks = 0, w = 0, ranks = 0;
  bool bad = false, last = false;
  uint64_t addr[4] = {};
  bool reads[4] = {};  // the lane reads its texel (active, not a corner, not a border tap, usable level)
};

void ExpectSlices(const std::shared_ptr<const Pass>& pp, uint64_t mask, bool seamless_on, uint32_t line_bytes,
                  std::deque<Slice>* out) {
  const Pass& p = *pp;
  const int ntaps = !p.linear ? 1 : p.axes == 1 ? 2 : 4;
  const int slices = p.linear && p.axes == 3 ? 2 : 1;
  const bool pcorner = seamless_on && !p.linear && p.seamless && p.out0[0] && p.out0[1];
  const int64_t N = p.n[0];
  int off_log2 = 0;
  while ((1u << off_log2) < line_bytes) ++off_log2;
  for (int s = 0; s < slices; ++s) {
    Slice e;
    e.pass = pp;
    e.s = s;
    e.bad = !p.ok;
    e.last = s + 1 == slices && p.last_pass;
    e.w = (p.two ? p.frac << 24 : 0) | (p.linear ? p.wt : 0);
    e.ranks = (p.two ? 8u : 0u) | static_cast<uint32_t>(!p.linear ? 0 : p.axes == 1 ? 1 : p.axes == 2 ? 3 : 7);
    const uint32_t z = p.linear && s ? p.idx1[2] : p.idx0[2];
    for (int j = 0; j < 4; ++j) {
      const bool bx = p.linear && (j & 1), by = p.linear && (j & 2);
      const bool active = j < ntaps || pcorner;
      uint32_t x = bx ? p.idx1[0] : p.idx0[0], y = by ? p.idx1[1] : p.idx0[1];
      bool border = false;
      if (p.axes >= 1) border = border || (bx ? p.border1[0] : p.border0[0]);
      if (p.axes >= 2) border = border || (by ? p.border1[1] : p.border0[1]);
      if (p.axes >= 3) border = border || (p.linear && s ? p.border1[2] : p.border0[2]);
      uint32_t layer = p.layer;
      bool corner = false;
      if (p.cube && active) {
        // The texels the model's sampler reads for this lane's tap (tsu::CubeTapTexels), from its
        // index before the clamp (-1 or N off the face). A point tap at a corner spreads its
        // three texels over lanes 3 (its face's), 2 (across x) and 1 (across y); lane 0 is it.
        const bool ox = bx ? p.out1[0] : p.out0[0], oy = by ? p.out1[1] : p.out0[1];
        const bool hx = bx ? p.hi1[0] : p.hi0[0], hy = by ? p.hi1[1] : p.hi0[1];
        const int64_t ti = ox ? (hx ? N : -1) : x, tj = oy ? (hy ? N : -1) : y;
        CubeTexel tx[3];
        const int count = CubeTapTexels(static_cast<int>(p.face), ti, tj, p.n[0], seamless_on && p.seamless, tx);
        const int pick = pcorner ? (j == 3 ? 0 : j == 2 ? 1 : 2) : 0;
        corner = count == 3 && (pcorner ? j == 0 : true);
        x = static_cast<uint32_t>(tx[pick].i), y = static_cast<uint32_t>(tx[pick].j);
        layer = p.layer - p.face + static_cast<uint32_t>(tx[pick].face);
      }
      if (active) e.active |= 1u << j;
      if (corner) e.corner |= 1u << j;
      if (active && border) e.border |= 1u << j;
      if (active && !corner) {
        const uint32_t xbyte = (((x << p.samples_log2) | p.sample) << p.texel_log2) & 0xFFFFF;
        e.banks |= (((y & 1) << 1) | ((xbyte >> off_log2) & 1)) << (2 * j);
        e.reads[j] = !border && p.ok;
        if (e.reads[j]) e.addr[j] = TexelAddress(*p.tex, p.level, layer, x, y, z, p.sample) & mask;
      }
    }
    out->push_back(e);
  }
}

struct QuadGenOptions {
  uint64_t passes = 20000;
  int pass_stall = 25;
  int pop_stall = 30;
  int cube = 40;
};

struct QuadGenResult : RunVerdict {
  uint64_t cycles = 0, passes = 0, slices = 0, corners = 0, point_corners = 0;
};

template <typename Dut, typename Root>
QuadGenResult RunQuadGen(uint64_t seed, const QuadGenOptions& opt, const std::string* trace, uint64_t trace_from) {
  constexpr int kAddrW = static_cast<int>(Root::BenchAddrW);
  const bool seamless_on = Root::BenchEnableSeamless != 0;
  const uint32_t line_bytes = Root::BenchLineBytes;
  const uint64_t mask = (uint64_t{1} << kAddrW) - 1;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_quad_gen", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  QuadGenResult r;
  std::ostringstream log;
  std::deque<std::shared_ptr<const Pass>> passes;
  std::deque<Slice> expected;
  uint64_t generated = 0;
  bool arrived = false;
  d->pass_valid_i = 0;
  d->pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.passes * 40 + 2000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    const auto fail = [&](const std::string& what) {
      r.Fail(cycle, "tsu_tex_quad_gen: cycle " + std::to_string(cycle) + ": " + what);
    };
    if (passes.empty() && generated < opt.passes) {
      // The quad path takes no texture with a residency map (tsu_tex_setup's routing).
      passes.push_back(std::make_shared<const Pass>(
          MakePass(rng, generated++, kAddrW, seamless_on, /*residency_on=*/false, opt.cube)));
      ExpectSlices(passes.back(), mask, seamless_on, line_bytes, &expected);
      arrived = false;
    }
    if (!passes.empty() && !arrived && !Chance(rng, opt.pass_stall)) arrived = true;
    d->pass_valid_i = arrived;
    if (arrived) DrivePass(d, *passes.front(), mask, /*quad=*/true);
    d->pop_i = 0;
    dut.Eval();
    if (!d->empty_o && !Chance(rng, opt.pop_stall)) {
      if (expected.empty()) {
        fail("a slice with no pass");
        break;
      }
      const Slice& e = expected.front();
      std::ostringstream diff;
      DiffField(diff, "active", e.active, static_cast<uint32_t>(d->active_o));
      DiffField(diff, "corner", e.corner, static_cast<uint32_t>(d->corner_o));
      DiffField(diff, "border", e.border, static_cast<uint32_t>(d->border_o) & e.active);
      DiffField(diff, "bad", e.bad, d->bad_o != 0);
      DiffField(diff, "last", e.last, d->last_o != 0);
      DiffField(diff, "w", e.w, static_cast<uint32_t>(d->w_o));
      DiffField(diff, "ranks", e.ranks, static_cast<uint32_t>(d->ranks_o));
      const uint64_t got[4] = {d->addr0_o, d->addr1_o, d->addr2_o, d->addr3_o};
      for (int j = 0; j < 4; ++j) {
        const std::string lane = "[" + std::to_string(j) + "]";
        if ((e.active >> j & 1) && !(e.corner >> j & 1)) {
          DiffField(diff, ("bank" + lane).c_str(), (e.banks >> (2 * j)) & 3u,
                    (static_cast<uint32_t>(d->banks_o) >> (2 * j)) & 3u);
        }
        if (e.reads[j]) DiffField(diff, ("addr" + lane).c_str(), e.addr[j], got[j]);
      }
      const std::string what = e.pass->Describe() + " slice " + std::to_string(e.s);
      log << "cycle " << cycle << " " << what << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      if (!diff.str().empty()) {
        fail("mismatch on " + what + "\n" + diff.str());
        break;
      }
      r.corners += e.corner != 0;
      r.point_corners += e.corner != 0 && !e.pass->linear;
      ++r.slices;
      expected.pop_front();
      d->pop_i = 1;
      dut.Eval();
    }
    if (d->pass_pop_o) {
      if (!arrived) {
        fail("popped a pass that was not there");
        break;
      }
      passes.pop_front();
      arrived = false;
      ++r.passes;
    }
    dut.CheckAssertions(cycle, "tsu_tex_quad_gen", &r);
    dut.Tick(cycle);
    if (generated == opt.passes && passes.empty() && expected.empty()) break;
  }
  if (r.ok && (!expected.empty() || !passes.empty())) {
    r.Fail(cycle, "tsu_tex_quad_gen: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(expected.size()) + " slices owed");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckQuadGen(uint64_t default_seed, const QuadGenOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  QuadGenOptions opt = base;
  opt.passes = ScaledCount(opt.passes);
  const QuadGenResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunQuadGen<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.passes, opt.passes);
  std::printf("[tsu_tex_quad_gen%s] %llu passes, %llu slices (%llu with a seamless corner, %llu of them "
              "point taps) in %llu cycles\n",
              Root::BenchEnableSeamless ? "" : " without seamless cubes", static_cast<unsigned long long>(r.passes),
              static_cast<unsigned long long>(r.slices), static_cast<unsigned long long>(r.corners),
              static_cast<unsigned long long>(r.point_corners), static_cast<unsigned long long>(r.cycles));
  if (require_cover) {
    for (const std::string& u : r.uncovered) {
      if (u.find(".u_quad_gen.g_") == std::string::npos) ADD_FAILURE() << "cover point never hit: " << u;
    }
  }
}

using Full = Vtsu_tex_quad_gen_bench;
using FullRoot = Vtsu_tex_quad_gen_bench_tsu_tex_quad_gen_bench;
using NoSeam = Vtsu_tex_quad_gen_bench_ns;
using NoSeamRoot = Vtsu_tex_quad_gen_bench_ns_tsu_tex_quad_gen_bench;

TEST(TexStageQuadGen, RandomPassesAgainstTheModel) { CheckQuadGen<Full, FullRoot>(3001, {}, true); }

TEST(TexStageQuadGen, FullSpeed) {
  QuadGenOptions opt;
  opt.passes = 5000;
  opt.pass_stall = opt.pop_stall = 0;
  CheckQuadGen<Full, FullRoot>(3002, opt, false);
}

TEST(TexStageQuadGen, SlowConsumer) {
  QuadGenOptions opt;
  opt.passes = 3000;
  opt.pass_stall = 0;
  opt.pop_stall = 85;
  CheckQuadGen<Full, FullRoot>(3003, opt, false);
}

TEST(TexStageQuadGen, SeamlessLeftOut) {
  QuadGenOptions opt;
  opt.passes = 5000;
  CheckQuadGen<NoSeam, NoSeamRoot>(3004, opt, false);
}

}  // namespace
}  // namespace tsu::tb
