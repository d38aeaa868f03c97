// One run of a Verilated model: the harness every RTL bench shares (the lock-step block benches,
// the scoreboard benches, the descriptor-stage bench and the unit's co-simulation).
//
// It owns the context (uninitialised state random from the seed, so reset bugs show up;
// assertion failures reported to the bench rather than fatal), the model, the clock, reset, the
// optional FST trace of a replay (from a cycle on), and the teardown order Verilator 5.006 needs.
// A bench's cycle is: drive the inputs, Eval() (the low phase: combinational outputs settle),
// sample and check, Tick(cycle) (the rising edge). Nothing in tsu is negedge-clocked, so the
// falling edge is evaluated only when a waveform wants it.
//
// A failed run is replayed with the same seed, traced over the cycles before the failure:
// ReplayFrom() says where the trace starts.
#ifndef TSU_TB_COMMON_SIM_RUN_H_
#define TSU_TB_COMMON_SIM_RUN_H_

#include <verilated.h>
#include <verilated_cov.h>
#include <verilated_fst_c.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace tsu::tb {

// A context for one run: uninitialised state random (not zero) from the seed, assertion failures
// reported to the bench, tracing allowed when the run will trace.
inline std::unique_ptr<VerilatedContext> MakeRunContext(uint64_t seed, bool tracing) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);
  ctx->randSeed(static_cast<int>(seed & 0x7FFFFFFF));
  ctx->fatalOnError(false);
  if (tracing) ctx->traceEverOn(true);
  return ctx;
}

// Whether a Verilated model was built with tracing (--trace-fst). The throughput models are not:
// tracing code keeps every signal alive and flags activity each cycle, and a replay traces
// through the instrumented model of the same RTL instead.
template <typename Dut, typename = void>
struct HasTrace : std::false_type {};
template <typename Dut>
struct HasTrace<Dut, std::void_t<decltype(std::declval<Dut&>().trace(
                         static_cast<VerilatedFstC*>(nullptr), 0))>> : std::true_type {};

// FST tracing of a model into base.fst, or nothing when base is null.
template <typename Dut>
std::unique_ptr<VerilatedFstC> OpenTrace(Dut* dut, const std::string* base) {
  if (base == nullptr) return nullptr;
  if constexpr (HasTrace<Dut>::value) {
    auto fst = std::make_unique<VerilatedFstC>();
    dut->trace(fst.get(), 99);
    fst->open((*base + ".fst").c_str());
    return fst;
  } else {
    (void)dut;
    throw std::logic_error("a waveform was asked of a model built without tracing");
  }
}

// The first cycle a replay traces: `window` cycles before the failure.
inline uint64_t ReplayFrom(uint64_t fail_cycle, uint64_t window) {
  return fail_cycle > window ? fail_cycle - window : 0;
}

// Dut: a Verilated top with clk_i and rst_ni.
template <typename Dut>
class SimRun {
 public:
  // Traced to trace_base.fst from cycle trace_from on when trace_base is set (a replay).
  SimRun(uint64_t seed, const char* name, const std::string* trace_base, uint64_t trace_from)
      : ctx_(MakeRunContext(seed, trace_base != nullptr)),
        dut_(std::make_unique<Dut>(ctx_.get(), name)),
        fst_(OpenTrace(dut_.get(), trace_base)),
        base_(trace_base != nullptr ? *trace_base : ""),
        from_(trace_from) {}
  SimRun(const SimRun&) = delete;
  SimRun& operator=(const SimRun&) = delete;
  ~SimRun() {
    if (fst_) fst_->close();
    dut_->final();
    Verilated::threadContextp(ctx_.get());  // 5.006 teardown order (toolchain.md)
    dut_.reset();
  }

  Dut* operator->() { return dut_.get(); }
  Dut* get() { return dut_.get(); }
  const Dut& dut() const { return *dut_; }
  VerilatedContext* context() { return ctx_.get(); }
  bool tracing() const { return fst_ != nullptr; }
  const std::string& trace_base() const { return base_; }
  // An assertion of the model failed (Verilator has reported it on stderr).
  bool AssertionFailed() const { return ctx_->gotError(); }

  // The low phase after the inputs are driven.
  void Eval() {
    dut_->eval();
    low_evaluated_ = dut_->clk_i == 0;
  }
  // The rising edge of `cycle` (and, for a waveform, the falling one after it).
  void Tick(uint64_t cycle) {
    const bool dump = fst_ && cycle >= from_;
    if (!low_evaluated_) dut_->eval();  // Verilator sees an edge only against an evaluated low
    if (dump) fst_->dump(time_);
    ++time_;
    dut_->clk_i = 1;
    dut_->eval();
    if (dump) fst_->dump(time_);
    ++time_;
    dut_->clk_i = 0;
    low_evaluated_ = false;
    if (fst_) Eval();
  }
  // `cycles` clocks with reset asserted (the caller has set the inputs idle), then released.
  // Cover points count from here on: before and during reset a point samples the random initial
  // state (randReset(2)), and a hit there proves nothing.
  void Reset(int cycles = 2) {
    dut_->rst_ni = 0;
    dut_->clk_i = 0;
    for (int i = 0; i < cycles; ++i) {
      Eval();
      Tick(0);
    }
    dut_->rst_ni = 1;
    ctx_->coveragep()->zero();
  }
  // A replay: closes the waveform and writes `log` beside it (trace_base.log). Else nothing.
  void CloseTrace(const std::string& log) {
    if (!fst_) return;
    fst_->close();
    fst_.reset();
    if (std::FILE* f = std::fopen((base_ + ".log").c_str(), "w")) {
      std::fputs(log.c_str(), f);
      std::fclose(f);
    }
  }
  // Line and cover-point counts of this run (models built with coverage).
  void WriteCoverage(const std::string& path) { ctx_->coveragep()->write(path.c_str()); }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Dut> dut_;
  std::unique_ptr<VerilatedFstC> fst_;
  std::string base_;
  uint64_t from_;
  uint64_t time_ = 0;
  bool low_evaluated_ = false;
};

}  // namespace tsu::tb

#endif  // TSU_TB_COMMON_SIM_RUN_H_
