// Stage bench of the quad path's return (rtl/tex/tsu_tex_quad_return), through a wrapper that
// names its records' fields (tb/rtl/sv/tsu_tex_quad_return_bench.sv), with groups and the banks'
// answers arriving late and the merge popping at random.
//
// What the stage must do, per slice (one quad of a quad request, in one or more groups of reads):
// each reading lane's texel from the bank its group names, at its byte offset, and each border
// lane's border colour, through the request's tap-value rule (tsu::TexelValue under
// tsu::MakeTexelRule); a seamless corner lane's value as the mean of its face's texel and its two
// neighbours (tsu::CubeCornerMean; its face's texel for an integer result); then the quad's x and
// y ranks (tsu::FilterTaps with ranks & 3), leaving one item with the slice's z and mip ranks, tap
// 0's weights, the request's last flag and its unusable-level flag accumulated over its slices. A
// wrong channel or flag, a bank answer taken by the wrong group, a lost, extra or reordered item
// shows as a mismatch naming the request, the slice and the cycle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <sstream>
#include <string>
#include <vector>

#include "Vtsu_tex_quad_return_bench.h"
#include "Vtsu_tex_quad_return_bench_ns.h"
#include "Vtsu_tex_quad_return_bench_ns_tsu_tex_quad_return_bench.h"
#include "Vtsu_tex_quad_return_bench_tsu_tex_quad_return_bench.h"
#include "line_port.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "tex_gen.h"
#include "tex_texel_rule.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct Group {
  uint64_t ready = 0;  // the first cycle it may be on QQ5: its request's rule is in by then
  bool slice_end = false;
  uint32_t took = 0, src = 0, off = 0, banks_read = 0;
  // The slice's fields (the same on each of its groups).
  uint32_t corner = 0, active = 0, border = 0, w = 0, ranks = 0;
  bool bad = false, last = false;
};

struct Item {
  uint64_t request = 0;
  int slice = 0;
  bool check_c = true;  // an unusable level's values mean nothing
  uint32_t c[4] = {};
  bool last = false, bad = false;
  uint32_t w = 0, ranks = 0;
  std::string describe;
};

struct QuadReturnOptions {
  uint64_t requests = 8000;
  int group_stall = 25;  // percent of cycles QQ5's head is held back
  int bank_stall = 25;   // percent of cycles a bank's answer is held back
  int pop_stall = 30;    // percent of cycles the merge takes nothing
  int corner = 20;       // percent of slices with a seamless corner (with EnableSeamless)
};

struct QuadReturnResult : RunVerdict {
  uint64_t cycles = 0, items = 0, groups = 0, corners = 0, shared = 0;
};

template <typename Dut, typename Root>
QuadReturnResult RunQuadReturn(uint64_t seed, const QuadReturnOptions& opt, const std::string* trace,
                               uint64_t trace_from) {
  constexpr uint64_t kMaxInflight = Root::BenchMaxInflight;
  const bool seamless_on = Root::BenchEnableSeamless != 0;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_quad_return", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  QuadReturnResult r;
  std::ostringstream log;
  struct Line {
    uint8_t b[16];
  };
  std::deque<Group> groups;
  std::deque<Line> banks[4];
  std::deque<Item> expected;
  uint64_t generated = 0, inside = 0;  // requests whose rule is pushed and last item not taken
  d->push_i = 0;
  d->group_empty_i = 1;
  d->bank_valid_i = 0;
  d->pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.requests * 80 + 2000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    const auto fail = [&](const std::string& what) {
      r.Fail(cycle, "tsu_tex_quad_return: cycle " + std::to_string(cycle) + ": " + what);
    };
    d->push_i = 0;
    // A request at acceptance: its rule now, its slices' groups and lines after.
    if (generated < opt.requests && inside < kMaxInflight && groups.size() < 16) {
      const uint64_t req = generated++;
      ++inside;
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
      const bool is_float = rule.model.float_result;
      const int slices = static_cast<int>(Uniform(rng, 1, 3));
      bool bad_acc = false;
      for (int s = 0; s < slices; ++s) {
        Group g;
        g.ready = cycle + 3;
        g.last = s + 1 == slices;
        g.bad = Chance(rng, 5);
        g.w = static_cast<uint32_t>(rng());
        // Integer results are point-sampled; float ones any footprint (1, 2 or 4 lanes).
        const uint32_t xy = is_float ? static_cast<uint32_t>(std::vector<int>{0, 1, 3}[Uniform(rng, 0, 2)]) : 0;
        g.ranks = xy | (static_cast<uint32_t>(Uniform(rng, 0, 3)) << 2);
        const int lanes = xy == 0 ? 1 : xy == 1 ? 2 : 4;
        g.active = (1u << lanes) - 1;
        int corner_lane = -1;
        if (seamless_on && (xy == 3 || xy == 0) && Chance(rng, opt.corner)) {
          corner_lane = xy == 0 ? 0 : static_cast<int>(Uniform(rng, 0, 3));
          g.active = 0xF;  // a point tap at a corner is its whole footprint
          g.corner = 1u << corner_lane;
          ++r.corners;
        }
        for (int j = 0; j < 4; ++j) {
          if ((g.active >> j & 1) && j != corner_lane && Chance(rng, 10)) g.border |= 1u << j;
        }
        // The lanes' texels, read or border.
        uint8_t texel[4][16] = {};
        uint32_t v[4][4] = {};
        std::vector<int> readers;
        for (int j = 0; j < 4; ++j) {
          if (!(g.active >> j & 1) || j == corner_lane) continue;
          const bool border = g.border >> j & 1;
          for (int b = 0; b < 16; ++b) texel[j][b] = static_cast<uint8_t>(rng());
          TexelValue(rule.model, texel[j], border, v[j]);
          if (!border && !g.bad) readers.push_back(j);
        }
        if (corner_lane >= 0) {
          const int k = corner_lane;
          for (int ch = 0; ch < 4; ++ch) {
            v[k][ch] = is_float ? CubeCornerMean(v[k ^ 3][ch], v[k ^ 2][ch], v[k ^ 1][ch]) : v[k ^ 3][ch];
          }
        }
        // The reads in one or two groups; lanes of a group may share a bank's line.
        const int ngroups = readers.size() >= 2 && Chance(rng, 40) ? 2 : 1;
        std::vector<Group> gs(static_cast<size_t>(ngroups), g);
        Line lines[2][4];
        for (auto& per : lines) {
          for (auto& l : per) {
            for (uint8_t& b : l.b) b = static_cast<uint8_t>(rng());
          }
        }
        for (int j : readers) {
          const size_t gi = ngroups == 2 ? static_cast<size_t>(Uniform(rng, 0, 1)) : 0;
          Group& gg = gs[gi];
          const uint32_t bank = static_cast<uint32_t>(Uniform(rng, 0, 3));
          const uint32_t slots = 16 / static_cast<uint32_t>(rule.texel_bytes);
          uint32_t off = static_cast<uint32_t>(Uniform(rng, 0, slots - 1)) * static_cast<uint32_t>(rule.texel_bytes);
          if (gg.banks_read >> bank & 1) ++r.shared;
          // Two lanes on one line at one offset read one texel: make theirs the same.
          for (int o = 0; o < j; ++o) {
            if ((gg.took >> o & 1) && ((gg.src >> (2 * o)) & 3) == bank && ((gg.off >> (4 * o)) & 15) == off) {
              std::memcpy(texel[j], texel[o], 16);
              TexelValue(rule.model, texel[j], false, v[j]);
            }
          }
          gg.took |= 1u << j;
          gg.src |= bank << (2 * j);
          gg.off |= off << (4 * j);
          gg.banks_read |= 1u << bank;
          std::memcpy(lines[gi][bank].b + off, texel[j], static_cast<size_t>(rule.texel_bytes));
        }
        // A corner lane's neighbours may have changed (shared texels): its mean again.
        if (corner_lane >= 0) {
          const int k = corner_lane;
          for (int ch = 0; ch < 4; ++ch) {
            v[k][ch] = is_float ? CubeCornerMean(v[k ^ 3][ch], v[k ^ 2][ch], v[k ^ 1][ch]) : v[k ^ 3][ch];
          }
        }
        for (size_t gi = 0; gi < gs.size(); ++gi) {
          gs[gi].slice_end = gi + 1 == gs.size();
          for (int b = 0; b < 4; ++b) {
            if (gs[gi].banks_read >> b & 1) banks[b].push_back(lines[gi][b]);
          }
          groups.push_back(gs[gi]);
        }
        // The item: the quad's x and y ranks (tsu::FilterTaps), the rest passed on.
        FilterTap taps[4];
        for (int j = 0; j < 4; ++j) {
          taps[j] = FilterTap{};
          for (int ch = 0; ch < 4; ++ch) taps[j].c[ch] = v[j][ch];
          taps[j].w[0] = g.w & 0xFF;
          taps[j].w[1] = (g.w >> 8) & 0xFF;
        }
        Item it;
        it.request = req;
        it.slice = s;
        FilterTaps(taps, xy, it.c);
        bad_acc = bad_acc || g.bad;
        it.bad = bad_acc;
        it.check_c = !bad_acc;
        it.last = g.last;
        it.w = g.w;
        it.ranks = g.ranks & 0xC;
        std::ostringstream o;
        o << "request #" << req << " slice " << s << " (" << Name(rule.order) << " " << Name(rule.type)
          << (is_float ? " float" : " integer") << ", ranks 0x" << std::hex << g.ranks << ", active 0x"
          << g.active << ", border 0x" << g.border << ", corner 0x" << g.corner << std::dec << ", "
          << gs.size() << " group(s)" << (g.bad ? ", unusable level" : "") << ")";
        it.describe = o.str();
        expected.push_back(it);
      }
    }
    // QQ5's head and the banks' answers, each with its own delay.
    d->group_empty_i = groups.empty() || groups.front().ready > cycle || Chance(rng, opt.group_stall);
    if (!groups.empty()) {
      const Group& g = groups.front();
      d->g_slice_end_i = g.slice_end;
      d->g_took_i = static_cast<uint8_t>(g.took);
      d->g_src_i = static_cast<uint8_t>(g.src);
      d->g_off_i = static_cast<uint16_t>(g.off);
      d->g_banks_read_i = static_cast<uint8_t>(g.banks_read);
      d->g_corner_i = static_cast<uint8_t>(g.corner);
      d->g_active_i = static_cast<uint8_t>(g.active);
      d->g_border_i = static_cast<uint8_t>(g.border);
      d->g_bad_i = g.bad;
      d->g_w_i = g.w;
      d->g_ranks_i = static_cast<uint8_t>(g.ranks);
      d->g_last_i = g.last;
    }
    uint32_t bank_valid = 0;
    for (int b = 0; b < 4; ++b) {
      if (!banks[b].empty() && !Chance(rng, opt.bank_stall)) {
        bank_valid |= 1u << b;
        uint32_t words[4];
        BytesToWords<16>(banks[b].front().b, words);
        for (int w = 0; w < 4; ++w) d->bank_data_i[4 * b + w] = words[w];
      }
    }
    d->bank_valid_i = static_cast<uint8_t>(bank_valid);
    d->pop_i = 0;
    dut.Eval();
    if (d->group_pop_o) {
      if (groups.empty() || d->group_empty_i) {
        fail("popped an empty group queue");
        break;
      }
      const uint32_t ready = d->bank_ready_o;
      if (ready != groups.front().banks_read) {
        fail("took the banks' answers 0x" + std::to_string(ready) + " for a group that reads 0x" +
             std::to_string(groups.front().banks_read));
        break;
      }
      for (int b = 0; b < 4; ++b) {
        if (ready >> b & 1) banks[b].pop_front();
      }
      groups.pop_front();
      ++r.groups;
    } else if (d->bank_ready_o != 0) {
      fail("took a bank's answer without a group");
      break;
    }
    if (!d->empty_o && !Chance(rng, opt.pop_stall)) {
      if (expected.empty()) {
        fail("an item with no slice");
        break;
      }
      const Item& e = expected.front();
      std::ostringstream diff;
      if (e.check_c) {
        for (int ch = 0; ch < 4; ++ch) {
          DiffField(diff, ("c[" + std::to_string(ch) + "]").c_str(), e.c[ch], static_cast<uint32_t>(d->c_o[ch]));
        }
      }
      DiffField(diff, "last", e.last, d->last_o != 0);
      DiffField(diff, "bad", e.bad, d->bad_o != 0);
      DiffField(diff, "nonres", false, d->nonres_o != 0);
      DiffField(diff, "w", e.w, static_cast<uint32_t>(d->w_o));
      DiffField(diff, "ranks", e.ranks, static_cast<uint32_t>(d->ranks_o));
      log << "cycle " << cycle << " " << e.describe << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      if (!diff.str().empty()) {
        fail("mismatch on " + e.describe + "\n" + diff.str());
        break;
      }
      if (e.last) --inside;
      expected.pop_front();
      ++r.items;
      d->pop_i = 1;
      dut.Eval();
    }
    dut.CheckAssertions(cycle, "tsu_tex_quad_return", &r);
    dut.Tick(cycle);
    if (generated == opt.requests && expected.empty()) break;
  }
  if (r.ok && !expected.empty()) {
    r.Fail(cycle, "tsu_tex_quad_return: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(expected.size()) + " items owed (" + expected.front().describe + " first)");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckQuadReturn(uint64_t default_seed, const QuadReturnOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  QuadReturnOptions opt = base;
  opt.requests = ScaledCount(opt.requests);
  const QuadReturnResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunQuadReturn<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  std::printf("[tsu_tex_quad_return%s] %llu items from %llu groups (%llu seamless corners, %llu shared "
              "lines) in %llu cycles\n",
              Root::BenchEnableSeamless ? "" : " without seamless cubes", static_cast<unsigned long long>(r.items),
              static_cast<unsigned long long>(r.groups), static_cast<unsigned long long>(r.corners),
              static_cast<unsigned long long>(r.shared), static_cast<unsigned long long>(r.cycles));
  if (require_cover) {
    for (const std::string& u : r.uncovered) {
      if (u.find(".u_quad_return.u_") == std::string::npos && u.find(".u_quad_return.g_texel") == std::string::npos &&
          u.find(".g_corner.u_") == std::string::npos) {
        ADD_FAILURE() << "cover point never hit: " << u;
      }
    }
  }
}

using Full = Vtsu_tex_quad_return_bench;
using FullRoot = Vtsu_tex_quad_return_bench_tsu_tex_quad_return_bench;
using NoSeam = Vtsu_tex_quad_return_bench_ns;
using NoSeamRoot = Vtsu_tex_quad_return_bench_ns_tsu_tex_quad_return_bench;

TEST(TexStageQuadReturn, RandomSlicesAgainstTheModel) { CheckQuadReturn<Full, FullRoot>(3101, {}, true); }

TEST(TexStageQuadReturn, FullSpeed) {
  QuadReturnOptions opt;
  opt.requests = 3000;
  opt.group_stall = opt.bank_stall = opt.pop_stall = 0;
  CheckQuadReturn<Full, FullRoot>(3102, opt, false);
}

TEST(TexStageQuadReturn, SlowConsumer) {
  QuadReturnOptions opt;
  opt.requests = 2000;
  opt.pop_stall = 85;
  CheckQuadReturn<Full, FullRoot>(3103, opt, false);
}

TEST(TexStageQuadReturn, SeamlessLeftOut) {
  QuadReturnOptions opt;
  opt.requests = 3000;
  CheckQuadReturn<NoSeam, NoSeamRoot>(3104, opt, false);
}

}  // namespace
}  // namespace tsu::tb
