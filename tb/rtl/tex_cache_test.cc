// Texel cache bench: tsu_tex_cache against its golden function, memory itself. Every answer must
// be the 16-byte line as memory held it when the cache accepted the read; answers leave in order,
// one per read. The memory answers in order after a random latency, with random backpressure on
// every channel.
//
// Writes happen as the unit makes them: a write to a line that no outstanding read names, with
// the line's invalidation (inv_valid_i) on the edge the write takes effect; now and then software
// rewrites lines behind the cache and sends invalidate_all (inv_all_i). A checker self-test writes
// without the invalidation and must see a stale line reported. Configurations: 2 KB 4-way 16-byte
// lines (the unit's), 512 B 2-way 64-byte lines, 256 B direct mapped, 128 B fully associative,
// and no cache (pass-through).
#include <gtest/gtest.h>
#include <verilated.h>
#include <verilated_fst_c.h>

#include <array>
#include <cstdio>
#include <deque>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "Vtsu_tex_cache.h"
#include "Vtsu_tex_cache_tsu_tex_cache.h"
#include "Vtsu_tex_cache_dm.h"
#include "Vtsu_tex_cache_fa.h"
#include "Vtsu_tex_cache_l64.h"
#include "Vtsu_tex_cache_none.h"
#include "line_port.h"
#include "lockstep.h"
#include "pattern_memory.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

using LineMemory = PatternMemory<16>;
using Line = LineMemory::Record;

std::string Hex(const Line& l) { return HexBytes(l.data(), l.size()); }

struct Options {
  uint64_t seed = 1;
  uint64_t reads = 60000;
  int offer_percent = 85;
  int rsp_ready_percent = 85;
  int mem_ready_percent = 75;
  int max_latency = 24;
  int footprint_lines = 384;   // distinct 16-byte lines the reads walk over
  int write_per_mille = 6;     // cycles that start a write (of a line no read waits for)
  int sw_per_mille = 1;        // cycles where software rewrites lines and invalidates all
  bool forget_invalidate = false;  // checker self-test: writes without invalidation
  // Directed: lines 0..warm_lines-1 in turn, memory answering at once, every channel ready.
  int warm_lines = 0;
  // Directed: the last read is offered only once every earlier one is answered (an idle cache),
  // so its answer comes after exactly the block's hit latency.
  bool idle_last = false;
};

struct Result {
  bool ok = true;
  std::string report;
  uint64_t cycles = 0, answers = 0, mem_reads = 0, writes = 0, inv_all = 0;
  uint64_t lookups = 0, misses = 0;  // the cache's counters
  uint64_t first_warm = 0, last_warm = 0;
  uint64_t last_latency = 0;  // cycles from the last read's acceptance to its answer
  std::vector<std::string> uncovered;
  size_t cover_points = 0;
};

template <typename Dut>
Result RunCache(const Options& opt, const char* name, int line_bytes, const std::string* trace_base) {
  Result r;
  SimRun<Dut> dut(opt.seed, name, trace_base, 0);
  Rng rng(opt.seed);
  LineMemory mem;
  dut->req_valid_i = 0;
  dut->rsp_ready_i = 0;
  dut->mem_req_ready_i = 0;
  dut->mem_rsp_valid_i = 0;
  dut->inv_valid_i = 0;
  dut->inv_all_i = 0;
  dut.Reset();

  struct Expected {
    uint64_t n, addr, cycle;
    Line line;
  };
  std::deque<Expected> waiting;      // accepted, not answered
  std::multiset<uint64_t> named;     // lines outstanding reads name
  std::deque<uint64_t> recent;       // the lines of the last answers
  struct Read {
    uint64_t due;
    Line data;
  };
  std::deque<Read> mem_q;
  const uint64_t base = 0x40000 + (static_cast<uint64_t>(Uniform(rng, 0, 255)) << 4);
  uint64_t walk = 0, n_next = 0;
  bool sw_pending = false;
  std::ostringstream log;
  const bool warm = opt.warm_lines > 0;
  const uint64_t max_cycles = opt.reads * 40 + 2000;

  auto fail = [&](uint64_t cycle, const std::string& what) {
    if (!r.ok) return;
    r.ok = false;
    std::ostringstream m;
    m << name << ": " << what << " at cycle " << cycle << "\n  seed " << opt.seed
      << "; repeat with: " << ReproCommand(opt.seed);
    r.report = m.str();
  };

  for (uint64_t cycle = 0; cycle < max_cycles && r.ok; ++cycle) {
    // ---- Drive ------------------------------------------------------------------------------
    uint64_t addr = 0;
    bool offer = false;
    // Software's rewrite waits for the reads in flight (as the unit's ordering makes it).
    if (!warm && !sw_pending && Uniform(rng, 0, 999) < opt.sw_per_mille) sw_pending = true;
    if (n_next < opt.reads && !sw_pending) {
      if (warm) {
        offer = !(opt.idle_last && n_next + 1 == opt.reads && !waiting.empty());
        addr = base + 16 * (n_next % static_cast<uint64_t>(opt.warm_lines));
      } else if (Chance(rng, opt.offer_percent)) {
        offer = true;
        // A random walk with jumps: neighbours hit, jumps and the footprint's size miss, and
        // lines a set apart conflict.
        const uint64_t lines = static_cast<uint64_t>(opt.footprint_lines);
        if (Chance(rng, 10)) walk = static_cast<uint64_t>(Uniform(rng, 0, opt.footprint_lines - 1));
        else walk = (walk + static_cast<uint64_t>(Uniform(rng, 0, 4)) + lines - 2) % lines;
        // Now and then a line 512 bytes (a multiple of every shape's set stride) from the walk:
        // the same set, another tag, so a set's ways can all be in use at once.
        const uint64_t line = Chance(rng, 8) ? (walk + 32 * static_cast<uint64_t>(Uniform(rng, 1, 11))) % lines : walk;
        addr = base + 16 * line + static_cast<uint64_t>(Uniform(rng, 0, 15));  // low bits ignored
      }
    }
    dut->req_valid_i = offer;
    dut->req_addr_i = addr;
    dut->rsp_ready_i = warm || Chance(rng, opt.rsp_ready_percent);
    dut->mem_req_ready_i = warm || Chance(rng, opt.mem_ready_percent);
    const bool mrsp = !mem_q.empty() && mem_q.front().due <= cycle;
    dut->mem_rsp_valid_i = mrsp;
    if (mrsp) BytesToWords<16>(mem_q.front().data.data(), dut->mem_rsp_data_i);
    // A write of a line no outstanding read names, or software's rewrite and invalidate_all.
    bool write = false, inv_all = false;
    uint64_t waddr = 0;
    Line wline{};
    std::vector<std::pair<uint64_t, Line>> sw_lines;
    if (!warm && Uniform(rng, 0, 999) < opt.write_per_mille) {
      // Half a line answered lately (one the cache likely holds), half anywhere.
      waddr = base + 16 * static_cast<uint64_t>(Uniform(rng, 0, opt.footprint_lines - 1));
      if (!recent.empty() && Chance(rng, 50)) {
        waddr = recent[static_cast<size_t>(Uniform(rng, 0, static_cast<int64_t>(recent.size()) - 1))];
      }
      // Not a line a read names, nor the one offered now (which read comes first would be open).
      if (named.count(waddr) == 0 && !(offer && (addr & ~uint64_t{15}) == waddr)) {
        write = true;
        for (auto& b : wline) b = static_cast<uint8_t>(rng());
      }
    } else if (sw_pending && waiting.empty()) {
      sw_pending = false;
      inv_all = true;
      for (int k = 0; k < 8; ++k) {
        Line l{};
        for (auto& b : l) b = static_cast<uint8_t>(rng());
        sw_lines.emplace_back(base + 16 * static_cast<uint64_t>(Uniform(rng, 0, opt.footprint_lines - 1)), l);
      }
    }
    dut->inv_valid_i = write && !opt.forget_invalidate;
    dut->inv_addr_i = waddr | static_cast<uint64_t>(Uniform(rng, 0, 15));
    dut->inv_all_i = inv_all;
    dut.Eval();

    // ---- Check what happens at this edge -----------------------------------------------------
    if (dut->rsp_valid_o && dut->rsp_ready_i) {
      if (waiting.empty()) {
        fail(cycle, "an answer with no read waiting");
        break;
      }
      const Expected& e = waiting.front();
      Line got{};
      for (int b = 0; b < 16; ++b) got[static_cast<size_t>(b)] = static_cast<uint8_t>(dut->rsp_data_o[b / 4] >> (8 * (b % 4)));
      const bool same = got == e.line;
      if (trace_base != nullptr) {
        log << "cycle " << cycle << " read #" << e.n << " line 0x" << std::hex << e.addr << std::dec
            << " (accepted at cycle " << e.cycle << ")" << (same ? "  ok" : "  MISMATCH") << "\n";
      }
      if (!same) {
        std::ostringstream d;
        d << "read #" << e.n << " of line 0x" << std::hex << e.addr << std::dec << " (accepted at cycle "
          << e.cycle << ")\n    expected " << Hex(e.line) << "\n    got      " << Hex(got);
        fail(cycle, d.str());
        break;
      }
      if (warm && e.n >= static_cast<uint64_t>(opt.warm_lines)) {
        if (e.n == static_cast<uint64_t>(opt.warm_lines)) r.first_warm = cycle;
        r.last_warm = cycle;
      }
      r.last_latency = cycle - e.cycle;
      recent.push_back(e.addr);
      if (recent.size() > 8) recent.pop_front();
      named.erase(named.find(e.addr));
      waiting.pop_front();
      ++r.answers;
    }
    if (dut->mem_req_valid_o && dut->mem_req_ready_i) {
      const uint64_t a = dut->mem_req_addr_o;
      if ((a & 15) != 0) {
        fail(cycle, "a memory read of an unaligned address");
        break;
      }
      Read rd{cycle + (warm ? 1 : static_cast<uint64_t>(Uniform(rng, 1, opt.max_latency))), mem.Read(a)};
      if (!mem_q.empty() && rd.due < mem_q.back().due) rd.due = mem_q.back().due;
      mem_q.push_back(rd);
      ++r.mem_reads;
    }
    if (mrsp && dut->mem_rsp_ready_o) mem_q.pop_front();
    if (write) {  // the write takes effect at this edge, after the memory reads it accepted
      mem.Write(waddr, wline);
      ++r.writes;
    }
    if (inv_all) {
      for (const auto& [a, l] : sw_lines) mem.Write(a, l);
      ++r.inv_all;
    }
    if (dut->req_valid_i && dut->req_ready_o) {
      const uint64_t line = addr & ~uint64_t{15};
      waiting.push_back(Expected{n_next, line, cycle, mem.Read(line)});
      named.insert(line);
      ++n_next;
    }

    if (dut.AssertionFailed()) fail(cycle, "an assertion failed (message above)");
    dut.Tick(cycle);
    r.cycles = cycle + 1;
    if (n_next >= opt.reads && waiting.empty()) break;
  }
  if (r.ok && r.answers != opt.reads) fail(r.cycles, "ran out of cycles with reads outstanding");
  r.lookups = dut->lookups_o;
  r.misses = dut->misses_o;
  if (r.ok && r.mem_reads != r.misses * static_cast<uint64_t>(line_bytes / 16)) {
    fail(r.cycles, "memory reads (" + std::to_string(r.mem_reads) + ") are not misses (" +
                       std::to_string(r.misses) + ") x lines per fill");
  }
  if (r.ok && r.lookups != r.answers) fail(r.cycles, "the lookup counter is not the reads answered");
  if (trace_base != nullptr) {
    dut.CloseTrace(log.str());
  } else if (r.ok) {
    r.uncovered = UncoveredPoints(dut.context(), ArtifactDir() + "/" + CurrentTestName() + ".cov.dat",
                                  &r.cover_points);
  }
  return r;
}

template <typename Dut>
Result RunChecked(const Options& opt, const char* name, int line_bytes) {
  Result r = RunCache<Dut>(opt, name, line_bytes, nullptr);
  if (!r.ok) {
    const std::string base = ArtifactDir() + "/" + CurrentTestName();
    RunCache<Dut>(opt, name, line_bytes, &base);
    r.report += "\n  waveform: " + base + ".fst\n  transaction log: " + base + ".log";
  }
  return r;
}

template <typename Dut>
void RandomTraffic(uint64_t seed, const char* name, int line_bytes, bool cached) {
  Options opt;
  opt.seed = SeedFromEnv(seed);
  opt.reads = ScaledCount(60000);
  const Result r = RunChecked<Dut>(opt, name, line_bytes);
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("[%s] %llu reads over %llu cycles: %llu misses (hit rate %.1f%%), %llu memory reads, "
              "%llu writes, %llu invalidate_all, %zu/%zu cover points hit\n",
              name, static_cast<unsigned long long>(r.answers), static_cast<unsigned long long>(r.cycles),
              static_cast<unsigned long long>(r.misses),
              100.0 * static_cast<double>(r.lookups - r.misses) / static_cast<double>(r.lookups),
              static_cast<unsigned long long>(r.mem_reads), static_cast<unsigned long long>(r.writes),
              static_cast<unsigned long long>(r.inv_all), r.cover_points - r.uncovered.size(),
              r.cover_points);
  for (const std::string& p : r.uncovered) ADD_FAILURE() << "cover point never hit: " << p;
  if (cached) {
    EXPECT_GT(r.cover_points, 0u);
    EXPECT_LT(r.misses, r.lookups) << "some reads hit";
    EXPECT_GT(r.misses, 0u);
  } else {
    EXPECT_EQ(r.misses, r.lookups) << "no cache: every read goes to memory";
  }
}

TEST(TexCache, RandomTraffic2KFourWay) { RandomTraffic<Vtsu_tex_cache>(701, "tsu_tex_cache", 16, true); }
TEST(TexCache, RandomTraffic64ByteLines) {
  RandomTraffic<Vtsu_tex_cache_l64>(702, "tsu_tex_cache_l64", 64, true);
}
TEST(TexCache, RandomTrafficDirectMapped) {
  RandomTraffic<Vtsu_tex_cache_dm>(703, "tsu_tex_cache_dm", 16, true);
}
TEST(TexCache, RandomTrafficFullyAssociative) {
  RandomTraffic<Vtsu_tex_cache_fa>(704, "tsu_tex_cache_fa", 16, true);
}
TEST(TexCache, RandomTrafficNoCache) {
  RandomTraffic<Vtsu_tex_cache_none>(705, "tsu_tex_cache_none", 16, false);
}

// What the cache is for: a working set it holds answers one read per clock with no memory reads.
TEST(TexCache, WarmWorkingSetAnswersOneReadPerClock) {
  Options opt;
  opt.seed = SeedFromEnv(706);
  opt.warm_lines = 32;
  opt.reads = 32 + 1000;
  const Result r = RunChecked<Vtsu_tex_cache>(opt, "tsu_tex_cache", 16);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.mem_reads, 32u) << "each line is read once";
  EXPECT_EQ(r.last_warm - r.first_warm, 999u) << "1000 hits in 1000 consecutive cycles";
}

// The declared Latency is the hit latency of an idle cache.
TEST(TexCache, AnIdleHitTakesTheDeclaredLatency) {
  Options opt;
  opt.seed = SeedFromEnv(708);
  opt.warm_lines = 8;
  opt.reads = 8 + 8 + 1;  // fill, hit once, then one hit alone
  opt.idle_last = true;
  const Result r = RunChecked<Vtsu_tex_cache>(opt, "tsu_tex_cache", 16);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.mem_reads, 8u);
  EXPECT_EQ(r.last_latency, static_cast<uint64_t>(Vtsu_tex_cache_tsu_tex_cache::Latency));
}

// The checker itself: writes that do not invalidate leave stale lines, and the bench must say so.
TEST(TexCache, AWriteWithoutInvalidationIsReportedStale) {
  Options opt;
  opt.seed = SeedFromEnv(707);
  opt.reads = 20000;
  opt.write_per_mille = 40;
  opt.forget_invalidate = true;
  const Result r = RunCache<Vtsu_tex_cache>(opt, "tsu_tex_cache", 16, nullptr);
  ASSERT_FALSE(r.ok) << "stale lines went unnoticed";
  EXPECT_NE(r.report.find("expected"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb
