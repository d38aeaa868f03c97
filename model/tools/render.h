// `tsu render`: pictures drawn through tex, so a person can see that filtering and mipmapping are
// right. Every pixel is one PTX tex instruction, executed by tsu::Unit (the golden model) or by
// an executor the caller supplies (`tsu render --rtl`: the Verilated unit, tb/tools/render_rtl.h).
#ifndef TSU_TOOLS_RENDER_H_
#define TSU_TOOLS_RENDER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "tsu/instruction.h"
#include "tsu/memory.h"
#include "tsu/texture.h"
#include "tsu/transaction.h"

namespace tsu {

// What a scene has bound, for an executor that reads descriptors from memory.
struct RenderBindings {
  SparseMemory* mem = nullptr;  // the textures' texels
  std::vector<std::pair<uint64_t, const ResolvedTexture*>> textures;  // by handle (own sampler)
  std::vector<std::pair<uint64_t, SamplerDesc>> samplers;             // independent, by handle
};

// Executes one frame's tex requests in order, one response each into *out. Returns false with
// *error set when it cannot (a response that traps is not such a failure: the caller checks).
using TexExecutor = std::function<bool(const RenderBindings& scene, const Instruction& in,
                                       const std::vector<Request>& reqs,
                                       std::vector<Response>* out, std::string* error)>;

struct RenderOptions {
  std::string scene = "all";  // plane, cube, cubegrad, all (those three) or cubeclamp
  std::string out_dir = ".";
  int width = 640, height = 360;
  TexExecutor execute;  // empty: the golden model (tsu::Unit)
};

// Writes <out_dir>/tsu_plane.png, tsu_cube.png and/or tsu_cubegrad.png. Returns 0, or 2 with a
// message on stderr.
int Render(const RenderOptions& opt);
// Whether `scene` names a scene (plane, cube, cubegrad) or all of them.
bool IsRenderScene(const std::string& scene);

}  // namespace tsu

#endif  // TSU_TOOLS_RENDER_H_
