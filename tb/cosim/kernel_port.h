// The kernel executor's texture/surface instructions through a clocked unit: any unit behind the
// bench's interface (unit_port.h; tsu's Verilated configurations by name). Warps' requests go in
// in lane order, descriptors are the device's pool in memory, both memory ports are answered from
// device memory after a fixed latency, and the unit runs only while every warp waits for it.
// Every answer and every memory write is checked against the golden model, which executes each
// request when it is submitted, in program order, on its own copy of memory (kernel loads and
// stores reach both copies); a mismatch names the kernel, CTA, warp, lane, PTX line, field and
// cycle, and leaves a transaction log (and, when traced, a waveform).
#ifndef TSU_TB_COSIM_KERNEL_PORT_H_
#define TSU_TB_COSIM_KERNEL_PORT_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "line_port.h"
#include "tsu/exec/device.h"
#include "unit_port.h"

namespace tsu::tb {

struct KernelPortOptions {
  std::string config = "default";  // a Verilated configuration of this build
  uint64_t mem_latency = 20;       // cycles from a read's acceptance to its line
  uint64_t seed = 1;               // the unit's uninitialised state
  std::string trace;               // write a waveform to <trace>.fst (empty: none)
  std::string log;                 // on a mismatch, the transaction log goes here (empty: none)
  // Checker self-test: the model's answer to this request (in submission order, from 0) has bit 0
  // of its first element flipped before the comparison, so the launch must stop there (~0: never).
  uint64_t corrupt_expected = ~0ull;
};

struct KernelPortStats {
  uint64_t cycles = 0;        // the unit's clock over every launch
  uint64_t requests = 0;      // answered
  uint64_t tex = 0;           // of them, tex
  uint64_t stall_cycles = 0;  // a request waited while the unit did not take it
  uint64_t mem_reads = 0, mem_writes = 0, desc_reads = 0;
  uint64_t cache_lookups = 0, cache_misses = 0;
  double unit_seconds = 0;   // wall time spent clocking the unit
  double check_seconds = 0;  // wall time the model spent computing the expected answers

  double RequestsPerClock() const {
    return cycles != 0 ? static_cast<double>(requests) / static_cast<double>(cycles) : 0.0;
  }
  double TexelCacheHitRate() const {
    return cache_lookups != 0 ? 1.0 - static_cast<double>(cache_misses) / static_cast<double>(cache_lookups) : 0.0;
  }
  // What happened since `before` (an earlier copy of the same counters): one launch's share.
  KernelPortStats Since(const KernelPortStats& before) const {
    KernelPortStats d = *this;
    d.cycles -= before.cycles;
    d.requests -= before.requests;
    d.tex -= before.tex;
    d.stall_cycles -= before.stall_cycles;
    d.mem_reads -= before.mem_reads;
    d.mem_writes -= before.mem_writes;
    d.desc_reads -= before.desc_reads;
    d.cache_lookups -= before.cache_lookups;
    d.cache_misses -= before.cache_misses;
    d.unit_seconds -= before.unit_seconds;
    d.check_seconds -= before.check_seconds;
    return d;
  }
};

class KernelPort : public exec::TexturePort {
 public:
  // A port over `unit` (named opt.config in reports); null with *error if the unit cannot serve
  // the executor (no texture path, fewer than 48 address bits).
  static std::unique_ptr<KernelPort> Over(exec::Device* dev, std::unique_ptr<UnitUnderTest> unit,
                                          const KernelPortOptions& opt, std::string* error);
  KernelPort(exec::Device* dev, std::unique_ptr<UnitUnderTest> unit, const KernelPortOptions& opt);
  ~KernelPort() override;

  Response Execute(const Instruction& in, const Request& req) override;
  bool Async() const override { return true; }
  void Submit(uint64_t ticket, const Instruction& in, const Request& req,
              const exec::RequestContext& where) override;
  bool Collect(std::vector<exec::Completion>* done, std::string* error) override;
  void BeginLaunch() override;
  bool EndLaunch(std::string* error) override;
  MemoryPort* ThreadMemory(MemoryPort* device) override;

  const KernelPortStats& stats() const { return stats_; }
  std::string Name() const { return unit_->Name() + " " + opt_.config; }

 private:
  class Tee;
  struct Pending {
    uint64_t ticket = 0;
    uint64_t seq = 0;
    const Instruction* in = nullptr;
    Request req;
    exec::RequestContext where;
    Response want;
    uint32_t tag = 0;
    uint64_t accepted = 0;
  };

  bool Cycle(std::vector<exec::Completion>* done, std::string* error);
  bool Mismatch(const Pending* p, const std::string& what, std::string* error);
  void BindShadow();

  exec::Device* dev_;
  std::unique_ptr<UnitUnderTest> unit_;
  KernelPortOptions opt_;
  SparseMemory mirror_;  // the model's memory
  Unit shadow_;          // the model, bound from the pool's images
  std::unique_ptr<Tee> tee_;
  std::deque<Pending> queue_;     // submitted, not yet taken by the unit
  std::deque<Pending> inflight_;  // taken, in program order
  std::deque<MemAccess> writes_;  // the model's writes not yet made by the unit, in order
  std::deque<std::string> log_;   // the latest transactions, for a mismatch report
  LinePort mport_, dport_;
  UnitIn in_;
  UnitOut out_;
  uint64_t cycle_ = 0;
  uint64_t seq_ = 0;
  uint32_t next_tag_ = 0;
  int cfg_step_ = 0;  // set_pool_base, set_pool_entries, invalidate_all, then requests
  bool reset_ = false;
  KernelPortStats stats_;
};

// The Verilated configuration opt.config of this build (tb/cosim/cosim.cc's list) as the port's
// unit; null with *error naming the configurations there are (kernel_port_factory.cc).
std::unique_ptr<KernelPort> MakeKernelPort(exec::Device* dev, const KernelPortOptions& opt,
                                           std::string* error);

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_KERNEL_PORT_H_
