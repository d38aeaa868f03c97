// A tex request's tap-value rule (tsu_tex_pkg::texel_req_t) on random formats, and the model's
// TexelRule beside it: for the benches of the stages that turn texel bytes into values
// (tex_return_test.cc, tex_quad_return_test.cc).
#ifndef TSU_TB_RTL_TEX_TEXEL_RULE_H_
#define TSU_TB_RTL_TEX_TEXEL_RULE_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "rng.h"
#include "surface_gen.h"
#include "tsu/format.h"
#include "tsu/tex_texel.h"
#include "tsu/texture.h"

namespace tsu::tb {

// A request's texel rule as the port carries it, and the model's.
struct Rule {
  ChannelOrder order = ChannelOrder::kR;
  ChannelType type = ChannelType::kUnormInt8;
  bool read_norm = false, srgb = false, compare = false;
  CompareOp op = CompareOp::kNever;
  uint32_t ref = 0, border[4] = {};
  TexelRule model;
  int texel_bytes = 1;
};

// Every format DescribeFormat accepts.
inline const std::vector<FormatInfo>& Formats() {
  static const std::vector<FormatInfo> v = [] {
    std::vector<FormatInfo> out;
    for (int o = 0; o < kCount<ChannelOrder>; ++o) {
      for (int t = 0; t < kCount<ChannelType>; ++t) {
        FormatInfo f;
        std::string err;
        if (DescribeFormat(static_cast<ChannelOrder>(o), static_cast<ChannelType>(t), &f, &err)) {
          out.push_back(f);
        }
      }
    }
    return out;
  }();
  return v;
}

inline Rule RandomRule(Rng& rng) {
  Rule r;
  const FormatInfo& f = Formats()[static_cast<size_t>(Uniform(rng, 0, static_cast<int64_t>(Formats().size()) - 1))];
  r.order = f.order;
  r.type = f.type;
  r.texel_bytes = f.texel_bytes;
  r.read_norm = Chance(rng, 50);
  r.srgb = Chance(rng, 50);
  r.compare = Chance(rng, 25);
  r.op = static_cast<CompareOp>(Uniform(rng, 0, 7));
  r.ref = Chance(rng, 50) ? static_cast<uint32_t>(Uniform(rng, 0, 0x3F800100)) : static_cast<uint32_t>(rng());
  for (uint32_t& b : r.border) b = static_cast<uint32_t>(rng());
  SamplerDesc s;
  s.read_mode = r.read_norm ? ReadMode::kNormalizedFloat : ReadMode::kElementType;
  s.srgb = r.srgb;
  s.compare = r.op;
  std::copy(r.border, r.border + 4, s.border);
  r.model = MakeTexelRule(f, s, r.compare, r.ref);
  return r;
}

}  // namespace tsu::tb

#endif  // TSU_TB_RTL_TEX_TEXEL_RULE_H_
