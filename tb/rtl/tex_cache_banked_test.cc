// Banked texel cache bench: tsu_tex_cache_banked against its golden function, memory itself, on
// every port. Reads come as a sampler makes them: 2x2 footprints of 16-byte lines over a 2-D grid
// of lines, each line sent to the port of its bank ({y, x} parity, as the engine maps them, so a
// footprint's lines go to distinct ports), plus stray reads of any line on any port (a line held
// by two banks). Each port's answers must leave in its order, each the line as memory held it
// when the port accepted the read. The memory answers in order after a random latency with
// random backpressure; writes and invalidate_all come as in the one-bank bench (tex_cache_test).
//
// Configurations: 2 KB, 4 ways, 16-byte lines, 4 banks (the block's defaults); 1 KB, 2 ways,
// 32-byte lines, 2 banks; 4 banks without a cache (pass-through through the arbiter).
#include <gtest/gtest.h>
#include <verilated.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "Vtsu_tex_cache_banked.h"
#include "Vtsu_tex_cache_banked_b2.h"
#include "Vtsu_tex_cache_banked_none.h"
#include "Vtsu_tex_cache_banked_tsu_tex_cache_banked.h"
#include "line_port.h"
#include "lockstep.h"
#include "pattern_memory.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

using LineMemory = PatternMemory<16>;
using Line = LineMemory::Record;
constexpr int kAddrW = 48;

// Bits [lsb, lsb + width) of a Verilated wide signal (width <= 64).
template <typename W>
void SetField(W& words, int lsb, int width, uint64_t v) {
  for (int i = 0; i < width; ++i) {
    const int bit = lsb + i;
    const uint32_t m = 1u << (bit % 32);
    if ((v >> i) & 1u) words[bit / 32] |= m;
    else words[bit / 32] &= ~m;
  }
}

struct Options {
  uint64_t seed = 1;
  uint64_t footprints = 20000;
  int offer_percent = 85;
  int rsp_ready_percent = 85;
  int mem_ready_percent = 75;
  int max_latency = 48;          // beyond the route queue's 32 reads in flight now and then
  int grid_w = 24, grid_h = 16;  // lines the footprints walk over
  int stray_percent = 5;         // a read of any line on any port
  int write_per_mille = 6;
  int sw_per_mille = 1;
  bool forget_invalidate = false;
  // Directed: footprints over a grid_w x grid_h grid, every channel ready, memory answering at
  // once; the first warm_footprints cover the grid, the rest hit.
  int warm_footprints = 0;
};

struct Result {
  bool ok = true;
  std::string report;
  uint64_t cycles = 0, answers = 0, mem_reads = 0, writes = 0, inv_all = 0;
  uint64_t lookups = 0, misses = 0;
  // Per port: cycles of the first and last answer to a warm footprint's read.
  std::array<uint64_t, 4> warm_first{}, warm_last{};
  std::vector<std::string> uncovered;
  size_t cover_points = 0;
};

template <typename Dut, int kBanks>
Result RunBanked(const Options& opt, const char* name, int line_bytes, const std::string* trace_base) {
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
    bool warm;
    Line line;
  };
  struct Pending {
    uint64_t addr;
    bool warm;
  };
  std::array<std::deque<Pending>, kBanks> to_send;  // reads each port still has to offer
  std::array<std::deque<Expected>, kBanks> waiting;  // accepted, not answered
  std::multiset<uint64_t> named;                     // lines outstanding or unsent reads name
  std::deque<uint64_t> recent;
  struct Read {
    uint64_t due;
    Line data;
  };
  std::deque<Read> mem_q;
  const uint64_t base = 0x80000 + (static_cast<uint64_t>(Uniform(rng, 0, 255)) << 4);
  const bool warm = opt.warm_footprints > 0;
  uint64_t made = 0, n_next = 0;
  int wx = 0, wy = 0;
  bool sw_pending = false;
  std::ostringstream log;
  const uint64_t max_cycles = opt.footprints * 60 + 2000;
  auto line_of = [&](int x, int y) { return base + 16 * static_cast<uint64_t>(y * opt.grid_w + x); };
  auto bank_of = [&](int x, int y) { return kBanks == 4 ? (y & 1) * 2 + (x & 1) : (x & 1); };
  auto fail = [&](uint64_t cycle, const std::string& what) {
    if (!r.ok) return;
    r.ok = false;
    std::ostringstream m;
    m << name << ": " << what << " at cycle " << cycle << "\n  seed " << opt.seed
      << "; repeat with: " << ReproCommand(opt.seed);
    r.report = m.str();
  };
  auto all_idle = [&]() {
    for (int b = 0; b < kBanks; ++b) {
      if (!waiting[b].empty() || !to_send[b].empty()) return false;
    }
    return true;
  };

  for (uint64_t cycle = 0; cycle < max_cycles && r.ok; ++cycle) {
    // ---- Make footprints: a new one when every port has room ---------------------------------
    if (!warm && !sw_pending && Uniform(rng, 0, 999) < opt.sw_per_mille) sw_pending = true;
    bool room = true;
    for (int b = 0; b < kBanks; ++b) room = room && to_send[b].size() < 2;
    if (made < opt.footprints && room && !sw_pending && (warm || Chance(rng, opt.offer_percent))) {
      int x, y;
      if (warm) {  // the grid in order, over and over
        const int cells = (opt.grid_w - 1) * (opt.grid_h - 1);
        const int k = static_cast<int>(made % static_cast<uint64_t>(cells));
        x = k % (opt.grid_w - 1);
        y = k / (opt.grid_w - 1);
      } else {  // a walk with jumps: neighbours hit, jumps and the grid's size miss
        if (Chance(rng, 10)) {
          wx = static_cast<int>(Uniform(rng, 0, opt.grid_w - 2));
          wy = static_cast<int>(Uniform(rng, 0, opt.grid_h - 2));
        } else {
          wx = std::clamp(wx + static_cast<int>(Uniform(rng, -1, 1)), 0, opt.grid_w - 2);
          wy = std::clamp(wy + static_cast<int>(Uniform(rng, -1, 1)), 0, opt.grid_h - 2);
        }
        x = wx;
        y = wy;
      }
      const bool is_warm = warm && made >= static_cast<uint64_t>(opt.warm_footprints);
      const int rows = kBanks == 4 ? 2 : 1;  // two banks: a footprint row per footprint
      for (int dy = 0; dy < rows; ++dy) {
        for (int dx = 0; dx < 2; ++dx) {
          const uint64_t a = line_of(x + dx, y + dy);
          to_send[bank_of(x + dx, y + dy)].push_back({a, is_warm});
          named.insert(a);
        }
      }
      if (!warm && Chance(rng, opt.stray_percent)) {
        const uint64_t a = line_of(static_cast<int>(Uniform(rng, 0, opt.grid_w - 1)),
                                   static_cast<int>(Uniform(rng, 0, opt.grid_h - 1)));
        to_send[Uniform(rng, 0, kBanks - 1)].push_back({a, false});
        named.insert(a);
      }
      ++made;
    }
    // ---- Drive -----------------------------------------------------------------------------------
    uint32_t valid = 0;
    for (int b = 0; b < kBanks; ++b) {
      if (!to_send[b].empty()) {
        valid |= 1u << b;
        const uint64_t low = warm ? 0 : static_cast<uint64_t>(Uniform(rng, 0, 15));  // ignored
        SetField(dut->req_addr_i, kAddrW * b, kAddrW, to_send[b].front().addr | low);
      }
    }
    dut->req_valid_i = valid;
    uint32_t rready = 0;
    for (int b = 0; b < kBanks; ++b) {
      if (warm || Chance(rng, opt.rsp_ready_percent)) rready |= 1u << b;
    }
    dut->rsp_ready_i = rready;
    dut->mem_req_ready_i = warm || Chance(rng, opt.mem_ready_percent);
    const bool mrsp = !mem_q.empty() && mem_q.front().due <= cycle;
    dut->mem_rsp_valid_i = mrsp;
    if (mrsp) BytesToWords<16>(mem_q.front().data.data(), dut->mem_rsp_data_i);
    bool write = false, inv_all = false;
    uint64_t waddr = 0;
    Line wline{};
    std::vector<std::pair<uint64_t, Line>> sw_lines;
    if (!warm && Uniform(rng, 0, 999) < opt.write_per_mille) {
      waddr = line_of(static_cast<int>(Uniform(rng, 0, opt.grid_w - 1)),
                      static_cast<int>(Uniform(rng, 0, opt.grid_h - 1)));
      if (!recent.empty() && Chance(rng, 50)) {
        waddr = recent[static_cast<size_t>(Uniform(rng, 0, static_cast<int64_t>(recent.size()) - 1))];
      }
      // Not a line a read names: outstanding, or queued to be offered (the unit's ordering rule
      // keeps texture reads and writes apart, H11).
      if (named.count(waddr) == 0) {
        write = true;
        for (auto& b : wline) b = static_cast<uint8_t>(rng());
      }
    } else if (sw_pending && all_idle()) {
      sw_pending = false;
      inv_all = true;
      for (int k = 0; k < 8; ++k) {
        Line l{};
        for (auto& b : l) b = static_cast<uint8_t>(rng());
        sw_lines.emplace_back(line_of(static_cast<int>(Uniform(rng, 0, opt.grid_w - 1)),
                                      static_cast<int>(Uniform(rng, 0, opt.grid_h - 1))), l);
      }
    }
    dut->inv_valid_i = write && !opt.forget_invalidate;
    dut->inv_addr_i = waddr | static_cast<uint64_t>(Uniform(rng, 0, 15));
    dut->inv_all_i = inv_all;
    dut.Eval();

    // ---- Check what happens at this edge -----------------------------------------------------
    const uint32_t rsp_valid = dut->rsp_valid_o, req_ready = dut->req_ready_o;
    for (int b = 0; b < kBanks && r.ok; ++b) {
      if (!((rsp_valid >> b) & (rready >> b) & 1u)) continue;
      if (waiting[b].empty()) {
        fail(cycle, "port " + std::to_string(b) + ": an answer with no read waiting");
        break;
      }
      const Expected& e = waiting[b].front();
      Line got{};
      for (int k = 0; k < 16; ++k) {
        got[static_cast<size_t>(k)] = static_cast<uint8_t>(dut->rsp_data_o[4 * b + k / 4] >> (8 * (k % 4)));
      }
      const bool same = got == e.line;
      if (trace_base != nullptr) {
        log << "cycle " << cycle << " port " << b << " read #" << e.n << " line 0x" << std::hex << e.addr
            << std::dec << " (accepted at cycle " << e.cycle << ")" << (same ? "  ok" : "  MISMATCH") << "\n";
      }
      if (!same) {
        std::ostringstream d;
        d << "port " << b << ": read #" << e.n << " of line 0x" << std::hex << e.addr << std::dec
          << " (accepted at cycle " << e.cycle << ")\n    expected " << HexBytes(e.line.data(), 16)
          << "\n    got      " << HexBytes(got.data(), 16);
        fail(cycle, d.str());
        break;
      }
      if (e.warm) {
        if (r.warm_first[b] == 0) r.warm_first[b] = cycle;
        r.warm_last[b] = cycle;
      }
      recent.push_back(e.addr);
      if (recent.size() > 8) recent.pop_front();
      named.erase(named.find(e.addr));
      waiting[b].pop_front();
      ++r.answers;
    }
    if (!r.ok) break;
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
    if (write) {
      mem.Write(waddr, wline);
      ++r.writes;
    }
    if (inv_all) {
      for (const auto& [a, l] : sw_lines) mem.Write(a, l);
      ++r.inv_all;
    }
    for (int b = 0; b < kBanks; ++b) {
      if (!((valid >> b) & (req_ready >> b) & 1u)) continue;
      const Pending p = to_send[b].front();
      to_send[b].pop_front();
      waiting[b].push_back(Expected{n_next++, p.addr, cycle, p.warm, mem.Read(p.addr)});
    }

    if (dut.AssertionFailed()) fail(cycle, "an assertion failed (message above)");
    dut.Tick(cycle);
    r.cycles = cycle + 1;
    if (made >= opt.footprints && all_idle()) break;
  }
  if (r.ok && !all_idle()) fail(r.cycles, "ran out of cycles with reads outstanding");
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

template <typename Dut, int kBanks>
Result RunChecked(const Options& opt, const char* name, int line_bytes) {
  Result r = RunBanked<Dut, kBanks>(opt, name, line_bytes, nullptr);
  if (!r.ok) {
    const std::string base = ArtifactDir() + "/" + CurrentTestName();
    RunBanked<Dut, kBanks>(opt, name, line_bytes, &base);
    r.report += "\n  waveform: " + base + ".fst\n  transaction log: " + base + ".log";
  }
  return r;
}

template <typename Dut, int kBanks>
void RandomFootprints(uint64_t seed, const char* name, int line_bytes, bool cached) {
  Options opt;
  opt.seed = SeedFromEnv(seed);
  opt.footprints = ScaledCount(20000);
  const Result r = RunChecked<Dut, kBanks>(opt, name, line_bytes);
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("[%s] %llu reads on %d ports over %llu cycles: %llu misses (hit rate %.1f%%), %llu "
              "memory reads, %llu writes, %llu invalidate_all, %zu/%zu cover points hit\n",
              name, static_cast<unsigned long long>(r.answers), kBanks,
              static_cast<unsigned long long>(r.cycles), static_cast<unsigned long long>(r.misses),
              100.0 * static_cast<double>(r.lookups - r.misses) / static_cast<double>(r.lookups),
              static_cast<unsigned long long>(r.mem_reads), static_cast<unsigned long long>(r.writes),
              static_cast<unsigned long long>(r.inv_all), r.cover_points - r.uncovered.size(),
              r.cover_points);
  for (const std::string& u : r.uncovered) ADD_FAILURE() << "cover point never hit: " << u;
  if (cached) {
    EXPECT_LT(r.misses, r.lookups) << "some reads hit";
    EXPECT_GT(r.misses, 0u);
  } else {
    EXPECT_EQ(r.misses, r.lookups) << "no cache: every read goes to memory";
  }
}

TEST(TexCacheBanked, RandomFootprintsFourBanks) {
  RandomFootprints<Vtsu_tex_cache_banked, 4>(711, "tsu_tex_cache_banked", 16, true);
}
TEST(TexCacheBanked, RandomFootprintsTwoBanks32ByteLines) {
  RandomFootprints<Vtsu_tex_cache_banked_b2, 2>(712, "tsu_tex_cache_banked_b2", 32, true);
}
TEST(TexCacheBanked, RandomFootprintsNoCache) {
  RandomFootprints<Vtsu_tex_cache_banked_none, 4>(713, "tsu_tex_cache_banked_none", 16, false);
}

// The point of the banks: a bilinear footprint that hits is four lines answered in one cycle.
// 8 x 4 lines (8 per bank) are read once; then 1000 footprints over them answer 4000 lines in
// 1000 consecutive cycles.
TEST(TexCacheBanked, WarmFootprintsAnswerOnePerClock) {
  Options opt;
  opt.seed = SeedFromEnv(714);
  opt.grid_w = 8;
  opt.grid_h = 4;
  opt.warm_footprints = 7 * 3;  // every footprint of the grid once: every line read
  opt.footprints = 7 * 3 + 1000;
  const Result r = RunChecked<Vtsu_tex_cache_banked, 4>(opt, "tsu_tex_cache_banked", 16);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.mem_reads, 32u) << "each line is read once";
  EXPECT_EQ(r.answers, 4u * opt.footprints);
  for (int b = 0; b < 4; ++b) {
    EXPECT_EQ(r.warm_last[b] - r.warm_first[b], 999u) << "port " << b << ": 1000 hits in 1000 cycles";
  }
  std::printf("[tsu_tex_cache_banked] 1000 warm footprints: each port answers its 1000 hits in "
              "%llu cycles; 4000 hits in %llu cycles in all\n",
              static_cast<unsigned long long>(r.warm_last[0] - r.warm_first[0] + 1),
              static_cast<unsigned long long>(
                  *std::max_element(r.warm_last.begin(), r.warm_last.end()) -
                  *std::min_element(r.warm_first.begin(), r.warm_first.end()) + 1));
}

// The checker itself: writes without the invalidation leave stale lines in some bank.
TEST(TexCacheBanked, AWriteWithoutInvalidationIsReportedStale) {
  Options opt;
  opt.seed = SeedFromEnv(715);
  opt.footprints = 8000;
  opt.write_per_mille = 40;
  opt.forget_invalidate = true;
  const Result r = RunBanked<Vtsu_tex_cache_banked, 4>(opt, "tsu_tex_cache_banked", 16, nullptr);
  ASSERT_FALSE(r.ok) << "stale lines went unnoticed";
  EXPECT_NE(r.report.find("expected"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb
