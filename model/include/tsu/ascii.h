// ASCII character classes for the PTX front end (instruction decoder and module reader):
// constexpr and locale-free, unlike <cctype>, whose lookups were most of the decoder's time.
#ifndef TSU_ASCII_H_
#define TSU_ASCII_H_

namespace tsu {

constexpr bool IsAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
constexpr bool IsAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool IsAsciiDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool IsAsciiAlnum(char c) { return IsAsciiAlpha(c) || IsAsciiDigit(c); }

}  // namespace tsu

#endif  // TSU_ASCII_H_
