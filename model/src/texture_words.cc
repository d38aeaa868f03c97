// Texture headers, level records, residency bitmaps and samplers in memory (docs/descriptors.md).
#include "tsu/texture_words.h"

#include <algorithm>

#include "tsu/format.h"
#include "tsu/hex.h"
#include "tsu/instruction.h"
#include "tsu/tex_math.h"

namespace tsu {
namespace {

namespace T = desc_layout::Texture;
namespace S = desc_layout::Sampler;
namespace V = desc_layout::TexLevel;

TrapCause Reject(std::string* why, const char* what, std::string msg) {
  *why = std::string("bad ") + what + " descriptor: " + std::move(msg);
  return TrapCause::kInvalidHandle;
}

// ceil(log2(v)) for v >= 1.
uint8_t CeilLog2(uint64_t v) {
  uint8_t n = 0;
  while ((uint64_t{1} << n) < v) ++n;
  return n;
}

// Bit length: floor(log2(v)) + 1, 0 for 0.
uint32_t BitLength(uint64_t v) {
  uint32_t n = 0;
  while (v >> n) ++n;
  return n;
}

int16_t Lod88(float v) { return static_cast<int16_t>(F32ToLod(v)); }

}  // namespace

ResidencyIndex MakeResidencyIndex(const TextureDesc& d) {
  ResidencyIndex r;
  const uint32_t ext[3] = {d.width, d.height, d.depth};
  for (int a = 0; a < 3; ++a) {
    const uint64_t tiles = ((uint64_t{ext[a]} - 1) >> d.tile_log2[a]) + 1;
    r.tile_bits[a] = CeilLog2(tiles);
  }
  r.level_bits = CeilLog2(d.levels);
  return r;
}

uint64_t ResidencyBit(const ResidencyIndex& r, const TextureDesc& d, uint32_t level,
                      uint32_t layer, uint32_t x, uint32_t y, uint32_t z) {
  const uint32_t bx = r.tile_bits[0], by = r.tile_bits[1], bz = r.tile_bits[2];
  const uint64_t tile = (uint64_t{z >> d.tile_log2[2]} << (bx + by)) |
                        (uint64_t{y >> d.tile_log2[1]} << bx) | (x >> d.tile_log2[0]);
  return (((uint64_t{layer} << r.level_bits) | level) << (bx + by + bz)) | tile;
}

TexLevelImage EncodeTexLevel(const ResolvedSurface& lv) {
  TexLevelImage rec{};
  SetBits(rec.data(), V::offset, lv.desc.base);
  SetBits(rec.data(), V::stride,
          lv.desc.layout == Layout::kPitch ? lv.pitch : lv.row_of_blocks);
  SetBits(rec.data(), V::slice_bytes, lv.slice_bytes);
  SetBits(rec.data(), V::block_height_log2, lv.desc.block_height_log2);
  SetBits(rec.data(), V::block_depth_log2, lv.desc.block_depth_log2);
  return rec;
}

TextureImage EncodeTexture(const ResolvedTexture& t, const TexturePlacement& place) {
  const TextureDesc& d = t.desc;
  TextureImage img;
  DescImage& h = img.header;
  SetField(&h, T::kind, static_cast<uint64_t>(DescKind::kTexture));
  SetField(&h, T::dim, static_cast<uint64_t>(d.dim));
  SetField(&h, T::chorder, static_cast<uint64_t>(d.order));
  SetField(&h, T::chtype, static_cast<uint64_t>(d.type));
  SetField(&h, T::layout, static_cast<uint64_t>(d.layout));
  SetField(&h, T::block_height_log2, d.block_height_log2);
  SetField(&h, T::block_depth_log2, d.block_depth_log2);
  SetField(&h, T::levels, d.levels);
  SetField(&h, T::samples_log2, CeilLog2(d.samples));
  SetField(&h, T::tile_x_log2, d.tile_log2[0]);
  SetField(&h, T::tile_y_log2, d.tile_log2[1]);
  SetField(&h, T::tile_z_log2, d.tile_log2[2]);
  SetField(&h, T::sampler, place.sampler_slot);
  SetField(&h, T::width, d.width);
  SetField(&h, T::height, d.height);
  SetField(&h, T::depth, d.depth);
  SetField(&h, T::array_size, d.array_size);
  SetField(&h, T::base, d.base);
  SetField(&h, T::layer_stride, t.layer_stride);
  SetField(&h, T::level_table, place.level_table);
  for (const ResolvedSurface& lv : t.level) img.levels.push_back(EncodeTexLevel(lv));
  // Tiles outside the texture's tile grid can never be sampled and have no bit.
  const ResidencyIndex ri = MakeResidencyIndex(d);
  std::vector<uint64_t> bits;
  for (const TileId& tile : t.non_resident) {
    const uint32_t ext[3] = {d.width, d.height, d.depth};
    const uint32_t txyz[3] = {tile.x, tile.y, tile.z};
    bool inside = tile.level < d.levels && tile.layer < t.layers;
    for (int a = 0; a < 3 && inside; ++a) {
      inside = uint64_t{txyz[a]} << d.tile_log2[a] < ext[a];
    }
    if (!inside) continue;
    bits.push_back(ResidencyBit(ri, d, tile.level, tile.layer, tile.x << d.tile_log2[0],
                                tile.y << d.tile_log2[1], tile.z << d.tile_log2[2]));
  }
  if (!bits.empty()) {
    SetField(&h, T::residency_map, place.residency_map);
    std::sort(bits.begin(), bits.end());
    for (uint64_t b : bits) {
      const uint64_t addr = place.residency_map + (b >> 3);
      if (img.residency.empty() || img.residency.back().first != addr) {
        img.residency.emplace_back(addr, 0);
      }
      img.residency.back().second |= static_cast<uint8_t>(1u << (b & 7));
    }
  }
  return img;
}

DescImage EncodeSampler(const SamplerDesc& s) {
  DescImage d{};
  SetField(&d, S::kind, static_cast<uint64_t>(DescKind::kSampler));
  SetField(&d, S::mag_filter, static_cast<uint64_t>(s.mag_filter));
  SetField(&d, S::min_filter, static_cast<uint64_t>(s.min_filter));
  SetField(&d, S::mip_filter, static_cast<uint64_t>(s.mip_filter));
  SetField(&d, S::address_u, static_cast<uint64_t>(s.address[0]));
  SetField(&d, S::address_v, static_cast<uint64_t>(s.address[1]));
  SetField(&d, S::address_w, static_cast<uint64_t>(s.address[2]));
  SetField(&d, S::normalized, s.normalized);
  SetField(&d, S::read_mode, static_cast<uint64_t>(s.read_mode));
  SetField(&d, S::srgb, s.srgb);
  SetField(&d, S::seamless_cube, s.seamless_cube);
  SetField(&d, S::compare, static_cast<uint64_t>(s.compare));
  SetField(&d, S::lod_bias, static_cast<uint16_t>(Lod88(s.lod_bias)));
  SetField(&d, S::min_lod, static_cast<uint16_t>(Lod88(s.min_lod)));
  SetField(&d, S::max_lod, static_cast<uint16_t>(Lod88(s.max_lod)));
  for (int k = 0; k < 4; ++k) {
    SetField(&d, DescField{S::border.lsb + 32 * k, 32}, s.border[k]);
  }
  return d;
}

TrapCause DecodeSampler(const DescImage& d, SamplerDesc* out, std::string* why) {
  const uint64_t kind = GetField(d, S::kind);
  if (kind == static_cast<uint64_t>(DescKind::kUnbound)) {
    *why = "the sampler's descriptor slot is unbound (kind 0)";
    return TrapCause::kInvalidHandle;
  }
  if (kind != static_cast<uint64_t>(DescKind::kSampler)) {
    return Reject(why, "sampler", "kind " + std::to_string(kind) + " is not a sampler");
  }
  SamplerDesc s;
  const uint64_t mip = GetField(d, S::mip_filter);
  if (mip > static_cast<uint64_t>(MipFilter::kLinear)) {
    return Reject(why, "sampler", "mip filter " + std::to_string(mip) + " is not none, nearest or linear");
  }
  s.mag_filter = static_cast<FilterMode>(GetField(d, S::mag_filter));
  s.min_filter = static_cast<FilterMode>(GetField(d, S::min_filter));
  s.mip_filter = static_cast<MipFilter>(mip);
  s.address[0] = static_cast<AddressMode>(GetField(d, S::address_u));
  s.address[1] = static_cast<AddressMode>(GetField(d, S::address_v));
  s.address[2] = static_cast<AddressMode>(GetField(d, S::address_w));
  s.normalized = GetField(d, S::normalized) != 0;
  s.read_mode = static_cast<ReadMode>(GetField(d, S::read_mode));
  s.srgb = GetField(d, S::srgb) != 0;
  s.seamless_cube = GetField(d, S::seamless_cube) != 0;
  s.compare = static_cast<CompareOp>(GetField(d, S::compare));
  const int32_t bias = static_cast<int16_t>(GetField(d, S::lod_bias));
  const int32_t lo = static_cast<int16_t>(GetField(d, S::min_lod));
  const int32_t hi = static_cast<int16_t>(GetField(d, S::max_lod));
  // The API's rules (ValidateSampler) in 8.8: |bias| <= 127, min <= max; -0x8000 is not an 8.8
  // value F32ToLod produces (it saturates at +-kLodSat).
  if (bias < -127 * 256 || bias > 127 * 256) {
    return Reject(why, "sampler", "lod bias " + std::to_string(bias) + "/256 is outside [-127, 127]");
  }
  if (lo < -kLodSat || hi < -kLodSat) return Reject(why, "sampler", "min/max lod -32768/256 is outside +-kLodSat");
  if (lo > hi) return Reject(why, "sampler", "min_lod " + std::to_string(lo) + "/256 is greater than max_lod " + std::to_string(hi) + "/256");
  s.lod_bias = static_cast<float>(bias) / 256.0f;
  s.min_lod = static_cast<float>(lo) / 256.0f;
  s.max_lod = static_cast<float>(hi) / 256.0f;
  for (int k = 0; k < 4; ++k) {
    s.border[k] = static_cast<uint32_t>(GetField(d, DescField{S::border.lsb + 32 * k, 32}));
  }
  *out = s;
  return TrapCause::kNone;
}

bool DecodeTexLevel(const TexLevelImage& rec, const ResolvedTexture& t, uint32_t k,
                    ResolvedSurface* out, std::string* why) {
  const TextureDesc& d = t.desc;
  ResolvedSurface lv;
  SurfaceDesc& s = lv.desc;
  const Geometry g = d.dim;
  const bool has_y = g != Geometry::k1d && g != Geometry::kA1d;
  s.dim = g == Geometry::k3d ? Geometry::k3d : has_y ? Geometry::k2d : Geometry::k1d;
  s.width = std::max(1u, d.width >> k) * d.samples;
  s.height = std::max(1u, d.height >> k);
  s.depth = std::max(1u, d.depth >> k);
  s.layout = d.layout;
  lv.fmt = t.fmt;
  lv.row_bytes = uint64_t{s.width} * static_cast<uint64_t>(t.fmt.texel_bytes);
  const uint64_t offset = GetBits(rec.data(), V::offset);
  const uint64_t stride = GetBits(rec.data(), V::stride);
  const uint32_t bh = static_cast<uint32_t>(GetBits(rec.data(), V::block_height_log2));
  const uint32_t bd = static_cast<uint32_t>(GetBits(rec.data(), V::block_depth_log2));
  const std::string at = "level " + std::to_string(k) + " record: ";
  auto bad = [&](std::string m) {
    *why = "bad texture descriptor: " + at + m;
    return false;
  };
  if (offset % kLevelAlign != 0) return bad("offset " + Hex(offset) + " is not 512-byte aligned");
  if (d.layout == Layout::kPitch) {
    if (bh != 0 || bd != 0) return bad("block height/depth apply to block-linear textures only");
    if (stride % 16 != 0 || stride < lv.row_bytes) {
      return bad("pitch " + std::to_string(stride) + " is not a multiple of 16 of at least a row (" +
                 std::to_string(lv.row_bytes) + " bytes)");
    }
    lv.pitch = stride;
  } else {
    if (bh > d.block_height_log2 || bd > d.block_depth_log2) {
      return bad("block shape 2^" + std::to_string(bh) + " x 2^" + std::to_string(bd) +
                 " GOBs exceeds the header's");
    }
    if (stride % kBaseAlignBlock != 0) return bad("row of blocks " + std::to_string(stride) + " is not a multiple of 512");
    lv.row_of_blocks = stride;
    lv.gobs_x = static_cast<uint32_t>((lv.row_bytes + kGobBytesX - 1) / kGobBytesX);
  }
  s.block_height_log2 = static_cast<uint8_t>(bh);
  s.block_depth_log2 = static_cast<uint8_t>(bd);
  s.base = offset;
  lv.slice_bytes = GetBits(rec.data(), V::slice_bytes);
  *out = lv;
  return true;
}

TrapCause DecodeTexture(const DescImage& h, MemoryPort* mem, ResolvedTexture* out,
                        std::string* why) {
  const char* kWhat = "texture";
  const uint64_t kind = GetField(h, T::kind);
  if (kind == static_cast<uint64_t>(DescKind::kUnbound)) {
    *why = "the texture's descriptor slot is unbound (kind 0)";
    return TrapCause::kInvalidHandle;
  }
  if (kind != static_cast<uint64_t>(DescKind::kTexture)) {
    return Reject(why, kWhat, "kind " + std::to_string(kind) + " is not a texture header");
  }
  ResolvedTexture r;
  TextureDesc& d = r.desc;
  const uint64_t dim = GetField(h, T::dim);
  if (dim > static_cast<uint64_t>(Geometry::kA2dms)) {
    return Reject(why, kWhat, "dim " + std::to_string(dim) + " is not a geometry");
  }
  const Geometry g = static_cast<Geometry>(dim);
  d.dim = g;
  const uint64_t order = GetField(h, T::chorder), type = GetField(h, T::chtype);
  if (order > static_cast<uint64_t>(ChannelOrder::kABGR) ||
      type > static_cast<uint64_t>(ChannelType::kUnormInt101010_2)) {
    return Reject(why, kWhat, "channel order " + std::to_string(order) + " / type " +
                                  std::to_string(type) + " is not an encoding");
  }
  d.order = static_cast<ChannelOrder>(order);
  d.type = static_cast<ChannelType>(type);
  std::string ferr;
  if (!DescribeFormat(d.order, d.type, &r.fmt, &ferr)) return Reject(why, kWhat, ferr);
  const uint64_t width = GetField(h, T::width), height = GetField(h, T::height);
  const uint64_t depth = GetField(h, T::depth), array_size = GetField(h, T::array_size);
  if (width == 0 || width > kMaxWidth) return Reject(why, kWhat, "width " + std::to_string(width) + " is not 1.." + std::to_string(kMaxWidth));
  if (height == 0 || height > kMaxHeight) return Reject(why, kWhat, "height " + std::to_string(height) + " is not 1.." + std::to_string(kMaxHeight));
  if (depth == 0 || depth > kMaxDepth) return Reject(why, kWhat, "depth " + std::to_string(depth) + " is not 1.." + std::to_string(kMaxDepth));
  const bool has_y = g != Geometry::k1d && g != Geometry::kA1d;
  if (!has_y && height != 1) return Reject(why, kWhat, "a 1d texture has height 1");
  if (g != Geometry::k3d && depth != 1) return Reject(why, kWhat, "only 3d textures have depth > 1");
  if (IsCube(g) && width != height) return Reject(why, kWhat, "cube faces are square");
  if (IsArray(g)) {
    if (array_size == 0 || array_size > kMaxArraySize) {
      return Reject(why, kWhat, "array_size " + std::to_string(array_size) + " is not 1.." + std::to_string(kMaxArraySize));
    }
  } else if (array_size != 0) {
    return Reject(why, kWhat, "array_size is 0 for a non-array texture");
  }
  d.width = static_cast<uint32_t>(width);
  d.height = static_cast<uint32_t>(height);
  d.depth = static_cast<uint32_t>(depth);
  d.array_size = static_cast<uint32_t>(array_size);
  const uint64_t samples_log2 = GetField(h, T::samples_log2);
  d.levels = static_cast<uint32_t>(GetField(h, T::levels));
  if (IsMultisample(g)) {
    if (d.levels != 1) return Reject(why, kWhat, "a multisample texture has one level");
  } else if (samples_log2 != 0) {
    return Reject(why, kWhat, "samples > 1 needs a 2dms or a2dms texture");
  }
  d.samples = 1u << samples_log2;
  // A level's rows hold width x samples texels, as wide as a surface's (ResolveTexture resolves
  // level 0 as a surface that wide).
  if ((width << samples_log2) > kMaxWidth) {
    return Reject(why, kWhat, "width x samples " + std::to_string(width << samples_log2) +
                                  " exceeds " + std::to_string(kMaxWidth));
  }
  const uint32_t full_chain =
      BitLength(std::max<uint64_t>({width, height, g == Geometry::k3d ? depth : 1}));
  if (d.levels == 0 || d.levels > full_chain) {
    return Reject(why, kWhat, "levels " + std::to_string(d.levels) + " is not 1.." +
                                  std::to_string(full_chain) + " for this extent");
  }
  d.layout = static_cast<Layout>(GetField(h, T::layout));
  d.block_height_log2 = static_cast<uint8_t>(GetField(h, T::block_height_log2));
  d.block_depth_log2 = static_cast<uint8_t>(GetField(h, T::block_depth_log2));
  d.base = GetField(h, T::base);
  if (d.layout == Layout::kPitch) {
    if (d.base % kBaseAlignPitch != 0) return Reject(why, kWhat, "base " + Hex(d.base) + " is not 16-byte aligned");
    if (d.block_height_log2 != 0 || d.block_depth_log2 != 0) {
      return Reject(why, kWhat, "block height/depth apply to block-linear textures only");
    }
  } else {
    if (d.base % kBaseAlignBlock != 0) return Reject(why, kWhat, "block-linear base " + Hex(d.base) + " is not 512-byte aligned");
    if (d.block_height_log2 > kMaxBlockLog2 || d.block_depth_log2 > kMaxBlockLog2) {
      return Reject(why, kWhat, "block height/depth log2 must be 0..5");
    }
  }
  d.tile_log2[0] = static_cast<uint8_t>(GetField(h, T::tile_x_log2));
  d.tile_log2[1] = static_cast<uint8_t>(GetField(h, T::tile_y_log2));
  d.tile_log2[2] = static_cast<uint8_t>(GetField(h, T::tile_z_log2));
  r.layer_stride = GetField(h, T::layer_stride);
  if (r.layer_stride % kLevelAlign != 0) {
    return Reject(why, kWhat, "layer stride " + Hex(r.layer_stride) + " is not 512-byte aligned");
  }
  const uint64_t table = GetField(h, T::level_table);
  if (table == 0 || table % kTexLevelBytes != 0 || table > ~uint64_t{0} - kMaxLevels * kTexLevelBytes) {
    return Reject(why, kWhat, "level table " + Hex(table) + " is not a 16-byte aligned address below the top of memory");
  }
  r.layers = (IsArray(g) ? d.array_size : 1) * (IsCube(g) ? 6 : 1);
  r.size_bytes = r.layer_stride * r.layers;
  r.residency_map = GetField(h, T::residency_map);
  r.sampler_in_slot = true;
  r.sampler_slot = static_cast<uint32_t>(GetField(h, T::sampler));
  // Level records: decoded now (the unit reads a level's record when it samples the level; a
  // rewrite is followed by an invalidate, docs/semantics.md H10). A bad record traps only the
  // requests that sample its level.
  r.level.resize(d.levels);
  r.level_error.resize(d.levels);
  for (uint32_t k = 0; k < d.levels; ++k) {
    TexLevelImage rec{};
    mem->Read(table + uint64_t{k} * kTexLevelBytes, rec.data(), kTexLevelBytes);
    DecodeTexLevel(rec, r, k, &r.level[k], &r.level_error[k]);
  }
  *out = std::move(r);
  return TrapCause::kNone;
}

}  // namespace tsu
