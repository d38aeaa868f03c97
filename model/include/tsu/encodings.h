// C++ view of the encodings table (encodings.def): enums, constants, names and name lookup.
#ifndef TSU_ENCODINGS_H_
#define TSU_ENCODINGS_H_

#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

namespace tsu {

// Enums: `enum class Opcode : uint8_t { kTex = 0, ... };`
#define TSU_ENUM_BEGIN(T, sv, bits) enum class T : uint8_t {
#define TSU_ENUM_VALUE(T, cpp, sv, value, spelling) cpp = value,
#define TSU_ENUM_END(T) \
  }                     \
  ;
#define TSU_CONST(name, sv, bits, value)
#include "tsu/encodings.def"
#undef TSU_ENUM_BEGIN
#undef TSU_ENUM_VALUE
#undef TSU_ENUM_END
#undef TSU_CONST

// Constants.
#define TSU_ENUM_BEGIN(T, sv, bits)
#define TSU_ENUM_VALUE(T, cpp, sv, value, spelling)
#define TSU_ENUM_END(T)
#define TSU_CONST(name, sv, bits, value) inline constexpr uint32_t name = value;
#include "tsu/encodings.def"
#undef TSU_ENUM_BEGIN
#undef TSU_ENUM_VALUE
#undef TSU_ENUM_END
#undef TSU_CONST

// Bit widths of each enum in the hardware encoding: `kBits<Opcode>`.
template <typename T>
inline constexpr int kBits = 0;
#define TSU_ENUM_BEGIN(T, sv, bits) \
  template <>                       \
  inline constexpr int kBits<T> = bits;
#define TSU_ENUM_VALUE(T, cpp, sv, value, spelling)
#define TSU_ENUM_END(T)
#define TSU_CONST(name, sv, bits, value)
#include "tsu/encodings.def"
#undef TSU_ENUM_BEGIN
#undef TSU_ENUM_VALUE
#undef TSU_ENUM_END
#undef TSU_CONST

// Spelling of a value (PTX modifier without the dot, or OpenCL name); "?" if out of range.
#define TSU_ENUM_BEGIN(T, sv, bits)          \
  constexpr std::string_view Name(T v) {     \
    switch (v) {
#define TSU_ENUM_VALUE(T, cpp, sv, value, spelling) \
  case T::cpp:                                       \
    return spelling;
#define TSU_ENUM_END(T) \
  }                     \
  return "?";           \
  }
#define TSU_CONST(name, sv, bits, value)
#include "tsu/encodings.def"
#undef TSU_ENUM_BEGIN
#undef TSU_ENUM_VALUE
#undef TSU_ENUM_END
#undef TSU_CONST

// Lookup by spelling: `Parse<Geometry>("a2d")`. Empty spellings never match.
template <typename T>
std::optional<T> Parse(std::string_view s);
#define TSU_ENUM_BEGIN(T, sv, bits)                  \
  template <>                                        \
  inline std::optional<T> Parse<T>(std::string_view s) { \
    if (s.empty()) return std::nullopt;
#define TSU_ENUM_VALUE(T, cpp, sv, value, spelling)                      \
  if (s.size() == sizeof(spelling) - 1 &&                                 \
      std::memcmp(s.data(), spelling, sizeof(spelling) - 1) == 0) {       \
    return T::cpp; /* lengths known at compile time: inlined compares */ \
  }
#define TSU_ENUM_END(T) \
  return std::nullopt;  \
  }
#define TSU_CONST(name, sv, bits, value)
#include "tsu/encodings.def"
#undef TSU_ENUM_BEGIN
#undef TSU_ENUM_VALUE
#undef TSU_ENUM_END
#undef TSU_CONST

// Number of values of an enum (all tables are dense from 0).
template <typename T>
inline constexpr int kCount = 0;
#define TSU_ENUM_BEGIN(T, sv, bits) \
  template <>                       \
  inline constexpr int kCount<T> = 0
#define TSU_ENUM_VALUE(T, cpp, sv, value, spelling) +1
#define TSU_ENUM_END(T) ;
#define TSU_CONST(name, sv, bits, value)
#include "tsu/encodings.def"
#undef TSU_ENUM_BEGIN
#undef TSU_ENUM_VALUE
#undef TSU_ENUM_END
#undef TSU_CONST

// The hardware widths are the limits' log2 (the RTL sizes its coordinate fields with them).
static_assert((1ull << kCoordXByteBits) == uint64_t{kMaxWidth} * kMaxAccessBytes, "x bits");
static_assert((1ull << kCoordYBits) == kMaxHeight, "y bits");
static_assert((1ull << kCoordZBits) == kMaxDepth, "z bits");
static_assert((1ull << kCoordLayerBits) == kMaxArraySize, "layer bits");

template <typename T>
constexpr int ToInt(T v) {
  return static_cast<int>(v);
}

}  // namespace tsu

#endif  // TSU_ENCODINGS_H_
