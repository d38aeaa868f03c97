// A texel as the filter sees it (docs/semantics.md T3, T9, T10): the stored bytes decoded under
// the sampler's read mode and sRGB flag, depth and replicated formats expanded, or the border
// colour in its place, then the depth compare. One function per tap; ExecTex calls it for every
// tap and the RTL's per-tap block (rtl/tex/tsu_tex_texel) reproduces it.
#ifndef TSU_TEX_TEXEL_H_
#define TSU_TEX_TEXEL_H_

#include <cstdint>

#include "tsu/format.h"
#include "tsu/texture.h"

namespace tsu {

// What is fixed for every tap of one tex instruction.
struct TexelRule {
  FormatInfo fmt;            // the texture's format after the read mode (8/16-bit integers as
                             // UNORM/SNORM under "normalized float")
  bool float_result = true;  // fmt's values are f32 (else 32-bit integers, never filtered)
  bool srgb = false;         // decode sRGB codes (an sRGB format and the sampler's flag)
  bool compare = false;      // tex has a depth-compare operand
  CompareOp op = CompareOp::kLessEqual;
  uint32_t ref = 0;          // the reference, f32 bits (clamped to [0, 1] for UNORM depth)
  uint32_t border[4] = {};   // the sampler's border colour
};

TexelRule MakeTexelRule(const FormatInfo& stored, const SamplerDesc& s, bool has_depth_ref,
                        uint32_t depth_ref);

// The value of one tap: the texel in `bytes` (fmt.texel_bytes of them, little-endian), or the
// border colour when `border` (bytes unused), then the depth compare.
void TexelValue(const TexelRule& r, const uint8_t* bytes, bool border, uint32_t out[4]);

}  // namespace tsu

#endif  // TSU_TEX_TEXEL_H_
