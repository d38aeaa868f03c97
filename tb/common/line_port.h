// An in-order memory read port of 16-byte lines, as the unit's and the sampling blocks' read
// ports expect them (docs/semantics.md H5): what a bench or tool hands the Verilated RTL.
#ifndef TSU_TB_COMMON_LINE_PORT_H_
#define TSU_TB_COMMON_LINE_PORT_H_

#include <cstddef>
#include <cstdint>
#include <deque>

#include "tsu/memory.h"

namespace tsu::tb {

// Little-endian bytes into Verilator's 32-bit words (N bytes).
template <size_t N, typename W>
void BytesToWords(const uint8_t* bytes, W& words) {
  for (size_t w = 0; w < N / 4; ++w) {
    uint32_t v = 0;
    for (size_t b = 0; b < 4; ++b) v |= static_cast<uint32_t>(bytes[4 * w + b]) << (8 * b);
    words[w] = v;
  }
}

// An in-order read port of 16-byte lines: a read accepted at cycle c is answered from memory (as
// it was at acceptance) from cycle c + latency on, one line per cycle, oldest first.
class LinePort {
 public:
  // mask: the reader's address width (a unit around the engine may have its own).
  explicit LinePort(uint64_t mask) : mask_(mask) {}
  void Accept(uint64_t cycle, uint64_t latency, uint64_t addr, MemoryPort* mem) {
    Item it{cycle + latency, {}};
    mem->Read(addr & mask_, it.data, 16);
    q_.push_back(it);
    ++reads_;
  }
  // The line due at `cycle`, or nullptr.
  const uint8_t* Due(uint64_t cycle) const {
    return !q_.empty() && q_.front().due <= cycle ? q_.front().data : nullptr;
  }
  void Pop() { q_.pop_front(); }
  bool Empty() const { return q_.empty(); }
  uint64_t reads() const { return reads_; }

 private:
  struct Item {
    uint64_t due;
    uint8_t data[16];
  };
  uint64_t mask_;
  std::deque<Item> q_;
  uint64_t reads_ = 0;
};

}  // namespace tsu::tb

#endif  // TSU_TB_COMMON_LINE_PORT_H_
