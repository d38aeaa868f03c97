// Stage bench of the quad path's issue (rtl/tex/tsu_tex_quad_issue), through a wrapper that names
// its records' fields (tb/rtl/sv/tsu_tex_quad_issue_bench.sv), under random bank backpressure and
// a random consumer.
//
// What the stage must do: every lane of a slice that reads (active, not border, not a seamless
// corner, the slice's level usable) gets its 16-byte line from its bank exactly once; lanes that
// name one line in one bank share one read; a bank takes one read a cycle; each cycle's reads are
// a group in QQ5 (the lanes that took a line, each one's bank and byte offset, the banks read, the
// slice's fields), the slice's last group marked; the slice leaves QQ4 with its last group. The
// bench's lines sit in banks by their index (bank = line mod 4), so lanes meet on a line (a shared
// read) and on a bank with another line (a conflict: a cycle later). A lane read twice or never, a
// read of a line no lane named, a group that names the wrong bank or offset, or a slice released
// early shows as a mismatch naming the slice, the field and the cycle.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <sstream>
#include <string>

#include "Vtsu_tex_quad_issue_bench.h"
#include "Vtsu_tex_quad_issue_bench_tsu_tex_quad_issue_bench.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

using Dut = Vtsu_tex_quad_issue_bench;
constexpr uint64_t kAddrMask = (uint64_t{1} << 40) - 1;  // the wrapper's AddrW

struct Slice {
  uint32_t corner = 0, active = 0, border = 0, w = 0, ranks = 0;
  bool bad = false, last = false;
  std::array<uint64_t, 4> addr{};
  uint64_t index = 0;
  uint32_t Bank(int j) const { return static_cast<uint32_t>((addr[static_cast<size_t>(j)] >> 4) & 3); }
  uint32_t Banks() const {
    uint32_t b = 0;
    for (int j = 0; j < 4; ++j) b |= Bank(j) << (2 * j);
    return b;
  }
  uint32_t Reading() const { return bad ? 0 : active & ~border & ~corner & 0xF; }
  std::string Describe() const {
    std::ostringstream o;
    o << "slice #" << index << " active 0x" << std::hex << active << " border 0x" << border
      << " corner 0x" << corner << (bad ? " bad-level" : "") << " lines";
    for (int j = 0; j < 4; ++j) o << " 0x" << (addr[static_cast<size_t>(j)] >> 4) << "/b" << Bank(j);
    return o.str();
  }
};

struct Fire {
  uint32_t banks = 0;
  std::array<uint64_t, 4> line{};  // per bank: the line read
};

struct QuadIssueOptions {
  uint64_t slices = 20000;
  int slice_gap = 20;
  int bank_stall = 30;  // percent per bank per cycle
  int pop_stall = 30;
  int pool = 6;         // distinct lines a slice's lanes pick from (fewer: more sharing)
};

struct QuadIssueResult : RunVerdict {
  uint64_t cycles = 0, groups = 0, reads = 0, lane_reads = 0, slices_done = 0;
};

QuadIssueResult RunQuadIssue(uint64_t seed, const QuadIssueOptions& opt, const std::string* trace,
                             uint64_t trace_from) {
  ScoreboardDut<Dut> dut(seed, "tsu_tex_quad_issue", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  QuadIssueResult r;
  std::ostringstream log;
  std::deque<Slice> qq4;        // in front of the stage
  std::deque<Slice> consuming;  // every slice in order, until its last group is taken
  std::deque<Fire> fires;       // each cycle's reads, in order
  uint32_t taken = 0;           // lanes of consuming.front() that took a line so far
  uint64_t generated = 0, popped_slices = 0, end_groups = 0;
  d->slice_empty_i = 1;
  d->bank_ready_i = 0;
  d->pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.slices * 40 + 1000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    if (generated < opt.slices && qq4.size() < 4 && !Chance(rng, opt.slice_gap)) {
      Slice s;
      s.index = generated++;
      s.active = static_cast<uint32_t>(Uniform(rng, 0, 15));
      if (Chance(rng, 60)) s.active = 0xF;
      s.border = Chance(rng, 20) ? static_cast<uint32_t>(Uniform(rng, 0, 15)) : 0;
      s.corner = Chance(rng, 10) ? 1u << Uniform(rng, 0, 3) : 0;
      s.bad = Chance(rng, 3);
      s.w = static_cast<uint32_t>(rng());
      s.ranks = static_cast<uint32_t>(Uniform(rng, 0, 15));
      s.last = Chance(rng, 40);
      const uint64_t base = (rng() & kAddrMask) & ~uint64_t{15};
      for (auto& a : s.addr) {
        a = ((base + 16 * static_cast<uint64_t>(Uniform(rng, 0, opt.pool - 1))) & kAddrMask) |
            static_cast<uint64_t>(Uniform(rng, 0, 15));
      }
      qq4.push_back(s);
      consuming.push_back(s);
    }
    d->slice_empty_i = qq4.empty();
    if (!qq4.empty()) {
      const Slice& s = qq4.front();
      d->slice_corner_i = s.corner;
      d->slice_active_i = s.active;
      d->slice_border_i = s.border;
      d->slice_bad_i = s.bad;
      d->slice_banks_i = s.Banks();
      d->slice_w_i = s.w;
      d->slice_ranks_i = s.ranks;
      d->slice_last_i = s.last;
      d->addr0_i = s.addr[0];
      d->addr1_i = s.addr[1];
      d->addr2_i = s.addr[2];
      d->addr3_i = s.addr[3];
    }
    uint32_t ready = 0;
    for (int b = 0; b < 4; ++b) ready |= static_cast<uint32_t>(!Chance(rng, opt.bank_stall)) << b;
    d->bank_ready_i = ready;
    d->pop_i = 0;
    dut.Eval();

    // The return stage: the head group, now and then.
    if (!d->empty_o && !Chance(rng, opt.pop_stall)) {
      d->pop_i = 1;
      std::ostringstream diff;
      if (consuming.empty()) {
        r.Fail(cycle, "tsu_tex_quad_issue: cycle " + std::to_string(cycle) + ": a group with no slice");
      } else {
        const Slice& s = consuming.front();
        const uint32_t took = d->group_took_o, banks_read = d->group_banks_read_o;
        DiffField(diff, "corner", s.corner, static_cast<uint32_t>(d->group_corner_o));
        DiffField(diff, "active", s.active, static_cast<uint32_t>(d->group_active_o));
        DiffField(diff, "border", s.border, static_cast<uint32_t>(d->group_border_o));
        DiffField(diff, "bad", s.bad, d->group_bad_o != 0);
        DiffField(diff, "w", s.w, static_cast<uint32_t>(d->group_w_o));
        DiffField(diff, "ranks", s.ranks, static_cast<uint32_t>(d->group_ranks_o));
        DiffField(diff, "last", s.last, d->group_last_o != 0);
        if (took & ~s.Reading()) diff << "  took lanes 0x" << std::hex << (took & ~s.Reading()) << " that read nothing\n" << std::dec;
        if (took & taken) diff << "  lanes 0x" << std::hex << (took & taken) << " took a second line\n" << std::dec;
        Fire f;
        if (banks_read != 0) {
          if (fires.empty()) {
            diff << "  banks_read 0x" << std::hex << banks_read << " with no read issued\n" << std::dec;
          } else {
            f = fires.front();
            fires.pop_front();
            DiffField(diff, "banks_read", f.banks, banks_read);
          }
        }
        uint32_t banks_used = 0;
        for (int j = 0; j < 4; ++j) {
          if (!((took >> j) & 1)) continue;
          const uint32_t bank = s.Bank(j);
          banks_used |= 1u << bank;
          DiffField(diff, ("lane " + std::to_string(j) + " bank").c_str(), bank,
                    static_cast<uint32_t>((d->group_src_o >> (2 * j)) & 3));
          DiffField(diff, ("lane " + std::to_string(j) + " offset").c_str(),
                    static_cast<uint32_t>(s.addr[static_cast<size_t>(j)] & 15),
                    static_cast<uint32_t>((d->group_off_o >> (4 * j)) & 15));
          if (!((f.banks >> bank) & 1) || f.line[bank] != (s.addr[static_cast<size_t>(j)] & ~uint64_t{15})) {
            diff << "  lane " << j << ": its line 0x" << std::hex << (s.addr[static_cast<size_t>(j)] >> 4)
                 << " was not read from bank " << std::dec << bank << " in this group\n";
          }
          ++r.lane_reads;
        }
        if (f.banks & ~banks_used) diff << "  banks 0x" << std::hex << (f.banks & ~banks_used) << " read for no lane\n" << std::dec;
        taken |= took;
        const bool end = taken == s.Reading();
        DiffField(diff, "slice_end", end, d->group_slice_end_o != 0);
        log << "cycle " << cycle << " group of " << s.Describe() << ": took 0x" << std::hex << took
            << " banks 0x" << banks_read << std::dec << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
        if (!diff.str().empty()) {
          r.Fail(cycle, "tsu_tex_quad_issue: mismatch at cycle " + std::to_string(cycle) + " on " +
                            s.Describe() + "\n" + diff.str());
        }
        if (d->group_slice_end_o) {
          consuming.pop_front();
          taken = 0;
          ++end_groups;
        }
        ++r.groups;
      }
      dut.Eval();
    }
    // The banks' reads this cycle: one per bank, a 16-byte line.
    Fire f;
    f.banks = d->bank_valid_o & ready;
    const uint64_t bank_addr[4] = {d->bank0_addr_o, d->bank1_addr_o, d->bank2_addr_o, d->bank3_addr_o};
    for (int b = 0; b < 4; ++b) {
      if (!((f.banks >> b) & 1)) continue;
      f.line[static_cast<size_t>(b)] = bank_addr[b];
      if (bank_addr[b] & 15) r.Fail(cycle, "tsu_tex_quad_issue: cycle " + std::to_string(cycle) + ": bank " +
                                         std::to_string(b) + " read an address that is not a line's");
      ++r.reads;
    }
    if (f.banks) fires.push_back(f);
    if (d->slice_pop_o) {
      if (qq4.empty()) {
        r.Fail(cycle, "tsu_tex_quad_issue: cycle " + std::to_string(cycle) + ": popped an empty QQ4");
      } else {
        qq4.pop_front();
        ++popped_slices;
      }
    }
    dut.CheckAssertions(cycle, "tsu_tex_quad_issue", &r);
    dut.Tick(cycle);
    if (generated == opt.slices && qq4.empty() && consuming.empty()) break;
  }
  if (r.ok && (!qq4.empty() || !consuming.empty() || !fires.empty())) {
    r.Fail(cycle, "tsu_tex_quad_issue: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(qq4.size()) + " slices in QQ4 and " +
                      std::to_string(consuming.size()) + " not finished");
  }
  if (r.ok && popped_slices != end_groups) {
    r.Fail(cycle, "tsu_tex_quad_issue: " + std::to_string(popped_slices) + " slices left QQ4, " +
                      std::to_string(end_groups) + " last groups");
  }
  r.slices_done = end_groups;
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

void CheckQuadIssue(uint64_t default_seed, const QuadIssueOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  QuadIssueOptions opt = base;
  opt.slices = ScaledCount(opt.slices);
  const QuadIssueResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunQuadIssue(seed, opt, trace, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.slices_done, opt.slices);
  std::printf("[tsu_tex_quad_issue] %llu slices, %llu groups, %llu bank reads for %llu lane reads "
              "in %llu cycles\n",
              static_cast<unsigned long long>(r.slices_done), static_cast<unsigned long long>(r.groups),
              static_cast<unsigned long long>(r.reads), static_cast<unsigned long long>(r.lane_reads),
              static_cast<unsigned long long>(r.cycles));
  if (require_cover) {
    for (const std::string& u : r.uncovered) ADD_FAILURE() << "cover point never hit: " << u;
  }
}

TEST(TexStageQuadIssue, RandomSlicesUnderBackpressure) { CheckQuadIssue(2401, {}, true); }

// Every bank ready, the consumer never idle: four reads a cycle where the lanes allow.
TEST(TexStageQuadIssue, FullSpeed) {
  QuadIssueOptions opt;
  opt.slices = 5000;
  opt.slice_gap = opt.bank_stall = opt.pop_stall = 0;
  opt.pool = 16;
  CheckQuadIssue(2402, opt, false);
}

// A slow consumer: QQ5 fills and slices wait for room for four groups.
TEST(TexStageQuadIssue, SlowConsumer) {
  QuadIssueOptions opt;
  opt.slices = 3000;
  opt.pop_stall = 85;
  opt.pool = 2;
  CheckQuadIssue(2403, opt, false);
}

}  // namespace
}  // namespace tsu::tb
