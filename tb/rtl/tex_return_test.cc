// Stage bench of the one-tap path's texel return (rtl/tex/tsu_tex_return), through a wrapper
// that names its records' fields (tb/rtl/sv/tsu_tex_return_bench.sv), against the model's tap
// value (tsu::TexelValue under tsu::MakeTexelRule) and seamless corner (tsu::CubeCornerMean), under
// random backpressure.
//
// The stage takes a tap's record from Q5 and its lines from QR: the texel at its byte offset in
// the texel line (a border tap or one of an unusable level reads none and decodes zero bytes, the
// border colour in the first case), its residency bit from the residency line, and turns the
// texel into the tap's value by its request's rule (QP, pushed at acceptance, popped with the
// request's last tap). Residency and level flags accumulate over a request's taps up to its last.
// A seamless corner's three taps (codes 1, 2, 3) become one item: the mean of the three values
// for a float result, the first tap's value for an integer one, with the third tap's side. Items
// leave through Q6 in tap order. A wrong byte offset, a lost residency bit, a flag that leaks into
// the next request, a rule popped early or a corner out of order shows as a mismatch naming the
// request, the tap, the field and the cycle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <sstream>
#include <string>
#include <vector>

#include "Vtsu_tex_return_bench.h"
#include "Vtsu_tex_return_bench_tsu_tex_return_bench.h"
#include "Vtsu_tex_return_bench_b2.h"
#include "Vtsu_tex_return_bench_b2_tsu_tex_return_bench.h"
#include "Vtsu_tex_return_bench_c1.h"
#include "Vtsu_tex_return_bench_c1_tsu_tex_return_bench.h"
#include "Vtsu_tex_return_bench_nr.h"
#include "Vtsu_tex_return_bench_nr_tsu_tex_return_bench.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"
#include "tex_texel_rule.h"
#include "tsu/format.h"
#include "tsu/tex_math.h"
#include "tsu/tex_texel.h"

namespace tsu::tb {
namespace {

struct Read {
  bool border = false, bad = false, res_read = false, last = false;
  uint32_t off = 0, res_off = 0, res_bit = 0, w = 0, ranks = 0, code = 0;
  uint8_t tex_line[16] = {}, res_line[16] = {};
  bool TexRead() const { return !border && !bad; }
};

struct Item {
  uint32_t c[4] = {};
  bool last = false, nonres = false, bad = false;
  uint32_t w = 0, ranks = 0;
  std::string describe;
};

struct LineIn {
  uint64_t ready;
  uint8_t bytes[16];
};

struct ReturnOptions {
  uint64_t requests = 6000;
  int read_stall = 25;   // percent of cycles Q5's head is held back
  int line_stall = 25;   // percent of cycles QR's head is held back
  int pop_stall = 30;    // percent of cycles the merge takes nothing
  int corner = 25;       // percent of requests (seamless) with a corner triple
  int corrupt_tap = -1;  // a texel line answered with a flipped bit (self-test)
};

struct ReturnResult : RunVerdict {
  uint64_t cycles = 0, taps = 0, items = 0, corners = 0, nonres = 0;
};

template <typename Dut, typename Root>
ReturnResult RunReturn(uint64_t seed, const ReturnOptions& opt, const std::string* trace,
                       uint64_t trace_from) {
  constexpr uint64_t kMaxInflight = Root::BenchMaxInflight;
  constexpr bool kSeamless = Root::BenchSeamless != 0;
  constexpr bool kResidency = Root::BenchResidency != 0;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_return", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  ReturnResult r;
  std::ostringstream log;
  struct Queued {
    uint64_t ready;
    Read read;
  };
  std::deque<Queued> q5;   // records in front of the stage
  std::deque<LineIn> qr;   // their lines
  std::deque<Item> items;  // what Q6 must hand the merge, in order
  uint64_t generated = 0, inside = 0, tap_index = 0;
  int corrupt_left = opt.corrupt_tap;
  d->push_i = 0;
  d->read_empty_i = 1;
  d->line_empty_i = 1;
  d->pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.requests * 200 + 1000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    // A new request: its rule enters QP now, its taps' records and lines from the next cycle.
    d->push_i = 0;
    if (generated < opt.requests && inside < kMaxInflight && q5.size() < 24 && Chance(rng, 30)) {
      const Rule rule = RandomRule(rng);
      d->push_i = 1;
      d->rule_chorder_i = static_cast<uint8_t>(rule.order);
      d->rule_chtype_i = static_cast<uint8_t>(rule.type);
      d->rule_read_norm_i = rule.read_norm;
      d->rule_srgb_i = rule.srgb;
      d->rule_compare_i = rule.compare;
      d->rule_compare_op_i = static_cast<uint8_t>(rule.op);
      d->rule_ref_value_i = rule.ref;
      for (int k = 0; k < 4; ++k) d->rule_border_color_i[k] = rule.border[k];
      const int taps = static_cast<int>(Uniform(rng, 1, 8));
      const int corner_at = kSeamless && taps >= 3 && Chance(rng, opt.corner)
                                ? static_cast<int>(Uniform(rng, 0, taps - 3)) : -1;
      bool nonres_acc = false, bad_acc = false;
      uint32_t corner_vals[3][4] = {};
      for (int t = 0; t < taps; ++t) {
        Read rd;
        rd.border = Chance(rng, 10);
        rd.bad = Chance(rng, 4);
        rd.res_read = Chance(rng, 30);
        rd.last = t == taps - 1;
        rd.off = static_cast<uint32_t>(Uniform(rng, 0, (16 - rule.texel_bytes) / rule.texel_bytes)) *
                 static_cast<uint32_t>(rule.texel_bytes);
        rd.res_off = static_cast<uint32_t>(Uniform(rng, 0, 15));
        rd.res_bit = static_cast<uint32_t>(Uniform(rng, 0, 7));
        rd.w = static_cast<uint32_t>(rng());
        rd.ranks = static_cast<uint32_t>(Uniform(rng, 0, 15));
        rd.code = corner_at >= 0 && t >= corner_at && t < corner_at + 3 ? static_cast<uint32_t>(t - corner_at + 1) : 0;
        for (uint8_t& b : rd.tex_line) b = static_cast<uint8_t>(rng());
        for (uint8_t& b : rd.res_line) b = static_cast<uint8_t>(rng());
        const uint64_t ready = cycle + 1 + static_cast<uint64_t>(Uniform(rng, 0, 3));
        q5.push_back({ready, rd});
        if (rd.TexRead()) {
          LineIn l{ready + static_cast<uint64_t>(Uniform(rng, 0, 6)), {}};
          std::memcpy(l.bytes, rd.tex_line, 16);
          if (corrupt_left >= 0 && tap_index == static_cast<uint64_t>(corrupt_left)) l.bytes[rd.off] ^= 0x10;
          qr.push_back(l);
        }
        if (kResidency && rd.res_read) {
          LineIn l{ready + static_cast<uint64_t>(Uniform(rng, 0, 6)), {}};
          std::memcpy(l.bytes, rd.res_line, 16);
          qr.push_back(l);
        }
        // The model's value of this tap, and the item it makes.
        uint8_t bytes[16] = {};
        if (rd.TexRead()) std::memcpy(bytes, rd.tex_line + rd.off, 16 - rd.off);
        uint32_t v[4];
        TexelValue(rule.model, bytes, rd.border, v);
        const bool nonres = kResidency && rd.res_read && ((rd.res_line[rd.res_off] >> rd.res_bit) & 1);
        r.nonres += nonres;
        Item it;
        it.last = rd.last;
        it.nonres = nonres_acc || nonres;
        it.bad = bad_acc || rd.bad;
        it.w = rd.w;
        it.ranks = rd.ranks;
        nonres_acc = it.nonres;
        bad_acc = it.bad;
        std::ostringstream ds;
        ds << "request #" << generated << " (" << Name(rule.order) << "/" << Name(rule.type)
           << (rule.read_norm ? " normalized" : "") << (rule.srgb ? " srgb" : "")
           << (rule.compare ? " compare " + std::string(Name(rule.op)) : "") << ") tap " << t << " of "
           << taps << (rd.border ? " border" : "") << (rd.bad ? " bad-level" : "")
           << (rd.res_read ? " residency" : "") << " offset " << rd.off;
        if (rd.code) {
          std::memcpy(corner_vals[rd.code - 1], v, sizeof v);
          if (rd.code < 3) {
            ++tap_index;
            continue;  // absorbed into the corner's item
          }
          ds << " (a seamless corner)";
          for (int k = 0; k < 4; ++k) {
            it.c[k] = rule.model.float_result
                          ? CubeCornerMean(corner_vals[0][k], corner_vals[1][k], corner_vals[2][k])
                          : corner_vals[0][k];
          }
          ++r.corners;
        } else {
          std::memcpy(it.c, v, sizeof v);
        }
        it.describe = ds.str();
        items.push_back(it);
        ++tap_index;
      }
      ++generated;
      ++inside;
      r.taps += static_cast<uint64_t>(taps);
    }
    // Q5 and QR heads, held back now and then.
    const bool show_read = !q5.empty() && q5.front().ready <= cycle && !Chance(rng, opt.read_stall);
    d->read_empty_i = !show_read;
    if (!q5.empty()) {
      const Read& rd = q5.front().read;
      d->read_border_i = rd.border;
      d->read_bad_i = rd.bad;
      d->read_tex_read_i = rd.TexRead();
      d->read_res_read_i = kResidency && rd.res_read;
      d->read_off_i = rd.off;
      d->read_res_off_i = rd.res_off;
      d->read_res_bit_i = rd.res_bit;
      d->read_w_i = rd.w;
      d->read_ranks_i = rd.ranks;
      d->read_last_i = rd.last;
      d->read_code_i = rd.code;
    }
    const bool show_line = !qr.empty() && qr.front().ready <= cycle && !Chance(rng, opt.line_stall);
    d->line_empty_i = !show_line;
    for (int k = 0; k < 4; ++k) {
      uint32_t w = 0;
      if (!qr.empty()) std::memcpy(&w, qr.front().bytes + 4 * k, 4);
      d->line_i[k] = w;
    }
    d->pop_i = 0;
    dut.Eval();
    // The merge: the head item, now and then.
    if (!d->empty_o && !Chance(rng, opt.pop_stall)) {
      d->pop_i = 1;
      if (items.empty()) {
        r.Fail(cycle, "tsu_tex_return: cycle " + std::to_string(cycle) + ": an item with none expected");
      } else {
        const Item& e = items.front();
        std::ostringstream diff;
        for (int k = 0; k < 4; ++k) {
          DiffField(diff, ("channel " + std::to_string(k)).c_str(), e.c[k], static_cast<uint32_t>(d->item_c_o[k]));
        }
        DiffField(diff, "last", e.last, d->item_last_o != 0);
        DiffField(diff, "nonres", e.nonres, d->item_nonres_o != 0);
        DiffField(diff, "bad", e.bad, d->item_bad_o != 0);
        DiffField(diff, "w", e.w, static_cast<uint32_t>(d->item_w_o));
        DiffField(diff, "ranks", e.ranks, static_cast<uint32_t>(d->item_ranks_o));
        log << "cycle " << cycle << " item of " << e.describe << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
        if (!diff.str().empty()) {
          r.Fail(cycle, "tsu_tex_return: mismatch at cycle " + std::to_string(cycle) + " on " +
                            e.describe + "\n" + diff.str());
        }
        if (e.last) --inside;
        items.pop_front();
        ++r.items;
      }
      dut.Eval();
    }
    if (d->read_pop_o) {
      if (!show_read) r.Fail(cycle, "tsu_tex_return: cycle " + std::to_string(cycle) + ": popped an empty Q5");
      else q5.pop_front();
    }
    if (d->line_pop_o) {
      if (!show_line) r.Fail(cycle, "tsu_tex_return: cycle " + std::to_string(cycle) + ": popped an empty QR");
      else qr.pop_front();
    }
    dut.CheckAssertions(cycle, "tsu_tex_return", &r);
    dut.Tick(cycle);
    if (generated == opt.requests && items.empty() && q5.empty()) break;
  }
  if (r.ok && (!items.empty() || !q5.empty() || !qr.empty())) {
    r.Fail(cycle, "tsu_tex_return: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(q5.size()) + " records, " + std::to_string(qr.size()) +
                      " lines and " + std::to_string(items.size()) + " items to come");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckReturn(uint64_t default_seed, const ReturnOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  ReturnOptions opt = base;
  opt.requests = ScaledCount(opt.requests);
  const ReturnResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunReturn<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  std::printf("[tsu_tex_return] %llu requests, %llu taps, %llu items (%llu seamless corners, %llu "
              "non-resident taps) in %llu cycles\n",
              static_cast<unsigned long long>(opt.requests), static_cast<unsigned long long>(r.taps),
              static_cast<unsigned long long>(r.items), static_cast<unsigned long long>(r.corners),
              static_cast<unsigned long long>(r.nonres), static_cast<unsigned long long>(r.cycles));
  if (!require_cover) return;
  // The stage's own cover points (those of tsu_tex_texel and tsu_tex_corner are their benches').
  for (const std::string& u : r.uncovered) {
    const size_t at = u.find("u_return.");
    const std::string inside = at == std::string::npos ? u : u.substr(at + 9);
    const bool in_block = inside.rfind("u_", 0) == 0 || inside.find(".u_") != std::string::npos;
    if (!in_block) ADD_FAILURE() << "cover point never hit: " << u;
  }
}

TEST(TexStageReturn, RandomTapsAgainstTheModel) {
  CheckReturn<Vtsu_tex_return_bench, Vtsu_tex_return_bench_tsu_tex_return_bench>(2301, {}, true);
}

// The merge slow (Q6's reservation holds taps in Q5), lines and records late.
TEST(TexStageReturn, SlowConsumer) {
  ReturnOptions opt;
  opt.requests = 1500;
  opt.pop_stall = 85;
  opt.line_stall = 50;
  CheckReturn<Vtsu_tex_return_bench, Vtsu_tex_return_bench_tsu_tex_return_bench>(2302, opt, false);
}

// The corner mean one channel a cycle (CornerLanes 1, the one-tap engine's: II 4): a corner right
// behind another waits in Q5 (its cover point), corners in half the requests.
TEST(TexStageReturn, OneCornerLane) {
  ReturnOptions opt;
  opt.corner = 50;
  CheckReturn<Vtsu_tex_return_bench_c1, Vtsu_tex_return_bench_c1_tsu_tex_return_bench>(2305, opt, true);
}

// The default unit's shape: the texel stage two channels a cycle (a tap leaves Q5 every other
// cycle at most: its cover point; the unpack asserts the interval) and the corner mean one,
// through one adder (II 10: a corner right behind another waits, its cover point; the corner
// block asserts its interval).
TEST(TexStageReturn, TwoTexelBeats) {
  ASSERT_EQ(Vtsu_tex_return_bench_b2_tsu_tex_return_bench::BenchTexelBeats, 2u);
  ASSERT_EQ(Vtsu_tex_return_bench_b2_tsu_tex_return_bench::BenchCornerSharedAdd, 1u);
  ReturnOptions opt;
  opt.read_stall = 5;
  opt.line_stall = 5;
  opt.pop_stall = 10;
  CheckReturn<Vtsu_tex_return_bench_b2, Vtsu_tex_return_bench_b2_tsu_tex_return_bench>(2306, opt, true);
}

// Seamless corners and residency left out, the texel stage a channel a cycle (tex_hx8k's knobs):
// codes are ignored, no residency line, a tap every fourth cycle.
TEST(TexStageReturn, SeamlessAndResidencyLeftOut) {
  ASSERT_EQ(Vtsu_tex_return_bench_nr_tsu_tex_return_bench::BenchTexelBeats, 4u);
  ReturnOptions opt;
  opt.corner = 0;
  CheckReturn<Vtsu_tex_return_bench_nr, Vtsu_tex_return_bench_nr_tsu_tex_return_bench>(2303, opt, false);
}

// The bench can fail: one texel line with a flipped bit is reported on its tap.
TEST(TexStageReturn, ACorruptedTexelIsReported) {
  ReturnOptions opt;
  opt.requests = 300;
  opt.corrupt_tap = 41;
  ReturnResult r;
  // A flipped bit of a texel no channel reads (an RGB texel's pad, a depth-stencil's stencil)
  // changes nothing: try a few taps until one is read.
  for (int t = 41; t < 80 && r.ok; ++t) {
    opt.corrupt_tap = t;
    r = RunReturn<Vtsu_tex_return_bench, Vtsu_tex_return_bench_tsu_tex_return_bench>(2304, opt, nullptr, 0);
  }
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.report.find("channel"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb
