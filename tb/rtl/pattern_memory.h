// Bench memories of fixed-size records (16-byte lines, 64-byte descriptor slots): what a bench
// wrote, else a pattern of the address, so a read of the wrong record never matches by accident.
// And the one hex dump the benches print such records with.
#ifndef TSU_TB_RTL_PATTERN_MEMORY_H_
#define TSU_TB_RTL_PATTERN_MEMORY_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>

namespace tsu::tb {

template <size_t N>
class PatternMemory {
 public:
  using Record = std::array<uint8_t, N>;
  Record Read(uint64_t addr) const {
    auto it = records_.find(addr);
    if (it != records_.end()) return it->second;
    Record r{};
    for (size_t i = 0; i < N; ++i) r[i] = static_cast<uint8_t>((addr * 0x9E3779B1u + i * 77) >> 7);
    return r;
  }
  void Write(uint64_t addr, const Record& r) { records_[addr] = r; }

 private:
  std::map<uint64_t, Record> records_;
};

// Little-endian bytes as one hex number, most significant byte first, with `sep` between groups
// of `group` bytes (0: no separator).
inline std::string HexBytes(const uint8_t* bytes, size_t n, size_t group = 0, char sep = '_') {
  std::string s;
  for (size_t i = n; i-- > 0;) {
    char b[3];
    std::snprintf(b, sizeof b, "%02x", bytes[i]);
    s += b;
    if (group != 0 && i % group == 0 && i != 0) s += sep;
  }
  return s;
}

}  // namespace tsu::tb

#endif  // TSU_TB_RTL_PATTERN_MEMORY_H_
