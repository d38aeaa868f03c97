// Global memory as kernels see it: the unit's MemoryPort plus the table of live allocations, so
// an access outside every allocation is reported as a memory checker reports it, not performed.
#ifndef TSU_EXEC_DEVICE_MEMORY_H_
#define TSU_EXEC_DEVICE_MEMORY_H_

#include <cstdint>
#include <map>
#include <string>

#include "tsu/memory.h"

namespace tsu::exec {

class DeviceMemory {
 public:
  explicit DeviceMemory(MemoryPort* port) : port_(port) {}

  // A new allocation of `bytes` (256-byte aligned, with an unallocated gap after it); 0 when the
  // heap is exhausted or bytes is 0 or over `kMaxAllocation`.
  static constexpr uint64_t kMaxAllocation = uint64_t{1} << 34;
  uint64_t Malloc(uint64_t bytes);
  bool Free(uint64_t ptr);
  // A region the loader placed (a module's .global variables).
  void AddRegion(uint64_t base, uint64_t bytes, const std::string& name);

  // True iff [addr, addr + n) lies inside one live allocation or region.
  bool Contains(uint64_t addr, uint64_t n) const;
  // The allocation holding addr, for diagnostics ("" if none).
  std::string Describe(uint64_t addr) const;

  MemoryPort* port() { return port_; }
  void set_port(MemoryPort* port) { port_ = port; }
  uint64_t allocated_bytes() const { return allocated_; }

 private:
  struct Region {
    uint64_t size;
    std::string name;
  };
  MemoryPort* port_;
  std::map<uint64_t, Region> regions_;  // by base
  uint64_t next_ = 0;
  uint64_t allocated_ = 0;
  mutable uint64_t hit_base_ = 0, hit_end_ = 0;  // the last region an access hit
};

}  // namespace tsu::exec

#endif  // TSU_EXEC_DEVICE_MEMORY_H_
