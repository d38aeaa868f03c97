// Bounds, clamp and misalignment decisions: docs/semantics.md "Out of bounds" and
// "Misalignment". Order of steps: split coordinates, align x down, check each axis, then apply
// the clamp mode.
#include "tsu/surface_access.h"

#include "tsu/instruction.h"
#include "tsu/layout.h"

namespace tsu {

AccessPlan PlanAccess(const ResolvedSurface& s, const AccessRequest& req) {
  AccessPlan p;
  if (req.geom != s.desc.dim) {
    p.trap = TrapCause::kGeometryMismatch;
    return p;
  }
  // Split operand b. The array index is unsigned; coordinates are signed.
  uint32_t layer = 0;
  int32_t x = 0, y = 0, z = 0;
  switch (req.geom) {
    case Geometry::k1d:
      x = static_cast<int32_t>(req.coords[0]);
      break;
    case Geometry::k2d:
      x = static_cast<int32_t>(req.coords[0]);
      y = static_cast<int32_t>(req.coords[1]);
      break;
    case Geometry::k3d:
      x = static_cast<int32_t>(req.coords[0]);
      y = static_cast<int32_t>(req.coords[1]);
      z = static_cast<int32_t>(req.coords[2]);
      break;
    case Geometry::kA1d:
      layer = req.coords[0];
      x = static_cast<int32_t>(req.coords[1]);
      break;
    default:  // kA2d
      layer = req.coords[0];
      x = static_cast<int32_t>(req.coords[1]);
      y = static_cast<int32_t>(req.coords[2]);
      break;
  }
  const int64_t size = req.size;
  int64_t xb = static_cast<int64_t>(x) * req.x_scale;
  if ((xb & (size - 1)) != 0) {
    p.misaligned = true;
    xb &= ~(size - 1);  // floor to the access size (two's complement: stays negative)
  }
  const int64_t row = static_cast<int64_t>(s.row_bytes);
  const int64_t h = s.desc.height, d = s.desc.depth;
  const uint32_t layers = IsArray(s.desc.dim) ? s.desc.array_size : 1;
  if (xb < 0 || xb + size > row) p.oob_axes |= kOobAxisX;
  if (y < 0 || y >= h) p.oob_axes |= kOobAxisY;
  if (z < 0 || z >= d) p.oob_axes |= kOobAxisZ;
  if (layer >= layers) p.oob_axes |= kOobAxisLayer;

  if (p.oob_axes != 0) {
    switch (req.clamp) {
      case ClampMode::kTrap:
        p.trap = TrapCause::kOutOfBounds;
        return p;
      case ClampMode::kZero:
        p.suppressed = true;
        return p;
      case ClampMode::kClamp: {
        if (row < size) {  // no in-bounds location is wide enough: nothing to clamp to
          p.suppressed = true;
          return p;
        }
        const int64_t x_max = ((row - size) / size) * size;  // last aligned start in the row
        xb = xb < 0 ? 0 : xb > x_max ? x_max : xb;
        y = y < 0 ? 0 : y >= h ? static_cast<int32_t>(h - 1) : y;
        z = z < 0 ? 0 : z >= d ? static_cast<int32_t>(d - 1) : z;
        layer = layer >= layers ? layers - 1 : layer;
        p.clamped = true;
        break;
      }
    }
  }
  p.x_byte = xb;
  p.y = static_cast<uint32_t>(y);
  p.z = static_cast<uint32_t>(z);
  p.layer = layer;
  p.address = s.desc.base + SurfaceOffset(s, static_cast<uint64_t>(xb), p.y, p.z, layer);
  return p;
}

}  // namespace tsu
