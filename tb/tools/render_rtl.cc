#include "render_rtl.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "line_port.h"
#include "sim_run.h"
#include "unit_drive.h"
#include "tsu/descriptor_words.h"
#include "tsu/read_file.h"
#include "tsu/texture_words.h"

// The uninstrumented model of the tex configuration where the build has one (the sanitizer build
// has only the instrumented model); a design-space point names its own.
#if defined(TSU_RENDER_TOP)
#include TSU_RENDER_TOP_HEADER
#include TSU_RENDER_TOP_PARAMS_HEADER
using TexTop = TSU_RENDER_TOP;
using TexTopParams = TSU_RENDER_TOP_PARAMS;
#elif __has_include("Vtsu_top_fast.h")
#include "Vtsu_top_fast.h"
#include "Vtsu_top_tsu_top.h"
using TexTop = Vtsu_top_fast;
using TexTopParams = Vtsu_top_tsu_top;
#else
#include "Vtsu_top.h"
#include "Vtsu_top_tsu_top.h"
using TexTop = Vtsu_top;
using TexTopParams = Vtsu_top_tsu_top;
#endif
// The quad configuration (texquad: a bilinear footprint per cycle), where the build has it.
#if !defined(TSU_RENDER_TOP) && __has_include("Vtsu_top_texquad_fast.h")
#include "Vtsu_top_texquad_fast.h"
#include "Vtsu_top_texquad_fast_tsu_top.h"
#define TSU_RENDER_HAS_QUAD 1
using QuadTop = Vtsu_top_texquad_fast;
using QuadTopParams = Vtsu_top_texquad_fast_tsu_top;
#elif !defined(TSU_RENDER_TOP) && __has_include("Vtsu_top_texquad.h")
#include "Vtsu_top_texquad.h"
#include "Vtsu_top_texquad_tsu_top.h"
#define TSU_RENDER_HAS_QUAD 1
using QuadTop = Vtsu_top_texquad;
using QuadTopParams = Vtsu_top_texquad_tsu_top;
#endif

// The texture unit with features left out (tex_hx8k: 2-D textures, shared arithmetic), where the
// build has it: the plane scene needs nothing it leaves out.
#if !defined(TSU_RENDER_TOP) && __has_include("Vtsu_top_tex_hx8k_fast.h")
#include "Vtsu_top_tex_hx8k_fast.h"
#include "Vtsu_top_tex_hx8k_fast_tsu_top.h"
#define TSU_RENDER_HAS_HX8K 1
using Hx8kTop = Vtsu_top_tex_hx8k_fast;
using Hx8kTopParams = Vtsu_top_tex_hx8k_fast_tsu_top;
#elif !defined(TSU_RENDER_TOP) && __has_include("Vtsu_top_tex_hx8k.h")
#include "Vtsu_top_tex_hx8k.h"
#include "Vtsu_top_tex_hx8k_tsu_top.h"
#define TSU_RENDER_HAS_HX8K 1
using Hx8kTop = Vtsu_top_tex_hx8k;
using Hx8kTopParams = Vtsu_top_tex_hx8k_tsu_top;
#endif

namespace tsu::tb {
namespace {

// Pool layout: texture handle h in slot h, independent sampler h in slot 16 + h, texture h's own
// sampler (unified mode) in slot 32 + h; level records after the pool.
constexpr uint64_t kPool = 0x40000000;
constexpr uint32_t kPoolEntries = 48;
constexpr uint64_t kMaxHandle = 16;
constexpr uint64_t kWatchdog = 200000;  // cycles without a response: the unit is stuck

bool WritePool(const RenderBindings& sc, std::string* err) {
  SparseMemory& mem = *sc.mem;
  uint64_t table = kPool + 64 * kPoolEntries;
  for (const auto& [h, t] : sc.textures) {
    if (h >= kMaxHandle) return *err = "texture handle " + std::to_string(h) + " past 15", false;
    if (t->desc.base + t->size_bytes > kPool) {
      return *err = "a texture reaches the descriptor pool at 0x40000000", false;
    }
    TexturePlacement place;
    place.level_table = table;
    place.residency_map = table + 16 * t->level.size();
    place.sampler_slot = static_cast<uint32_t>(32 + h);
    const TextureImage img = EncodeTexture(*t, place);
    mem.Write(kPool + 64 * h, img.header.data(), 64);
    for (size_t k = 0; k < img.levels.size(); ++k) mem.Write(table + 16 * k, img.levels[k].data(), 16);
    uint64_t top = place.residency_map;
    for (const auto& [addr, byte] : img.residency) {
      mem.Write(addr, &byte, 1);
      top = addr + 1 > top ? addr + 1 : top;
    }
    table = (top + 15) / 16 * 16;
    const DescImage own = EncodeSampler(t->desc.sampler);
    mem.Write(kPool + 64 * (32 + h), own.data(), 64);
  }
  for (const auto& [h, s] : sc.samplers) {
    if (h >= kMaxHandle) return *err = "sampler handle " + std::to_string(h) + " past 15", false;
    const DescImage img = EncodeSampler(s);
    mem.Write(kPool + 64 * (16 + h), img.data(), 64);
  }
  return true;
}

// The request on the unit's pins, its independent sampler moved to the sampler slots.
template <typename Top>
void DriveRequest(Top* d, const Instruction& in, const Request& r, uint32_t tag) {
  Request slot = r;
  slot.sampler = in.has_sampler ? 16 + r.sampler : 0;
  DriveUnitRequest(d, in, slot, tag);
}

template <typename Top, typename Params>
bool Run(const RenderRtlOptions& opt, const RenderBindings& sc, const Instruction& in,
         const std::vector<Request>& reqs, std::vector<Response>* out, std::string* err) {
  if (Params::HasTex == 0) {
    return *err = "this unit has no texture path (EnableTex = 0): tex traps illegal_instruction",
           false;
  }
  if (!WritePool(sc, err)) return false;
  const auto wall0 = std::chrono::steady_clock::now();
  SimRun<Top> sim(opt.seed, "tsu_top", nullptr, 0);
  Top* d = sim.get();
  d->cfg_valid_i = 0;
  d->req_valid_i = 0;
  d->rsp_ready_i = 1;
  d->mem_req_ready_i = 1;
  d->dmem_req_ready_i = 1;
  const uint64_t interval = opt.mem_interval == 0 ? 1 : opt.mem_interval;
  d->mem_rsp_valid_i = 0;
  d->dmem_rsp_valid_i = 0;
  sim.Reset();
  const uint64_t cfg[2][2] = {{0, kPool}, {1, kPoolEntries}};  // set_pool_base, set_pool_entries
  LinePort dport(~0ull), mport(~0ull);
  out->assign(reqs.size(), Response{});
  size_t sent = 0, got = 0;
  uint64_t cycle = 0, last_rsp = 0, first_req = 0;
  for (; got < reqs.size(); ++cycle) {
    if (cycle - last_rsp > kWatchdog) {
      *err = "the unit answered " + std::to_string(got) + " of " + std::to_string(reqs.size()) +
             " tex and then nothing for " + std::to_string(kWatchdog) + " cycles";
      return false;
    }
    const bool cfg_phase = cycle < 2;
    d->cfg_valid_i = cfg_phase;
    d->cfg_op_i = static_cast<uint8_t>(cfg_phase ? cfg[cycle][0] : 0);
    d->cfg_data_i = cfg_phase ? cfg[cycle][1] : 0;
    d->req_valid_i = !cfg_phase && sent < reqs.size();
    if (sent < reqs.size()) DriveRequest(d, in, reqs[sent], static_cast<uint32_t>(sent & 0xFF));
    const uint8_t* dl = dport.Due(cycle);
    const uint8_t* ml = mport.Due(cycle);
    d->mem_req_ready_i = cycle % interval == 0;  // the texel port's bandwidth
    d->dmem_rsp_valid_i = dl != nullptr;
    d->mem_rsp_valid_i = ml != nullptr;
    if (dl != nullptr) BytesToWords<16>(dl, d->dmem_rsp_rdata_i);
    if (ml != nullptr) BytesToWords<16>(ml, d->mem_rsp_rdata_i);
    sim.Eval();
    if (d->req_valid_i && d->req_ready_o) {
      if (sent == 0) first_req = cycle;
      ++sent;
    }
    if (d->rsp_valid_o) {
      if (d->rsp_tag_o != (got & 0xFF)) {
        *err = "response " + std::to_string(got) + " carries tag " + std::to_string(d->rsp_tag_o);
        return false;
      }
      Response& r = (*out)[got++];
      r.executed = true;
      r.count = static_cast<int>(d->rsp_count_o);
      r.trap = static_cast<TrapCause>(d->rsp_trap_o);
      r.pred = d->rsp_pred_o != 0;
      for (int i = 0; i < 4; ++i) {
        r.data[i] = (static_cast<uint64_t>(d->rsp_data_o[2 * i + 1]) << 32) | d->rsp_data_o[2 * i];
      }
      last_rsp = cycle;
    }
    if (d->mem_req_valid_o && d->mem_req_ready_i) {
      if (d->mem_req_we_o) return *err = "the unit wrote memory while sampling", false;
      mport.Accept(cycle, opt.mem_latency, d->mem_req_addr_o, sc.mem);
    }
    if (d->dmem_req_valid_o) dport.Accept(cycle, opt.mem_latency, d->dmem_req_addr_o, sc.mem);
    if (dl != nullptr && d->dmem_rsp_ready_o) dport.Pop();
    if (ml != nullptr && d->mem_rsp_ready_o) mport.Pop();
    sim.Tick(cycle);
    if (sim.AssertionFailed()) {
      *err = "an RTL assertion failed at cycle " + std::to_string(cycle) + " (stderr)";
      return false;
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  const uint64_t cycles = cycle - first_req;
  if (opt.stats != nullptr) {
    opt.stats->tex += reqs.size();
    opt.stats->cycles += cycles;
    opt.stats->texel_reads += mport.reads();
    opt.stats->desc_reads += dport.reads();
    opt.stats->cache_lookups += d->perf_tex_lookups_o;
    opt.stats->cache_misses += d->perf_tex_misses_o;
  }
  const uint64_t lookups = d->perf_tex_lookups_o, misses = d->perf_tex_misses_o;
  char cache[160];
  if (Params::TexCacheSize == 0) {
    std::snprintf(cache, sizeof cache, "no texel cache");
  } else {
    std::snprintf(cache, sizeof cache, "texel cache %u B%s %u-way %u-byte lines: hit rate %.2f%% (%llu of %llu)",
                  static_cast<unsigned>(Params::TexCacheSize),
                  Params::TexCacheBanks > 1 ? " in 4 banks," : "",
                  static_cast<unsigned>(Params::TexCacheAssoc),
                  static_cast<unsigned>(Params::TexCacheLine),
                  lookups == 0 ? 0.0 : 100.0 * static_cast<double>(lookups - misses) / static_cast<double>(lookups),
                  static_cast<unsigned long long>(lookups - misses), static_cast<unsigned long long>(lookups));
  }
  std::printf("render --rtl (%s): %zu tex in %llu cycles: %.3f samples per clock at memory latency %llu%s; "
              "%llu texel and residency line reads (%.2f per sample), %llu descriptor-port reads; "
              "%s; %.2f s simulated (%.0f k cycles/s)\n",
              opt.config.c_str(), reqs.size(), static_cast<unsigned long long>(cycles),
              static_cast<double>(reqs.size()) / static_cast<double>(cycles),
              static_cast<unsigned long long>(opt.mem_latency),
              interval == 1 ? "" : (", a read every " + std::to_string(interval) + " cycles").c_str(),
              static_cast<unsigned long long>(mport.reads()),
              static_cast<double>(mport.reads()) / static_cast<double>(reqs.size()),
              static_cast<unsigned long long>(dport.reads()), cache, secs,
              static_cast<double>(cycle) / secs / 1000.0);
  return true;
}

}  // namespace

TexExecutor RtlTexExecutor(const RenderRtlOptions& opt) {
  return [opt](const RenderBindings& sc, const Instruction& in, const std::vector<Request>& reqs,
               std::vector<Response>* out, std::string* err) {
#if defined(TSU_RENDER_HAS_QUAD)
    if (opt.config == "texquad") return Run<QuadTop, QuadTopParams>(opt, sc, in, reqs, out, err);
#endif
#if defined(TSU_RENDER_HAS_HX8K)
    if (opt.config == "tex_hx8k") return Run<Hx8kTop, Hx8kTopParams>(opt, sc, in, reqs, out, err);
#endif
    if (opt.config != "default" && opt.config != "tex" && opt.config != "point") {
      *err = "render --rtl: no configuration " + opt.config + " in this build (default or tex" +
#if defined(TSU_RENDER_HAS_QUAD)
             std::string(", texquad") +
#endif
#if defined(TSU_RENDER_HAS_HX8K)
             std::string(", tex_hx8k") +
#endif
             ")";
      return false;
    }
    return Run<TexTop, TexTopParams>(opt, sc, in, reqs, out, err);
  };
}

int RenderAndCompare(const RenderOptions& scene, const RenderRtlOptions& rtl, RenderRtlStats* stats,
                     std::string* message) {
  std::vector<std::string> pictures;
  if (scene.scene == "plane" || scene.scene == "all") pictures.push_back("tsu_plane.png");
  if (scene.scene == "cube" || scene.scene == "all") pictures.push_back("tsu_cube.png");
  if (scene.scene == "cubegrad" || scene.scene == "all") pictures.push_back("tsu_cubegrad.png");
  if (scene.scene == "cubeclamp") pictures.push_back("tsu_cubeclamp.png");
  if (pictures.empty()) {
    *message = "render workloads are the scenes plane, cube, cubegrad and all";
    return 2;
  }
  RenderOptions model = scene;
  model.execute = nullptr;
  model.out_dir = scene.out_dir + "/model";
  if (Render(model) != 0) {
    *message = "the model's render failed";
    return 2;
  }
  RenderOptions unit = scene;
  unit.out_dir = scene.out_dir + "/rtl";
  RenderRtlOptions opt = rtl;
  opt.stats = stats;
  unit.execute = RtlTexExecutor(opt);
  if (Render(unit) != 0) {
    *message = "the unit's render failed (its message is above)";
    return 1;
  }
  auto slurp = [](const std::string& path) {  // empty when unreadable: reported as a difference
    std::string bytes, why;
    return ReadRegularFile(path, uint64_t{1} << 30, &bytes, &why) ? bytes : std::string();
  };
  for (const std::string& p : pictures) {
    const std::string a = slurp(model.out_dir + "/" + p);
    const std::string b = slurp(unit.out_dir + "/" + p);
    if (a.empty() || a != b) {
      *message = "the unit's picture differs from the model's: " + unit.out_dir + "/" + p + " vs " +
                 model.out_dir + "/" + p;
      return 1;
    }
  }
  return 0;
}

}  // namespace tsu::tb
