// Global memory with an allocation table (tsu/exec/device_memory.h).
#include "tsu/exec/device_memory.h"

#include "tsu/exec/address_map.h"
#include "tsu/hex.h"

namespace tsu::exec {

uint64_t DeviceMemory::Malloc(uint64_t bytes) {
  if (bytes == 0 || bytes > kMaxAllocation) return 0;
  if (next_ == 0) next_ = kHeapBase;
  const uint64_t base = next_;
  const uint64_t span = (bytes + 255) / 256 * 256 + 256;  // the gap catches overruns
  if (base + span > kHeapLimit) return 0;
  next_ = base + span;
  regions_[base] = Region{bytes, "allocation"};
  allocated_ += bytes;
  hit_base_ = hit_end_ = 0;
  return base;
}

bool DeviceMemory::Free(uint64_t ptr) {
  auto it = regions_.find(ptr);
  if (it == regions_.end() || it->second.name != "allocation") return false;
  allocated_ -= it->second.size;
  regions_.erase(it);
  hit_base_ = hit_end_ = 0;
  return true;
}

void DeviceMemory::AddRegion(uint64_t base, uint64_t bytes, const std::string& name) {
  if (bytes == 0) return;
  regions_[base] = Region{bytes, name};
  hit_base_ = hit_end_ = 0;
}

bool DeviceMemory::Contains(uint64_t addr, uint64_t n) const {
  if (addr >= hit_base_ && addr + n <= hit_end_ && addr + n >= addr) return true;
  auto it = regions_.upper_bound(addr);
  if (it == regions_.begin()) return false;
  --it;
  const uint64_t end = it->first + it->second.size;
  if (addr + n < addr || addr + n > end) return false;
  hit_base_ = it->first;
  hit_end_ = end;
  return true;
}

std::string DeviceMemory::Describe(uint64_t addr) const {
  auto it = regions_.upper_bound(addr);
  if (it == regions_.begin()) return "below every allocation";
  --it;
  const uint64_t end = it->first + it->second.size;
  if (addr < end) {
    return "inside the " + it->second.name + " at " + Hex(it->first) + " (" +
           std::to_string(it->second.size) + " bytes)";
  }
  return std::to_string(addr - end) + " bytes after the " + it->second.name + " at " +
         Hex(it->first) + " (" + std::to_string(it->second.size) + " bytes)";
}

}  // namespace tsu::exec
