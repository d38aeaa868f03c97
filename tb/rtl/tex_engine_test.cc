// The texture sampling pipeline (rtl/tex/tsu_tex_engine) against the golden model's tex
// (tsu::Unit::Execute on the same texture and sampler bound from their slots), request by
// request: random textures of every geometry (cube and acube: seamless or not; every format, pitch and block-linear,
// mip chains, multisample, residency maps), every sampler setting, random tex forms (plain,
// .base, .level, .grad (cube maps too); .f32 and .s32; every destination type; offsets; depth compare; unified and
// independent), with coordinates at texel centres and edges, NaN, infinities and huge values.
// Memory answers each port in order after a latency, with random stalls; the consumer stalls too.
// Responses must come out in request order, bit-exact. A mismatch names the request (its PTX,
// operands and texture), the cycle and the differing fields, and is replayed with FST tracing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "Vtsu_tex_engine.h"
#include "Vtsu_tex_engine_quad.h"
#include "Vtsu_tex_engine_quad_tsu_tex_engine.h"
#include "Vtsu_tex_engine_shared.h"
#include "Vtsu_tex_engine_shared_tsu_tex_engine.h"
#include "Vtsu_tex_engine_tsu_tex_engine.h"
#include "lockstep.h"
#include "scoreboard.h"
#include "tex_engine_drive.h"
#include "tex_gen.h"
#include "tsu/float_bits.h"
#include "tsu/geometry.h"
#include "tsu/memory.h"
#include "tsu/tex_math.h"
#include "tsu/texture_words.h"
#include "tsu/unit.h"

namespace tsu::tb {
namespace {

struct EngineOptions {
  uint64_t textures = 400;
  uint64_t ops_per_texture = 25;
  int mem_latency = 4;      // cycles from a read's acceptance to its response
  int mem_stall = 10;       // percent of cycles a port refuses a request
  int rsp_stall = 10;       // percent of cycles the consumer is not ready
  bool drain = true;        // wait for every response before the next texture's memory is written
  // Directed textures instead of RandomTexture: the texture (left unfilled when `fill` is false,
  // the memory answering zeros) and the requests on it (RandomTexOp when null).
  ResolvedTexture (*texture)(Rng& rng) = nullptr;
  bool fill = true;
  TexOp (*op)(Rng& rng, const ResolvedTexture& t) = nullptr;
  uint64_t min_nonresident = 0;  // a directed run that must reach non-resident tiles
  // A directed run's own cover points: each must be hit, whatever else the run excuses.
  std::vector<std::string> must_hit;
};

struct Pending {
  std::string describe;
  Response expect;
  uint64_t accepted = 0;
};

struct EngineResult : RunVerdict {
  uint64_t cycles = 0, requests = 0, taps_reads = 0, level_reads = 0;
  uint64_t nonresident = 0, traps = 0;
};

std::string DescribeTexture(const ResolvedTexture& t) {
  std::ostringstream o;
  const TextureDesc& d = t.desc;
  o << Name(d.dim) << " " << d.width << "x" << d.height << "x" << d.depth << " layers "
    << t.layers << " levels " << d.levels << " samples " << d.samples << " "
    << Name(d.order) << "/" << Name(d.type) << " "
    << (d.layout == Layout::kPitch ? "pitch" : "block-linear") << " base 0x" << std::hex
    << d.base << std::dec << " non-resident tiles " << t.non_resident.size();
  return o.str();
}

std::string DescribeRequest(const TexOp& op, const ResolvedTexture& tex, const SamplerDesc& smp) {
  std::ostringstream o;
  o << op.ptx << "  coords {" << std::hex;
  for (int k = 0; k < 4; ++k) o << (k ? ", 0x" : "0x") << op.req.coords[k];
  o << "} lod 0x" << op.req.lod << " offsets {";
  for (int k = 0; k < 3; ++k) o << (k ? ", " : "") << (op.req.offset[k] & 0xF);
  o << "} ref 0x" << op.req.depth_ref;
  if (op.in.tex_mode == TexMode::kGrad) {
    for (const uint32_t* g : {op.req.dpdx, op.req.dpdy}) {
      o << (g == op.req.dpdx ? " dPdx {" : " dPdy {");
      for (int k = 0; k < 3; ++k) o << (k ? ", 0x" : "0x") << g[k];
      o << "}";
    }
    // What the model makes of them (T5), to tell a gradient mismatch from a later one.
    const uint32_t ext[3] = {tex.level[0].desc.width, tex.level[0].desc.height,
                             tex.level[0].desc.depth};
    const bool norm = smp.normalized && op.in.coord_type == DataType::kF32;
    const uint32_t rho2 = GradRho2(op.req.dpdx, op.req.dpdy, Attrs(op.in.geom).dims, norm, ext);
    const int32_t lambda = BiasAndClampLod(LodFromRho2(AsFloat(rho2)), F32ToLod(smp.lod_bias),
                                           F32ToLod(smp.min_lod), F32ToLod(smp.max_lod));
    const LevelSelect sel = SelectLevels(lambda, smp.mip_filter, tex.desc.levels, true);
    o << " (model: rho2 0x" << rho2 << std::dec << ", lambda " << lambda << "/256 after bias "
      << smp.lod_bias << " and clamp [" << smp.min_lod << ", " << smp.max_lod << "], mip filter "
      << Name(smp.mip_filter) << ": level " << sel.level << (sel.frac ? " and " : "")
      << (sel.frac ? std::to_string(sel.next) : "") << ")";
  }
  o << std::dec;
  return o.str();
}

template <typename Dut>
EngineResult RunEngine(uint64_t seed, const EngineOptions& opt, const std::string* base,
                       uint64_t trace_from) {
  EngineResult r;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_engine", base, trace_from);
  std::ostringstream log;
  dut->req_valid_i = 0;
  dut->lvl_req_ready_i = 0;
  dut->lvl_rsp_valid_i = 0;
  dut->mem_req_ready_i = 0;
  dut->mem_rsp_valid_i = 0;
  dut->rsp_ready_i = 0;
  dut->inv_valid_i = 0;
  dut->inv_addr_i = 0;
  dut->inv_all_i = 0;
  dut.Reset();

  Rng rng(seed);
  SparseMemory mem;
  Unit model(&mem);
  constexpr uint64_t kLevelTable = 0x1000, kResidency = 0x10000;
  ResolvedTexture tex;
  DescImage tex_image{}, own_image{}, other_image{};
  uint64_t textures_done = 0, ops_left = 0;
  bool have_op = false;
  TexOp op;
  SamplerDesc other;  // the independent sampler of the current texture
  InOrderCheck<Pending> expected("tsu_tex_engine", 5000);
  uint64_t accepted = 0;
  LinePort lvl(kEngineAddrMask), dat(kEngineAddrMask);

  for (uint64_t cycle = 0;; ++cycle) {
    // A new texture once the previous one's requests have drained; its memory replaces the last
    // one's, so a texel cache inside the engine (Quad) is told to drop every line (invalidate_all).
    dut->inv_all_i = 0;
    if (ops_left == 0 && !have_op && textures_done < opt.textures &&
        (!opt.drain || (expected.empty() && lvl.Empty() && dat.Empty()))) {
      dut->inv_all_i = 1;
      tex = opt.texture ? opt.texture(rng) : RandomTexture(rng, 40, /*allow_cube=*/true);
      if (opt.fill) FillTexture(rng, tex, &mem);
      TexturePlacement place;
      place.level_table = kLevelTable;
      place.residency_map = kResidency;
      place.sampler_slot = 3;
      TextureImage img = EncodeTexture(tex, place);
      // Now and then a level record the driver got wrong: requests sampling that level trap.
      if (Chance(rng, 8)) {
        TexLevelImage& rec = img.levels[static_cast<size_t>(Uniform(rng, 0, tex.desc.levels - 1))];
        const DescField f = Chance(rng, 50) ? desc_layout::TexLevel::offset : desc_layout::TexLevel::stride;
        SetBits(rec.data(), f, GetBits(rec.data(), f) + 8);
      }
      for (size_t k = 0; k < img.levels.size(); ++k) {
        mem.Write(kLevelTable + 16 * k, img.levels[k].data(), 16);
      }
      for (const auto& [addr, byte] : img.residency) mem.Write(addr, &byte, 1);
      tex_image = img.header;
      own_image = EncodeSampler(tex.desc.sampler);
      other = RandomSampler(rng);
      other.normalized = tex.desc.sampler.normalized && Chance(rng, 80);
      other_image = EncodeSampler(other);
      std::string why;
      if (model.BindTextureImage(1, tex_image, &why) != TrapCause::kNone ||
          model.BindSamplerImage(2, other_image, &why) != TrapCause::kNone ||
          model.BindSamplerImage(3, own_image, &why) != TrapCause::kNone) {
        r.Fail(cycle, "bench: a generated texture or sampler does not bind: " + why);
        break;
      }
      if (dut.tracing()) log << "cycle " << cycle << " texture " << textures_done << ": " << DescribeTexture(tex) << "\n";
      ++textures_done;
      ops_left = opt.ops_per_texture;
    }
    if (!have_op && ops_left > 0) {
      op = opt.op ? opt.op(rng, tex) : RandomTexOp(rng, tex, Chance(rng, 30), 1, 2);
      if (op.ptx.rfind("generator bug", 0) == 0) {
        r.Fail(cycle, op.ptx);
        break;
      }
      have_op = true;
      --ops_left;
    }
    if (!have_op && ops_left == 0 && textures_done == opt.textures && expected.empty()) break;

    // Drive the request.
    const bool req_valid = have_op && !Chance(rng, 5);
    if (req_valid) {
      DriveTexRequest(dut.get(), op.in, op.req, tex_image,
                      op.in.has_sampler ? other_image : own_image);
    }
    dut->req_valid_i = req_valid;
    // Memory: requests accepted unless stalled; responses in order once due.
    dut->lvl_req_ready_i = !Chance(rng, opt.mem_stall);
    dut->mem_req_ready_i = !Chance(rng, opt.mem_stall);
    PresentLines(dut.get(), lvl, dat, cycle);
    dut->rsp_ready_i = !Chance(rng, opt.rsp_stall);
    dut->eval();

    if (req_valid && dut->req_ready_o) {
      Pending p;
      std::string bad;
      if (const ResolvedTexture* bound = model.FindTexture(1)) {
        for (size_t k = 0; k < bound->level_error.size(); ++k) {
          if (!bound->level_error[k].empty()) bad += " " + std::to_string(k);
        }
      }
      p.describe = DescribeRequest(op, tex, op.in.has_sampler ? other : tex.desc.sampler) +
                   "\n  texture: " + DescribeTexture(tex) +
                   (bad.empty() ? "" : " unusable level records:" + bad) +
                   (op.in.has_sampler ? "  (independent sampler)" : "  (unified)");
      p.expect = model.Execute(op.in, op.req);
      p.accepted = cycle;
      if (dut.tracing()) log << "cycle " << cycle << " request #" << accepted << ": " << p.describe << "\n";
      expected.Expect(p);
      ++accepted;
      have_op = false;
    }
    ExchangeLines(dut.dut(), &lvl, &dat, cycle, static_cast<uint64_t>(opt.mem_latency), &mem);

    if (dut->rsp_valid_o && dut->rsp_ready_i) {
      expected.Response(cycle, [&](const Pending& p, std::ostringstream* d) {
        const Response& e = p.expect;
        DiffField(*d, "trap", e.trap != TrapCause::kNone, dut->rsp_trap_o != 0);
        DiffField(*d, "pred", e.pred, dut->rsp_pred_o != 0);
        DiffField(*d, "count", static_cast<uint32_t>(e.count), static_cast<uint32_t>(dut->rsp_count_o));
        for (int k = 0; k < 4; ++k) {  // every element, those past the count too (zero)
          DiffField(*d, ("element " + std::to_string(k)).c_str(), static_cast<uint32_t>(e.data[k]),
                    static_cast<uint32_t>(dut->rsp_data_o[k]));
        }
        r.nonresident += !e.pred;
        r.traps += e.trap != TrapCause::kNone;
      }, &r, dut.tracing() ? &log : nullptr);
    } else {
      expected.Silent(cycle, &r);
    }
    dut.CheckAssertions(cycle, "tsu_tex_engine", &r);
    dut.Tick(cycle);
    r.cycles = cycle + 1;
    if (!r.ok) break;
  }
  r.requests = expected.responses();
  r.level_reads = lvl.reads();
  r.taps_reads = dat.reads();
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

// A cover point of the engine itself: one of its stages' (tsu_tex_engine's u_* instances, inside
// their generate scopes g_*), not one of the blocks inside a stage (named u_* in it). A point of
// several block instances comes merged, its instance path a "*".
bool EngineOwnPoint(const std::string& hier) {
  static const char* const kStages[] = {
      "u_setup", "u_cube_path", "u_lod_path", "u_lvl_fetch", "u_pass", "u_tap", "u_issue",
      "u_return", "u_resolve", "u_quad_gen", "u_quad_issue", "u_quad_return"};
  const std::string top = "tsu_tex_engine.";
  const size_t at = hier.rfind(top);
  if (at == std::string::npos || hier.find('*') != std::string::npos) return false;
  std::istringstream path(hier.substr(at + top.size()));
  std::vector<std::string> scopes;
  for (std::string s; std::getline(path, s, '.');) scopes.push_back(s);
  int stages = 0;
  for (size_t k = 0; k + 1 < scopes.size(); ++k) {
    if (scopes[k].rfind("u_", 0) != 0) continue;  // a generate scope
    const bool stage = std::any_of(std::begin(kStages), std::end(kStages),
                                   [&](const char* name) { return scopes[k] == name; });
    if (!stage || ++stages > 1) return false;
  }
  return true;
}

// Whether cover point `hier` ends with one of `tails` (a point's name, or its stage and name).
bool EndsWithAny(const std::string& hier, const std::vector<std::string>& tails) {
  return std::any_of(tails.begin(), tails.end(), [&hier](const std::string& e) {
    return hier.size() >= e.size() && hier.compare(hier.size() - e.size(), e.size(), e) == 0;
  });
}

// `excused`: the engine's own cover points this run cannot reach, each with `why`.
template <typename Dut = Vtsu_tex_engine>
void CheckEngine(uint64_t default_seed, EngineOptions opt,
                 const std::vector<std::string>& excused = {}, const char* why = nullptr) {
  const uint64_t seed = SeedFromEnv(default_seed);
  const uint64_t full_length = opt.textures;
  opt.textures = ScaledCount(opt.textures * 1000) / 1000;
  // A shortened run ($TSU_BENCH_SCALE below 100, as under the sanitizers) checks every response
  // but cannot promise to reach every cover point: it lists the ones it missed instead.
  const bool shortened = opt.textures < full_length;
  const EngineResult r = RunOrReplay(seed, 400, [&](const std::string* base, uint64_t from) {
    return RunEngine<Dut>(seed, opt, base, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.requests, opt.textures * opt.ops_per_texture);
  // A shortened run (the sanitizers') reaches its share of them.
  const uint64_t want_nonresident =
      opt.min_nonresident == 0 ? 0 : std::max<uint64_t>(1, opt.min_nonresident * opt.textures / full_length);
  EXPECT_GE(r.nonresident, want_nonresident) << "the run did not reach its non-resident tiles";
  std::printf("[tsu_tex_engine] %llu requests (%llu non-resident, %llu traps), %llu level reads, "
              "%llu texel/residency reads in %llu cycles, %zu/%zu cover points hit\n",
              static_cast<unsigned long long>(r.requests),
              static_cast<unsigned long long>(r.nonresident), static_cast<unsigned long long>(r.traps),
              static_cast<unsigned long long>(r.level_reads),
              static_cast<unsigned long long>(r.taps_reads), static_cast<unsigned long long>(r.cycles),
              r.cover_points - r.uncovered.size(), r.cover_points);
  // The engine's own points (its stages', tsu_tex_engine's u_* instances) must be hit; the
  // points of the blocks inside the stages are their benches' business (each reaches all of its
  // own there), so here they are listed, not required.
  size_t unreachable = 0;
  for (const std::string& u : r.uncovered) {
    if (EndsWithAny(u, opt.must_hit) && !shortened) {
      ADD_FAILURE() << "the directed run's cover point never hit: " << u;
      continue;
    }
    const bool own = EngineOwnPoint(u);
    const bool excuse = EndsWithAny(u, excused);
    if (own && excuse) {
      ++unreachable;
      if (unreachable <= 8) std::printf("  unreachable here: %s\n", u.c_str());
    } else if (own && shortened) {
      std::printf("  not reached in this shortened run: %s\n", u.c_str());
    } else if (own) {
      ADD_FAILURE() << "cover point never hit: " << u;
    } else {
      std::printf("  not reached through the engine in this run: %s\n", u.c_str());
    }
  }
  if (unreachable > 0) {
    std::printf("  %zu of the engine's own points unreachable here: %s\n", unreachable, why);
  }
}

TEST(TexEngine, RandomTexturesAgainstTheModel) {
  EngineOptions opt;
  CheckEngine(1401, opt,
              {".c_reads_full", ".c_inflight_full", ".c_follows_cube", ".c_grad_in_cube_path",
               ".c_corner_wait"},
              "a 4-cycle memory and 25 requests per texture fill neither the read slots nor the "
              "request slots; SlowMemoryAndConsumer does. One texture at a time, drained before "
              "the next: no request of another geometry follows a cube request, nor a non-cube "
              ".grad a cube .grad (TexUnit's do). Two seamless corners' third texels back to back "
              "come from TexStageReturn.OneCornerLane");
}

TEST(TexEngine, SlowMemoryAndConsumer) {
  EngineOptions opt;
  opt.textures = 30;
  opt.ops_per_texture = 100;  // enough back to back to fill the engine's MaxInflight slots
  opt.mem_latency = 40;
  opt.mem_stall = 20;
  opt.rsp_stall = 70;
  CheckEngine(1402, opt,
              {".c_follows_cube", ".c_grad_in_cube_path", ".c_cube_array", ".c_bad_level",
               ".c_level_bad_pitch", "u_filter.g_lane[*.c_overflow", ".c_corner_wait"},
              "one texture at a time, drained before the next: no request of another geometry "
              "follows a cube request, nor a non-cube .grad a cube .grad (TexUnit's do); 30 "
              "textures need not draw a cube array, sample a corrupted level record (this run "
              "traps none), overflow the filter or put two corner taps back to back "
              "(TexStageReturn.OneCornerLane does)");
}

// The quad path (Quad: four taps a cycle through a banked texel cache and tsu_tex_bilerp) on the
// same random traffic: requests on textures with residency maps, and seamless cubes whose
// direction is NaN, infinite or zero, keep the one-tap path; the rest take the quad path (seamless
// edges and corners included: CubeDirection ties components to land on them), and the two merge
// in request order before the filter.
TEST(TexEngine, QuadPathAgainstTheModel) {
  EngineOptions opt;
  opt.textures = 300;
  CheckEngine<Vtsu_tex_engine_quad>(
      1403, opt,
      {".c_reads_full", ".c_inflight_full", ".c_follows_cube", ".c_grad_in_cube_path", ".c_corner_wait",
       ".c_quad_corner_wait"},
      "as RandomTexturesAgainstTheModel; the quad path takes most seamless cubes, so the one-tap "
      "path's corners seldom come back to back (RandomTexturesAgainstTheModel's do); two corner "
      "footprints within the corner mean's interval are rare in random traffic since every .grad "
      "takes the one gradient datapath (300 and 400 textures reach none): "
      "QuadPathCornersBackToBack and TexStageQuadReturn.* drive and require them");
}

TEST(TexEngine, QuadPathSlowMemoryAndConsumer) {
  EngineOptions opt;
  opt.textures = 30;
  opt.ops_per_texture = 100;
  opt.mem_latency = 40;
  opt.mem_stall = 20;
  opt.rsp_stall = 70;
  CheckEngine<Vtsu_tex_engine_quad>(
      1404, opt,
      {".c_follows_cube", ".c_grad_in_cube_path", ".c_cube_array", ".c_quad_3d", ".c_quad_point_corner",
       ".c_quad_corner_int", ".c_quad_corner_wait", ".c_quad_follows_corner", ".c_path_switch",
       ".c_seamless_corner", ".c_follows_corner", ".c_corner_wait"},
      "as SlowMemoryAndConsumer; 30 textures need not sample a 3-D texture linearly, land a "
      "nearest or integer tap on a cube corner, put two corner footprints back to back, nor send a "
      "special cube direction (whose corners are the one-tap path's) (QuadPathAgainstTheModel's "
      "300 do)");
}

// The shared arithmetic of tex_hx8k (GradBeats 6, AxisBeats 3, Lanes 1) on the same random
// traffic, every feature in: the same responses at a lower rate.
TEST(TexEngine, SharedArithmeticAgainstTheModel) {
  EngineOptions opt;
  opt.textures = 150;
  CheckEngine<Vtsu_tex_engine_shared>(
      1405, opt,
      {".c_reads_full", ".c_inflight_full", ".c_follows_cube", ".c_grad_in_cube_path",
       ".c_cube_array", "u_filter.g_lane[*.c_overflow", ".c_bad_level", ".c_level_bad_pitch",
       ".c_corner_wait", "u_tap.c_taps_full"},
      "as RandomTexturesAgainstTheModel; 150 textures need not draw a cube array, a corrupted "
      "level record, a filter overflow or two corner taps back to back (its 400 do); and the "
      "taps' addresses come one per four cycles (AddrII 4), as fast as the texel stage takes "
      "them at one channel a cycle (Lanes 1), so the taps' queue does not fill");
}

// A directed texture's descriptor, resolved; a descriptor the model refuses fails the test.
ResolvedTexture ResolveOrFail(const TextureDesc& d, const char* what) {
  ResolvedTexture r;
  std::string err;
  if (!ResolveTexture(d, &r, &err)) ADD_FAILURE() << what << " does not resolve: " << err;
  return r;
}

// A residency index as wide as the descriptor allows: a 65536 x 65536 a2d texture of one-texel
// tiles and a full mip chain has 16 + 16 tile bits and 5 level bits, so a tile of layer 1 sits at
// bit 2^37 of the map (tsu::ResidencyBit). Its non-resident tiles are the footprint of a few
// positions of layer 1 on every level, and the requests aim at them (and next to them): a shift
// amount that wraps at 32 bits reads layer 0's resident bits instead. The texels are left
// unwritten (zeros): 2^33 bytes of them.
constexpr uint32_t kHugeSpots[][2] = {{0x1235, 0x9ABD}, {0xFFFF, 0x0001}, {0x8000, 0xFFFE}};

ResolvedTexture HugeTiledTexture(Rng& rng) {
  TextureDesc d;
  d.dim = Geometry::kA2d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnormInt8;
  d.width = d.height = 65536;
  d.array_size = 2;
  d.levels = 17;
  d.layout = Chance(rng, 50) ? Layout::kPitch : Layout::kBlockLinear;
  d.sampler = RandomSampler(rng);
  if (Chance(rng, 70)) d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kNearest;
  for (auto& t : d.tile_log2) t = 0;
  for (const auto& spot : kHugeSpots) {
    for (uint32_t level = 0; level < d.levels; ++level) {
      TileId tile;
      tile.level = level;
      tile.layer = 1;
      tile.x = spot[0] >> level;
      tile.y = spot[1] >> level;
      d.non_resident.push_back(tile);
    }
  }
  d.base = 1u << 20;
  return ResolveOrFail(d, "the huge tiled texture");
}

// A random tex form on the huge texture with its layer and position on (or beside) a spot.
TexOp HugeTiledOp(Rng& rng, const ResolvedTexture& t) {
  TexOp op = RandomTexOp(rng, t, Chance(rng, 30), 1, 2);
  const auto& spot = kHugeSpots[Uniform(rng, 0, std::size(kHugeSpots) - 1)];
  const bool norm = t.desc.sampler.normalized && op.in.coord_type == DataType::kF32;
  op.req.coords[0] = Chance(rng, 80) ? 1 : 0;
  for (int a = 0; a < 2; ++a) {
    const int64_t at = int64_t{spot[a]} + Uniform(rng, -1, 1);
    if (op.in.coord_type != DataType::kF32) {
      op.req.coords[1 + a] = static_cast<uint32_t>(at);
    } else {
      const float c = static_cast<float>(at) + 0.5f;
      op.req.coords[1 + a] = AsBits(norm ? c / 65536.0f : c);
    }
  }
  return op;
}

TEST(TexEngine, ResidencyIndexWiderThan32Bits) {
  EngineOptions opt;
  opt.textures = 6;
  opt.ops_per_texture = 200;
  opt.texture = HugeTiledTexture;
  opt.fill = false;
  opt.op = HugeTiledOp;
  opt.min_nonresident = 100;
  CheckEngine(1406, opt, {""}, "a directed run: its cover points are the random runs' business");
}

// Seamless cube maps of 2x2 faces, filtered linearly (magnified: one level), whose requests aim
// at the faces' corners: nearly every footprint has a lane off both edges, so corner footprints
// come back to back into the corner mean (tsu_tex_quad_return's c_quad_corner_wait), which the
// random traffic seldom does now that every .grad waits for the one gradient datapath.
ResolvedTexture CornerCubeTexture(Rng& rng) {
  TextureDesc d;
  d.dim = Chance(rng, 25) ? Geometry::kACube : Geometry::kCube;
  d.order = ChannelOrder::kRGBA;
  d.type = Chance(rng, 75) ? ChannelType::kUnormInt8 : ChannelType::kFloat;
  d.width = d.height = 2;
  d.array_size = d.dim == Geometry::kACube ? 2 : 0;
  d.levels = 1;
  d.layout = Chance(rng, 50) ? Layout::kPitch : Layout::kBlockLinear;
  d.sampler = RandomSampler(rng);
  d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
  d.sampler.seamless_cube = true;
  d.base = 1u << 20;
  return ResolveOrFail(d, "the corner cube");
}

// A random cube form (unified sampler) whose direction points near a corner of a random face:
// both minor components within a quarter of the major's magnitude of it, either sign.
TexOp CornerCubeOp(Rng& rng, const ResolvedTexture& t) {
  TexOp op = RandomTexOp(rng, t, /*independent=*/false, 1, 2);
  const int k0 = t.desc.dim == Geometry::kACube ? 1 : 0;
  const int major = static_cast<int>(Uniform(rng, 0, 2));
  const float mag = std::ldexp(1.0f, static_cast<int>(Uniform(rng, -2, 2)));
  for (int a = 0; a < 3; ++a) {
    const float sign = Chance(rng, 50) ? 1.0f : -1.0f;
    const float v = a == major ? mag
                               : mag * (1.0f - static_cast<float>(Uniform(rng, 0, 64)) / 256.0f);
    op.req.coords[k0 + a] = AsBits(sign * v);
  }
  return op;
}

TEST(TexEngine, QuadPathCornersBackToBack) {
  EngineOptions opt;
  opt.textures = 12;
  opt.ops_per_texture = 40;
  opt.texture = CornerCubeTexture;
  opt.op = CornerCubeOp;
  opt.rsp_stall = 0;
  opt.mem_stall = 0;
  opt.must_hit = {"u_quad_return.c_quad_corner_wait", "u_quad_gen.c_quad_corner"};
  CheckEngine<Vtsu_tex_engine_quad>(1407, opt, {""},
                                    "a directed run: only its corner points are required here");
}

// The declared Latency is the idle latency of a point sample with single-cycle memory: cycles from
// the request's acceptance to its response. Bilinear and trilinear (filter ranks) add to it and
// are printed. The results are checked against the model too.
template <typename Dut, typename Public>
void CheckIdleLatency() {
  uint64_t measured[3] = {};
  for (int kind = 0; kind < 3; ++kind) {
    SamplingScene sc;
    std::string err;
    ASSERT_TRUE(MakeSamplingScene(kind, 1, &sc, &err)) << err;
    Unit model(&sc.mem);
    ASSERT_EQ(model.BindTextureImage(1, sc.image.header, &err), TrapCause::kNone) << err;
    ASSERT_EQ(model.BindSamplerImage(2, sc.sampler, &err), TrapCause::kNone) << err;
    const Response want = model.Execute(sc.in, sc.reqs[0]);
    ScoreboardDut<Dut> dut(1, "tsu_tex_engine", nullptr, 0);
    LinePort lvl(kEngineAddrMask), dat(kEngineAddrMask);
    dut->req_valid_i = 0;
    dut.Reset();
    dut->lvl_req_ready_i = dut->mem_req_ready_i = dut->rsp_ready_i = 1;
    dut->inv_valid_i = dut->inv_all_i = 0;
    DriveTexRequest(dut.get(), sc.in, sc.reqs[0], sc.image.header, sc.sampler);
    uint64_t accepted = 0;
    bool have = false;
    for (uint64_t cycle = 0; cycle < 1000 && measured[kind] == 0; ++cycle) {
      dut->req_valid_i = !have;
      PresentLines(dut.get(), lvl, dat, cycle);
      dut->eval();
      if (!have && dut->req_ready_o) {
        have = true;
        accepted = cycle;
      }
      if (dut->rsp_valid_o) {
        measured[kind] = cycle - accepted;
        EXPECT_FALSE(dut->rsp_trap_o);
        for (int k = 0; k < 4; ++k) EXPECT_EQ(dut->rsp_data_o[k], want.data[k]) << "kind " << kind;
      }
      ExchangeLines(dut.dut(), &lvl, &dat, cycle, 1, &sc.mem);
      dut.Tick(cycle);
    }
  }
  EXPECT_EQ(measured[0], Public::Latency);
  std::printf("[tsu_tex_engine] idle latency with 1-cycle memory: point %llu, bilinear %llu, "
              "trilinear %llu cycles\n",
              static_cast<unsigned long long>(measured[0]),
              static_cast<unsigned long long>(measured[1]),
              static_cast<unsigned long long>(measured[2]));
}

TEST(TexEngine, IdleLatencyIsTheDeclaredLatency) {
  CheckIdleLatency<Vtsu_tex_engine, Vtsu_tex_engine_tsu_tex_engine>();
}
TEST(TexEngine, IdleLatencyIsTheDeclaredLatencyWithSharedArithmetic) {
  CheckIdleLatency<Vtsu_tex_engine_shared, Vtsu_tex_engine_shared_tsu_tex_engine>();
}
// Every sample takes the quad path (no residency map): the banked cache misses once, its line
// read in a cycle.
TEST(TexEngine, IdleLatencyIsTheDeclaredLatencyOnTheQuadPath) {
  CheckIdleLatency<Vtsu_tex_engine_quad, Vtsu_tex_engine_quad_tsu_tex_engine>();
}

}  // namespace
}  // namespace tsu::tb
