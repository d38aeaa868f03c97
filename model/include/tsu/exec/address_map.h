// Where the executor's state spaces live (docs/semantics.md X5). Global memory is the unit's
// MemoryPort, addressed as the unit addresses it (below 2^48, tsu_top's AddrW); a generic address
// at or above 2^48 falls in the window of a per-CTA or per-thread space.
#ifndef TSU_EXEC_ADDRESS_MAP_H_
#define TSU_EXEC_ADDRESS_MAP_H_

#include <cstdint>

namespace tsu::exec {

constexpr uint64_t kHeapBase = 0x0000'0001'0000'0000ull;    // Device::Malloc
constexpr uint64_t kHeapLimit = 0x0000'0800'0000'0000ull;
constexpr uint64_t kModuleBase = 0x0000'0800'0000'0000ull;  // modules' .global variables
constexpr uint64_t kModuleStride = 0x0000'0001'0000'0000ull;
constexpr uint64_t kPoolBase = 0x0000'0e00'0000'0000ull;    // the unit's descriptor pool (H8)
constexpr uint64_t kPoolEntries = 4096;                     // 64-byte slots: handles 1..4095
constexpr uint64_t kDriverBase = 0x0000'0e80'0000'0000ull;  // texture level tables
constexpr uint64_t kFunctionBase = 0x0000'0f00'0000'0000ull;  // function addresses (call via a register)
constexpr uint64_t kGlobalLimit = 0x0001'0000'0000'0000ull;

constexpr uint64_t kWindowBits = 48;
constexpr uint64_t kSharedWindow = 1ull << kWindowBits;
constexpr uint64_t kLocalWindow = 2ull << kWindowBits;
constexpr uint64_t kParamWindow = 3ull << kWindowBits;
constexpr uint64_t kConstWindow = 4ull << kWindowBits;
constexpr uint64_t kWindowEnd = 5ull << kWindowBits;

}  // namespace tsu::exec

#endif  // TSU_EXEC_ADDRESS_MAP_H_
