// Stage bench of the coordinate path (rtl/tex/tsu_tex_cube_path), through a wrapper that names its
// records' fields (tb/rtl/sv/tsu_tex_cube_path_bench.sv), with the pass generator popping at random.
//
// What the stage must do: give every request's coordinates to the pass generator in request
// order; a cube request's as its face's (s, t) from tsu::SelectCubeFace of its direction, its
// layer as layer x 6 + face, the others as they came; and face selection's early outputs (face,
// sc, tc, |ma|) for each cube request AxisLat cycles after its acceptance. A wrong field, a lost,
// extra or reordered entry, or an early output late or wrong shows as a mismatch naming the
// request, the field and the cycle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <sstream>
#include <string>

#include "Vtsu_tex_cube_path_bench.h"
#include "Vtsu_tex_cube_path_bench_b2.h"
#include "Vtsu_tex_cube_path_bench_b2_tsu_tex_cube_path_bench.h"
#include "Vtsu_tex_cube_path_bench_nc.h"
#include "Vtsu_tex_cube_path_bench_nc_tsu_tex_cube_path_bench.h"
#include "Vtsu_tex_cube_path_bench_tsu_tex_cube_path_bench.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct CoordReq {
  uint64_t index = 0;
  bool cube = false;
  uint32_t dir[3] = {};
  uint32_t face = 0, layer = 0, u[3] = {};  // as the request enters
  CubeFace cf;                              // a cube request's face selection

  std::string Describe() const {
    std::ostringstream o;
    o << "request #" << index << std::hex;
    if (cube) {
      o << " (cube, direction 0x" << dir[0] << " 0x" << dir[1] << " 0x" << dir[2] << ", layer 0x"
        << layer << ")";
    } else {
      o << " (u 0x" << u[0] << " 0x" << u[1] << " 0x" << u[2] << ", layer 0x" << layer << ")";
    }
    return o.str();
  }
};

struct CubePathOptions {
  uint64_t requests = 20000;
  int req_gap = 30;
  int pop_stall = 30;
  int cube = 50;  // percent of cube requests (with EnableCube)
};

struct CubePathResult : RunVerdict {
  uint64_t cycles = 0, entries = 0, cubes = 0, early = 0, held = 0;
};

template <typename Dut, typename Root>
CubePathResult RunCubePath(uint64_t seed, const CubePathOptions& opt, const std::string* trace,
                           uint64_t trace_from) {
  constexpr uint64_t kMaxInflight = Root::BenchMaxInflight;
  constexpr uint64_t kAxisLat = Root::BenchAxisLat;
  constexpr uint32_t kLayerMask = (1u << Root::BenchLayerW) - 1;
  const bool cube_on = Root::BenchEnableCube != 0;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_cube_path", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  CubePathResult r;
  std::ostringstream log;
  std::deque<CoordReq> inside;                                  // accepted, not yet popped
  std::deque<std::pair<uint64_t, const CoordReq*>> early;       // (cycle due, cube request)
  uint64_t generated = 0;
  d->accept_i = 0;
  d->pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.requests * 20 + 2000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    const auto fail = [&](const std::string& what) {
      r.Fail(cycle, "tsu_tex_cube_path: cycle " + std::to_string(cycle) + ": " + what);
    };
    d->accept_i = 0;
    d->pop_i = 0;
    // hold_o (registered: CubeBeats 2, the cycle after a cube request) refuses the offer.
    if (d->hold_o) ++r.held;
    if (generated < opt.requests && inside.size() < kMaxInflight && !d->hold_o && !Chance(rng, opt.req_gap)) {
      CoordReq q;
      q.index = generated++;
      q.cube = cube_on && Chance(rng, opt.cube);
      RandomCubeDirection(rng, static_cast<uint32_t>(Uniform(rng, 1, 64)), q.dir);
      for (uint32_t& u : q.u) u = RandomTexCoord(rng, 16.0f, true);
      q.face = static_cast<uint32_t>(Uniform(rng, 0, 7));
      // A cube array's layer (cubes x 6 + face must fit LayerW), or any layer of another array.
      q.layer = q.cube ? static_cast<uint32_t>(Chance(rng, 50) ? 0 : Uniform(rng, 0, kLayerMask / 6))
                       : static_cast<uint32_t>(Uniform(rng, 0, kLayerMask));
      if (q.cube) q.cf = SelectCubeFace(AsFloat(q.dir[0]), AsFloat(q.dir[1]), AsFloat(q.dir[2]));
      d->accept_i = 1;
      d->cube_i = q.cube;
      for (int a = 0; a < 3; ++a) {
        d->dir_i[a] = q.dir[a];
        d->u_i[a] = q.u[a];
      }
      d->face_i = static_cast<uint8_t>(q.face);
      d->layer_i = static_cast<uint16_t>(q.layer);
      inside.push_back(q);
      if (q.cube) {
        early.push_back({cycle + kAxisLat, &inside.back()});
        ++r.cubes;
      }
    }
    dut.Eval();
    // Face selection's early outputs, on time for each cube request.
    if (!early.empty() && early.front().first == cycle) {
      const CoordReq& q = *early.front().second;
      std::ostringstream diff;
      DiffField(diff, "axis_valid", true, d->axis_valid_o != 0);
      DiffField(diff, "axis_face", static_cast<uint32_t>(q.cf.face), static_cast<uint32_t>(d->axis_face_o));
      DiffField(diff, "axis_sc", AsBits(q.cf.sc), static_cast<uint32_t>(d->axis_sc_o));
      DiffField(diff, "axis_tc", AsBits(q.cf.tc), static_cast<uint32_t>(d->axis_tc_o));
      DiffField(diff, "axis_ma", AsBits(q.cf.ma), static_cast<uint32_t>(d->axis_ma_o));
      if (!diff.str().empty()) {
        fail("early outputs of " + q.Describe() + "\n" + diff.str());
        break;
      }
      early.pop_front();
      ++r.early;
    }
    // The pass generator takes an entry.
    if (!d->empty_o && !Chance(rng, opt.pop_stall)) {
      if (inside.empty()) {
        fail("an entry with no request");
        break;
      }
      const CoordReq& q = inside.front();
      std::ostringstream diff;
      if (q.cube) {
        DiffField(diff, "face", static_cast<uint32_t>(q.cf.face), static_cast<uint32_t>(d->face_o));
        DiffField(diff, "layer", (q.layer * 6 + static_cast<uint32_t>(q.cf.face)) & kLayerMask,
                  static_cast<uint32_t>(d->layer_o));
        DiffField(diff, "u[0] (s)", AsBits(q.cf.s), static_cast<uint32_t>(d->u_o[0]));
        DiffField(diff, "u[1] (t)", AsBits(q.cf.t), static_cast<uint32_t>(d->u_o[1]));
        DiffField(diff, "u[2]", 0u, static_cast<uint32_t>(d->u_o[2]));
      } else {
        DiffField(diff, "face", q.face, static_cast<uint32_t>(d->face_o));
        DiffField(diff, "layer", q.layer, static_cast<uint32_t>(d->layer_o));
        for (int a = 0; a < 3; ++a) {
          DiffField(diff, ("u[" + std::to_string(a) + "]").c_str(), q.u[a], static_cast<uint32_t>(d->u_o[a]));
        }
      }
      log << "cycle " << cycle << " " << q.Describe() << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      if (!diff.str().empty()) {
        fail("mismatch on " + q.Describe() + "\n" + diff.str());
        break;
      }
      if (!early.empty() && early.front().second == &q) {
        fail("entry of " + q.Describe() + " before its early outputs");
        break;
      }
      inside.pop_front();
      ++r.entries;
      d->pop_i = 1;
      dut.Eval();
    }
    dut.CheckAssertions(cycle, "tsu_tex_cube_path", &r);
    dut.Tick(cycle);
    if (generated == opt.requests && inside.empty()) break;
  }
  if (r.ok && !inside.empty()) {
    r.Fail(cycle, "tsu_tex_cube_path: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(inside.size()) + " requests inside (" + inside.front().Describe() +
                      " first)");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckCubePath(uint64_t default_seed, const CubePathOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  CubePathOptions opt = base;
  opt.requests = ScaledCount(opt.requests);
  const CubePathResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunCubePath<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.entries, opt.requests);
  EXPECT_EQ(r.early, r.cubes);
  std::printf("[tsu_tex_cube_path CubeBeats %u%s] %llu requests (%llu cubes), %llu cycles held, in %llu cycles\n",
              static_cast<unsigned>(Root::BenchCubeBeats), Root::BenchEnableCube ? "" : " without cubes",
              static_cast<unsigned long long>(r.entries), static_cast<unsigned long long>(r.cubes),
              static_cast<unsigned long long>(r.held), static_cast<unsigned long long>(r.cycles));
  if (Root::BenchCubeBeats > 1 && Root::BenchEnableCube) EXPECT_GT(r.held, 0u);
  if (Root::BenchCubeBeats == 1) EXPECT_EQ(r.held, 0u);
  if (require_cover) {
    for (const std::string& u : r.uncovered) {
      if (u.find(".u_cube_path.g_cube.u_") == std::string::npos) ADD_FAILURE() << "cover point never hit: " << u;
    }
  }
}

using Cube = Vtsu_tex_cube_path_bench;
using CubeRoot = Vtsu_tex_cube_path_bench_tsu_tex_cube_path_bench;
using Half = Vtsu_tex_cube_path_bench_b2;
using HalfRoot = Vtsu_tex_cube_path_bench_b2_tsu_tex_cube_path_bench;
using NoCube = Vtsu_tex_cube_path_bench_nc;
using NoCubeRoot = Vtsu_tex_cube_path_bench_nc_tsu_tex_cube_path_bench;

TEST(TexStageCubePath, CubesAndOthersInOrder) { CheckCubePath<Cube, CubeRoot>(2801, {}, true); }

TEST(TexStageCubePath, FullSpeed) {
  CubePathOptions opt;
  opt.requests = 5000;
  opt.req_gap = opt.pop_stall = 0;
  CheckCubePath<Cube, CubeRoot>(2802, opt, false);
}

// The pass generator slow: the queue fills behind face selection.
TEST(TexStageCubePath, SlowConsumer) {
  CubePathOptions opt;
  opt.requests = 3000;
  opt.req_gap = 0;
  opt.pop_stall = 85;
  CheckCubePath<Cube, CubeRoot>(2803, opt, false);
}

// Face selection at II 2 (the one-tap engine's): the entry held the cycle after each cube request,
// also offered every cycle.
TEST(TexStageCubePath, HalfRateFaceSelection) { CheckCubePath<Half, HalfRoot>(2805, {}, true); }
TEST(TexStageCubePath, HalfRateFaceSelectionFullSpeed) {
  CubePathOptions opt;
  opt.requests = 5000;
  opt.req_gap = opt.pop_stall = 0;
  CheckCubePath<Half, HalfRoot>(2806, opt, false);
}

// Without cube maps (tex_hx8k): every request's coordinates as they came, no early outputs.
TEST(TexStageCubePath, WithoutCubes) {
  CubePathOptions opt;
  opt.requests = 5000;
  CheckCubePath<NoCube, NoCubeRoot>(2804, opt, false);
}

}  // namespace
}  // namespace tsu::tb
