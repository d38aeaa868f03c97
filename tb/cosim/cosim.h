// Co-simulation of rtl/top/tsu_top against the SystemC TLM golden model.
//
// The Verilated top is clocked from C++. Each request the unit accepts is executed at once by
// the TLM model through b_transport (the SystemC kernel never runs per cycle), which yields the
// expected response and memory write. The bench then checks, in order, every response and every
// memory write the unit makes, checks the valid/ready protocol of every channel every cycle,
// and compares the final memory images byte for byte. Memory latency, and backpressure on every
// channel, are seeded random. The first mismatch stops the run.
#ifndef TSU_TB_COSIM_COSIM_H_
#define TSU_TB_COSIM_COSIM_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "coverage.h"
#include "stimulus.h"
#include "unit_port.h"

namespace tsu::tb {

// What the bench runs against: tsu's RTL (a Verilated tsu_top), or the golden model behind a
// latency shim (model_unit.h), configured as the RTL configuration would be.
enum class CosimUnit { kRtl, kModel };

struct CosimOptions {
  std::string config = "default";  // fpga/configs/<config>.cfg: which Verilated tsu_top
  CosimUnit unit = CosimUnit::kRtl;
  uint64_t seed = 1;
  uint64_t ops = 200000;
  Mix mix;
  bool waves = false;              // trace the whole run to <artifacts>/regress.fst
  std::string artifacts = "regress_artifacts";
  std::string repro;               // the command line that repeats this run (for reports)
  std::string coverage_dat;        // write Verilator line/cover-point coverage here if set
  int window = 200;                // cycles of waveform and transactions kept on a mismatch
  int req_gap_percent = 10;        // cycles the request is not offered
  int mem_stall_percent = 20;      // cycles the memory does not take a request
  int rsp_stall_percent = 15;      // cycles the response is not taken
  int mem_latency_min = 1, mem_latency_max = 12;
  int cfg_permille = 3;            // cycles (per 1000) that start a rebind / invalidate command
  bool progress = false;           // print progress to stderr
  uint64_t trace_from = ~0ull;     // internal: replay with tracing from this cycle
  // Write every event of the run (memory set-up, bindings, configuration commands, requests with
  // the model's responses) to this file (stimulus_record.h; docs/stimulus-format.md).
  std::string dump_stimulus;
  // Run this record's events instead of random stimulus (tsu replay): the seed then drives only
  // timing (latency, backpressure); the model must answer as the record says.
  std::string replay;
  // Directed runs: these transactions, in order, instead of random ones (ops is ignored). The
  // surfaces are still Stimulus(seed, mix)'s pool, so handles index that pool.
  std::vector<Txn> script;
  std::vector<uint64_t> probe_bytes;  // addresses whose final bytes (the RTL's memory) to return
  // Checker self-test: the model's expected response to this transaction has bit 0 of its trap
  // cause flipped before the bench compares, so the run must fail there (~0: never). Proves the
  // comparison, the report, the replay's waveform and the transaction log end to end.
  uint64_t corrupt_expected = ~0ull;
  // The same for memory writes: the first expected write at or after this transaction has bit 0
  // of its first byte flipped (~0: never). Proves the write comparison can fail.
  uint64_t corrupt_write = ~0ull;
};

struct ClassStats {
  uint64_t checked = 0;
  uint64_t mismatches = 0;
};

struct CosimResult {
  bool ok = true;
  std::map<std::string, ClassStats> per_class;  // suld, sust, sured, suq, tex
  std::string unit = "RTL";  // what ran (UnitUnderTest::Name)
  uint64_t transactions = 0;
  uint64_t cycles = 0;
  uint64_t writes_checked = 0;
  uint64_t desc_lookups = 0;     // requests whose handle is inside the descriptor pool
  uint64_t desc_line_reads = 0;  // descriptor-port reads (four per fetch), each checked
  uint64_t level_record_reads = 0;  // of them: tex level records
  uint64_t cfg_commands = 0;     // configuration commands taken (rebinds, invalidations)
  uint64_t tex_cache_lookups = 0;  // texel cache counters at the end (EnableTex)
  uint64_t tex_cache_misses = 0;
  uint64_t fail_cycle = 0;
  std::string report;       // the first mismatch, with seed and repeat command
  std::string waveform;     // FST left behind (on a mismatch, or with --waves)
  std::string log;          // transaction log left behind
  Coverage coverage;
  std::vector<uint64_t> accept_cycles;  // directed runs: the cycle each transaction was accepted
  std::map<uint64_t, uint8_t> probed;   // directed runs: the unit's final bytes at probe_bytes
};

// True if `config` has a model built without coverage instrumentation, which RunCosim uses when
// opt.coverage_dat is empty.
bool CosimHasFastModel(const std::string& config);
// The traits (address width, formats and texture features) of configuration `config`; false if
// this build has no such configuration.
bool CosimTraits(const std::string& config, UnitTraits* traits);
// True if `config` has the texture path (EnableTex): the tex class and its bins.
bool CosimHasTex(const std::string& config);
CosimResult RunCosim(const CosimOptions& opt);
// The configurations this build has (fpga/configs/*.cfg), "default" first.
std::vector<std::string> CosimConfigs();

// The closing table: per class checked/mismatches, cycles, cycles per transaction, coverage.
std::string ResultTable(const CosimResult& r);
// JUnit XML: one test case per instruction class, plus memory image and coverage.
std::string JUnitXml(const CosimResult& r, const CosimOptions& opt);
// The run as one JSON object: configuration, seed, counts per class, cycles, cycles per
// transaction, descriptor-cache hit rate, coverage verdict, pass, and the first mismatch with its
// repeat command. Stable keys: tsu dse and the seed farm read it.
std::string RunJson(const CosimResult& r, const CosimOptions& opt, bool coverage_ok);

// The Verilated configuration `config` behind the bench's interface (its throughput model when
// there is one and no waveform is asked for; traced to <trace_base>.fst otherwise); null if this
// build has no such configuration.
std::unique_ptr<UnitUnderTest> MakeRtlUnit(const std::string& config, uint64_t seed,
                                           const std::string* trace_base);

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_COSIM_H_
