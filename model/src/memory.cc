#include "tsu/memory.h"

#include <algorithm>
#include <cstring>

namespace tsu {

SparseMemory& SparseMemory::operator=(const SparseMemory& o) {
  if (this == &o) return *this;
  Clear();
  for (const auto& [addr, page] : o.pages_) pages_.emplace(addr, std::make_unique<Page>(*page));
  return *this;
}

uint8_t* SparseMemory::PageFor(uint64_t page_addr, bool create) {
  CacheEntry& slot = cache_[(page_addr / kPageBytes) % kCacheEntries];
  if (slot.addr == page_addr) return slot.page;
  auto it = pages_.find(page_addr);
  if (it == pages_.end()) {
    if (!create) return nullptr;
    auto page = std::make_unique<Page>();
    page->fill(0);
    it = pages_.emplace(page_addr, std::move(page)).first;
  }
  slot.addr = page_addr;
  slot.page = it->second->data();
  return slot.page;
}

void SparseMemory::Read(uint64_t addr, uint8_t* data, uint32_t n) {
  while (n > 0) {
    const uint64_t page = addr & ~(kPageBytes - 1);
    const uint32_t off = static_cast<uint32_t>(addr - page);
    const uint32_t chunk = std::min<uint32_t>(n, static_cast<uint32_t>(kPageBytes) - off);
    const uint8_t* p = PageFor(page, false);
    if (p != nullptr) {
      std::memcpy(data, p + off, chunk);
    } else {
      std::memset(data, 0, chunk);
    }
    data += chunk;
    addr += chunk;
    n -= chunk;
  }
}

void SparseMemory::Write(uint64_t addr, const uint8_t* data, uint32_t n) {
  while (n > 0) {
    const uint64_t page = addr & ~(kPageBytes - 1);
    const uint32_t off = static_cast<uint32_t>(addr - page);
    const uint32_t chunk = std::min<uint32_t>(n, static_cast<uint32_t>(kPageBytes) - off);
    std::memcpy(PageFor(page, true) + off, data, chunk);
    data += chunk;
    addr += chunk;
    n -= chunk;
  }
}

uint8_t SparseMemory::ReadByte(uint64_t addr) const {
  auto it = pages_.find(addr & ~(kPageBytes - 1));
  return it == pages_.end() ? 0 : (*it->second)[addr & (kPageBytes - 1)];
}

bool SparseMemory::operator==(const SparseMemory& o) const {
  auto covered = [](const SparseMemory& a, const SparseMemory& b) {
    for (const auto& [addr, page] : a.pages_) {
      auto it = b.pages_.find(addr);
      if (it == b.pages_.end()) {
        if (std::any_of(page->begin(), page->end(), [](uint8_t v) { return v != 0; })) return false;
      } else if (*it->second != *page) {
        return false;
      }
    }
    return true;
  };
  return covered(*this, o) && covered(o, *this);
}

}  // namespace tsu
