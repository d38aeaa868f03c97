// Scoreboard benches: blocks whose latency varies (the filter tree, the sampling engine, the tex
// unit), so a bench matches results to inputs by order rather than by a fixed delay. What every
// such bench needs besides its stimulus and checks: the Verilated block in a run context, the
// clock with an optional FST trace from a cycle on, reset, the cover points of a passing run,
// and, on a failure, the deterministic replay that leaves the waveform and transaction log.
#ifndef TSU_TB_RTL_SCOREBOARD_H_
#define TSU_TB_RTL_SCOREBOARD_H_

#include <gtest/gtest.h>
#include <verilated.h>
#include <verilated_fst_c.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "lockstep.h"

namespace tsu::tb {

// What every scoreboard run reports: its first failure, and the block's cover points.
struct RunVerdict {
  bool ok = true;
  uint64_t fail_cycle = 0;
  std::string report;
  std::vector<std::string> uncovered;
  size_t cover_points = 0;
  // Keeps the first failure only.
  void Fail(uint64_t cycle, const std::string& what) {
    if (!ok) return;
    ok = false;
    fail_cycle = cycle;
    report = what;
  }
};

// The in-order side of a scoreboard: each response is checked against the oldest request still
// expected. E has `describe` (the request, for reports) and `accepted` (the cycle the block took
// it).
template <typename E>
class InOrderCheck {
 public:
  InOrderCheck(const char* block, uint64_t patience) : block_(block), patience_(patience) {}
  void Expect(E e) { q_.push_back(std::move(e)); }
  bool empty() const { return q_.empty(); }
  uint64_t responses() const { return responses_; }
  // A response at `cycle`: diff(expected, &o) writes each differing field to o (DiffField).
  template <typename DiffFn>
  void Response(uint64_t cycle, DiffFn diff, RunVerdict* v, std::ostringstream* log) {
    silent_ = 0;
    std::ostringstream d;
    if (q_.empty()) {
      d << "  a response with no request outstanding\n";
    } else {
      diff(q_.front(), &d);
    }
    if (log != nullptr) {
      *log << "cycle " << cycle << " response #" << responses_
           << (d.str().empty() ? "  ok" : "  MISMATCH") << "\n";
    }
    if (!d.str().empty()) {
      std::ostringstream m;
      m << block_ << ": mismatch at cycle " << cycle << " on request #" << responses_;
      if (!q_.empty()) {
        m << " (accepted at cycle " << q_.front().accepted << ")\n  request: "
          << q_.front().describe << "\n";
      }
      v->Fail(cycle, m.str() + d.str());
    }
    if (!q_.empty()) q_.pop_front();
    ++responses_;
  }
  // No response at `cycle`: a failure after `patience` silent cycles with requests outstanding.
  void Silent(uint64_t cycle, RunVerdict* v) {
    if (q_.empty() || ++silent_ <= patience_) return;
    v->Fail(cycle, std::string(block_) + ": no response for " + std::to_string(patience_) +
                       " cycles with " + std::to_string(q_.size()) +
                       " requests outstanding; next: " + q_.front().describe);
  }

 private:
  const char* block_;
  uint64_t patience_;
  std::deque<E> q_;
  uint64_t responses_ = 0;
  uint64_t silent_ = 0;
};

// One run of a Verilated block: traced to trace_base.fst from cycle trace_from on when
// trace_base is set (a replay), untraced otherwise.
template <typename Dut>
class ScoreboardDut {
 public:
  ScoreboardDut(uint64_t seed, const char* name, const std::string* trace_base,
                uint64_t trace_from)
      : ctx_(MakeRunContext(seed, trace_base != nullptr)),
        dut_(std::make_unique<Dut>(ctx_.get(), name)),
        fst_(OpenTrace(dut_.get(), trace_base)),
        base_(trace_base != nullptr ? *trace_base : ""),
        from_(trace_from) {}
  ScoreboardDut(const ScoreboardDut&) = delete;
  ScoreboardDut& operator=(const ScoreboardDut&) = delete;
  ~ScoreboardDut() {
    if (fst_) fst_->close();
    dut_->final();
    Verilated::threadContextp(ctx_.get());  // 5.006 teardown order (toolchain.md)
    dut_.reset();
  }

  Dut* operator->() { return dut_.get(); }
  Dut* get() { return dut_.get(); }
  const Dut& dut() const { return *dut_; }
  bool tracing() const { return fst_ != nullptr; }
  // An assertion of the block failed (reported on stderr by Verilator).
  bool AssertionFailed() const { return ctx_->gotError(); }
  // Records an assertion failure of this cycle in *v.
  void CheckAssertions(uint64_t cycle, const char* block, RunVerdict* v) const {
    if (ctx_->gotError()) {
      v->Fail(cycle, std::string(block) + ": an assertion failed at cycle " +
                         std::to_string(cycle) + " (message above)");
    }
  }

  // Two clocks with reset asserted (the caller has set the inputs idle), then released.
  void Reset() {
    dut_->rst_ni = 0;
    dut_->clk_i = 0;
    for (int i = 0; i < 2; ++i) {
      dut_->eval();
      Tick(0);
    }
    dut_->rst_ni = 1;
  }
  // The rising and the falling edge of `cycle`: inputs were set and outputs read before it.
  void Tick(uint64_t cycle) {
    const bool dump = fst_ && cycle >= from_;
    if (dump) fst_->dump(time_);
    ++time_;
    dut_->clk_i = 1;
    dut_->eval();
    if (dump) fst_->dump(time_);
    ++time_;
    dut_->clk_i = 0;
  }
  // At the end of a run. A replay closes its waveform and writes `log` beside it; a passing
  // untraced run returns the cover points never hit (their total in *points).
  std::vector<std::string> Finish(bool ok, const std::string& log, size_t* points) {
    if (fst_) {
      fst_->close();
      fst_.reset();
      if (std::FILE* f = std::fopen((base_ + ".log").c_str(), "w")) {
        std::fputs(log.c_str(), f);
        std::fclose(f);
      }
      return {};
    }
    if (!ok) return {};
    return UncoveredPoints(ctx_.get(), ArtifactDir() + "/" + CurrentTestName() + ".cov.dat",
                           points);
  }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Dut> dut_;
  std::unique_ptr<VerilatedFstC> fst_;
  std::string base_;
  uint64_t from_;
  uint64_t time_ = 0;
};

// Runs a bench once (run(nullptr, 0)); if its result is not ok, runs it again traced over the
// `window` cycles before result.fail_cycle (run(&base, from)) and fails the test with the report,
// the seed, the command that repeats it, the waveform and the transaction log. Returns the first
// run's result. The result type has `ok`, `fail_cycle` and `report`.
template <typename RunFn>
auto RunOrReplay(uint64_t seed, uint64_t window, RunFn run) {
  auto r = run(nullptr, 0);
  if (!r.ok) {
    const std::string base = ArtifactDir() + "/" + CurrentTestName();
    const uint64_t from = r.fail_cycle > window ? r.fail_cycle - window : 0;
    run(&base, from);
    ADD_FAILURE() << r.report << "\n  seed " << seed << "; repeat with: " << ReproCommand(seed)
                  << "\n  waveform (cycles " << from << ".." << r.fail_cycle << "): " << base
                  << ".fst\n  transaction log: " << base << ".log";
  }
  return r;
}

}  // namespace tsu::tb

#endif  // TSU_TB_RTL_SCOREBOARD_H_
