// Stage bench of the level-of-detail path (rtl/tex/tsu_tex_lod_path), through a wrapper that names
// its records' fields (tb/rtl/sv/tsu_tex_lod_path_bench.sv), with face selection's early outputs
// driven as tsu_tex_cube_path gives them (CubeAxisLat cycles after a cube request's acceptance).
//
// What the stage must do, per request and in request order: its lambda (0 for plain tex and
// .base; tsu::F32ToLod of the operand for .level; for .grad tsu::LodFromRho2 of tsu::GradRho2, or
// of tsu::CubeGradRho2 on a cube, from the face the cube path found), biased and clamped
// (tsu::BiasAndClampLod, not for plain tex and .base), then the levels (tsu::SelectLevels): the
// first level (an integer-coordinate request without .grad: its own level), the second and the
// weight when a linear mip filter blends two (never for integer coordinates, nor without
// EnableMipLinear), and whether the level's filter is linear. It must hold the entry (hold_o) for
// the cycles its shared gradient arithmetic needs, and keep order across its three paths (short,
// the gradients', the cube gradients'). A wrong field, a lost, extra or reordered request shows
// as a mismatch naming the request, the field and the cycle.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <limits>
#include <random>
#include <sstream>
#include <string>

#include "Vtsu_tex_lod_path_bench.h"
#include "Vtsu_tex_lod_path_bench_ab.h"
#include "Vtsu_tex_lod_path_bench_ab_tsu_tex_lod_path_bench.h"
#include "Vtsu_tex_lod_path_bench_g2.h"
#include "Vtsu_tex_lod_path_bench_g2_tsu_tex_lod_path_bench.h"
#include "Vtsu_tex_lod_path_bench_g6.h"
#include "Vtsu_tex_lod_path_bench_sh.h"
#include "Vtsu_tex_lod_path_bench_sh4.h"
#include "Vtsu_tex_lod_path_bench_sh4_tsu_tex_lod_path_bench.h"
#include "Vtsu_tex_lod_path_bench_sh6.h"
#include "Vtsu_tex_lod_path_bench_sh6_tsu_tex_lod_path_bench.h"
#include "Vtsu_tex_lod_path_bench_sh_tsu_tex_lod_path_bench.h"
#include "Vtsu_tex_lod_path_bench_g6_tsu_tex_lod_path_bench.h"
#include "Vtsu_tex_lod_path_bench_tsu_tex_lod_path_bench.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct LodReq {
  uint64_t index = 0;
  TexMode mode = TexMode::kNone;
  bool grad = false, cube = false, s32 = false, grad_level = false, float_res = true;
  bool lin_min = false, lin_mag = false;
  uint32_t lod = 0;
  int32_t bias = 0, min_lod = 0, max_lod = 0;
  MipFilter mip = MipFilter::kNone;
  uint32_t levels = 1, level_s32 = 0;
  uint64_t table = 0;
  uint32_t dpdx[3] = {}, dpdy[3] = {};
  int axes = 2;
  bool scale = false;
  uint32_t size[3] = {1, 1, 1};
  CubeFace face;
  // What the stage must give.
  int32_t lambda = 0;
  uint32_t hi = 0, lo = 0, frac = 0;
  bool two = false, linear = false;

  std::string Describe() const {
    std::ostringstream o;
    o << "request #" << index << " (" << (mode == TexMode::kNone ? "plain" : Name(mode))
      << (cube ? ", cube" : "") << (s32 ? ", integer coordinates" : "") << ", mip " << Name(mip)
      << ", " << levels << " levels, lambda " << lambda << std::hex << ", lod 0x" << lod
      << ", bias 0x" << (bias & 0xFFFF) << ", min 0x" << (min_lod & 0xFFFF) << ", max 0x"
      << (max_lod & 0xFFFF);
    if (grad) {
      o << ", dPdx 0x" << dpdx[0] << " 0x" << dpdx[1] << " 0x" << dpdx[2] << ", dPdy 0x" << dpdy[0]
        << " 0x" << dpdy[1] << " 0x" << dpdy[2] << std::dec << ", " << axes << " axes, size "
        << size[0] << "x" << size[1] << "x" << size[2] << (scale ? ", scaled" : "");
    }
    o << std::dec << ")";
    return o.str();
  }
};

// The model's answer (docs/semantics.md T5, T6).
void Expect(LodReq* q, bool mip_linear) {
  int32_t lambda = 0;
  if (q->mode == TexMode::kLevel) {
    lambda = BiasAndClampLod(F32ToLod(AsFloat(q->lod)), q->bias, q->min_lod, q->max_lod);
  } else if (q->mode == TexMode::kGrad) {
    const uint32_t rho2 = q->cube ? CubeGradRho2(q->face.face, AsBits(q->face.sc), AsBits(q->face.tc),
                                                 AsBits(q->face.ma), q->dpdx, q->dpdy, q->size[0])
                                  : GradRho2(q->dpdx, q->dpdy, q->axes, q->scale, q->size);
    lambda = BiasAndClampLod(LodFromRho2(AsFloat(rho2)), q->bias, q->min_lod, q->max_lod);
  }
  q->lambda = lambda;
  const LevelSelect sel = SelectLevels(lambda, q->mip, q->levels, q->float_res);
  q->two = mip_linear && !q->s32 && sel.frac != 0;
  q->hi = q->s32 && !q->grad_level ? q->level_s32 : sel.level;
  q->lo = sel.next;
  q->frac = q->two ? sel.frac : 0;
  q->linear = !q->s32 && q->float_res && (sel.minify ? q->lin_min : q->lin_mag);
}

// A gradient element: mostly a texel-sized step at any scale, sometimes zero or a special.
uint32_t GradElement(Rng& rng) {
  switch (Uniform(rng, 0, 19)) {
    case 0: return 0;
    case 1: return AsBits(std::numeric_limits<float>::quiet_NaN());
    case 2: return AsBits(Chance(rng, 50) ? INFINITY : -INFINITY);
    case 3: return AsBits(Chance(rng, 50) ? 3.0e38f : 1.0e-40f);
    case 4: return static_cast<uint32_t>(rng());
    default: break;
  }
  const float m = std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng);
  return AsBits(std::ldexp(m, static_cast<int>(Uniform(rng, -16, 6))));
}

// A .level operand: around the levels a texture has, in 1/256 steps and halves, or a special.
uint32_t LodOperand(Rng& rng) {
  switch (Uniform(rng, 0, 9)) {
    case 0: return AsBits(std::numeric_limits<float>::quiet_NaN());
    case 1: return AsBits(Chance(rng, 50) ? INFINITY : -INFINITY);
    case 2: return static_cast<uint32_t>(rng());
    case 3: return AsBits(static_cast<float>(Uniform(rng, -512, 5000)) / 256.0f);
    case 4: return AsBits(static_cast<float>(Uniform(rng, -4, 20)) + 0.5f / 256.0f);  // a tie
    default: return AsBits(std::uniform_real_distribution<float>(-2.0f, 18.0f)(rng));
  }
}

int32_t Lod88(Rng& rng, int32_t lo, int32_t hi) {
  switch (Uniform(rng, 0, 5)) {
    case 0: return 0;
    case 1: return kLodSat;
    case 2: return -kLodSat;
    default: return static_cast<int32_t>(Uniform(rng, lo, hi));
  }
}

struct LodOptions {
  uint64_t requests = 20000;
  int req_gap = 30;  // percent of cycles no request is offered
  int grad = 35;     // percent of .grad requests
  int cube = 25;     // percent of cube requests (with EnableCube)
};

struct LodResult : RunVerdict {
  uint64_t cycles = 0, responses = 0, grads = 0, cube_grads = 0, two = 0, held = 0;
};

LodReq MakeRequest(Rng& rng, uint64_t index, const LodOptions& opt, bool grad_on, bool cube_on) {
  LodReq q;
  q.index = index;
  q.cube = cube_on && Chance(rng, opt.cube);
  q.grad = grad_on && Chance(rng, opt.grad);
  q.s32 = !q.cube && Chance(rng, 20);
  q.mode = q.grad ? TexMode::kGrad : static_cast<TexMode>(Uniform(rng, 0, 2));
  q.grad_level = q.grad && q.s32;
  q.mip = q.grad_level ? MipFilter::kNearest : static_cast<MipFilter>(Uniform(rng, 0, 2));
  q.float_res = Chance(rng, 80);
  q.lin_min = Chance(rng, 50);
  q.lin_mag = Chance(rng, 50);
  q.levels = Chance(rng, 10) ? 1 : static_cast<uint32_t>(Uniform(rng, 1, 16));
  q.level_s32 = static_cast<uint32_t>(Uniform(rng, 0, q.levels - 1));
  q.table = static_cast<uint64_t>(rng()) & 0xFFFF'FFFF'FFF0ull;
  q.lod = LodOperand(rng);
  q.bias = Chance(rng, 50) ? 0 : Lod88(rng, -1024, 1024);
  q.min_lod = Chance(rng, 50) ? 0 : Lod88(rng, -2048, 4096);
  q.max_lod = Chance(rng, 50) ? kLodSat : Lod88(rng, -512, 4096);
  q.axes = q.cube ? 2 : static_cast<int>(Uniform(rng, 1, 3));
  q.scale = !q.s32 && (q.cube || Chance(rng, 70));
  for (uint32_t& s : q.size) s = Chance(rng, 20) ? 1 : static_cast<uint32_t>(Uniform(rng, 1, Chance(rng, 80) ? 512 : 65536));
  for (int a = 0; a < 3; ++a) {
    q.dpdx[a] = GradElement(rng);
    q.dpdy[a] = GradElement(rng);
  }
  // A direction for face selection (the early outputs tsu_tex_cube_path hands this stage).
  float v[3];
  for (float& c : v) c = AsFloat(RandomTexCoord(rng, 8.0f, true)) * (Chance(rng, 50) ? -1.0f : 1.0f);
  q.face = SelectCubeFace(v[0], v[1], v[2]);
  return q;
}

template <typename Dut, typename Root>
LodResult RunLod(uint64_t seed, const LodOptions& opt, const std::string* trace, uint64_t trace_from) {
  constexpr uint64_t kAxisLat = Root::BenchCubeAxisLat;
  const bool grad_on = Root::BenchEnableGrad != 0, cube_on = Root::BenchEnableCube != 0;
  const bool mip_linear = Root::BenchEnableMipLinear != 0;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_lod_path", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  LodResult r;
  std::ostringstream log;
  std::deque<LodReq> expected;
  std::deque<std::pair<uint64_t, CubeFace>> axis;  // (cycle due, face) of accepted cube requests
  uint64_t generated = 0, silent = 0;
  d->accept_i = 0;
  d->axis_valid_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.requests * 20 + 2000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    const auto fail = [&](const std::string& what) {
      r.Fail(cycle, "tsu_tex_lod_path: cycle " + std::to_string(cycle) + ": " + what);
    };
    d->accept_i = 0;
    d->axis_valid_i = 0;
    if (!axis.empty() && axis.front().first == cycle) {
      const CubeFace& f = axis.front().second;
      d->axis_valid_i = 1;
      d->axis_face_i = static_cast<uint8_t>(f.face);
      d->axis_sc_i = AsBits(f.sc);
      d->axis_tc_i = AsBits(f.tc);
      d->axis_ma_i = AsBits(f.ma);
      axis.pop_front();
    } else {
      d->axis_face_i = static_cast<uint8_t>(Uniform(rng, 0, 7));  // junk while not valid
      d->axis_sc_i = d->axis_tc_i = d->axis_ma_i = static_cast<uint32_t>(rng());
    }
    dut.Eval();
    const bool hold = d->hold_o != 0;
    if (generated < opt.requests && !Chance(rng, opt.req_gap)) {
      if (hold) {
        ++r.held;
      } else {
        LodReq q = MakeRequest(rng, generated++, opt, grad_on, cube_on);
        Expect(&q, mip_linear);
        d->accept_i = 1;
        d->grad_i = q.grad;
        d->cube_i = q.cube;
        d->mode_i = static_cast<uint8_t>(q.mode);
        d->lod_i = q.lod;
        d->bias_i = static_cast<uint16_t>(q.bias);
        d->min_lod_i = static_cast<uint16_t>(q.min_lod);
        d->max_lod_i = static_cast<uint16_t>(q.max_lod);
        d->mip_i = static_cast<uint8_t>(q.mip);
        d->levels_i = static_cast<uint8_t>(q.levels);
        d->level_table_i = q.table;
        d->s32path_i = q.s32;
        d->grad_level_i = q.grad_level;
        d->float_res_i = q.float_res;
        d->lin_min_i = q.lin_min;
        d->lin_mag_i = q.lin_mag;
        d->level_s32_i = static_cast<uint8_t>(q.level_s32);
        for (int a = 0; a < 3; ++a) {
          d->dpdx_i[a] = q.dpdx[a];
          d->dpdy_i[a] = q.dpdy[a];
        }
        d->axes_i = static_cast<uint8_t>(q.axes);
        d->scale_i = q.scale;
        d->width_i = q.size[0];
        d->height_i = q.size[1];
        d->depth_i = q.size[2];
        if (q.cube) axis.push_back({cycle + kAxisLat, q.face});
        r.grads += q.grad;
        r.cube_grads += q.grad && q.cube;
        r.two += q.two;
        expected.push_back(q);
      }
    }
    dut.Eval();
    if (d->levels_valid_o) {
      silent = 0;
      if (expected.empty()) {
        fail("levels with no request");
        break;
      }
      const LodReq& q = expected.front();
      std::ostringstream diff;
      DiffField(diff, "table", q.table, static_cast<uint64_t>(d->table_o));
      DiffField(diff, "hi", q.hi, static_cast<uint32_t>(d->hi_o));
      DiffField(diff, "two", q.two, d->two_o != 0);
      if (q.two) DiffField(diff, "lo", q.lo, static_cast<uint32_t>(d->lo_o));
      DiffField(diff, "frac", q.frac, static_cast<uint32_t>(d->frac_o));
      DiffField(diff, "linear", q.linear, d->linear_o != 0);
      log << "cycle " << cycle << " " << q.Describe() << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      if (!diff.str().empty()) {
        fail("mismatch on " + q.Describe() + "\n" + diff.str());
        break;
      }
      expected.pop_front();
      ++r.responses;
    } else if (!expected.empty() && ++silent > 400) {
      fail("no levels for 400 cycles; next: " + expected.front().Describe());
      break;
    }
    dut.CheckAssertions(cycle, "tsu_tex_lod_path", &r);
    dut.Tick(cycle);
    if (generated == opt.requests && expected.empty()) break;
  }
  if (r.ok && !expected.empty()) {
    r.Fail(cycle, "tsu_tex_lod_path: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(expected.size()) + " requests inside");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckLod(uint64_t default_seed, const LodOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  LodOptions opt = base;
  opt.requests = ScaledCount(opt.requests);
  const LodResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunLod<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.responses, opt.requests);
  std::printf("[tsu_tex_lod_path GradBeats %u CubeGradBeats %u%s] %llu requests (%llu .grad, %llu on "
              "a cube, %llu of two levels), %llu offers held, in %llu cycles\n",
              static_cast<unsigned>(Root::BenchGradBeats), static_cast<unsigned>(Root::BenchCubeGradBeats),
              Root::BenchEnableCube ? "" : ", no cubes", static_cast<unsigned long long>(r.responses),
              static_cast<unsigned long long>(r.grads), static_cast<unsigned long long>(r.cube_grads),
              static_cast<unsigned long long>(r.two), static_cast<unsigned long long>(r.held),
              static_cast<unsigned long long>(r.cycles));
  if (require_cover) {
    // The stage's own points; its blocks' (gradients, cube gradients, LOD) belong to their benches.
    for (const std::string& u : r.uncovered) {
      if (u.find(".u_lod_path.u_") == std::string::npos && u.find(".u_lod_path.g_") == std::string::npos) {
        ADD_FAILURE() << "cover point never hit: " << u;
      }
    }
  }
}

using Full = Vtsu_tex_lod_path_bench;
using FullRoot = Vtsu_tex_lod_path_bench_tsu_tex_lod_path_bench;
using Hx = Vtsu_tex_lod_path_bench_g6;
using HxRoot = Vtsu_tex_lod_path_bench_g6_tsu_tex_lod_path_bench;
using Shared = Vtsu_tex_lod_path_bench_sh4;
using SharedRoot = Vtsu_tex_lod_path_bench_sh4_tsu_tex_lod_path_bench;
using Shared6 = Vtsu_tex_lod_path_bench_sh6;
using Shared6Root = Vtsu_tex_lod_path_bench_sh6_tsu_tex_lod_path_bench;
using SharedQ2 = Vtsu_tex_lod_path_bench_sh;
using SharedQ2Root = Vtsu_tex_lod_path_bench_sh_tsu_tex_lod_path_bench;
using Half = Vtsu_tex_lod_path_bench_g2;
using HalfRoot = Vtsu_tex_lod_path_bench_g2_tsu_tex_lod_path_bench;
using Apart = Vtsu_tex_lod_path_bench_ab;
using ApartRoot = Vtsu_tex_lod_path_bench_ab_tsu_tex_lod_path_bench;

// texquad's shape: one gradient datapath at II 1 finishing the cube quotients (two a cycle).
TEST(TexStageLodPath, EveryPathInOrder) { CheckLod<Full, FullRoot>(2701, {}, true); }

// Both gradient blocks at II 1 (CubeGradBeats 1): the short path, path A and path B apart, every
// cover point of the three (c_follows_grad: a request behind a .grad in path A).
TEST(TexStageLodPath, ThreePathsInOrder) { CheckLod<Apart, ApartRoot>(2710, {}, true); }

// One gradient datapath at II 2 for cube and non-cube .grad (the cube gradients' quotients, one a
// cycle, finished by tsu_tex_grad), every .grad in path B; and back to back. Then the same with the quotients two a cycle (CubeGradBeats 2).
TEST(TexStageLodPath, OneGradientDatapath) { CheckLod<Shared, SharedRoot>(2705, {}, true); }
TEST(TexStageLodPath, OneGradientDatapathBackToBack) {
  LodOptions opt;
  opt.requests = 8000;
  opt.req_gap = 0;
  opt.grad = 50;
  CheckLod<Shared, SharedRoot>(2706, opt, false);
}
TEST(TexStageLodPath, OneGradientDatapathTwoQuotientsACycle) {
  LodOptions opt;
  opt.requests = 8000;
  opt.req_gap = 0;
  opt.grad = 50;
  CheckLod<SharedQ2, SharedQ2Root>(2707, opt, true);
}

// The default unit's shape: the one datapath one partial a cycle (GradBeats 6, CubeGradBeats 4),
// a .grad of either kind holding the entry five cycles; random gaps, then back to back.
TEST(TexStageLodPath, OneGradientDatapathOnePartialACycle) {
  CheckLod<Shared6, Shared6Root>(2708, {}, true);
}
TEST(TexStageLodPath, OneGradientDatapathOnePartialACycleBackToBack) {
  LodOptions opt;
  opt.requests = 8000;
  opt.req_gap = 0;
  opt.grad = 50;
  CheckLod<Shared6, Shared6Root>(2709, opt, false);
}

// tex_hx8k's shape: the gradients one partial a cycle (GradBeats 6), no cube maps.
TEST(TexStageLodPath, SharedGradientsWithoutCubes) {
  LodOptions opt;
  opt.requests = 10000;
  CheckLod<Hx, HxRoot>(2702, opt, false);
}

// The gradients at half width, the cube gradients at full width, no linear mip filter.
TEST(TexStageLodPath, HalfGradientsOneLevel) {
  LodOptions opt;
  opt.requests = 10000;
  CheckLod<Half, HalfRoot>(2703, opt, false);
}

// Back to back: a request offered every cycle, .grad ones half the time.
TEST(TexStageLodPath, BackToBack) {
  LodOptions opt;
  opt.requests = 8000;
  opt.req_gap = 0;
  opt.grad = 50;
  CheckLod<Full, FullRoot>(2704, opt, false);
}

}  // namespace
}  // namespace tsu::tb
