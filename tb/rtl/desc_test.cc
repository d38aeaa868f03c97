// Descriptor stage bench: tsu_desc against the pool rule of docs/descriptors.md and the ordering
// rule H10 (docs/semantics.md), independent of the unit around it.
//
// The reference is the documented rule, not a model of the cache: a request accepted with handle
// h gets the 64-byte image of the slot at pool_base + 64 h as memory holds it when the request is
// accepted, or all zeros when h >= pool_entries (or has bits above HandleW) or the instruction
// needs no descriptor; requests leave in order, each once. Software keeps its side of the
// contract as a driver would: a rewritten slot is invalidated by the same command that the bench
// applies the rewrite at, and the pool moves only while no request is offered.
//
// Every cycle checks: the output handshake (payload = request number, the whole 512-bit
// descriptor), and every descriptor read (16-byte lines of the one waiting request's slot, in
// order, nothing for out-of-range handles). The directed test checks what the cache is for:
// with the pool in the cache, one request per cycle and no reads.
#include <gtest/gtest.h>
#include <verilated.h>
#include <verilated_fst_c.h>

#include <array>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "Vtsu_desc.h"
#include "Vtsu_desc_tsu_desc.h"
#include "lockstep.h"
#include "pattern_memory.h"
#include "surface_gen.h"
#include "tsu/descriptor_words.h"
#include "tsu/encodings.h"

namespace tsu::tb {
namespace {

using Root = Vtsu_desc_tsu_desc;
constexpr int kHandleBits = static_cast<int>(Root::HandleWidth);

// Descriptor memory: slots written by the bench, anything else a pattern of its address.
class SlotMemory : public PatternMemory<64> {
 public:
  DescImage Slot(uint64_t addr) const { return Read(addr); }
};

struct Pool {
  uint64_t base = 0;
  uint64_t entries = 0;
  bool InRange(uint64_t h) const { return (h >> kHandleBits) == 0 && h < entries; }
  uint64_t SlotAddr(uint64_t h) const { return base + (h << 6); }
};

struct Expected {
  uint64_t n;           // request number (payload = n mod 256)
  uint64_t handle;
  bool reads;           // needs a descriptor and is in range: its slot is fetched or cached
  DescImage desc;       // what the stage must deliver
  uint64_t accept_cycle;
};

struct Options {
  uint64_t seed = 1;
  uint64_t requests = 50000;
  int offer_percent = 85;      // in_valid
  int ready_percent = 80;      // out_ready
  int dmem_ready_percent = 70;
  int max_latency = 6;         // descriptor read latency, cycles
  int sw_per_mille = 8;        // software actions per 1000 cycles
  int handles = 12;            // handles drawn from [0, handles), and now and then a huge one
  bool directed_warm = false;  // the warm-cache test instead of random traffic
  // Directed: handles 0..CacheSize-1 in turn (a working set the cache holds exactly), one of them
  // rewritten and invalidated once the cache is warm.
  bool directed_invalidate = false;
};

struct Result {
  bool ok = true;
  std::string report;
  uint64_t cycles = 0, outputs = 0, line_reads = 0, sw_actions = 0;
  uint64_t first_warm_out = 0, last_warm_out = 0;  // directed: cycles of the warm phase outputs
  std::vector<std::string> uncovered;
  size_t cover_points = 0;
};

std::string Hex(const DescImage& d) { return HexBytes(d.data(), d.size(), 16); }

Result Run(const Options& opt, const std::string* trace_base) {
  Result r;
  SimRun<Vtsu_desc> dut(opt.seed, "tsu_desc", trace_base, 0);  // a replay traces it all
  Rng rng(opt.seed);
  SlotMemory mem;
  Pool pool;                 // as the unit holds it (commands applied when taken)
  dut->cfg_valid_i = 0;
  dut->in_valid_i = 0;
  dut->out_ready_i = 0;
  dut->dmem_req_ready_i = 0;
  dut->dmem_rsp_valid_i = 0;
  dut.Reset();

  // Software's queue of configuration commands; `apply` runs when the unit takes the command.
  struct Cmd {
    CfgOp op;
    uint64_t data;
    std::function<void()> apply;
    bool quiesce;  // no request may be offered until this command is taken
  };
  std::deque<Cmd> cmds;
  auto push_cmd = [&](CfgOp op, uint64_t data, std::function<void()> apply, bool quiesce) {
    cmds.push_back(Cmd{op, data, std::move(apply), quiesce});
  };
  // Configure the pool: base 0x1000 (any 64-byte aligned base works), 10 slots.
  const uint64_t base0 = 0x1000 + (Uniform(rng, 0, 255) << 6);
  push_cmd(CfgOp::kSetPoolBase, base0, [&pool, base0] { pool.base = base0; }, true);
  const uint64_t entries0 = static_cast<uint64_t>(opt.handles) - 2;
  push_cmd(CfgOp::kSetPoolEntries, entries0, [&pool, entries0] { pool.entries = entries0; }, true);

  std::deque<Expected> waiting;  // accepted, not yet delivered (tsu_desc holds at most one)
  struct Read {
    uint64_t ready_cycle;
    std::array<uint8_t, 16> data;
  };
  std::deque<Read> reads;
  int line_of_fetch = 0;
  uint64_t n_next = 0, n_out = 0;
  std::ostringstream log;
  const uint64_t max_cycles = opt.requests * 40 + 1000;

  auto fail = [&](uint64_t cycle, const std::string& what) {
    if (!r.ok) return;
    r.ok = false;
    std::ostringstream m;
    m << "tsu_desc: " << what << " at cycle " << cycle << "\n  seed " << opt.seed
      << "; repeat with: " << ReproCommand(opt.seed);
    r.report = m.str();
  };

  for (uint64_t cycle = 0; cycle < max_cycles && r.ok; ++cycle) {
    // ---- Drive ------------------------------------------------------------------------------------
    const bool quiesce = !cmds.empty() && cmds.front().quiesce;
    dut->cfg_valid_i = !cmds.empty();
    if (!cmds.empty()) {
      dut->cfg_op_i = static_cast<uint8_t>(cmds.front().op);
      dut->cfg_data_i = cmds.front().data;
    }
    bool offer = false;
    uint64_t handle = 0;
    bool need = true;
    const bool directed = opt.directed_warm || opt.directed_invalidate;
    if (n_next < opt.requests && !quiesce) {
      if (opt.directed_warm) {
        offer = true;
        handle = n_next % 4;
      } else if (opt.directed_invalidate) {
        offer = true;
        handle = n_next % Root::CacheSize;
      } else if (Chance(rng, opt.offer_percent)) {
        offer = true;
        handle = Chance(rng, 3) ? (uint64_t{1} << Uniform(rng, kHandleBits, 63)) | Uniform(rng, 0, 3)
                                : static_cast<uint64_t>(Uniform(rng, 0, opt.handles - 1));
        need = !Chance(rng, 5);
      }
    }
    dut->in_valid_i = offer;
    dut->in_handle_i = handle;
    dut->in_need_i = need;
    dut->in_payload_i = static_cast<uint8_t>(n_next);
    dut->out_ready_i = directed || Chance(rng, opt.ready_percent);
    dut->dmem_req_ready_i = directed || Chance(rng, opt.dmem_ready_percent);
    const bool rsp_valid = !reads.empty() && reads.front().ready_cycle <= cycle;
    dut->dmem_rsp_valid_i = rsp_valid;
    if (rsp_valid) {
      for (int w = 0; w < 4; ++w) {
        uint32_t v = 0;
        for (int b = 0; b < 4; ++b) v |= static_cast<uint32_t>(reads.front().data[static_cast<size_t>(4 * w + b)]) << (8 * b);
        dut->dmem_rsp_rdata_i[w] = v;
      }
    }
    dut.Eval();

    // ---- Check what happens at this edge ----------------------------------------------------------
    if (dut->out_valid_o && dut->out_ready_i) {
      if (waiting.empty()) {
        fail(cycle, "an output with no request waiting");
        break;
      }
      const Expected& e = waiting.front();
      DescImage got{};
      for (int w = 0; w < 16; ++w) {
        for (int b = 0; b < 4; ++b) got[static_cast<size_t>(4 * w + b)] = static_cast<uint8_t>(dut->out_desc_o[w] >> (8 * b));
      }
      std::ostringstream diff;
      if (dut->out_payload_o != static_cast<uint8_t>(e.n)) {
        diff << "  payload: expected request #" << e.n << " (0x" << std::hex << (e.n & 0xff)
             << "), got 0x" << static_cast<int>(dut->out_payload_o) << std::dec << "\n";
      }
      if (got != e.desc) {
        diff << "  descriptor of handle 0x" << std::hex << e.handle << std::dec << " (pool base 0x"
             << std::hex << pool.base << std::dec << ", " << pool.entries << " entries)\n    expected "
             << Hex(e.desc) << "\n    got      " << Hex(got) << "\n";
      }
      if (trace_base != nullptr) {
        log << "cycle " << cycle << " request #" << e.n << " handle 0x" << std::hex << e.handle
            << std::dec << " (accepted at cycle " << e.accept_cycle << ")"
            << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      }
      if (!diff.str().empty()) {
        fail(cycle, "mismatch on request #" + std::to_string(e.n) + " (accepted at cycle " +
                        std::to_string(e.accept_cycle) + ")\n" + diff.str());
        break;
      }
      if (opt.directed_warm && e.n >= 4) {
        if (e.n == 4) r.first_warm_out = cycle;
        r.last_warm_out = cycle;
      }
      waiting.pop_front();
      ++n_out;
      ++r.outputs;
    }
    if (dut->dmem_req_valid_o && dut->dmem_req_ready_i) {
      if (waiting.empty() || !waiting.front().reads) {
        fail(cycle, "a descriptor read with no in-range request waiting (address 0x" +
                        [&] { std::ostringstream o; o << std::hex << dut->dmem_req_addr_o; return o.str(); }() + ")");
        break;
      }
      const uint64_t want = pool.SlotAddr(waiting.front().handle) + 16u * static_cast<uint64_t>(line_of_fetch);
      if (dut->dmem_req_addr_o != want) {
        std::ostringstream o;
        o << "descriptor read of line " << line_of_fetch << " of handle 0x" << std::hex
          << waiting.front().handle << ": expected address 0x" << want << ", got 0x"
          << dut->dmem_req_addr_o;
        fail(cycle, o.str());
        break;
      }
      const DescImage slot = mem.Slot(pool.SlotAddr(waiting.front().handle));
      Read rd{cycle + static_cast<uint64_t>(Uniform(rng, 1, opt.max_latency)), {}};
      for (int b = 0; b < 16; ++b) rd.data[static_cast<size_t>(b)] = slot[static_cast<size_t>(16 * line_of_fetch + b)];
      // In order: a read never overtakes the one before it.
      if (!reads.empty() && rd.ready_cycle < reads.back().ready_cycle) rd.ready_cycle = reads.back().ready_cycle;
      reads.push_back(rd);
      line_of_fetch = (line_of_fetch + 1) % 4;
      ++r.line_reads;
    }
    if (rsp_valid && dut->dmem_rsp_ready_o) reads.pop_front();
    if (dut->cfg_valid_i && dut->cfg_ready_o) {
      if (cmds.front().apply) cmds.front().apply();  // memory and pool change at the taking edge
      cmds.pop_front();
    }
    if (dut->in_valid_i && dut->in_ready_o) {
      Expected e{n_next, handle, need && pool.InRange(handle), DescImage{}, cycle};
      if (e.reads) e.desc = mem.Slot(pool.SlotAddr(handle));
      waiting.push_back(e);
      if (waiting.size() > 1) {
        fail(cycle, "the stage accepted a second request while one was waiting");
        break;
      }
      line_of_fetch = 0;
      ++n_next;
    }

    if (opt.directed_invalidate && n_next == 3 * Root::CacheSize && r.sw_actions == 0) {
      ++r.sw_actions;
      DescImage d{};
      for (auto& b : d) b = static_cast<uint8_t>(rng());
      push_cmd(CfgOp::kInvalidateHandle, 1, [&mem, &pool, d] { mem.Write(pool.SlotAddr(1), d); }, false);
    }
    // ---- Software: rewrite a slot, invalidate, resize or move the pool ------------------------------
    if (!directed && cmds.empty() && static_cast<int>(Uniform(rng, 0, 999)) < opt.sw_per_mille) {
      ++r.sw_actions;
      const int what = static_cast<int>(Uniform(rng, 0, 9));
      if (what <= 4) {  // rewrite a slot, then invalidate it (one command: both at the taking edge)
        const uint64_t h = static_cast<uint64_t>(Uniform(rng, 0, opt.handles - 1));
        DescImage d{};
        for (auto& b : d) b = static_cast<uint8_t>(rng());
        push_cmd(CfgOp::kInvalidateHandle, h, [&mem, &pool, h, d] { mem.Write(pool.SlotAddr(h), d); }, false);
      } else if (what == 5) {
        push_cmd(CfgOp::kInvalidateAll, 0, nullptr, false);
      } else if (what == 6) {  // invalidate a handle beyond the handle width: nothing happens
        push_cmd(CfgOp::kInvalidateHandle, uint64_t{1} << 40, nullptr, false);
      } else if (what == 7) {
        const uint64_t n = static_cast<uint64_t>(Uniform(rng, 0, opt.handles));
        push_cmd(CfgOp::kSetPoolEntries, n, [&pool, n] { pool.entries = n; }, false);
      } else {  // move the pool: quiescent, then invalidate everything
        const uint64_t b = 0x1000 + (static_cast<uint64_t>(Uniform(rng, 0, 1 << 12)) << 6);
        push_cmd(CfgOp::kSetPoolBase, b, [&pool, b] { pool.base = b; }, true);
        push_cmd(CfgOp::kInvalidateAll, 0, nullptr, true);
      }
    }

    if (dut.AssertionFailed()) fail(cycle, "an assertion failed (message above)");
    dut.Tick(cycle);
    r.cycles = cycle + 1;
    if (n_next >= opt.requests && waiting.empty() && cmds.empty()) break;
  }
  if (r.ok && n_out != opt.requests) fail(r.cycles, "ran out of cycles with requests outstanding");
  if (trace_base != nullptr) {
    dut.CloseTrace(log.str());
  } else if (r.ok) {
    r.uncovered = UncoveredPoints(dut.context(), ArtifactDir() + "/" + CurrentTestName() + ".cov.dat",
                                  &r.cover_points);
  }
  return r;
}

// Runs, and on failure replays with tracing to leave a waveform and a transaction log.
Result RunChecked(const Options& opt) {
  Result r = Run(opt, nullptr);
  if (!r.ok) {
    const std::string base = ArtifactDir() + "/" + CurrentTestName();
    Run(opt, &base);
    r.report += "\n  waveform: " + base + ".fst\n  transaction log: " + base + ".log";
  }
  return r;
}

TEST(Desc, RandomTrafficAgainstThePoolRule) {
  Options opt;
  opt.seed = SeedFromEnv(601);
  opt.requests = ScaledCount(60000);
  const Result r = RunChecked(opt);
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("[tsu_desc] %llu requests over %llu cycles, %llu descriptor line reads, %llu software "
              "actions, %zu/%zu cover points hit\n",
              static_cast<unsigned long long>(r.outputs), static_cast<unsigned long long>(r.cycles),
              static_cast<unsigned long long>(r.line_reads),
              static_cast<unsigned long long>(r.sw_actions), r.cover_points - r.uncovered.size(),
              r.cover_points);
  EXPECT_GT(r.cover_points, 0u);
  for (const std::string& p : r.uncovered) ADD_FAILURE() << "cover point never hit: " << p;
  // Some requests hit (fewer than 4 reads each) and some miss.
  EXPECT_LT(r.line_reads, 4 * r.outputs);
  EXPECT_GT(r.line_reads, 0u);
}

TEST(Desc, WarmCacheServesOneRequestPerCycleWithoutReads) {
  ASSERT_GE(Root::CacheSize, 4u) << "the directed test cycles over 4 handles";
  Options opt;
  opt.seed = SeedFromEnv(602);
  opt.requests = 404;  // 4 misses, then 400 hits over handles 0..3
  opt.directed_warm = true;
  const Result r = RunChecked(opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.line_reads, 16u) << "each of the 4 slots is read once (4 lines), then always hits";
  EXPECT_EQ(r.last_warm_out - r.first_warm_out, 399u) << "400 hits take 400 consecutive cycles";
}

// A rebind invalidates one entry; its refill must go into that entry, not evict a live one (which
// would miss next and evict another: a chain of misses over a working set the size of the cache).
TEST(Desc, AnInvalidatedEntryIsRefilledWithoutEvictingALiveOne) {
  ASSERT_GE(Root::CacheSize, 2u);
  ASSERT_LE(Root::CacheSize, 10u) << "the bench's pool has 10 slots";
  Options opt;
  opt.seed = SeedFromEnv(603);
  opt.requests = 20 * Root::CacheSize;
  opt.directed_invalidate = true;
  const Result r = RunChecked(opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.sw_actions, 1u);
  EXPECT_EQ(r.line_reads, 4u * Root::CacheSize + 4u)
      << "each slot is fetched once, and the rebound one once more";
}

}  // namespace
}  // namespace tsu::tb
