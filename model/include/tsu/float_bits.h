// f32 values and their bit patterns (registers and texels hold f32 as 32-bit patterns).
#ifndef TSU_FLOAT_BITS_H_
#define TSU_FLOAT_BITS_H_

#include <cstdint>
#include <cstring>

namespace tsu {

inline uint32_t AsBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// The low 32 bits of v as an f32.
inline float AsFloat(uint64_t v) {
  const uint32_t b = static_cast<uint32_t>(v);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

}  // namespace tsu

#endif  // TSU_FLOAT_BITS_H_
