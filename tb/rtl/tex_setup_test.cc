// Stage bench of the sampling pipeline's entry (rtl/tex/tsu_tex_setup), through a wrapper that
// names every field of the records it fills (tb/rtl/sv/tsu_tex_setup_bench.sv).
//
// What the stage must do: admit a request while fewer than MaxInflight are inside and no hold is
// up (a slot held from acceptance to the response's pop), and read each accepted request into
// the per-request records: the layer, sample and texel coordinates the model's
// tsu::SelectTexElements picks, an integer .level's level (tsu::ClampLevelOperand), the result
// class of tsu::MakeTexelRule, the residency index of tsu::MakeResidencyIndex, the gradient
// extents per sample, the cube's clamped edges and forced normalization, the quad path's rule
// (docs/semantics.md H14), and every descriptor field the later stages read, taken from the
// descriptor images through the shared layout (tsu/descriptor_layout.def). Requests on random
// textures of every geometry and format from tex_gen (RandomTexture, RandomTexOp), unified and
// independent samplers, with holds and pops at random. A wrong field names the request, the
// field and the cycle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

#include "Vtsu_tex_setup_bench.h"
#include "Vtsu_tex_setup_bench_hx.h"
#include "Vtsu_tex_setup_bench_hx_tsu_tex_setup_bench.h"
#include "Vtsu_tex_setup_bench_q.h"
#include "Vtsu_tex_setup_bench_q_tsu_tex_setup_bench.h"
#include "Vtsu_tex_setup_bench_tsu_tex_setup_bench.h"
#include "line_port.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tsu/descriptor_words.h"
#include "tsu/geometry.h"
#include "tsu/tex_features.h"
#include "tsu/tex_math.h"
#include "tsu/tex_texel.h"
#include "tsu/texture_words.h"

namespace tsu::tb {
namespace {

namespace tf = desc_layout::Texture;
namespace sf = desc_layout::Sampler;

struct SetupOptions {
  uint64_t requests = 20000;
  uint64_t ops_per_texture = 12;
  int req_gap = 20;   // percent of cycles with no request offered
  int hold = 10;      // percent of cycles the LOD path holds the entry
  int pop = 30;       // percent of cycles a response leaves (while any is inside)
};

struct SetupResult : RunVerdict {
  uint64_t cycles = 0, accepted = 0, cubes = 0, multisample = 0, quad = 0, refused_full = 0;
};

uint32_t Log2(uint32_t v) {
  uint32_t l = 0;
  while ((1u << l) < v) ++l;
  return l;
}

// The knobs of the wrapper as a TexFeatures: a request that needs a removed feature traps in
// tsu_tex_unit and never reaches the stage, so the bench offers none.
template <typename Root>
TexFeatures BenchFeatures() {
  TexFeatures f;
  f.grad = Root::BenchEnableGrad != 0;
  f.cube = Root::BenchEnableCube != 0;
  f.seamless = Root::BenchEnableSeamless != 0;
  f.compare = Root::BenchEnableCompare != 0;
  f.multisample = Root::BenchEnableMultisample != 0;
  f.residency = Root::BenchEnableResidency != 0;
  return f;
}

// The quad path's rule (docs/semantics.md H14): what needs one line per tap keeps the one-tap
// path (a residency map); a seamless cube takes the quad path only when its face coordinates are
// sure to lie in [0, 1]: no NaN or infinite direction component, not every component zero or
// subnormal, no offsets.
bool TakesQuad(bool quad_unit, uint64_t residency_map, bool seamless, const uint32_t dir[3],
               uint32_t offset_pins) {
  if (!quad_unit || residency_map != 0) return false;
  if (!seamless) return true;
  bool special = false, all_small = true;
  for (int k = 0; k < 3; ++k) {
    const uint32_t e = (dir[k] >> 23) & 0xFF;
    special = special || e == 0xFF;
    all_small = all_small && e == 0;
  }
  return !special && !all_small && offset_pins == 0;
}

template <typename Dut, typename Root>
SetupResult RunSetup(uint64_t seed, const SetupOptions& opt, const std::string* trace,
                     uint64_t trace_from) {
  constexpr uint64_t kMaxInflight = Root::BenchMaxInflight;
  const TexFeatures features = BenchFeatures<Root>();
  const bool quad_unit = Root::BenchQuad != 0;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_setup", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  SetupResult r;
  std::ostringstream log;
  d->req_valid_i = 0;
  d->hold_i = 0;
  d->rsp_pop_i = 0;
  dut.Reset();

  ResolvedTexture tex;
  DescImage tex_image{}, own_image{}, other_image{};
  SamplerDesc other;
  uint64_t ops_left = 0, inflight = 0;
  bool have_op = false;
  TexOp op;
  const uint64_t max_cycles = opt.requests * 8 + 2000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok && r.accepted < opt.requests; ++cycle) {
    const auto fail = [&](const std::string& what) {
      r.Fail(cycle, "tsu_tex_setup: cycle " + std::to_string(cycle) + ": " + what);
    };
    if (ops_left == 0 && !have_op) {
      tex = RandomTexture(rng, 40, /*allow_cube=*/features.cube);
      TexturePlacement place;
      place.level_table = 0x1000 * static_cast<uint64_t>(Uniform(rng, 1, 1 << 20));
      place.residency_map =
          tex.non_resident.empty() ? 0 : 0x10000 * static_cast<uint64_t>(Uniform(rng, 1, 1 << 20));
      place.sampler_slot = 3;
      tex_image = EncodeTexture(tex, place).header;
      own_image = EncodeSampler(tex.desc.sampler);
      other = RandomSampler(rng);
      other_image = EncodeSampler(other);
      ops_left = opt.ops_per_texture;
    }
    if (!have_op && ops_left > 0) {
      --ops_left;
      op = RandomTexOp(rng, tex, Chance(rng, 30), 1, 2);
      if (op.ptx.rfind("generator bug", 0) == 0) {
        fail(op.ptx);
        break;
      }
      const SamplerDesc& s = op.in.has_sampler ? other : tex.desc.sampler;
      const bool map = GetField(tex_image, tf::residency_map) != 0;
      have_op = TexFeatureTrap(features, op.in, tex, s) == TrapCause::kNone &&
                (features.residency || !map);
    }

    // Offer the request, hold the entry now and then, let responses leave.
    const bool offer = have_op && !Chance(rng, opt.req_gap);
    const bool hold = Chance(rng, opt.hold);
    const bool pop = inflight > 0 && Chance(rng, opt.pop);
    d->req_valid_i = offer;
    d->hold_i = hold;
    d->rsp_pop_i = pop;
    const Instruction& in = op.in;
    const Request& req = op.req;
    const DescImage& smp_image = in.has_sampler ? other_image : own_image;
    if (offer) {
      d->geom_i = static_cast<uint8_t>(in.geom);
      d->mode_i = static_cast<uint8_t>(in.tex_mode);
      d->s32_i = in.coord_type == DataType::kS32;
      d->dtype_i = static_cast<uint8_t>(in.type);
      d->compare_i = in.has_depth_ref;
      for (int k = 0; k < 4; ++k) d->coords_i[k] = req.coords[k];
      d->lod_i = req.lod;
      for (int a = 0; a < 3; ++a) {
        d->dpdx_i[a] = req.dpdx[a];
        d->dpdy_i[a] = req.dpdy[a];
      }
      d->offset_i = TexOffsetPins(in, req);
      d->ref_i = req.depth_ref;
      BytesToWords<64>(tex_image.data(), d->tex_i);
      BytesToWords<64>(smp_image.data(), d->smp_i);
    }
    dut.Eval();

    // The entry credit.
    std::ostringstream diff;
    const bool ready = inflight < kMaxInflight && !hold;
    DiffField(diff, "req_ready", ready, d->req_ready_o != 0);
    DiffField(diff, "accept", offer && ready, d->accept_o != 0);
    if (!diff.str().empty()) {
      fail("entry credit with " + std::to_string(inflight) + " inside" +
           (hold ? ", hold up" : "") + "\n" + diff.str());
      break;
    }
    if (offer && inflight == kMaxInflight) ++r.refused_full;

    if (offer && ready) {
      // The request as the model reads it.
      const Geometry g = in.geom;
      const SamplerDesc& s = in.has_sampler ? other : tex.desc.sampler;
      const bool ms = IsMultisample(g);
      const bool cube = IsCube(g);
      const bool s32 = in.coord_type == DataType::kS32;
      const bool grad = in.tex_mode == TexMode::kGrad;
      const TexElements e = SelectTexElements(g, req.coords, tex.desc.array_size, tex.desc.samples);
      const TexelRule rule = MakeTexelRule(tex.fmt, s, in.has_depth_ref, req.depth_ref);
      const ResidencyIndex res = MakeResidencyIndex(tex.desc);
      const uint32_t offset_pins = TexOffsetPins(in, req);
      const uint32_t texel_log2 = Log2(static_cast<uint32_t>(tex.fmt.texel_bytes));
      const bool seamless = cube && GetField(smp_image, sf::seamless_cube) != 0;
      const uint64_t map = GetField(tex_image, tf::residency_map);
      uint32_t dir[3];
      for (int k = 0; k < 3; ++k) dir[k] = req.coords[e.first + k < 4 ? e.first + k : 3];
      const bool quad = TakesQuad(quad_unit, map, seamless, dir, offset_pins);
      const uint32_t mode_u = static_cast<uint32_t>(GetField(smp_image, sf::address_u));
      const uint32_t mode_v = static_cast<uint32_t>(GetField(smp_image, sf::address_v));
      const uint32_t clamp = static_cast<uint32_t>(AddressMode::kClamp);
      const auto tfield = [&](DescField f) { return GetField(tex_image, f); };
      const auto sfield = [&](DescField f) { return GetField(smp_image, f); };

      DiffField(diff, "cube", cube, d->cube_o != 0);
      DiffField(diff, "grad", grad, d->grad_o != 0);
      DiffField(diff, "quad", quad, d->quad_o != 0);
      if (cube) {
        for (int k = 0; k < 3; ++k) {
          DiffField(diff, ("dir[" + std::to_string(k) + "]").c_str(), dir[k], d->dir_o[k]);
        }
      }
      // Coordinates: the layer as selected (a cube's face is added after face selection), the
      // texel coordinates from the element the selection names.
      DiffField(diff, "coord.face", 0u, static_cast<uint32_t>(d->coord_face_o));
      DiffField(diff, "coord.layer", e.layer, static_cast<uint32_t>(d->coord_layer_o));
      if (!cube) {
        for (int a = 0; a < Attrs(g).dims; ++a) {
          DiffField(diff, ("coord.u[" + std::to_string(a) + "]").c_str(), req.coords[e.first + a],
                    d->coord_u_o[a]);
        }
      }
      // The pass generator's request.
      DiffField(diff, "pass.width", tfield(tf::width), uint64_t{d->pass_width_o});
      DiffField(diff, "pass.height", tfield(tf::height), uint64_t{d->pass_height_o});
      DiffField(diff, "pass.depth", tfield(tf::depth), uint64_t{d->pass_depth_o});
      DiffField(diff, "pass.texel_log2", texel_log2, uint32_t{d->pass_texel_log2_o});
      DiffField(diff, "pass.s32path", s32 || ms, d->pass_s32path_o != 0);
      DiffField(diff, "pass.cube", cube, d->pass_cube_o != 0);
      DiffField(diff, "pass.layout", tfield(tf::layout), uint64_t{d->pass_layout_o});
      DiffField(diff, "pass.block_height_log2", tfield(tf::block_height_log2),
                uint64_t{d->pass_block_height_log2_o});
      DiffField(diff, "pass.block_depth_log2", tfield(tf::block_depth_log2),
                uint64_t{d->pass_block_depth_log2_o});
      DiffField(diff, "pass.base", tfield(tf::base), uint64_t{d->pass_base_o});
      DiffField(diff, "pass.samples_log2", tfield(tf::samples_log2), uint64_t{d->pass_samples_log2_o});
      DiffField(diff, "pass.offset", offset_pins, uint32_t{d->pass_offset_o});
      DiffField(diff, "pass.normalized", s.normalized || cube, d->pass_normalized_o != 0);
      DiffField(diff, "pass.seamless", seamless, d->pass_seamless_o != 0);
      DiffField(diff, "pass.mode_u", cube ? clamp : mode_u, uint32_t{d->pass_mode_u_o});
      DiffField(diff, "pass.mode_v", cube ? clamp : mode_v, uint32_t{d->pass_mode_v_o});
      DiffField(diff, "pass.mode_w", sfield(sf::address_w), uint64_t{d->pass_mode_w_o});
      DiffField(diff, "pass.axes", static_cast<uint32_t>(Attrs(g).dims), uint32_t{d->pass_axes_o});
      // The tap generator's request.
      DiffField(diff, "tap.quad", quad, d->tap_quad_o != 0);
      DiffField(diff, "tap.layout", tfield(tf::layout), uint64_t{d->tap_layout_o});
      DiffField(diff, "tap.sample", e.sample, uint32_t{d->tap_sample_o});
      DiffField(diff, "tap.samples_log2", tfield(tf::samples_log2), uint64_t{d->tap_samples_log2_o});
      DiffField(diff, "tap.texel_log2", texel_log2, uint32_t{d->tap_texel_log2_o});
      DiffField(diff, "tap.layer_stride", tfield(tf::layer_stride), uint64_t{d->tap_layer_stride_o});
      DiffField(diff, "tap.residency_map", map, uint64_t{d->tap_residency_map_o});
      DiffField(diff, "tap.tile_x_log2", tfield(tf::tile_x_log2), uint64_t{d->tap_tile_x_log2_o});
      DiffField(diff, "tap.tile_y_log2", tfield(tf::tile_y_log2), uint64_t{d->tap_tile_y_log2_o});
      DiffField(diff, "tap.tile_z_log2", tfield(tf::tile_z_log2), uint64_t{d->tap_tile_z_log2_o});
      const uint32_t bx = res.tile_bits[0], by = res.tile_bits[1], bz = res.tile_bits[2];
      DiffField(diff, "tap.res_shift_y", bx, uint32_t{d->tap_res_shift_y_o});
      DiffField(diff, "tap.res_shift_z", bx + by, uint32_t{d->tap_res_shift_z_o});
      DiffField(diff, "tap.res_shift_level", bx + by + bz, uint32_t{d->tap_res_shift_level_o});
      DiffField(diff, "tap.res_bits_level", uint32_t{res.level_bits}, uint32_t{d->tap_res_bits_level_o});
      // The texel stage's request.
      DiffField(diff, "texel.chorder", tfield(tf::chorder), uint64_t{d->texel_chorder_o});
      DiffField(diff, "texel.chtype", tfield(tf::chtype), uint64_t{d->texel_chtype_o});
      DiffField(diff, "texel.read_norm", sfield(sf::read_mode), uint64_t{d->texel_read_norm_o});
      DiffField(diff, "texel.srgb", sfield(sf::srgb), uint64_t{d->texel_srgb_o});
      DiffField(diff, "texel.compare", rule.compare, d->texel_compare_o != 0);
      DiffField(diff, "texel.compare_op", sfield(sf::compare), uint64_t{d->texel_compare_op_o});
      DiffField(diff, "texel.ref_value", req.depth_ref, uint32_t{d->texel_ref_value_o});
      for (int k = 0; k < 4; ++k) {
        DiffField(diff, ("texel.border_color[" + std::to_string(k) + "]").c_str(), rule.border[k],
                  d->texel_border_color_o[k]);
      }
      // The output stage's and the LOD path's requests.
      DiffField(diff, "out.dtype", static_cast<uint32_t>(in.type), uint32_t{d->out_dtype_o});
      DiffField(diff, "out.float_res", rule.float_result, d->out_float_res_o != 0);
      DiffField(diff, "out.sint", rule.fmt.kind == ChannelKind::kSint, d->out_sint_o != 0);
      const bool grad_level = grad && s32 && !ms;
      DiffField(diff, "lod.mode", static_cast<uint32_t>(in.tex_mode), uint32_t{d->lod_mode_o});
      DiffField(diff, "lod.lod", req.lod, uint32_t{d->lod_lod_o});
      DiffField(diff, "lod.bias", sfield(sf::lod_bias), uint64_t{static_cast<uint16_t>(d->lod_bias_o)});
      DiffField(diff, "lod.min_lod", sfield(sf::min_lod), uint64_t{static_cast<uint16_t>(d->lod_min_lod_o)});
      DiffField(diff, "lod.max_lod", sfield(sf::max_lod), uint64_t{static_cast<uint16_t>(d->lod_max_lod_o)});
      DiffField(diff, "lod.mip",
                grad_level ? static_cast<uint64_t>(MipFilter::kNearest) : sfield(sf::mip_filter),
                uint64_t{d->lod_mip_o});
      DiffField(diff, "lod.levels", tfield(tf::levels), uint64_t{d->lod_levels_o});
      DiffField(diff, "lod.level_table", tfield(tf::level_table), uint64_t{d->lod_level_table_o});
      DiffField(diff, "lod.s32path", s32 || ms, d->lod_s32path_o != 0);
      DiffField(diff, "lod.grad_level", grad_level, d->lod_grad_level_o != 0);
      DiffField(diff, "lod.float_res", rule.float_result, d->lod_float_res_o != 0);
      DiffField(diff, "lod.lin_min", s.min_filter == FilterMode::kLinear, d->lod_lin_min_o != 0);
      DiffField(diff, "lod.lin_mag", s.mag_filter == FilterMode::kLinear, d->lod_lin_mag_o != 0);
      const uint32_t level_s32 =
          in.tex_mode == TexMode::kLevel && !ms ? ClampLevelOperand(req.lod, tex.desc.levels) : 0;
      DiffField(diff, "lod.level_s32", level_s32, uint32_t{d->lod_level_s32_o});
      // The gradient block's request: extents per sample, scaled when normalized.
      for (int a = 0; a < 3; ++a) {
        DiffField(diff, ("grad.dpdx[" + std::to_string(a) + "]").c_str(), req.dpdx[a], d->grad_dpdx_o[a]);
        DiffField(diff, ("grad.dpdy[" + std::to_string(a) + "]").c_str(), req.dpdy[a], d->grad_dpdy_o[a]);
      }
      DiffField(diff, "grad.axes", static_cast<uint32_t>(Attrs(g).dims), uint32_t{d->grad_axes_o});
      DiffField(diff, "grad.scale", s.normalized && !s32, d->grad_scale_o != 0);
      DiffField(diff, "grad.width", tex.desc.width / tex.desc.samples, uint32_t{d->grad_width_o});
      DiffField(diff, "grad.height", tex.desc.height, uint32_t{d->grad_height_o});
      DiffField(diff, "grad.depth", tex.desc.depth, uint32_t{d->grad_depth_o});

      std::ostringstream what;
      what << "request #" << r.accepted << " (" << op.ptx << " on a " << Name(tex.desc.dim) << " "
           << tex.desc.width << "x" << tex.desc.height << "x" << tex.desc.depth << " "
           << Name(tex.desc.order) << "/" << Name(tex.desc.type) << " texture)";
      log << "cycle " << cycle << " " << what.str() << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
      if (!diff.str().empty()) {
        fail("mismatch on " + what.str() + "\n" + diff.str());
        break;
      }
      ++r.accepted;
      r.cubes += cube;
      r.multisample += ms;
      r.quad += quad;
      ++inflight;
      have_op = false;
    }
    if (pop) --inflight;
    dut.CheckAssertions(cycle, "tsu_tex_setup", &r);
    dut.Tick(cycle);
  }
  if (r.ok && r.accepted < opt.requests) {
    r.Fail(cycle, "tsu_tex_setup: " + std::to_string(r.accepted) + " of " +
                      std::to_string(opt.requests) + " requests accepted in " +
                      std::to_string(cycle) + " cycles");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckSetup(uint64_t default_seed, const SetupOptions& base, bool require_cover,
                const char* name) {
  const uint64_t seed = SeedFromEnv(default_seed);
  SetupOptions opt = base;
  opt.requests = ScaledCount(opt.requests);
  const SetupResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunSetup<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  std::printf("[tsu_tex_setup%s] %llu requests (%llu cubes, %llu multisample, %llu to the quad path), "
              "%llu offers refused at the credit limit, in %llu cycles\n",
              name, static_cast<unsigned long long>(r.accepted),
              static_cast<unsigned long long>(r.cubes), static_cast<unsigned long long>(r.multisample),
              static_cast<unsigned long long>(r.quad), static_cast<unsigned long long>(r.refused_full),
              static_cast<unsigned long long>(r.cycles));
  if (require_cover) {
    for (const std::string& u : r.uncovered) ADD_FAILURE() << "cover point never hit: " << u;
  }
}

using Full = Vtsu_tex_setup_bench;
using FullRoot = Vtsu_tex_setup_bench_tsu_tex_setup_bench;
using QuadUnit = Vtsu_tex_setup_bench_q;
using QuadRoot = Vtsu_tex_setup_bench_q_tsu_tex_setup_bench;
using Hx = Vtsu_tex_setup_bench_hx;
using HxRoot = Vtsu_tex_setup_bench_hx_tsu_tex_setup_bench;

TEST(TexStageSetup, EveryGeometryAndFormat) {
  SetupOptions opt;
  opt.pop = 20;  // fewer pops than offers: the credit fills
  CheckSetup<Full, FullRoot>(2901, opt, true, "");
}

// With the quad path: which requests take it.
TEST(TexStageSetup, QuadPathRule) {
  SetupOptions opt;
  opt.requests = 10000;
  CheckSetup<QuadUnit, QuadRoot>(2902, opt, false, " with Quad");
}

// tex_hx8k's knobs: no cubes, seamless filtering, depth compare, multisample or residency maps.
TEST(TexStageSetup, WithoutOptionalFeatures) {
  SetupOptions opt;
  opt.requests = 10000;
  CheckSetup<Hx, HxRoot>(2903, opt, false, " without cube, compare, multisample, residency");
}

}  // namespace
}  // namespace tsu::tb
