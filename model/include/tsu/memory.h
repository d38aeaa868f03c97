// The memory the unit reads and writes. The model talks to memory only through this port, so the
// same semantics run on a plain array, on a TLM-2.0 target (tlm/), or against the RTL's memory.
#ifndef TSU_MEMORY_H_
#define TSU_MEMORY_H_

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>

namespace tsu {

class MemoryPort {
 public:
  virtual ~MemoryPort() = default;
  virtual void Read(uint64_t addr, uint8_t* data, uint32_t n) = 0;
  virtual void Write(uint64_t addr, const uint8_t* data, uint32_t n) = 0;
};

// A sparse, byte-addressed 64-bit memory in 4 KiB pages; unwritten bytes read as zero.
class SparseMemory : public MemoryPort {
 public:
  static constexpr uint64_t kPageBytes = 4096;

  SparseMemory() = default;
  SparseMemory(const SparseMemory& o) { *this = o; }
  SparseMemory& operator=(const SparseMemory& o);

  void Read(uint64_t addr, uint8_t* data, uint32_t n) override;
  void Write(uint64_t addr, const uint8_t* data, uint32_t n) override;

  uint8_t ReadByte(uint64_t addr) const;
  size_t PageCount() const { return pages_.size(); }
  // Calls fn(page_address, bytes) for every allocated page, in no particular order.
  template <typename Fn>
  void ForEachPage(Fn fn) const {
    for (const auto& [addr, page] : pages_) fn(addr, page->data());
  }
  bool operator==(const SparseMemory& o) const;  // same bytes everywhere (zero pages = absent)
  void Clear() {
    pages_.clear();
    for (CacheEntry& e : cache_) e = CacheEntry{};
  }

 private:
  using Page = std::array<uint8_t, kPageBytes>;
  uint8_t* PageFor(uint64_t page_addr, bool create);

  // A direct-mapped cache of page lookups in front of the hash map.
  struct CacheEntry {
    uint64_t addr = ~0ull;
    uint8_t* page = nullptr;
  };
  static constexpr int kCacheEntries = 64;

  std::unordered_map<uint64_t, std::unique_ptr<Page>> pages_;
  CacheEntry cache_[kCacheEntries];
};

}  // namespace tsu

#endif  // TSU_MEMORY_H_
