// What the oracle's categories share: the formats Vulkan and tsu have in common, the run's
// random source and options, and the step that runs one PTX instruction on the golden model.
#ifndef TSU_TB_ORACLE_VK_ORACLE_COMMON_H_
#define TSU_TB_ORACLE_VK_ORACLE_COMMON_H_

#include <vulkan/vulkan.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "oracle_report.h"
#include "tsu/encodings.h"
#include "tsu/format.h"
#include "tsu/transaction.h"
#include "tsu/unit.h"
#include "vk_context.h"

namespace tsu {
namespace vk {

// A format both sides have. `kind` is the sampled type (0 float, 1 int, 2 uint); `glsl` the
// storage-image qualifier (nullptr: sampled only); `swizzle` maps an order Vulkan lacks (A,
// INTENSITY, LUMINANCE, RA) onto a Vulkan format through the image view; `rgb_only` marks packed
// formats whose spare bits Vulkan reads as alpha (the test data sets those bits to one).
struct SharedFormat {
  const char* name;
  VkFormat vk;
  ChannelOrder order;
  ChannelType type;
  int kind;
  const char* glsl;
  VkComponentMapping swizzle;
  bool rgb_only;
};

const std::vector<SharedFormat>& SharedFormats();
FormatInfo Describe(const SharedFormat& f);

struct Options {
  uint64_t seed = 1;
  double scale = 1.0;       // multiplies every category's case count
  std::string only;         // run categories whose name contains this
  FILE* log = nullptr;      // the transaction log (every case, both answers)
};

struct Oracle {
  Context* vk;
  Report* report;
  Options opt;
  std::mt19937_64 rng;
  int Count(int n) const { return std::max(1, static_cast<int>(n * opt.scale)); }
  bool Wants(const char* category) const {
    return opt.only.empty() || std::string(category).find(opt.only) != std::string::npos;
  }
  uint32_t U32() { return static_cast<uint32_t>(rng()); }
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
  double Real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
  bool Chance(double p) { return std::bernoulli_distribution(p)(rng); }
};

// Decodes `ptx` (which must be valid: the oracle's own forms) and executes it on `unit`.
Response RunPtx(Unit* unit, const std::string& ptx, const Request& req);

// Runs a compute shader variant over `cases` (uvec4 words) and returns `out_words` result words.
std::vector<uint32_t> RunShader(Oracle& o, const char* shader, bool storage, const Image& img,
                                VkSampler sampler, const std::vector<uint32_t>& cases,
                                uint32_t n, uint32_t groups, size_t out_words);

// "(0x.. 0x.. ...)": n words for failure reports and the transaction log.
std::string HexWords(const uint32_t* w, int n);

// A coordinate along an axis of n texels: inside, or with probability `oob` just or far outside.
int32_t RandomCoord(Oracle& o, uint32_t n, double oob);

// Rule L1 (docs/oracle.md): every component equal or one f32 ulp apart with the same sign.
// *diff is the largest absolute component difference.
bool WithinOneUlp(const uint32_t* a, const uint32_t* b, double* diff);

}  // namespace vk
}  // namespace tsu

#endif  // TSU_TB_ORACLE_VK_ORACLE_COMMON_H_
