#include "surface_shape.h"

namespace tsu {
namespace vk {

const char* Shape::Suffix() const {
  switch (geom) {
    case Geometry::k1d: return "1d";
    case Geometry::k3d: return "3d";
    case Geometry::kA1d: return "a1d";
    case Geometry::kA2d: return "a2d";
    default: return "2d";
  }
}

ImageSpec Shape::Spec(VkFormat f, bool storage) const {
  ImageSpec s;
  s.format = f;
  s.storage = storage;
  s.width = w;
  s.height = h;
  s.depth = d;
  s.layers = layers;
  switch (geom) {
    case Geometry::k1d: s.type = VK_IMAGE_TYPE_1D, s.view_type = VK_IMAGE_VIEW_TYPE_1D; break;
    case Geometry::k3d: s.type = VK_IMAGE_TYPE_3D, s.view_type = VK_IMAGE_VIEW_TYPE_3D; break;
    case Geometry::kA1d:
      s.type = VK_IMAGE_TYPE_1D, s.view_type = VK_IMAGE_VIEW_TYPE_1D_ARRAY;
      break;
    case Geometry::kA2d:
      s.type = VK_IMAGE_TYPE_2D, s.view_type = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
      break;
    default: s.type = VK_IMAGE_TYPE_2D, s.view_type = VK_IMAGE_VIEW_TYPE_2D; break;
  }
  return s;
}

SurfaceDesc Shape::Desc(ChannelOrder o, ChannelType t, uint64_t base) const {
  SurfaceDesc s;
  s.base = base;
  s.dim = geom;
  s.width = w;
  s.height = h;
  s.depth = d;
  s.array_size = IsArray() ? layers : 0;
  s.order = o;
  s.type = t;
  return s;
}

std::string Shape::PtxCoords() const {
  switch (geom) {
    case Geometry::k1d: return "{a}";
    case Geometry::k2d:
    case Geometry::kA1d: return "{a,b}";
    default: return "{a,b,c,d}";
  }
}

void Shape::PtxValues(int32_t x, int32_t y, int32_t z, int32_t layer, uint32_t o[4]) const {
  // Arrays put the layer first (PTX: "the first element is interpreted as an unsigned index").
  const int32_t v[4] = {geom == Geometry::kA1d || geom == Geometry::kA2d ? layer : x,
                        IsArray() ? x : y, geom == Geometry::kA2d ? y : z, 0};
  for (int i = 0; i < 4; ++i) o[i] = static_cast<uint32_t>(v[i]);
}

void Shape::VkValues(int32_t x, int32_t y, int32_t z, int32_t layer, uint32_t o[4]) const {
  // GLSL: 1D x; 2D (x, y); 3D (x, y, z); 1DArray (x, layer); 2DArray (x, y, layer).
  int32_t v[4] = {x, y, z, 0};
  if (geom == Geometry::kA1d) v[1] = layer;
  if (geom == Geometry::kA2d) v[2] = layer;
  for (int i = 0; i < 4; ++i) o[i] = static_cast<uint32_t>(v[i]);
}

}  // namespace vk
}  // namespace tsu
