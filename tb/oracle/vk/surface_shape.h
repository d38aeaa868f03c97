// One surface or texture level-0 shape, seen from both sides: the Vulkan image that holds it,
// the model descriptor that describes it, and where texel (x, y, z, layer) lives in each.
#ifndef TSU_TB_ORACLE_VK_SURFACE_SHAPE_H_
#define TSU_TB_ORACLE_VK_SURFACE_SHAPE_H_

#include <cstdint>
#include <string>

#include "tsu/descriptor.h"
#include "tsu/encodings.h"
#include "vk_context.h"

namespace tsu {
namespace vk {

struct Shape {
  Geometry geom = Geometry::k2d;  // 1d, 2d, 3d, a1d, a2d
  uint32_t w = 1, h = 1, d = 1, layers = 1;
  uint32_t Texels() const { return w * h * d * layers; }
  // Index of a texel in Vulkan's tightly packed upload order (layer, z, y, x).
  size_t Index(uint32_t x, uint32_t y, uint32_t z, uint32_t layer) const {
    return ((static_cast<size_t>(layer) * d + z) * h + y) * w + x;
  }
  bool IsArray() const { return geom == Geometry::kA1d || geom == Geometry::kA2d; }
  const char* Suffix() const;  // "1d", "2d", ... as in shader variant names
  ImageSpec Spec(VkFormat f, bool storage) const;
  SurfaceDesc Desc(ChannelOrder o, ChannelType t, uint64_t base) const;
  // PTX coordinate vector for texel x (already in the instruction's x units) at (y, z, layer).
  std::string PtxCoords() const;  // "{a}", "{a,b}", "{a,b,c,d}" placeholders
  void PtxValues(int32_t x, int32_t y, int32_t z, int32_t layer, uint32_t out[4]) const;
  // The shader's ivec4 for (x, y, z, layer).
  void VkValues(int32_t x, int32_t y, int32_t z, int32_t layer, uint32_t out[4]) const;
};

}  // namespace vk
}  // namespace tsu

#endif  // TSU_TB_ORACLE_VK_SURFACE_SHAPE_H_
