#include "tsu/tex_features.h"

#include "tsu/geometry.h"
#include "tsu/tex_texel.h"

namespace tsu {

bool TexFeatures::All() const {
  return path && grad && cube && seamless && compare && multisample && residency && mip_linear &&
         norm && half && integer;
}

TrapCause TexFeatureTrap(const TexFeatures& f, const Instruction& in, const ResolvedTexture& t,
                         const SamplerDesc& s, std::string* why) {
  const bool cube = IsCube(in.geom);
  const bool ms = IsMultisample(in.geom);
  const struct {
    bool left_out;
    const char* name;
  } forms[] = {
      {!f.grad && in.tex_mode == TexMode::kGrad, "grad"},
      {!f.cube && cube, "cube"},
      {!f.seamless && cube && s.seamless_cube, "seamless"},
      {!f.compare && in.has_depth_ref, "compare"},
      {!f.multisample && ms, "multisample"},
      {!f.residency && (t.residency_map != 0 || !t.non_resident.empty()), "residency"},
      {!f.mip_linear && s.mip_filter == MipFilter::kLinear, "mip_linear"},
  };
  for (const auto& form : forms) {
    if (form.left_out) {
      if (why != nullptr) *why = form.name;
      return TrapCause::kIllegalInstruction;
    }
  }
  // The texel's class after the read mode (8/16-bit integers read as normalized floats are
  // UNORM/SNORM): the conversion the unpack path needs.
  const ChannelKind k = MakeTexelRule(t.fmt, s, false, 0).fmt.kind;
  const bool norm = k == ChannelKind::kUnorm || k == ChannelKind::kSnorm;
  const bool integer = k == ChannelKind::kUint || k == ChannelKind::kSint;
  const struct {
    bool left_out;
    const char* name;
  } families[] = {
      {!f.norm && norm, "norm"},
      {!f.half && k == ChannelKind::kHalf, "half"},
      {!f.integer && integer, "integer"},
  };
  for (const auto& family : families) {
    if (family.left_out) {
      if (why != nullptr) *why = family.name;
      return TrapCause::kFormatMismatch;
    }
  }
  return TrapCause::kNone;
}

}  // namespace tsu
