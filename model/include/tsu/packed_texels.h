// Texels packed as a graphics API uploads them, [layer][z][y][x][sample] with no padding (cube
// faces as layers), moved to and from a texture's or surface's own layout in memory. The GPU
// oracle, the lavapipe oracle and the Python module fill the model's memory through these.
#ifndef TSU_PACKED_TEXELS_H_
#define TSU_PACKED_TEXELS_H_

#include <cstdint>
#include <vector>

#include "tsu/descriptor.h"
#include "tsu/memory.h"
#include "tsu/texture.h"

namespace tsu {

// Bytes of one level of a texture, packed: every layer, texel and sample.
uint64_t PackedLevelBytes(const ResolvedTexture& t, uint32_t level);
// Writes one level's packed texels (PackedLevelBytes of them) at their TexelAddress.
void WritePackedLevel(const ResolvedTexture& t, uint32_t level, const uint8_t* packed,
                      MemoryPort* mem);

// Bytes of a surface, packed: every layer and texel.
uint64_t PackedSurfaceBytes(const ResolvedSurface& s);
// Writes a surface's packed texels (PackedSurfaceBytes of them) row by row.
void WritePackedSurface(const ResolvedSurface& s, const uint8_t* packed, MemoryPort* mem);
// The surface's texels, packed.
std::vector<uint8_t> ReadPackedSurface(const ResolvedSurface& s, MemoryPort* mem);

}  // namespace tsu

#endif  // TSU_PACKED_TEXELS_H_
