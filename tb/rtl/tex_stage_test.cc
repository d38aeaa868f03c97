// Stage benches of the sampling engine (rtl/tex/tsu_tex_<stage>): each stage on its own, against
// what the model says its records must be, under random backpressure on every port.
//
// tsu_tex_lvl_fetch: a request's levels (one, or two for a linear mip filter between levels) are
// read as 16-byte level records at table + 16 x level (tsu::EncodeTexture's level table: the
// TexturePlacement the unit's descriptors name), hi first; the levels wait in Q2 and the records
// in QL for the pass generator, which pops a record per pass and the levels with a request's last
// pass. The bench's memory answers each read in order after a random latency with a line that
// names its address, so a record paired with the wrong pass, a lost or doubled read, or levels out
// of order show as a mismatch naming the request, the field and the cycle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "Vtsu_tex_lvl_fetch.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

// tsu_tex_pkg::levels_t as the port carries it: {hi[19:15], lo[14:10], two[9], linear[8],
// frac[7:0]}.
struct Levels {
  uint32_t hi = 0, lo = 0, frac = 0;
  bool two = false, linear = false;
  uint32_t Bits() const {
    return hi << 15 | lo << 10 | static_cast<uint32_t>(two) << 9 |
           static_cast<uint32_t>(linear) << 8 | frac;
  }
};

// A record's line names its address: word k = address ^ (k * 0x9E3779B9).
uint32_t RecordWord(uint64_t addr, int k) {
  return static_cast<uint32_t>(addr ^ (addr >> 32)) ^ (static_cast<uint32_t>(k) * 0x9E3779B9u);
}

struct Pass {
  uint64_t addr = 0;   // its record's address
  bool last = false;   // the request's last pass
  Levels levels;       // the request's levels
  uint64_t request = 0;
  uint64_t accepted = 0;
  std::string describe;
};

struct FetchOptions {
  uint64_t requests = 20000;
  int push_gap = 30;      // percent of cycles no request is offered
  int mem_stall = 30;     // percent of cycles the read port refuses
  int rsp_stall = 20;     // percent of cycles a due line is held back by the bench
  int pop_stall = 40;     // percent of cycles the pass generator takes nothing
  uint64_t max_latency = 24;
  uint64_t corrupt_line = ~uint64_t{0};  // a line answered with a flipped bit (self-test)
};

struct FetchResult {
  bool ok = true;
  uint64_t fail_cycle = 0;
  std::string report;
  uint64_t passes = 0, two_pass = 0, cycles = 0;
  std::vector<std::string> uncovered;
  size_t cover_points = 0;
};

constexpr uint64_t kMaxInflight = 64;  // the block's MaxInflight: the engine's credit

FetchResult RunFetch(uint64_t seed, const FetchOptions& opt, const std::string* trace,
                     uint64_t trace_from) {
  ScoreboardDut<Vtsu_tex_lvl_fetch> dut(seed, "tsu_tex_lvl_fetch", trace, trace_from);
  Vtsu_tex_lvl_fetch* d = dut.get();
  Rng rng(seed);
  RunVerdict v;
  std::ostringstream log;
  std::deque<uint64_t> reads_expected;  // addresses, in order
  std::deque<Pass> passes;              // in order, for the pass generator's pops
  struct Line {
    uint64_t due, addr;
  };
  std::deque<Line> memory;  // accepted reads, answered in order
  uint64_t pushed = 0, inside = 0, answered = 0;
  FetchResult r;
  d->push_i = 0;
  d->lvl_req_ready_i = 0;
  d->lvl_rsp_valid_i = 0;
  d->rec_pop_i = 0;
  d->levels_pop_i = 0;
  dut.Reset();
  const uint64_t max_cycles = opt.requests * 40 + 1000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && v.ok; ++cycle) {
    // Drive: a request (within the engine's credit), the read port's ready, a due line, pops.
    Levels lv;
    const bool push = pushed < opt.requests && inside < kMaxInflight && !Chance(rng, opt.push_gap);
    uint64_t table = 0;
    if (push) {
      table = (static_cast<uint64_t>(Uniform(rng, 0, (int64_t{1} << 40) - 1)) << 4) &
              ((uint64_t{1} << 48) - 1);
      lv.hi = static_cast<uint32_t>(Uniform(rng, 0, 16));
      lv.two = Chance(rng, 40);
      lv.lo = lv.two ? (lv.hi + 1) % 17 : static_cast<uint32_t>(Uniform(rng, 0, 16));
      lv.linear = Chance(rng, 50);
      lv.frac = lv.two ? static_cast<uint32_t>(Uniform(rng, 1, 255)) : 0;
    }
    d->push_i = push;
    d->table_i = table;
    d->levels_i = lv.Bits();
    d->lvl_req_ready_i = !Chance(rng, opt.mem_stall);
    const bool offer = !memory.empty() && memory.front().due <= cycle && !Chance(rng, opt.rsp_stall);
    d->lvl_rsp_valid_i = offer;
    for (int k = 0; k < 4; ++k) d->lvl_rsp_data_i[k] = offer ? RecordWord(memory.front().addr, k) : 0;
    if (offer && answered == opt.corrupt_line) d->lvl_rsp_data_i[2] ^= 1;  // the bench's self-test
    const bool want_pop = !Chance(rng, opt.pop_stall);
    d->rec_pop_i = 0;
    d->levels_pop_i = 0;
    dut.Eval();
    // The pass generator's pop: a record per pass, the levels with the request's last pass.
    if (want_pop && !d->rec_empty_o && !d->levels_empty_o) {
      d->rec_pop_i = 1;
      if (passes.empty()) {
        v.Fail(cycle, "tsu_tex_lvl_fetch: a record with no pass expected");
      } else {
        const Pass& p = passes.front();
        std::ostringstream diff;
        for (int k = 0; k < 4; ++k) {
          DiffField(diff, ("record word " + std::to_string(k)).c_str(), RecordWord(p.addr, k),
                    static_cast<uint32_t>(d->rec_o[k]));
        }
        DiffField(diff, "levels", p.levels.Bits(), static_cast<uint32_t>(d->levels_o));
        log << "cycle " << cycle << " pass of request #" << p.request << " record 0x" << std::hex
            << p.addr << std::dec << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
        if (!diff.str().empty()) {
          v.Fail(cycle, "tsu_tex_lvl_fetch: mismatch at cycle " + std::to_string(cycle) +
                            " on request #" + std::to_string(p.request) + " (accepted at cycle " +
                            std::to_string(p.accepted) + ")\n  request: " + p.describe + "\n" +
                            diff.str());
        }
        if (p.last) {
          d->levels_pop_i = 1;
          --inside;
        }
        ++r.passes;
        passes.pop_front();
      }
      dut.Eval();
    }
    // The read port.
    if (d->lvl_req_valid_o && d->lvl_req_ready_i) {
      const uint64_t addr = d->lvl_req_addr_o;
      if (reads_expected.empty() || reads_expected.front() != addr) {
        std::ostringstream m;
        m << "tsu_tex_lvl_fetch: cycle " << cycle << ": read of 0x" << std::hex << addr;
        if (reads_expected.empty()) {
          m << " with none expected";
        } else {
          m << ", expected 0x" << reads_expected.front();
        }
        v.Fail(cycle, m.str());
      } else {
        reads_expected.pop_front();
      }
      memory.push_back({cycle + static_cast<uint64_t>(Uniform(rng, 1, static_cast<int64_t>(opt.max_latency))), addr});
    }
    if (offer && d->lvl_rsp_ready_o) {
      memory.pop_front();
      ++answered;
    }
    if (push) {
      Pass p;
      p.levels = lv;
      p.request = pushed;
      p.accepted = cycle;
      std::ostringstream ds;
      ds << "table 0x" << std::hex << table << std::dec << " levels " << lv.hi;
      if (lv.two) ds << ", " << lv.lo << " (frac " << lv.frac << ")";
      p.describe = ds.str();
      p.addr = table + 16 * lv.hi;
      p.last = !lv.two;
      reads_expected.push_back(p.addr);
      passes.push_back(p);
      if (lv.two) {
        p.addr = table + 16 * lv.lo;
        p.last = true;
        reads_expected.push_back(p.addr);
        passes.push_back(p);
        ++r.two_pass;
      }
      ++pushed;
      ++inside;
    }
    dut.CheckAssertions(cycle, "tsu_tex_lvl_fetch", &v);
    dut.Tick(cycle);
    if (pushed == opt.requests && passes.empty()) break;
  }
  if (v.ok && !passes.empty()) {
    v.Fail(cycle, "tsu_tex_lvl_fetch: " + std::to_string(passes.size()) +
                      " passes never delivered; next: " + passes.front().describe);
  }
  r.ok = v.ok;
  r.fail_cycle = v.fail_cycle;
  r.report = v.report;
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

TEST(TexStageLvlFetch, RandomLevelsUnderBackpressure) {
  const uint64_t seed = SeedFromEnv(2101);
  FetchOptions opt;
  opt.requests = ScaledCount(20000);
  const FetchResult r = RunOrReplay(seed, 300, [&](const std::string* base, uint64_t from) {
    return RunFetch(seed, opt, base, from);
  });
  if (!r.ok) return;
  std::printf("[tsu_tex_lvl_fetch] %llu requests (%llu of two levels), %llu passes in %llu cycles\n",
              static_cast<unsigned long long>(opt.requests),
              static_cast<unsigned long long>(r.two_pass),
              static_cast<unsigned long long>(r.passes), static_cast<unsigned long long>(r.cycles));
  EXPECT_EQ(r.passes, opt.requests + r.two_pass);
}

// Full speed (a request and a pop every cycle, memory at once), a slow consumer (the queues fill
// to the engine's credit) and sparse requests.
TEST(TexStageLvlFetch, FullSpeedAndSlowConsumer) {
  const uint64_t seed = SeedFromEnv(2102);
  for (const auto& [push_gap, pop_stall] : {std::pair{0, 0}, std::pair{0, 85}, std::pair{80, 0}}) {
    FetchOptions opt;
    opt.requests = ScaledCount(5000);
    opt.push_gap = push_gap;
    opt.pop_stall = pop_stall;
    opt.mem_stall = pop_stall == 0 ? 0 : 30;
    opt.rsp_stall = 0;
    opt.max_latency = 1 + static_cast<uint64_t>(pop_stall) / 2;
    const FetchResult r = RunOrReplay(seed, 300, [&](const std::string* base, uint64_t from) {
      return RunFetch(seed, opt, base, from);
    });
    if (!r.ok) return;
    EXPECT_EQ(r.passes, opt.requests + r.two_pass);
  }
}

// The bench can fail: one line answered with a flipped bit is reported as that request's record.
TEST(TexStageLvlFetch, ACorruptedLineIsReported) {
  FetchOptions opt;
  opt.requests = 500;
  opt.corrupt_line = 137;
  const FetchResult r = RunFetch(2103, opt, nullptr, 0);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.report.find("record word 2"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb
