// A pass as the pass generator hands it to the tap generators (tsu_tex_pkg::pass_t with its
// level's addressing and its request's tap fields), on a random texture, for the benches of the
// one-tap and quad tap generators (tex_tap_test.cc, tex_quad_gen_test.cc). Their wrappers name
// the same input ports, so one driver serves both.
#ifndef TSU_TB_RTL_TEX_TAP_PASS_H_
#define TSU_TB_RTL_TEX_TAP_PASS_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "rng.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tsu/geometry.h"
#include "tsu/texture.h"
#include "tsu/texture_words.h"

namespace tsu::tb {

struct Pass {
  uint64_t index = 0;
  std::shared_ptr<const ResolvedTexture> tex;
  uint32_t level = 0, layer = 0, face = 0, sample = 0, samples_log2 = 0, texel_log2 = 0;
  int axes = 1;
  bool cube = false, seamless = false, linear = false, two = false, last_pass = true, ok = true;
  uint32_t frac = 0, wt = 0;
  uint32_t n[3] = {1, 1, 1};
  uint32_t idx0[3] = {}, idx1[3] = {};
  bool border0[3] = {}, border1[3] = {};
  bool out0[2] = {}, out1[2] = {}, hi0[2] = {}, hi1[2] = {};
  uint64_t res_map = 0;
  ResidencyIndex rix;

  std::string Describe() const {
    std::ostringstream o;
    o << "pass #" << index << " (" << Name(tex->desc.dim) << " " << tex->desc.width << "x"
      << tex->desc.height << "x" << tex->desc.depth << " " << Name(tex->desc.layout) << ", level "
      << level << ", layer " << layer << (linear ? ", linear" : ", nearest")
      << (seamless ? ", seamless" : "") << (ok ? "" : ", unusable level")
      << (res_map ? ", residency map" : "") << ", idx0 " << idx0[0] << "," << idx0[1] << ","
      << idx0[2] << " idx1 " << idx1[0] << "," << idx1[1] << "," << idx1[2] << ")";
    return o.str();
  }
};

// A random pass: any geometry and layout (cube textures in cube_pct percent; on a cube the taps
// lie within a texel of the face, seamless in 70% with seamless_on, edges and corners often),
// border taps, an unusable level in 8%, a residency map in 40% with residency_on.
inline Pass MakePass(Rng& rng, uint64_t index, int addr_bits, bool seamless_on, bool residency_on, int cube_pct) {
  Pass p;
  p.index = index;
  auto tex = std::make_shared<ResolvedTexture>(RandomTexture(rng, addr_bits, Chance(rng, cube_pct)));
  p.tex = tex;
  const TextureDesc& d = tex->desc;
  while ((1u << p.texel_log2) < static_cast<uint32_t>(tex->fmt.texel_bytes)) ++p.texel_log2;
  while ((1u << p.samples_log2) < d.samples) ++p.samples_log2;
  p.sample = static_cast<uint32_t>(Uniform(rng, 0, d.samples - 1));
  p.cube = IsCube(d.dim);
  p.axes = p.cube ? 2 : Attrs(d.dim).dims;
  p.level = static_cast<uint32_t>(Uniform(rng, 0, d.levels - 1));
  const ResolvedSurface& lv = tex->level[p.level];
  p.n[0] = lv.desc.width / d.samples, p.n[1] = lv.desc.height, p.n[2] = lv.desc.depth;
  p.ok = !Chance(rng, 8);
  p.linear = Chance(rng, 60);
  p.two = Chance(rng, 30);
  p.last_pass = !p.two || Chance(rng, 50);
  p.frac = static_cast<uint32_t>(Uniform(rng, 0, 255));
  p.wt = static_cast<uint32_t>(rng()) & 0xFFFFFF;
  if (p.cube) {
    p.face = static_cast<uint32_t>(Uniform(rng, 0, 5));
    p.layer = static_cast<uint32_t>(Uniform(rng, 0, tex->layers / 6 - 1)) * 6 + p.face;
    p.seamless = seamless_on && Chance(rng, 70);
    const int64_t N = p.n[0];
    for (int a = 0; a < 2; ++a) {
      // The first tap in [-1, N - 1] (coordinates in [0, 1]), the second one more; edges often.
      const int64_t i0 = Chance(rng, 50) ? (Chance(rng, 50) ? -1 : N - 1) : Uniform(rng, -1, N - 1);
      const int64_t i1 = i0 + 1;
      p.out0[a] = i0 < 0 || i0 >= N, p.hi0[a] = i0 >= 0;
      p.out1[a] = i1 < 0 || i1 >= N, p.hi1[a] = i1 >= 0;
      p.idx0[a] = static_cast<uint32_t>(std::clamp<int64_t>(i0, 0, N - 1));
      p.idx1[a] = static_cast<uint32_t>(std::clamp<int64_t>(i1, 0, N - 1));
    }
  } else {
    p.layer = IsArray(d.dim) ? static_cast<uint32_t>(Uniform(rng, 0, tex->layers - 1)) : 0;
    for (int a = 0; a < p.axes; ++a) {
      p.idx0[a] = static_cast<uint32_t>(Uniform(rng, 0, p.n[a] - 1));
      p.idx1[a] = static_cast<uint32_t>(Uniform(rng, 0, p.n[a] - 1));
      p.border0[a] = Chance(rng, 6);
      p.border1[a] = Chance(rng, 6);
    }
  }
  if (residency_on && Chance(rng, 40)) {
    p.res_map = static_cast<uint64_t>(rng()) & ((uint64_t{1} << addr_bits) - 1);
    p.rix = MakeResidencyIndex(d);
  }
  return p;
}

// The pass on a tap generator wrapper's input ports.
template <typename Dut>
void DrivePass(Dut* d, const Pass& p, uint64_t mask, bool quad) {
  const ResolvedTexture& t = *p.tex;
  const ResolvedSurface& lv = t.level[p.level];
  uint64_t i0 = 0, i1 = 0;
  for (int a = 0; a < 3; ++a) {
    i0 |= uint64_t{p.idx0[a]} << (16 * a);
    i1 |= uint64_t{p.idx1[a]} << (16 * a);
  }
  d->idx0_i = i0;
  d->idx1_i = i1;
  d->border0_i = static_cast<uint8_t>(p.border0[0] | (p.border0[1] << 1) | (p.border0[2] << 2));
  d->border1_i = static_cast<uint8_t>(p.border1[0] | (p.border1[1] << 1) | (p.border1[2] << 2));
  d->wt_i = p.wt;
  d->linear_i = p.linear;
  d->axes_i = static_cast<uint8_t>(p.axes);
  d->two_i = p.two;
  d->last_pass_i = p.last_pass;
  d->frac_i = static_cast<uint8_t>(p.frac);
  d->seamless_i = p.seamless;
  d->out0_i = static_cast<uint8_t>(p.out0[0] | (p.out0[1] << 1));
  d->out1_i = static_cast<uint8_t>(p.out1[0] | (p.out1[1] << 1));
  d->hi0_i = static_cast<uint8_t>(p.hi0[0] | (p.hi0[1] << 1));
  d->hi1_i = static_cast<uint8_t>(p.hi1[0] | (p.hi1[1] << 1));
  d->face_i = static_cast<uint8_t>(p.face);
  d->layer_i = static_cast<uint16_t>(p.layer);
  d->n_i = p.n[0];
  d->lv_ok_i = p.ok;
  d->lv_level_i = static_cast<uint8_t>(p.level);
  d->lv_pitch_i = static_cast<uint32_t>(lv.pitch);
  d->lv_row_of_blocks_i = static_cast<uint32_t>(lv.row_of_blocks);
  d->lv_slice_bytes_i = lv.slice_bytes;
  d->lv_block_height_log2_i = lv.desc.block_height_log2;
  d->lv_block_depth_log2_i = lv.desc.block_depth_log2;
  d->lv_base_i = (t.desc.base + lv.desc.base) & mask;
  d->quad_i = quad;
  d->layout_i = static_cast<uint8_t>(t.desc.layout);
  d->sample_i = static_cast<uint8_t>(p.sample);
  d->samples_log2_i = static_cast<uint8_t>(p.samples_log2);
  d->texel_log2_i = static_cast<uint8_t>(p.texel_log2);
  d->layer_stride_i = t.layer_stride;
  d->residency_map_i = p.res_map;
  d->tile_x_log2_i = t.desc.tile_log2[0];
  d->tile_y_log2_i = t.desc.tile_log2[1];
  d->tile_z_log2_i = t.desc.tile_log2[2];
  const uint32_t bx = p.rix.tile_bits[0], by = p.rix.tile_bits[1], bz = p.rix.tile_bits[2];
  d->res_shift_y_i = static_cast<uint8_t>(bx);
  d->res_shift_z_i = static_cast<uint8_t>(bx + by);
  d->res_shift_level_i = static_cast<uint8_t>(bx + by + bz);
  d->res_bits_level_i = p.rix.level_bits;
}

}  // namespace tsu::tb

#endif  // TSU_TB_RTL_TEX_TAP_PASS_H_
