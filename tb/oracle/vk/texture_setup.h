// One texture on both sides: a Vulkan sampled image (filled by buffer copy, or by a shader for
// multisample images) and the same texels in the model's memory behind a bound TextureDesc.
#ifndef TSU_TB_ORACLE_VK_TEXTURE_SETUP_H_
#define TSU_TB_ORACLE_VK_TEXTURE_SETUP_H_

#include <cstdint>
#include <string>
#include <vector>

#include "oracle_common.h"
#include "tsu/memory.h"
#include "tsu/texture.h"

namespace tsu {
namespace vk {

constexpr uint64_t kTexHandle = 7;
constexpr uint64_t kSamplerHandle = 9;

struct TexSetup {
  Geometry geom = Geometry::k2d;  // any tex geometry
  const SharedFormat* fmt = nullptr;
  FormatInfo info;
  uint32_t w = 1, h = 1, d = 1;
  uint32_t array = 0;   // layers (a1d, a2d, a2dms) or cubes (acube)
  uint32_t levels = 1, samples = 1;
  uint32_t vk_layers() const;  // Vulkan array layers: layers, 6 per cube, 1 otherwise
  std::vector<uint8_t> bytes;  // Vulkan's packed order; multisample: [layer][y][x][sample]
  Image img;
  SparseMemory mem;
  Unit unit{&mem};
  const ResolvedTexture* resolved = nullptr;
  std::string Describe() const;
};

// Creates the texture on both sides with random texels. Depth-format data stays in [0, 1].
void CreateTexture(Oracle& o, TexSetup* t);
void DestroyTexture(Oracle& o, TexSetup* t);
const char* GeomName(Geometry g);

}  // namespace vk
}  // namespace tsu

#endif  // TSU_TB_ORACLE_VK_TEXTURE_SETUP_H_
