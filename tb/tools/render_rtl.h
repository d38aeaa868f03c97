// `tsu render --rtl`: a scene's tex requests executed by the Verilated unit (tsu_top,
// configuration tex) instead of the model, so the same PNGs are drawn through the RTL. The
// scene's textures and samplers are written into a descriptor pool in the scene's memory as a
// driver would (docs/descriptors.md), the pool is set on the configuration port, and the frame's
// requests stream into the request port, one offered every cycle, with both read ports answered
// in order after a fixed latency. Prints cycles, samples per clock and reads per sample.
#ifndef TSU_TB_TOOLS_RENDER_RTL_H_
#define TSU_TB_TOOLS_RENDER_RTL_H_

#include <cstdint>

#include "render.h"

namespace tsu::tb {

struct RenderRtlOptions {
  uint64_t mem_latency = 20;  // cycles from a read's acceptance to its line
  uint64_t seed = 1;          // the unit's uninitialised state
};

// An executor for RenderOptions::execute. Handles: textures and independent samplers 0..15.
TexExecutor RtlTexExecutor(const RenderRtlOptions& opt);

}  // namespace tsu::tb

#endif  // TSU_TB_TOOLS_RENDER_RTL_H_
