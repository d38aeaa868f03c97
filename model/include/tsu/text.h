// Quoting user input in messages: input may be invalid UTF-8 or megabytes long, and a message
// (printed, or a JSON string) must be neither.
#ifndef TSU_TEXT_H_
#define TSU_TEXT_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace tsu {

// Offset of the first byte that does not start or continue a well-formed UTF-8 character
// (overlong forms, surrogates and code points above U+10FFFF count as malformed), or npos.
size_t FirstInvalidUtf8(std::string_view s);

// At most about `max_bytes` of `s`, safe to print and to put in JSON: cut at a character
// boundary with "..." appended, control bytes and malformed bytes written as \xHH.
std::string Excerpt(std::string_view s, size_t max_bytes = 48);

}  // namespace tsu

#endif  // TSU_TEXT_H_
