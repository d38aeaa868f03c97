// Address generation with bounds and clamp handling for one surface access: the step that the
// RTL address-generation and bounds blocks implement. All surface opcodes go through it.
#ifndef TSU_SURFACE_ACCESS_H_
#define TSU_SURFACE_ACCESS_H_

#include <cstdint>

#include "tsu/descriptor.h"
#include "tsu/encodings.h"

namespace tsu {

struct AccessRequest {
  Geometry geom = Geometry::k1d;
  ClampMode clamp = ClampMode::kTrap;
  uint32_t coords[4] = {};  // operand b as written: {x}, {x,y}, {x,y,z,_}, {idx,x}, {idx,x,y,_}
  uint32_t x_scale = 1;     // bytes per unit of x: 1 for .b forms, the sample size for .p forms
  uint32_t size = 1;        // bytes accessed (power of two, <= 16)
};

struct AccessPlan {
  TrapCause trap = TrapCause::kNone;
  uint8_t oob_axes = 0;     // kOobAxis* bits of the axes that were out of range
  bool misaligned = false;  // x was not a multiple of size and was masked down
  bool clamped = false;     // .clamp moved the access
  bool suppressed = false;  // no memory access: .zero out of bounds (loads return 0)
  uint64_t address = 0;     // valid when !suppressed && trap == kNone
  // The coordinates finally used (after alignment and clamping).
  int64_t x_byte = 0;
  uint32_t y = 0, z = 0, layer = 0;
};

AccessPlan PlanAccess(const ResolvedSurface& s, const AccessRequest& req);

}  // namespace tsu

#endif  // TSU_SURFACE_ACCESS_H_
