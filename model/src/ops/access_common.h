// Helpers shared by the surface opcodes: starting a response and copying a plan's outcome.
#ifndef TSU_OPS_ACCESS_COMMON_H_
#define TSU_OPS_ACCESS_COMMON_H_

#include "tsu/instruction.h"
#include "tsu/surface_access.h"
#include "tsu/transaction.h"

namespace tsu {

inline Response StartResponse() {
  Response r;
  r.executed = true;
  return r;
}

inline void CopyPlanFlags(const AccessPlan& p, Response* r) {
  r->trap = p.trap;
  r->oob_axes = p.oob_axes;
  r->misaligned = p.misaligned;
  r->clamped = p.clamped;
  r->suppressed = p.suppressed;
}

inline AccessRequest MakeAccess(const Instruction& in, const Request& req, uint32_t x_scale,
                                uint32_t size) {
  AccessRequest a;
  a.geom = in.geom;
  a.clamp = in.clamp;
  for (int i = 0; i < 4; ++i) a.coords[i] = req.coords[i];
  a.x_scale = x_scale;
  a.size = size;
  return a;
}

}  // namespace tsu

#endif  // TSU_OPS_ACCESS_COMMON_H_
