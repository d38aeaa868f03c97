// tld4 and txq on the model's bindings (tsu/exec/texture_query.h).
#include "tsu/exec/texture_query.h"

#include <cstring>

#include "tsu/float_bits.h"
#include "tsu/tex_math.h"
#include "tsu/tex_texel.h"

namespace tsu::exec {

Response Tld4(const ResolvedTexture& t, const SamplerDesc& s, Geometry geom, int comp,
              const uint32_t coords[4], const int32_t* offset, bool float_dst, MemoryPort* mem) {
  Response r;
  r.executed = true;
  if (geom != t.desc.dim || (geom != Geometry::k2d && geom != Geometry::kA2d)) {
    r.trap = TrapCause::kGeometryMismatch;
    return r;
  }
  const TexelRule rule = MakeTexelRule(t.fmt, s, false, 0);
  const TexElements e = SelectTexElements(geom, coords, t.desc.array_size, 1);
  const ResolvedSurface& lv = t.level[0];
  const float size[2] = {static_cast<float>(lv.desc.width), static_cast<float>(lv.desc.height)};
  int64_t i0[2];
  uint32_t n[2] = {lv.desc.width, lv.desc.height};
  for (int a = 0; a < 2; ++a) {
    const float u = AsFloat(coords[e.first + a]);
    const float x = s.normalized ? u * size[a] : u;  // as tex computes it (T2)
    uint32_t w;
    FirstTap(x, offset != nullptr ? offset[a] : 0, true, &i0[a], &w);
  }
  // The footprint in GL's gather order: (x0,y1), (x1,y1), (x1,y0), (x0,y0).
  static const int kOrder[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  for (int k = 0; k < 4; ++k) {
    int64_t idx[2];
    bool border = false;
    for (int a = 0; a < 2; ++a) {
      if (!WrapIndex(i0[a] + kOrder[k][a], n[a], s.address[a], s.normalized, &idx[a])) border = true;
    }
    uint8_t bytes[16] = {};
    if (!border) {
      mem->Read(TexelAddress(t, 0, e.layer, static_cast<uint32_t>(idx[0]), static_cast<uint32_t>(idx[1]), 0, 0),
                bytes, static_cast<uint32_t>(t.fmt.texel_bytes));
    }
    uint32_t c[4];
    TexelValue(rule, bytes, border, c);
    uint32_t v = c[comp];
    if (float_dst && !rule.float_result) {
      const float f = rule.fmt.kind == ChannelKind::kSint ? static_cast<float>(static_cast<int32_t>(v))
                                                          : static_cast<float>(v);
      v = AsBits(f);
    } else if (!float_dst && rule.float_result) {
      r.trap = TrapCause::kFormatMismatch;  // an integer result of a float texture
      return r;
    }
    r.data[k] = v;
  }
  r.count = 4;
  return r;
}

bool ParseTexQuery(const char* name, TexQuery* out) {
  static const std::pair<const char*, TexQuery> kQ[] = {
      {"width", TexQuery::kWidth},
      {"height", TexQuery::kHeight},
      {"depth", TexQuery::kDepth},
      {"channel_data_type", TexQuery::kChannelDataType},
      {"channel_order", TexQuery::kChannelOrder},
      {"normalized_coords", TexQuery::kNormalizedCoords},
      {"filter_mode", TexQuery::kFilterMode},
      {"addr_mode_0", TexQuery::kAddrMode0},
      {"addr_mode_1", TexQuery::kAddrMode1},
      {"addr_mode_2", TexQuery::kAddrMode2},
      {"array_size", TexQuery::kArraySize},
      {"num_mipmap_levels", TexQuery::kNumMipmapLevels},
      {"num_samples", TexQuery::kNumSamples},
  };
  for (const auto& [n, q] : kQ) {
    if (std::strcmp(n, name) == 0) {
      *out = q;
      return true;
    }
  }
  return false;
}

uint32_t Txq(const ResolvedTexture& t, const SamplerDesc& s, TexQuery q, uint32_t level) {
  const uint32_t lv = level < t.desc.levels ? level : t.desc.levels - 1;
  const SurfaceDesc& d = t.level[lv].desc;
  switch (q) {
    case TexQuery::kWidth: return d.width / t.desc.samples;
    case TexQuery::kHeight: return d.height;
    case TexQuery::kDepth: return d.depth;
    // The codes suq returns for surfaces: OpenCL's enumerations (docs/semantics.md R3).
    case TexQuery::kChannelDataType: return static_cast<uint32_t>(t.desc.type) + kChannelTypeBase;
    case TexQuery::kChannelOrder: return static_cast<uint32_t>(t.desc.order) + kChannelOrderBase;
    case TexQuery::kNormalizedCoords: return s.normalized ? 1 : 0;
    case TexQuery::kFilterMode: return static_cast<uint32_t>(s.mag_filter);
    case TexQuery::kAddrMode0: return static_cast<uint32_t>(s.address[0]);
    case TexQuery::kAddrMode1: return static_cast<uint32_t>(s.address[1]);
    case TexQuery::kAddrMode2: return static_cast<uint32_t>(s.address[2]);
    case TexQuery::kArraySize: return t.desc.array_size;
    case TexQuery::kNumMipmapLevels: return t.desc.levels;
    case TexQuery::kNumSamples: return t.desc.samples;
  }
  return 0;
}

}  // namespace tsu::exec
