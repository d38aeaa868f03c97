// Scoreboard benches: blocks whose latency varies (the filter tree, the sampling engine, the tex
// unit), so a bench matches results to inputs by order rather than by a fixed delay. The run
// itself (context, clock, reset, trace) is the shared harness, sim_run.h; this adds the in-order
// check, the verdict, and the replay that leaves the waveform and transaction log on a failure.
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
#include "sim_run.h"

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

// A scoreboard bench's run: the shared harness (sim_run.h) plus the verdict's two sources it
// adds, assertions and, for a passing untraced run, the block's cover points.
template <typename Dut>
class ScoreboardDut : public SimRun<Dut> {
 public:
  using SimRun<Dut>::SimRun;
  // Records an assertion failure of this cycle in *v.
  void CheckAssertions(uint64_t cycle, const char* block, RunVerdict* v) const {
    if (this->AssertionFailed()) {
      v->Fail(cycle, std::string(block) + ": an assertion failed at cycle " +
                         std::to_string(cycle) + " (message above)");
    }
  }
  // At the end of a run. A replay closes its waveform and writes `log` beside it; a passing
  // untraced run returns the cover points never hit (their total in *points).
  std::vector<std::string> Finish(bool ok, const std::string& log, size_t* points) {
    if (this->tracing()) {
      this->CloseTrace(log);
      return {};
    }
    if (!ok) return {};
    return UncoveredPoints(this->context(), ArtifactDir() + "/" + CurrentTestName() + ".cov.dat",
                           points);
  }
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
    const uint64_t from = ReplayFrom(r.fail_cycle, window);
    run(&base, from);
    ADD_FAILURE() << r.report << "\n  seed " << seed << "; repeat with: " << ReproCommand(seed)
                  << "\n  waveform (cycles " << from << ".." << r.fail_cycle << "): " << base
                  << ".fst\n  transaction log: " << base << ".log";
  }
  return r;
}

}  // namespace tsu::tb

#endif  // TSU_TB_RTL_SCOREBOARD_H_
