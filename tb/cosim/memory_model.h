// The bench's memory model behind the unit's ports: read channels that answer line reads in
// order after a seeded random latency, and software's writes into the unit's memory and the
// model's at once.
#ifndef TSU_TB_COSIM_MEMORY_MODEL_H_
#define TSU_TB_COSIM_MEMORY_MODEL_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>

#include "stimulus_record.h"
#include "tsu/memory.h"
#include "unit_port.h"

namespace tsu::tb {

// A read channel (the data port and the descriptor port each have one).
class ReadChannel {
 public:
  // A line read of `addr` from `mem`, answered `latency` cycles after `cycle` and never before
  // the read ahead of it.
  void Issue(SparseMemory& mem, uint64_t addr, uint64_t cycle, uint64_t latency) {
    Return r;
    mem.Read(addr & ~15ull, r.data, 16);
    last_due_ = std::max(last_due_, cycle + latency);
    r.due = last_due_;
    q_.push_back(r);
  }
  bool Valid(uint64_t cycle) const { return !q_.empty() && q_.front().due <= cycle; }
  // The head line when valid.
  void Drive(uint64_t cycle, bool* valid, Line* line) const {
    *valid = Valid(cycle);
    if (*valid) std::memcpy(line->b, q_.front().data, 16);
  }
  void Pop() { q_.pop_front(); }
  bool empty() const { return q_.empty(); }

 private:
  struct Return {
    uint64_t due;
    uint8_t data[16];
  };
  std::deque<Return> q_;
  uint64_t last_due_ = 0;
};

// Software's writes: into both memories (the unit's and the model's), and into the stimulus
// record if one is being written.
class BothMemories : public MemoryPort {
 public:
  BothMemories(MemoryPort* a, MemoryPort* b, StimulusWriter* rec) : a_(a), b_(b), rec_(rec) {}
  void Read(uint64_t addr, uint8_t* data, uint32_t n) override { a_->Read(addr, data, n); }
  void Write(uint64_t addr, const uint8_t* data, uint32_t n) override {
    a_->Write(addr, data, n);
    b_->Write(addr, data, n);
    if (rec_ != nullptr) rec_->Memory(addr, data, n);
  }

 private:
  MemoryPort* a_;
  MemoryPort* b_;
  StimulusWriter* rec_;
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_MEMORY_MODEL_H_
