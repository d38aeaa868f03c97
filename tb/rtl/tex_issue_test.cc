// Stage bench of the one-tap path's memory issue (rtl/tex/tsu_tex_issue), through a wrapper that
// names its records' fields (tb/rtl/sv/tsu_tex_issue_bench.sv), under random backpressure on
// every port.
//
// What the stage must do (the model's one-tap reads, tsu::ExecTex through TexelAddress and
// ResidencyBit): each tap of Q4 reads its texel's 16-byte line, unless it is a border tap or one
// of an unusable level, and then, with a residency map, its residency byte's line; taps leave Q4
// in order once their reads are issued; Q5 hands the return stage each tap's record (its flags,
// the two bytes' offsets in their lines, weights, ranks, last, corner code) and QR the lines in
// the order they were read; at most MaxReads reads are outstanding (issued, their lines not yet
// taken). The bench's memory answers each read in order after a random latency with a line that
// names its address, and its return stage takes a record's lines and then the record, so a read
// issued twice or not at all, a line paired with the wrong tap, a record with a wrong field or a
// broken bound shows as a mismatch naming the tap, the field and the cycle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <sstream>
#include <string>

#include "Vtsu_tex_issue_bench_r0.h"
#include "Vtsu_tex_issue_bench_r0_tsu_tex_issue_bench.h"
#include "Vtsu_tex_issue_bench_r1.h"
#include "Vtsu_tex_issue_bench_r1_tsu_tex_issue_bench.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

constexpr uint64_t kAddrMask = (uint64_t{1} << 48) - 1;  // the wrapper's AddrW

// A line names its address: word k = address ^ (k * 0x9E3779B9).
uint32_t LineWord(uint64_t line_addr, int k) {
  return static_cast<uint32_t>(line_addr ^ (line_addr >> 32)) ^ (static_cast<uint32_t>(k) * 0x9E3779B9u);
}

struct Tap {
  bool border = false, bad = false, res_read = false, last = false;
  uint32_t res_bit = 0, w = 0, ranks = 0, code = 0;
  uint64_t addr = 0, res_addr = 0;
  uint64_t index = 0;
  bool TexRead() const { return !border && !bad; }
  std::string Describe() const {
    std::ostringstream o;
    o << "tap #" << index << (border ? " border" : "") << (bad ? " bad-level" : "")
      << (res_read ? " residency" : "") << std::hex << " texel 0x" << addr << " residency byte 0x"
      << res_addr << std::dec;
    return o.str();
  }
};

struct IssueOptions {
  uint64_t taps = 20000;
  int tap_gap = 20;      // percent of cycles Q4 gets no new tap
  int mem_stall = 30;    // percent of cycles the read port refuses
  int rsp_stall = 20;    // percent of cycles a due line is held back
  int take_stall = 30;   // percent of cycles the return stage takes nothing
  uint64_t max_latency = 24;
  uint64_t corrupt_line = ~uint64_t{0};  // a line answered with a flipped bit (self-test)
};

struct IssueResult : RunVerdict {
  uint64_t cycles = 0, reads = 0, taps = 0, max_outstanding = 0;
};

template <typename Dut, typename Root>
IssueResult RunIssue(uint64_t seed, const IssueOptions& opt, const std::string* trace,
                     uint64_t trace_from) {
  constexpr uint64_t kMaxReads = Root::BenchMaxReads;
  constexpr bool kResidency = Root::BenchResidency != 0;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_issue", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  IssueResult r;
  std::ostringstream log;
  std::deque<Tap> q4;           // the tap queue in front of the stage
  std::deque<uint64_t> reads;   // line addresses the stage must read, in order
  std::deque<Tap> q5;           // taps whose reads were issued: the records the stage must hand on
  struct Line {
    uint64_t due, addr;
  };
  std::deque<Line> memory;      // accepted reads, answered in order
  uint64_t generated = 0, answered = 0, outstanding = 0, lines_taken = 0;
  d->tap_empty_i = 1;
  d->mem_req_ready_i = 0;
  d->mem_rsp_valid_i = 0;
  d->read_pop_i = 0;
  d->line_pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.taps * 60 + 1000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    // Q4: a new tap now and then (the queue holds four).
    if (generated < opt.taps && q4.size() < 4 && !Chance(rng, opt.tap_gap)) {
      Tap t;
      t.index = generated++;
      t.border = Chance(rng, 12);
      t.bad = Chance(rng, 6);
      t.res_read = Chance(rng, 35);
      t.res_bit = static_cast<uint32_t>(Uniform(rng, 0, 7));
      t.w = static_cast<uint32_t>(rng());
      t.ranks = static_cast<uint32_t>(Uniform(rng, 0, 15));
      t.last = Chance(rng, 30);
      t.code = static_cast<uint32_t>(Uniform(rng, 0, 3));
      t.addr = rng() & kAddrMask;
      t.res_addr = rng() & kAddrMask;
      if (t.TexRead()) reads.push_back(t.addr & ~uint64_t{15});
      if (kResidency && t.res_read) reads.push_back(t.res_addr & ~uint64_t{15});
      q4.push_back(t);
    }
    d->tap_empty_i = q4.empty();
    if (!q4.empty()) {
      const Tap& t = q4.front();
      d->tap_border_i = t.border;
      d->tap_bad_i = t.bad;
      d->tap_res_read_i = t.res_read;
      d->tap_res_bit_i = t.res_bit;
      d->tap_w_i = t.w;
      d->tap_ranks_i = t.ranks;
      d->tap_last_i = t.last;
      d->tap_code_i = t.code;
      d->addr_i = t.addr;
      d->res_addr_i = t.res_addr;
    }
    d->mem_req_ready_i = !Chance(rng, opt.mem_stall);
    const bool offer = !memory.empty() && memory.front().due <= cycle && !Chance(rng, opt.rsp_stall);
    d->mem_rsp_valid_i = offer;
    for (int k = 0; k < 4; ++k) d->mem_rsp_data_i[k] = offer ? LineWord(memory.front().addr, k) : 0;
    if (offer && answered == opt.corrupt_line) d->mem_rsp_data_i[1] ^= 4;  // the bench's self-test
    d->read_pop_i = 0;
    d->line_pop_i = 0;
    dut.Eval();

    // The return stage: the head record's lines first, one a cycle, then the record.
    if (!d->read_empty_o && !Chance(rng, opt.take_stall)) {
      if (q5.empty()) {
        r.Fail(cycle, "tsu_tex_issue: cycle " + std::to_string(cycle) + ": a record in Q5 with no tap popped");
      } else {
        const Tap& t = q5.front();
        const bool res = kResidency && t.res_read;
        const uint64_t need = (t.TexRead() ? 1 : 0) + (res ? 1 : 0);
        std::ostringstream diff;
        if (lines_taken < need) {
          if (!d->line_empty_o) {
            const uint64_t a = (lines_taken == 0 && t.TexRead() ? t.addr : t.res_addr) & ~uint64_t{15};
            for (int k = 0; k < 4; ++k) {
              DiffField(diff, ("line word " + std::to_string(k)).c_str(), LineWord(a, k),
                        static_cast<uint32_t>(d->line_o[k]));
            }
            d->line_pop_i = 1;
            ++lines_taken;
            --outstanding;
          }
        } else {
          DiffField(diff, "border", t.border, d->read_border_o != 0);
          DiffField(diff, "bad", t.bad, d->read_bad_o != 0);
          DiffField(diff, "tex_read", t.TexRead(), d->read_tex_read_o != 0);
          DiffField(diff, "res_read", res, d->read_res_read_o != 0);
          DiffField(diff, "off", static_cast<uint32_t>(t.addr & 15), static_cast<uint32_t>(d->read_off_o));
          DiffField(diff, "res_off", static_cast<uint32_t>(t.res_addr & 15),
                    static_cast<uint32_t>(d->read_res_off_o));
          DiffField(diff, "res_bit", t.res_bit, static_cast<uint32_t>(d->read_res_bit_o));
          DiffField(diff, "w", t.w, static_cast<uint32_t>(d->read_w_o));
          DiffField(diff, "ranks", t.ranks, static_cast<uint32_t>(d->read_ranks_o));
          DiffField(diff, "last", t.last, d->read_last_o != 0);
          DiffField(diff, "code", t.code, static_cast<uint32_t>(d->read_code_o));
          d->read_pop_i = 1;
          log << "cycle " << cycle << " record of " << t.Describe()
              << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
          ++r.taps;
        }
        if (!diff.str().empty()) {
          r.Fail(cycle, "tsu_tex_issue: mismatch at cycle " + std::to_string(cycle) + " on " +
                            t.Describe() + (d->read_pop_i ? " (its record)" : " (a line)") + "\n" +
                            diff.str());
        }
        if (d->read_pop_i) {
          q5.pop_front();
          lines_taken = 0;
        }
      }
      dut.Eval();
    }
    // The read port: the expected line, in order, within the bound.
    if (d->mem_req_valid_o && d->mem_req_ready_i) {
      const uint64_t a = d->mem_req_addr_o;
      if (reads.empty() || reads.front() != a) {
        std::ostringstream m;
        m << "tsu_tex_issue: cycle " << cycle << ": read of line 0x" << std::hex << a;
        if (reads.empty()) {
          m << " with none expected";
        } else {
          m << ", expected 0x" << reads.front();
        }
        if (!q4.empty()) m << std::dec << " (Q4's head: " << q4.front().Describe() << ")";
        r.Fail(cycle, m.str());
      } else {
        reads.pop_front();
      }
      memory.push_back({cycle + static_cast<uint64_t>(Uniform(rng, 1, static_cast<int64_t>(opt.max_latency))), a});
      ++outstanding;
      ++r.reads;
      if (outstanding > kMaxReads) {
        r.Fail(cycle, "tsu_tex_issue: cycle " + std::to_string(cycle) + ": " +
                          std::to_string(outstanding) + " reads outstanding, MaxReads is " +
                          std::to_string(kMaxReads));
      }
      r.max_outstanding = std::max(r.max_outstanding, outstanding);
    }
    if (offer && d->mem_rsp_ready_o) {
      memory.pop_front();
      ++answered;
    }
    // Q4's pop: the head tap, once its reads are issued (checked above, in order).
    if (d->tap_pop_o) {
      if (q4.empty()) {
        r.Fail(cycle, "tsu_tex_issue: cycle " + std::to_string(cycle) + ": a pop of an empty Q4");
      } else {
        q5.push_back(q4.front());
        q4.pop_front();
      }
    }
    dut.CheckAssertions(cycle, "tsu_tex_issue", &r);
    dut.Tick(cycle);
    if (generated == opt.taps && q4.empty() && q5.empty()) break;
  }
  if (r.ok && (!q4.empty() || !q5.empty() || !reads.empty())) {
    r.Fail(cycle, "tsu_tex_issue: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(q4.size()) + " taps in Q4, " + std::to_string(q5.size()) +
                      " records and " + std::to_string(reads.size()) + " reads to come");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckIssue(uint64_t default_seed, const IssueOptions& base, bool require_full) {
  const uint64_t seed = SeedFromEnv(default_seed);
  IssueOptions opt = base;
  opt.taps = ScaledCount(opt.taps);
  const IssueResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunIssue<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.taps, opt.taps);
  std::printf("[tsu_tex_issue] %llu taps, %llu reads in %llu cycles, at most %llu of %u outstanding\n",
              static_cast<unsigned long long>(r.taps), static_cast<unsigned long long>(r.reads),
              static_cast<unsigned long long>(r.cycles),
              static_cast<unsigned long long>(r.max_outstanding), Root::BenchMaxReads);
  if (require_full) {
    EXPECT_EQ(r.max_outstanding, Root::BenchMaxReads);
    EXPECT_TRUE(r.uncovered.empty()) << "cover point never hit: " << r.uncovered.front();
  }
}

TEST(TexStageIssue, RandomTapsUnderBackpressure) {
  CheckIssue<Vtsu_tex_issue_bench_r1, Vtsu_tex_issue_bench_r1_tsu_tex_issue_bench>(2201, {}, false);
}

// Slow memory and a slow return stage: the reads reach MaxReads (c_reads_full) and wait there.
TEST(TexStageIssue, SlowMemoryFillsTheReadSlots) {
  IssueOptions opt;
  opt.taps = 5000;
  opt.tap_gap = 0;
  opt.max_latency = 60;
  opt.take_stall = 70;
  CheckIssue<Vtsu_tex_issue_bench_r1, Vtsu_tex_issue_bench_r1_tsu_tex_issue_bench>(2202, opt, true);
}

// Full speed: a tap every cycle, memory at once, nothing held back.
TEST(TexStageIssue, FullSpeed) {
  IssueOptions opt;
  opt.taps = 5000;
  opt.tap_gap = opt.mem_stall = opt.rsp_stall = opt.take_stall = 0;
  opt.max_latency = 1;
  CheckIssue<Vtsu_tex_issue_bench_r1, Vtsu_tex_issue_bench_r1_tsu_tex_issue_bench>(2203, opt, false);
}

// Without residency (EnableResidency 0, tex_hx8k): a tap's residency flag reads nothing.
TEST(TexStageIssue, ResidencyLeftOut) {
  CheckIssue<Vtsu_tex_issue_bench_r0, Vtsu_tex_issue_bench_r0_tsu_tex_issue_bench>(2204, {}, false);
}

// The bench can fail: one line answered with a flipped bit is reported as that tap's line.
TEST(TexStageIssue, ACorruptedLineIsReported) {
  IssueOptions opt;
  opt.taps = 500;
  opt.corrupt_line = 97;
  const IssueResult r =
      RunIssue<Vtsu_tex_issue_bench_r1, Vtsu_tex_issue_bench_r1_tsu_tex_issue_bench>(2205, opt, nullptr, 0);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.report.find("line word 1"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb
