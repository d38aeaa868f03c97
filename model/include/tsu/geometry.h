// Geometry attributes (is an array, is a cube, dimensions, coordinate counts), read from the one
// table geometry.def that also gives the RTL its GEOM_* vectors.
#ifndef TSU_GEOMETRY_H_
#define TSU_GEOMETRY_H_

#include "tsu/encodings.h"

namespace tsu {

struct GeometryAttrs {
  bool surface = false;
  bool array = false;
  bool cube = false;
  bool ms = false;
  int dims = 0;
  int surface_coords = 0;
};

constexpr GeometryAttrs Attrs(Geometry g) {
  switch (g) {
#define TSU_GEOM(cpp, surface, array, cube, ms, dims, surface_coords) \
  case Geometry::cpp:                                                 \
    return GeometryAttrs{surface != 0, array != 0, cube != 0, ms != 0, dims, surface_coords};
#include "tsu/geometry.def"
#undef TSU_GEOM
  }
  return GeometryAttrs{};
}

constexpr bool IsSurfaceGeom(Geometry g) { return Attrs(g).surface; }
constexpr bool IsArray(Geometry g) { return Attrs(g).array; }
constexpr bool IsCube(Geometry g) { return Attrs(g).cube; }
constexpr bool IsMultisample(Geometry g) { return Attrs(g).ms; }
// Number of coordinate elements operand b carries for a surface geometry.
constexpr int SurfaceCoordCount(Geometry g) { return Attrs(g).surface_coords; }

}  // namespace tsu

#endif  // TSU_GEOMETRY_H_
