// A descriptor slot bound in the model from its bytes in the pool, as the unit's descriptor fetch
// reads it (docs/descriptors.md): one function for the bench's pool, the model shim and the DPI-C
// library.
#ifndef TSU_TB_COSIM_POOL_BINDING_H_
#define TSU_TB_COSIM_POOL_BINDING_H_

#include <cstdint>
#include <string>

#include "tsu/descriptor_words.h"
#include "tsu/memory.h"
#include "tsu/unit.h"

namespace tsu::tb {

// How the model takes a slot's bytes (the kind of descriptor software put there).
enum class SlotKind : uint8_t { kSurface, kTexture, kSampler };

// Binds `handle` in `unit` from the 64 bytes at pool_base + 64 handle in `mem`, as `kind` (a
// texture's level records are read through the unit's own memory). A handle at or past
// `entries` is outside the pool: unbound, invalid_handle. Returns the trap cause (kNone: bound).
inline TrapCause BindPoolSlot(Unit* unit, MemoryPort* mem, uint64_t pool_base, uint64_t entries,
                              SlotKind kind, uint64_t handle, std::string* why) {
  if (handle >= entries) {
    unit->UnbindSlot(handle);
    return TrapCause::kInvalidHandle;
  }
  DescImage image{};
  mem->Read(pool_base + handle * kDescBytes, image.data(), kDescBytes);
  switch (kind) {
    case SlotKind::kTexture: return unit->BindTextureImage(handle, image, why);
    case SlotKind::kSampler: return unit->BindSamplerImage(handle, image, why);
    case SlotKind::kSurface: break;
  }
  return unit->BindSurfaceImage(handle, image, why);
}

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_POOL_BINDING_H_
