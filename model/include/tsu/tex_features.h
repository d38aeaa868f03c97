// The texture features a hardware configuration samples (tsu_top's TexGrad, TexCube, ... and
// TexNorm, TexHalf, TexInt; docs/semantics.md H15). A tex that needs a feature the configuration
// leaves out traps before it samples: illegal_instruction for a left-out form or mode,
// format_mismatch for a left-out conversion family (as sust.p does, H3). The full unit samples
// everything: a default TexFeatures never traps.
#ifndef TSU_TEX_FEATURES_H_
#define TSU_TEX_FEATURES_H_

#include <string>

#include "tsu/instruction.h"
#include "tsu/texture.h"
#include "tsu/transaction.h"

namespace tsu {

struct TexFeatures {
  bool path = true;         // the texture path itself (tsu_top's EnableTex): without it every tex,
                            // whatever its handle, traps illegal_instruction (H15)
  bool grad = true;         // .grad
  bool cube = true;         // the cube and acube geometries
  bool seamless = true;     // seamless filtering across cube faces (the sampler's flag)
  bool compare = true;      // a depth-compare operand
  bool multisample = true;  // the 2dms and a2dms geometries
  bool residency = true;    // a texture with a residency map
  bool mip_linear = true;   // a linear mip filter (trilinear)
  bool norm = true;         // UNORM/SNORM texels (after the read mode), packed types included
  bool half = true;         // HALF_FLOAT texels
  bool integer = true;      // integer texels (read as integers)

  bool All() const;
};

// The trap a well-formed tex on texture `t` (of the instruction's geometry) with sampler `s`
// takes for a feature `f` leaves out, or kNone. The first left-out feature in the order of the
// struct's fields decides; `why`, when given and the tex traps, names that feature.
TrapCause TexFeatureTrap(const TexFeatures& f, const Instruction& in, const ResolvedTexture& t,
                         const SamplerDesc& s, std::string* why = nullptr);

}  // namespace tsu

#endif  // TSU_TEX_FEATURES_H_
