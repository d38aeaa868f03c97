// The per-tap texel value (docs/semantics.md T3, T9, T10).
#include "tsu/tex_texel.h"

#include <algorithm>

#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu {
namespace {

constexpr uint32_t kOne = 0x3F800000u;

// The border colour, with the components the format does not store replaced like a texel's
// missing components (0 for R, G, B; 1 for A), as Vulkan's component substitution does for
// border texels (T3; found by the lavapipe oracle). Orders that replicate or move one channel
// (A, RA, INTENSITY, LUMINANCE) and depth formats keep the whole border colour.
void Border(const TexelRule& r, uint32_t b[4]) {
  for (int i = 0; i < 4; ++i) b[i] = r.border[i];
  const FormatInfo& f = r.fmt;
  const ChannelOrder o = f.order;
  if (o == ChannelOrder::kA || o == ChannelOrder::kRA || o == ChannelOrder::kIntensity ||
      o == ChannelOrder::kLuminance || f.depth_stencil || o == ChannelOrder::kDepth) {
    return;
  }
  bool stored[4] = {};
  for (int i = 0; i < f.num_fields; ++i) {
    if (f.fields[i].comp >= 0) stored[f.fields[i].comp] = true;
  }
  for (int i = 0; i < 4; ++i) {
    if (!stored[i]) b[i] = i < 3 ? 0u : (r.float_result ? kOne : 1u);
  }
}

void Decode(const TexelRule& r, const uint8_t* bytes, uint32_t c[4]) {
  const FormatInfo& f = r.fmt;
  if (r.srgb) {  // raw codes through the sRGB table; alpha as UNORM8 (sRGBx: 1)
    FormatInfo raw = f;
    raw.kind = ChannelKind::kUint;
    UnpackTexel(raw, bytes, c);
    for (int i = 0; i < 3; ++i) c[i] = SrgbToLinear(c[i]);
    c[3] = f.order == ChannelOrder::kSRGBx ? kOne : UnormToF32(c[3] & 0xFF, 8);
  } else {
    UnpackTexel(f, bytes, c);
  }
  if (f.depth_stencil) {  // depth textures sample the depth value
    c[1] = c[2] = 0;
    c[3] = r.float_result ? kOne : 1u;
  }
  if (f.order == ChannelOrder::kIntensity) c[1] = c[2] = c[3] = c[0];
  if (f.order == ChannelOrder::kLuminance) c[1] = c[2] = c[0];
}

}  // namespace

TexelRule MakeTexelRule(const FormatInfo& stored, const SamplerDesc& s, bool has_depth_ref,
                        uint32_t depth_ref) {
  TexelRule r;
  r.fmt = stored;
  // Read mode "normalized float" turns 8- and 16-bit integer channels into UNORM/SNORM (§1).
  if (s.read_mode == ReadMode::kNormalizedFloat && r.fmt.fields[0].bits <= 16) {
    if (r.fmt.kind == ChannelKind::kUint) r.fmt.kind = ChannelKind::kUnorm;
    if (r.fmt.kind == ChannelKind::kSint) r.fmt.kind = ChannelKind::kSnorm;
  }
  r.float_result = r.fmt.value_class() == ValueClass::kF32;
  r.srgb = r.fmt.srgb && s.srgb;
  r.compare = has_depth_ref;
  r.op = s.compare;
  float ref = AsFloat(depth_ref);
  // UNORM depth formats compare against a reference clamped to [0, 1] (Vulkan).
  if (r.compare && r.fmt.kind == ChannelKind::kUnorm) ref = std::min(std::max(ref, 0.0f), 1.0f);
  r.ref = AsBits(ref);
  for (int i = 0; i < 4; ++i) r.border[i] = s.border[i];
  return r;
}

void TexelValue(const TexelRule& r, const uint8_t* bytes, bool border, uint32_t out[4]) {
  if (border) {
    Border(r, out);
  } else {
    Decode(r, bytes, out);
  }
  if (!r.compare) return;
  const float d = AsFloat(out[0]), ref = AsFloat(r.ref);
  bool pass = false;
  switch (r.op) {
    case CompareOp::kNever: pass = false; break;
    case CompareOp::kLess: pass = ref < d; break;
    case CompareOp::kEqual: pass = ref == d; break;
    case CompareOp::kLessEqual: pass = ref <= d; break;
    case CompareOp::kGreater: pass = ref > d; break;
    case CompareOp::kNotEqual: pass = ref != d; break;
    case CompareOp::kGreaterEqual: pass = ref >= d; break;
    case CompareOp::kAlways: pass = true; break;
  }
  out[0] = pass ? kOne : 0u;
  out[1] = out[2] = 0;
  out[3] = kOne;
}

}  // namespace tsu
