// The texture instructions a kernel may use beside tex that the unit does not execute: tld4 (a
// gather: the four texels of the bilinear footprint, one component each; CUDA's tex2Dgather) and
// txq (a texture's attributes). The executor runs them on the golden model's bindings, with the
// sampling steps of tex (tsu/tex_math.h), so they agree with tex to the bit (docs/semantics.md X12).
#ifndef TSU_EXEC_TEXTURE_QUERY_H_
#define TSU_EXEC_TEXTURE_QUERY_H_

#include <cstdint>

#include "tsu/memory.h"
#include "tsu/texture.h"
#include "tsu/transaction.h"

namespace tsu::exec {

// tld4.comp on a 2d or a2d texture: level 0; coords {x, y} (f32 bits) or {layer, x, y}; offsets
// in texels (-8..7) or null. data[0..3] = the footprint's texels (x0,y1), (x1,y1), (x1,y0), (x0,y0),
// component comp (0 r .. 3 a), as f32 bits (float_dst) or 32-bit integers. Traps
// geometry_mismatch when the texture's geometry is not geom.
Response Tld4(const ResolvedTexture& t, const SamplerDesc& s, Geometry geom, int comp,
              const uint32_t coords[4], const int32_t* offset, bool float_dst, MemoryPort* mem);

// txq's queries (PTX txq): what each returns for a texture, with `level` for the .level forms
// (the level's extent). False for an unknown query.
enum class TexQuery : uint8_t {
  kWidth, kHeight, kDepth, kChannelDataType, kChannelOrder, kNormalizedCoords, kFilterMode,
  kAddrMode0, kAddrMode1, kAddrMode2, kArraySize, kNumMipmapLevels, kNumSamples,
};
bool ParseTexQuery(const char* name, TexQuery* out);
uint32_t Txq(const ResolvedTexture& t, const SamplerDesc& s, TexQuery q, uint32_t level);

}  // namespace tsu::exec

#endif  // TSU_EXEC_TEXTURE_QUERY_H_
