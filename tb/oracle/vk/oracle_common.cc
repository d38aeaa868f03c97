#include "oracle_common.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "shaders.h"
#include "tsu/hex.h"
#include "tsu/ptx_parser.h"

namespace tsu {
namespace vk {
namespace {

constexpr VkComponentMapping kIdentity = {};
constexpr VkComponentSwizzle R = VK_COMPONENT_SWIZZLE_R, G = VK_COMPONENT_SWIZZLE_G,
                             Z = VK_COMPONENT_SWIZZLE_ZERO, ONE = VK_COMPONENT_SWIZZLE_ONE;

std::vector<SharedFormat> Build() {
  std::vector<SharedFormat> v;
  struct T {
    const char* suffix;
    ChannelType type;
    int kind;
    VkFormat r, rg, rgba;
  };
  const T types[] = {
      {"8", ChannelType::kUnormInt8, 0, VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM,
       VK_FORMAT_R8G8B8A8_UNORM},
      {"8_snorm", ChannelType::kSnormInt8, 0, VK_FORMAT_R8_SNORM, VK_FORMAT_R8G8_SNORM,
       VK_FORMAT_R8G8B8A8_SNORM},
      {"16", ChannelType::kUnormInt16, 0, VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM,
       VK_FORMAT_R16G16B16A16_UNORM},
      {"16_snorm", ChannelType::kSnormInt16, 0, VK_FORMAT_R16_SNORM, VK_FORMAT_R16G16_SNORM,
       VK_FORMAT_R16G16B16A16_SNORM},
      {"16f", ChannelType::kHalfFloat, 0, VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT,
       VK_FORMAT_R16G16B16A16_SFLOAT},
      {"32f", ChannelType::kFloat, 0, VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT,
       VK_FORMAT_R32G32B32A32_SFLOAT},
      {"8ui", ChannelType::kUnsignedInt8, 2, VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UINT,
       VK_FORMAT_R8G8B8A8_UINT},
      {"16ui", ChannelType::kUnsignedInt16, 2, VK_FORMAT_R16_UINT, VK_FORMAT_R16G16_UINT,
       VK_FORMAT_R16G16B16A16_UINT},
      {"32ui", ChannelType::kUnsignedInt32, 2, VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT,
       VK_FORMAT_R32G32B32A32_UINT},
      {"8i", ChannelType::kSignedInt8, 1, VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_SINT,
       VK_FORMAT_R8G8B8A8_SINT},
      {"16i", ChannelType::kSignedInt16, 1, VK_FORMAT_R16_SINT, VK_FORMAT_R16G16_SINT,
       VK_FORMAT_R16G16B16A16_SINT},
      {"32i", ChannelType::kSignedInt32, 1, VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT,
       VK_FORMAT_R32G32B32A32_SINT},
  };
  static std::vector<std::string> names;  // storage for the generated names
  names.reserve(64);
  for (const char* order : {"r", "rg", "rgba"}) {
    for (const T& t : types) {
      names.push_back(std::string(order) + t.suffix);
      const ChannelOrder o = order[1] == 0   ? ChannelOrder::kR
                             : order[2] == 0 ? ChannelOrder::kRG
                                             : ChannelOrder::kRGBA;
      const VkFormat f = o == ChannelOrder::kR ? t.r : o == ChannelOrder::kRG ? t.rg : t.rgba;
      v.push_back({names.back().c_str(), f, o, t.type, t.kind, names.back().c_str(), kIdentity,
                   false});
    }
  }
  // Sampled only: orders Vulkan has natively, packed formats, and swizzled orders.
  v.push_back({"bgra8", VK_FORMAT_B8G8R8A8_UNORM, ChannelOrder::kBGRA, ChannelType::kUnormInt8, 0,
               nullptr, kIdentity, false});
  v.push_back({"srgba8", VK_FORMAT_R8G8B8A8_SRGB, ChannelOrder::kSRGBA, ChannelType::kUnormInt8,
               0, nullptr, kIdentity, false});
  v.push_back({"sbgra8", VK_FORMAT_B8G8R8A8_SRGB, ChannelOrder::kSBGRA, ChannelType::kUnormInt8,
               0, nullptr, kIdentity, false});
  v.push_back({"rgb565", VK_FORMAT_R5G6B5_UNORM_PACK16, ChannelOrder::kRGB,
               ChannelType::kUnormShort565, 0, nullptr, kIdentity, false});
  v.push_back({"rgb555", VK_FORMAT_A1R5G5B5_UNORM_PACK16, ChannelOrder::kRGB,
               ChannelType::kUnormShort555, 0, nullptr, kIdentity, true});
  v.push_back({"rgb101010", VK_FORMAT_A2R10G10B10_UNORM_PACK32, ChannelOrder::kRGB,
               ChannelType::kUnormInt101010, 0, nullptr, kIdentity, true});
  v.push_back({"a8", VK_FORMAT_R8_UNORM, ChannelOrder::kA, ChannelType::kUnormInt8, 0, nullptr,
               {Z, Z, Z, R}, false});
  v.push_back({"intensity16", VK_FORMAT_R16_UNORM, ChannelOrder::kIntensity,
               ChannelType::kUnormInt16, 0, nullptr, {R, R, R, R}, false});
  v.push_back({"luminance8", VK_FORMAT_R8_UNORM, ChannelOrder::kLuminance,
               ChannelType::kUnormInt8, 0, nullptr, {R, R, R, ONE}, false});
  v.push_back({"ra8", VK_FORMAT_R8G8_UNORM, ChannelOrder::kRA, ChannelType::kUnormInt8, 0,
               nullptr, {R, Z, Z, G}, false});
  // Depth formats: shadow sampling only.
  v.push_back({"d16", VK_FORMAT_D16_UNORM, ChannelOrder::kDepth, ChannelType::kUnormInt16, 0,
               nullptr, kIdentity, false});
  v.push_back({"d32f", VK_FORMAT_D32_SFLOAT, ChannelOrder::kDepth, ChannelType::kFloat, 0,
               nullptr, kIdentity, false});
  return v;
}

}  // namespace

const std::vector<SharedFormat>& SharedFormats() {
  static const std::vector<SharedFormat> v = Build();
  return v;
}

FormatInfo Describe(const SharedFormat& f) {
  FormatInfo info;
  std::string err;
  if (!DescribeFormat(f.order, f.type, &info, &err)) {
    std::fprintf(stderr, "oracle: format %s rejected by the model: %s\n", f.name, err.c_str());
    std::exit(2);
  }
  return info;
}

Response RunPtx(Unit* unit, const std::string& ptx, const Request& req) {
  Instruction in;
  std::string err;
  if (!ParsePtx(ptx, &in, &err)) {
    std::fprintf(stderr, "oracle: internal error: '%s' does not decode: %s\n", ptx.c_str(),
                 err.c_str());
    std::exit(2);
  }
  return unit->Execute(in, req);
}

std::vector<uint32_t> RunShader(Oracle& o, const char* shader, bool storage, const Image& img,
                                VkSampler sampler, const std::vector<uint32_t>& cases,
                                uint32_t n, uint32_t groups, size_t out_words) {
  const Spirv* s = FindShader(shader);
  if (!s) {
    std::fprintf(stderr, "oracle: internal error: no shader variant %s\n", shader);
    std::exit(2);
  }
  const Pipeline& p = o.vk->CachedPipeline(s->words, s->count, storage);
  Buffer in = o.vk->CreateBuffer(cases.size() * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  std::memcpy(in.map, cases.data(), cases.size() * 4);
  Buffer out = o.vk->CreateBuffer(out_words * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  o.vk->Dispatch(p, img, sampler, in, out, n, groups);
  std::vector<uint32_t> r(out_words);
  std::memcpy(r.data(), out.map, out_words * 4);
  o.vk->Destroy(&in);
  o.vk->Destroy(&out);
  return r;
}

std::string HexWords(const uint32_t* w, int n) {
  std::string s = "(";
  for (int i = 0; i < n; ++i) s += (i ? " " : "") + Hex(w[i]);
  return s + ")";
}

int32_t RandomCoord(Oracle& o, uint32_t n, double oob) {
  const int32_t m = static_cast<int32_t>(n);
  if (!o.Chance(oob)) return o.Int(0, m - 1);
  const int32_t outside[] = {-1, -2, -17, m, m + 1, m + 40};
  return outside[o.Int(0, 5)];
}

bool WithinOneUlp(const uint32_t* a, const uint32_t* b, double* diff) {
  *diff = 0;
  bool ok = true;
  for (int k = 0; k < 4; ++k) {
    float fa, fb;
    std::memcpy(&fa, &a[k], 4);
    std::memcpy(&fb, &b[k], 4);
    const double d = std::fabs(static_cast<double>(fa) - fb);
    *diff = std::max(*diff, std::isnan(d) ? 1.0 : d);
    const int64_t dist = static_cast<int64_t>(a[k]) - static_cast<int64_t>(b[k]);
    if (a[k] != b[k] && ((a[k] ^ b[k]) >> 31 || dist > 1 || dist < -1)) ok = false;
  }
  return ok;
}

}  // namespace vk
}  // namespace tsu
