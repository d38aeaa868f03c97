// Stage bench of the pass generator (rtl/tex/tsu_tex_pass), through a wrapper that names its
// records' fields (tb/rtl/sv/tsu_tex_pass_bench.sv), with its three input queues (coordinates,
// levels, level records) filling late and the tap generators popping passes at random.
//
// What the stage must do, per pass (one level of one request, the first level then the second):
// decode the level's record (tsu::DecodeTexLevel: usable or not, size, base, pitch, block
// shape), and on each axis the geometry has take the coordinate to texel space (F32Mul by the
// level's extent when normalized), to the first tap's index and its 1.8 weight (tsu::NearestIndex,
// or tsu::LinearFixed for a linear filter; integer coordinates as they are), add the offset, and
// apply the axis's address mode to both taps (tsu::WrapIndex: the wrapped index, or a border
// tap). A seamless cube's pass also says whether each tap lies off the face, and on which side.
// Axes the geometry lacks come out as index 0. Passes leave in request order, each with its
// request's tap fields; the coordinates and levels are popped with a request's last pass, a
// record with each pass. Any other output shows as a mismatch naming the request, pass, field
// and cycle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "Vtsu_tex_pass_bench.h"
#include "Vtsu_tex_pass_bench_ab3.h"
#include "Vtsu_tex_pass_bench_ab3_tsu_tex_pass_bench.h"
#include "Vtsu_tex_pass_bench_tsu_tex_pass_bench.h"
#include "line_port.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tsu/descriptor_words.h"
#include "tsu/float_bits.h"
#include "tsu/geometry.h"
#include "tsu/tex_math.h"
#include "tsu/texture_words.h"

namespace tsu::tb {
namespace {

namespace V = desc_layout::TexLevel;

struct PassReq {
  uint64_t index = 0;
  ResolvedTexture tex;
  DescImage header{};
  uint32_t texel_log2 = 0;
  bool s32 = false, cube = false, normalized = false, seamless = false;
  uint32_t modes[3] = {};
  int axes = 1;
  uint32_t offset = 0;  // axis a's 4-bit offset at [4a +: 4]
  uint32_t u[3] = {};
  uint32_t face = 0, layer = 0;
  uint32_t hi = 0, lo = 0, frac = 0;
  bool two = false, linear = false;
  TexLevelImage rec[2]{};
  std::vector<uint32_t> tap_words;

  std::string Describe(int k) const {
    std::ostringstream o;
    o << "request #" << index << " pass " << k << " (level " << (k == 0 ? hi : lo) << " of "
      << tex.desc.levels << ", " << Name(tex.desc.dim) << " " << tex.desc.width << "x"
      << tex.desc.height << "x" << tex.desc.depth << (s32 ? ", integer coordinates" : "")
      << (normalized ? ", normalized" : "") << (linear ? ", linear" : ", nearest")
      << (seamless ? ", seamless" : "") << ", modes " << modes[0] << modes[1] << modes[2]
      << std::hex << ", offsets 0x" << offset << ", u 0x" << u[0] << " 0x" << u[1] << " 0x" << u[2]
      << std::dec << ")";
    return o.str();
  }
};

// The pass the stage must emit for pass k of q.
struct Expected {
  bool ok = false;
  ResolvedSurface lv;
  uint32_t n[3] = {1, 1, 1};
  int64_t i0[3] = {};  // the first tap's index before the address mode
  uint32_t wt[3] = {};
  bool b0[3] = {}, b1[3] = {};
  int64_t w0[3] = {}, w1[3] = {};
};

Expected Expect(const PassReq& q, int k) {
  Expected e;
  std::string why;
  const uint32_t level = k == 0 ? q.hi : q.lo;
  e.ok = DecodeTexLevel(q.rec[k], q.tex, level, &e.lv, &why);
  if (!e.ok) return e;
  e.n[0] = e.lv.desc.width / q.tex.desc.samples;
  e.n[1] = e.lv.desc.height;
  e.n[2] = e.lv.desc.depth;
  const bool norm = q.normalized && !q.s32;
  for (int a = 0; a < q.axes; ++a) {
    const int32_t off = TexOffset(q.offset >> (4 * a));
    if (q.s32) {
      e.i0[a] = static_cast<int32_t>(q.u[a]) + static_cast<int64_t>(off);
    } else {
      const uint32_t x = norm ? F32Mul(q.u[a], AsBits(static_cast<float>(e.n[a]))) : q.u[a];
      FirstTap(AsFloat(x), off, q.linear, &e.i0[a], &e.wt[a]);
    }
    const auto mode = static_cast<AddressMode>(q.modes[a]);
    e.b0[a] = !WrapIndex(e.i0[a], e.n[a], mode, norm, &e.w0[a]);
    e.b1[a] = !WrapIndex(e.i0[a] + 1, e.n[a], mode, norm, &e.w1[a]);
  }
  return e;
}

struct PassOptions {
  uint64_t requests = 20000;
  int req_gap = 30;      // percent of cycles no request is accepted
  int arrive_stall = 25; // percent of cycles an input queue's next entry does not arrive
  int pop_stall = 30;    // percent of cycles the tap generators take no pass
  int bad_record = 12;   // percent of level records with a corrupted field
};

struct PassResult : RunVerdict {
  uint64_t cycles = 0, passes = 0, requests = 0, bad = 0, two = 0, seamless = 0, borders = 0;
};

template <typename W>
void RandomWords(Rng& rng, W& w, size_t n) {
  for (size_t i = 0; i < n; ++i) w[i] = static_cast<uint32_t>(rng());
}

PassReq MakeRequest(Rng& rng, uint64_t index, int addr_bits, int layer_bits, size_t tap_words,
                    int bad_record) {
  PassReq q;
  q.index = index;
  q.tex = RandomTexture(rng, addr_bits, /*allow_cube=*/true);
  TexturePlacement place;
  place.level_table = 0x1000;
  const TextureImage img = EncodeTexture(q.tex, place);
  q.header = img.header;
  while ((1u << q.texel_log2) < static_cast<uint32_t>(q.tex.fmt.texel_bytes)) ++q.texel_log2;
  const Geometry g = q.tex.desc.dim;
  q.cube = IsCube(g);
  q.axes = q.cube ? 2 : Attrs(g).dims;
  q.s32 = IsMultisample(g) || (!q.cube && Chance(rng, 25));
  q.normalized = q.cube || Chance(rng, 60);
  q.seamless = q.cube && Chance(rng, 60);
  for (uint32_t& m : q.modes) m = static_cast<uint32_t>(Uniform(rng, 0, 3));
  if (q.cube) q.modes[0] = q.modes[1] = static_cast<uint32_t>(AddressMode::kClamp);
  q.offset = Chance(rng, 30) ? static_cast<uint32_t>(Uniform(rng, 0, 0xFFF)) : 0;
  const float extent[3] = {static_cast<float>(q.tex.desc.width / q.tex.desc.samples),
                           static_cast<float>(q.tex.desc.height), static_cast<float>(q.tex.desc.depth)};
  for (int a = 0; a < 3; ++a) {
    if (q.s32) {
      q.u[a] = Chance(rng, 85) ? static_cast<uint32_t>(Uniform(rng, -3, static_cast<int64_t>(extent[a]) + 2))
                               : static_cast<uint32_t>(rng());
    } else {
      q.u[a] = RandomTexCoord(rng, extent[a], q.normalized);
    }
  }
  q.face = static_cast<uint32_t>(Uniform(rng, 0, 5));
  q.layer = static_cast<uint32_t>(Uniform(rng, 0, (1 << layer_bits) - 1));
  const uint32_t levels = q.tex.desc.levels;
  q.hi = static_cast<uint32_t>(Uniform(rng, 0, levels - 1));
  q.two = levels > 1 && Chance(rng, 40);
  q.lo = q.two ? std::min(q.hi + 1, levels - 1) : static_cast<uint32_t>(Uniform(rng, 0, 31));
  q.linear = Chance(rng, 60);
  q.frac = static_cast<uint32_t>(Uniform(rng, 0, 255));
  for (int k = 0; k < (q.two ? 2 : 1); ++k) {
    q.rec[k] = img.levels[k == 0 ? q.hi : q.lo];
    if (Chance(rng, bad_record)) {
      static constexpr DescField kRec[] = {V::offset, V::stride, V::slice_bytes, V::block_height_log2,
                                           V::block_depth_log2};
      const DescField f = kRec[Uniform(rng, 0, 4)];
      const uint64_t old = GetBits(q.rec[k].data(), f);
      const uint64_t edges[] = {0, 1, old + 16, old - 16, old + 512, old - 1, old + 1, old >> 1,
                                static_cast<uint64_t>(rng())};
      SetBits(q.rec[k].data(), f, edges[Uniform(rng, 0, 8)]);
    }
  }
  q.tap_words.resize(tap_words);
  RandomWords(rng, q.tap_words, tap_words);
  return q;
}

template <typename Dut, typename Root>
PassResult RunPass(uint64_t seed, const PassOptions& opt, const std::string* trace, uint64_t trace_from) {
  constexpr uint64_t kMaxInflight = Root::BenchMaxInflight;
  constexpr int kAddrW = static_cast<int>(Root::BenchAddrW);
  constexpr uint32_t kTapBits = Root::BenchTapReqBits;
  constexpr size_t kTapWords = (kTapBits + 31) / 32;
  const uint64_t addr_mask = kAddrW >= 64 ? ~uint64_t{0} : (uint64_t{1} << kAddrW) - 1;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_pass", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  PassResult r;
  std::ostringstream log;
  std::deque<PassReq> inflight;  // accepted, last pass not yet taken (stable addresses)
  std::deque<const PassReq*> qu_pending, qu, q2_pending, q2;
  std::deque<std::pair<const PassReq*, int>> ql_pending, ql, passes;  // passes: expected, in order
  uint64_t generated = 0;
  d->accept_i = 0;
  d->coord_empty_i = d->levels_empty_i = d->rec_empty_i = 1;
  d->pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.requests * 100 + 2000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    const auto fail = [&](const std::string& what) {
      r.Fail(cycle, "tsu_tex_pass: cycle " + std::to_string(cycle) + ": " + what);
    };
    d->accept_i = 0;
    // Accept a request (within the engine's credit): its pass and tap fields now, its
    // coordinates, levels and records later.
    if (generated < opt.requests && inflight.size() < kMaxInflight && !Chance(rng, opt.req_gap)) {
      inflight.push_back(MakeRequest(rng, generated++, kAddrW, static_cast<int>(Root::BenchLayerW), kTapWords,
                                     opt.bad_record));
      const PassReq& q = inflight.back();
      BytesToWords<64>(q.header.data(), d->tex_i);
      d->texel_log2_i = static_cast<uint8_t>(q.texel_log2);
      d->s32path_i = q.s32;
      d->cube_i = q.cube;
      d->offset_i = static_cast<uint16_t>(q.offset);
      d->normalized_i = q.normalized;
      d->seamless_i = q.seamless;
      d->modes_i = static_cast<uint8_t>(q.modes[0] | (q.modes[1] << 2) | (q.modes[2] << 4));
      d->axes_i = static_cast<uint8_t>(q.axes);
      for (size_t w = 0; w < kTapWords; ++w) d->tap_req_i[w] = q.tap_words[w];
      d->accept_i = 1;
      qu_pending.push_back(&q);
      q2_pending.push_back(&q);
      for (int k = 0; k < (q.two ? 2 : 1); ++k) {
        ql_pending.push_back({&q, k});
        passes.push_back({&q, k});
      }
      ++r.requests;
      r.two += q.two;
    }
    // The input queues fill in their own time.
    const auto arrive = [&](auto* pending, auto* ready) {
      if (!pending->empty() && !Chance(rng, opt.arrive_stall)) {
        ready->push_back(pending->front());
        pending->pop_front();
      }
    };
    arrive(&qu_pending, &qu);
    arrive(&q2_pending, &q2);
    arrive(&ql_pending, &ql);
    d->coord_empty_i = qu.empty();
    if (!qu.empty()) {
      const PassReq& q = *qu.front();
      d->coord_face_i = static_cast<uint8_t>(q.face);
      d->coord_layer_i = static_cast<uint16_t>(q.layer);
      for (int a = 0; a < 3; ++a) d->coord_u_i[a] = q.u[a];
    }
    d->levels_empty_i = q2.empty();
    if (!q2.empty()) {
      const PassReq& q = *q2.front();
      d->levels_hi_i = static_cast<uint8_t>(q.hi);
      d->levels_lo_i = static_cast<uint8_t>(q.lo);
      d->levels_two_i = q.two;
      d->levels_linear_i = q.linear;
      d->levels_frac_i = static_cast<uint8_t>(q.frac);
    }
    d->rec_empty_i = ql.empty();
    if (!ql.empty()) BytesToWords<16>(ql.front().first->rec[ql.front().second].data(), d->rec_i);
    d->pop_i = 0;
    dut.Eval();

    // A pass, taken when the tap generators are ready.
    if (d->valid_o && !Chance(rng, opt.pop_stall)) {
      std::ostringstream diff;
      if (passes.empty()) {
        fail("a pass with no request");
        break;
      }
      const PassReq& q = *passes.front().first;
      const int k = passes.front().second;
      const Expected e = Expect(q, k);
      const bool last = !q.two || k == 1;
      DiffField(diff, "lv.ok", e.ok, d->lv_ok_o != 0);
      DiffField(diff, "lv.level", k == 0 ? q.hi : q.lo, static_cast<uint32_t>(d->lv_level_o));
      DiffField(diff, "last_pass", last, d->last_pass_o != 0);
      DiffField(diff, "two", q.two, d->two_o != 0);
      DiffField(diff, "linear", q.linear, d->linear_o != 0);
      DiffField(diff, "frac", q.frac, static_cast<uint32_t>(d->frac_o));
      DiffField(diff, "axes", static_cast<uint32_t>(q.axes), static_cast<uint32_t>(d->axes_o));
      DiffField(diff, "seamless", q.cube && q.seamless, d->seamless_o != 0);
      DiffField(diff, "face", q.face, static_cast<uint32_t>(d->face_o));
      DiffField(diff, "layer", q.layer, static_cast<uint32_t>(d->layer_o));
      for (size_t w = 0; w < kTapWords; ++w) {
        const uint32_t mask = w + 1 < kTapWords || kTapBits % 32 == 0 ? ~0u : (1u << (kTapBits % 32)) - 1;
        DiffField(diff, ("tap_req word " + std::to_string(w)).c_str(), q.tap_words[w] & mask,
                  static_cast<uint32_t>(d->tap_req_o[w]) & mask);
      }
      if (e.ok) {  // an unusable level's sizes and indices mean nothing: it reads nothing
        DiffField(diff, "lv.pitch", static_cast<uint32_t>(e.lv.pitch), static_cast<uint32_t>(d->lv_pitch_o));
        DiffField(diff, "lv.row_of_blocks", static_cast<uint32_t>(e.lv.row_of_blocks),
                  static_cast<uint32_t>(d->lv_row_of_blocks_o));
        DiffField(diff, "lv.slice_bytes", static_cast<uint64_t>(e.lv.slice_bytes),
                  static_cast<uint64_t>(d->lv_slice_bytes_o));
        DiffField(diff, "lv.block_height_log2", static_cast<uint32_t>(e.lv.desc.block_height_log2),
                  static_cast<uint32_t>(d->lv_block_height_log2_o));
        DiffField(diff, "lv.block_depth_log2", static_cast<uint32_t>(e.lv.desc.block_depth_log2),
                  static_cast<uint32_t>(d->lv_block_depth_log2_o));
        DiffField(diff, "lv.base", (q.tex.desc.base + e.lv.desc.base) & addr_mask,
                  static_cast<uint64_t>(d->lv_base_o));
        DiffField(diff, "n", e.n[0], static_cast<uint32_t>(d->n_o));
        for (int a = 0; a < 3; ++a) {
          const std::string ax = "[" + std::to_string(a) + "]";
          const uint32_t idx0 = static_cast<uint32_t>((d->idx0_o >> (16 * a)) & 0xFFFF);
          const uint32_t idx1 = static_cast<uint32_t>((d->idx1_o >> (16 * a)) & 0xFFFF);
          const bool b0 = (d->border0_o >> a) & 1, b1 = (d->border1_o >> a) & 1;
          DiffField(diff, ("wt" + ax).c_str(), e.wt[a], static_cast<uint32_t>((d->wt_o >> (8 * a)) & 0xFF));
          if (a >= q.axes) {  // an axis the geometry lacks: index 0 inside an axis of one
            DiffField(diff, ("border0" + ax).c_str(), false, b0);
            DiffField(diff, ("idx0" + ax).c_str(), 0u, idx0);
            continue;
          }
          DiffField(diff, ("border0" + ax).c_str(), e.b0[a], b0);
          DiffField(diff, ("border1" + ax).c_str(), e.b1[a], b1);
          if (!e.b0[a]) DiffField(diff, ("idx0" + ax).c_str(), static_cast<uint32_t>(e.w0[a]), idx0);
          if (!e.b1[a]) DiffField(diff, ("idx1" + ax).c_str(), static_cast<uint32_t>(e.w1[a]), idx1);
          r.borders += e.b0[a] || e.b1[a];
          if (q.cube && q.seamless && a < 2) {  // off the face, and past which edge
            const int64_t n = e.n[0];
            const int64_t i1 = e.i0[a] + 1;
            DiffField(diff, ("out0" + ax).c_str(), e.i0[a] < 0 || e.i0[a] >= n, ((d->out0_o >> a) & 1) != 0);
            DiffField(diff, ("hi0" + ax).c_str(), e.i0[a] >= 0, ((d->hi0_o >> a) & 1) != 0);
            DiffField(diff, ("out1" + ax).c_str(), i1 < 0 || i1 >= n, ((d->out1_o >> a) & 1) != 0);
            DiffField(diff, ("hi1" + ax).c_str(), i1 >= 0, ((d->hi1_o >> a) & 1) != 0);
          }
        }
      } else {
        ++r.bad;
      }
      r.seamless += q.cube && q.seamless;
      log << "cycle " << cycle << " " << q.Describe(k) << (e.ok ? "" : ", unusable record")
          << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      if (!diff.str().empty()) {
        fail("mismatch on " + q.Describe(k) + "\n" + diff.str());
        break;
      }
      passes.pop_front();
      ++r.passes;
      d->pop_i = 1;
      dut.Eval();
      if (last) {
        if (&inflight.front() != &q) fail("passes out of request order");
        inflight.pop_front();
      }
    }
    // What the stage takes from its input queues.
    if (d->rec_pop_o) {
      if (ql.empty()) fail("popped an empty record queue");
      else ql.pop_front();
    }
    if (d->levels_pop_o != d->coord_pop_o) fail("levels and coordinates popped apart");
    if (d->levels_pop_o) {
      if (q2.empty() || qu.empty()) fail("popped an empty levels or coordinate queue");
      else q2.pop_front(), qu.pop_front();
    }
    dut.CheckAssertions(cycle, "tsu_tex_pass", &r);
    dut.Tick(cycle);
    if (generated == opt.requests && inflight.empty()) break;
  }
  if (r.ok && !inflight.empty()) {
    r.Fail(cycle, "tsu_tex_pass: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(inflight.size()) + " requests inside (" +
                      inflight.front().Describe(0) + " first)");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckPass(uint64_t default_seed, const PassOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  PassOptions opt = base;
  opt.requests = ScaledCount(opt.requests);
  const PassResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunPass<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.requests, opt.requests);
  std::printf("[tsu_tex_pass AxisBeats %u] %llu requests, %llu passes (%llu requests of two, %llu "
              "unusable records, %llu seamless, %llu with a border tap) in %llu cycles\n",
              static_cast<unsigned>(Root::BenchAxisBeats), static_cast<unsigned long long>(r.requests),
              static_cast<unsigned long long>(r.passes), static_cast<unsigned long long>(r.two),
              static_cast<unsigned long long>(r.bad), static_cast<unsigned long long>(r.seamless),
              static_cast<unsigned long long>(r.borders), static_cast<unsigned long long>(r.cycles));
  if (require_cover) {
    // The stage's own points; its blocks' (multiplier, coordinate stage, wrap, level decode)
    // belong to their block benches.
    for (const std::string& u : r.uncovered) {
      if (u.find(".u_pass.u_") == std::string::npos && u.find(".g_") == std::string::npos) {
        ADD_FAILURE() << "cover point never hit: " << u;
      }
    }
  }
}

using PerAxis = Vtsu_tex_pass_bench;
using PerAxisRoot = Vtsu_tex_pass_bench_tsu_tex_pass_bench;
using Serial = Vtsu_tex_pass_bench_ab3;
using SerialRoot = Vtsu_tex_pass_bench_ab3_tsu_tex_pass_bench;

TEST(TexStagePass, RandomPassesUnderBackpressure) { CheckPass<PerAxis, PerAxisRoot>(2601, {}, true); }

// tex_hx8k's shape: the three axes through one multiplier, coordinate stage and wrap.
TEST(TexStagePass, AxesInSeries) {
  PassOptions opt;
  opt.requests = 10000;
  CheckPass<Serial, SerialRoot>(2602, opt, true);
}

// Every queue full speed: inputs always there, passes always taken.
TEST(TexStagePass, FullSpeed) {
  PassOptions opt;
  opt.requests = 5000;
  opt.req_gap = opt.arrive_stall = opt.pop_stall = 0;
  CheckPass<PerAxis, PerAxisRoot>(2603, opt, false);
}

// The tap generators slow: the pass queue fills and the stage must hold its inputs.
TEST(TexStagePass, SlowConsumer) {
  PassOptions opt;
  opt.requests = 3000;
  opt.req_gap = 0;
  opt.pop_stall = 85;
  CheckPass<Serial, SerialRoot>(2604, opt, false);
}

}  // namespace
}  // namespace tsu::tb
