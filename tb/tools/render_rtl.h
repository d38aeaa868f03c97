// `tsu render --rtl`: a scene's tex requests executed by the Verilated unit (tsu_top,
// configuration tex) instead of the model, so the same PNGs are drawn through the RTL. The
// scene's textures and samplers are written into a descriptor pool in the scene's memory as a
// driver would (docs/descriptors.md), the pool is set on the configuration port, and the frame's
// requests stream into the request port, one offered every cycle, with both read ports answered
// in order after a fixed latency. Prints cycles, samples per clock, reads per sample and the
// texel cache's hit rate.
#ifndef TSU_TB_TOOLS_RENDER_RTL_H_
#define TSU_TB_TOOLS_RENDER_RTL_H_

#include <cstdint>
#include <string>

#include "render.h"

namespace tsu::tb {

// What a frame cost the unit (summed over the frames of a run).
struct RenderRtlStats {
  uint64_t tex = 0;          // requests
  uint64_t cycles = 0;       // from the first request's acceptance to the last response
  uint64_t texel_reads = 0;  // texel and residency line reads
  uint64_t desc_reads = 0;   // descriptor-port reads (headers, samplers, level records)
  uint64_t cache_lookups = 0;  // texel cache: reads looked up (the engine's texel reads)
  uint64_t cache_misses = 0;   // texel cache: reads that missed
};

struct RenderRtlOptions {
  uint64_t mem_latency = 20;        // cycles from a read's acceptance to its line
  uint64_t mem_interval = 1;        // the memory port takes a read every this many cycles (its
                                    // bandwidth: 16 bytes per interval)
  uint64_t seed = 1;                // the unit's uninitialised state
  RenderRtlStats* stats = nullptr;  // where to add each frame's figures, if anywhere
  std::string config = "default";   // the unit: default (alias tex: one tap a cycle), texquad
                                    // (a footprint a cycle) or tex_hx8k
};

// An executor for RenderOptions::execute. Handles: textures and independent samplers 0..15.
// The unit must have the texture path (EnableTex); the Verilated class is Vtsu_top_fast (or
// Vtsu_top) of the main build, or TSU_RENDER_TOP (its parameters TSU_RENDER_TOP_PARAMS, from
// the headers TSU_RENDER_TOP_HEADER and TSU_RENDER_TOP_PARAMS_HEADER) where a build defines
// them (a design-space point, tb/dse/point).
TexExecutor RtlTexExecutor(const RenderRtlOptions& opt);

// A render workload (tsu dse): the scene (plane) drawn through the model into <out_dir>/model
// and through the unit into <out_dir>/rtl, and the PNGs compared byte for byte. Returns 0 when
// they are identical, 1 when they differ or the unit's run failed (*message says how), 2 when
// the options are unusable. The unit's figures go to *stats.
int RenderAndCompare(const RenderOptions& scene, const RenderRtlOptions& rtl, RenderRtlStats* stats,
                     std::string* message);

}  // namespace tsu::tb

#endif  // TSU_TB_TOOLS_RENDER_RTL_H_
