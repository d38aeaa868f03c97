// "0x..." formatting for messages.
#ifndef TSU_HEX_H_
#define TSU_HEX_H_

#include <cstdint>
#include <cstdio>
#include <string>

namespace tsu {

inline std::string Hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace tsu

#endif  // TSU_HEX_H_
