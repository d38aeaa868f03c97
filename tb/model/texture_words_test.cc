// Texture headers, level records, residency bitmaps and samplers in memory: hand-derived bytes,
// every rejection rule, and the round trip: a texture bound from the bytes a driver writes
// samples exactly like the same texture bound through the API (docs/descriptors.md).
#include <gtest/gtest.h>

#include <memory>

#include "tex_gen.h"
#include "tsu/float_bits.h"
#include "tsu/memory.h"
#include "tsu/ptx_parser.h"
#include "tsu/texture_words.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

namespace T = desc_layout::Texture;
namespace S = desc_layout::Sampler;
namespace V = desc_layout::TexLevel;

ResolvedTexture Resolve(const TextureDesc& d) {
  ResolvedTexture r;
  std::string err;
  EXPECT_TRUE(ResolveTexture(d, &r, &err)) << err;
  return r;
}

TextureDesc Mip2d() {
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = 6, d.height = 3, d.levels = 3;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnormInt8;  // 4 bytes: level rows 24, 12, 4 bytes -> pitches 32, 16, 16
  d.base = 0x20000;
  return d;
}

// Hand-derived: word 0 holds kind 2, dim 1 << 4, order 5 << 8, type 2 << 13, pitch layout << 18,
// levels 3 << 25, tiles 6, 6, 0 at bits 32, 36, 40 and sampler slot 9 << 44. Level 0 is 32 x 3 =
// 96 bytes, so level 1 starts at 512, and level 2 (16 x 1) at 1024; the layer is 1536 bytes.
TEST(TextureWords, HeaderAndLevelBytesAreTheDocumentedLayout) {
  const ResolvedTexture r = Resolve(Mip2d());
  TexturePlacement p;
  p.level_table = 0x5000;
  p.sampler_slot = 9;
  const TextureImage img = EncodeTexture(r, p);
  const uint64_t w0 = 2 | (1u << 4) | (5u << 8) | (2u << 13) | (1u << 18) | (3u << 25) |
                      (6ull << 32) | (6ull << 36) | (9ull << 44);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(img.header[i], static_cast<uint8_t>(w0 >> (8 * i))) << i;
  EXPECT_EQ(img.header[8], 6);    // width
  EXPECT_EQ(img.header[12], 3);   // height
  EXPECT_EQ(img.header[16], 1);   // depth
  EXPECT_EQ(img.header[26], 2);   // base 0x20000
  EXPECT_EQ(img.header[32], 0);   // layer stride 1536 = 0x600
  EXPECT_EQ(img.header[33], 6);
  EXPECT_EQ(img.header[41], 0x50);  // level table 0x5000
  for (int i = 48; i < 64; ++i) EXPECT_EQ(img.header[i], 0) << "byte " << i;  // no residency map
  ASSERT_EQ(img.levels.size(), 3u);
  // Level 1: offset 512 (bytes 0..4), pitch 16 at bit 40 (byte 5), slice 16 x 1 = 16 at bit 72.
  EXPECT_EQ(img.levels[1][1], 2);
  EXPECT_EQ(img.levels[1][5], 16);
  EXPECT_EQ(img.levels[1][9], 16);
  EXPECT_EQ(img.levels[0][5], 32);
  EXPECT_EQ(img.levels[2][1], 4);
}

// Hand-derived: mag linear (bit 4), mip linear 2 << 6, address clamp, border, mirror at 8, 10,
// 12; normalized (14), compare greater 4 << 18; bias -1.5 = -384 = 0xfe80 at bit 32, min 0,
// max 2.25 = 576 = 0x0240 at bit 64; border words at byte 16.
TEST(TextureWords, SamplerBytesAreTheDocumentedLayout) {
  SamplerDesc s;
  s.mag_filter = FilterMode::kLinear;
  s.mip_filter = MipFilter::kLinear;
  s.address[0] = AddressMode::kClamp, s.address[1] = AddressMode::kBorder,
  s.address[2] = AddressMode::kMirror;
  s.normalized = true;
  s.srgb = false;
  s.compare = CompareOp::kGreater;
  s.lod_bias = -1.5f, s.min_lod = 0.0f, s.max_lod = 2.25f;
  s.border[0] = 0x3f800000, s.border[3] = 0xdeadbeef;
  const DescImage d = EncodeSampler(s);
  const uint32_t w0 = 3 | (1u << 4) | (2u << 6) | (1u << 8) | (3u << 10) | (2u << 12) | (1u << 14) |
                      (4u << 18);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(d[i], static_cast<uint8_t>(w0 >> (8 * i))) << i;
  EXPECT_EQ(d[4], 0x80);
  EXPECT_EQ(d[5], 0xfe);
  EXPECT_EQ(d[6], 0);
  EXPECT_EQ(d[8], 0x40);
  EXPECT_EQ(d[9], 0x02);
  EXPECT_EQ(d[19], 0x3f);
  EXPECT_EQ(d[28], 0xef);
  SamplerDesc back;
  std::string why;
  ASSERT_EQ(DecodeSampler(d, &back, &why), TrapCause::kNone) << why;
  EXPECT_EQ(back.lod_bias, -1.5f);
  EXPECT_EQ(back.max_lod, 2.25f);
  EXPECT_EQ(back.border[3], 0xdeadbeefu);
  EXPECT_EQ(back.address[1], AddressMode::kBorder);
}

// Residency bit index: 20 x 9 texels in 8 x 4 tiles -> 3 x 3 tiles, rounded to 4 x 4 (bx = by
// = 2); 3 levels -> level_bits 2. Tile (2, 1) of level 1, layer 0: ((0 << 2 | 1) << 4) | 1 << 2
// | 2 = 16 + 4 + 2 = 22.
TEST(TextureWords, ResidencyBitIsShiftsAndOrs) {
  TextureDesc d;
  d.width = 20, d.height = 9, d.levels = 3;
  d.tile_log2[0] = 3, d.tile_log2[1] = 2;
  const ResidencyIndex ri = MakeResidencyIndex(d);
  EXPECT_EQ(ri.tile_bits[0], 2);
  EXPECT_EQ(ri.tile_bits[1], 2);
  EXPECT_EQ(ri.tile_bits[2], 0);
  EXPECT_EQ(ri.level_bits, 2);
  EXPECT_EQ(ResidencyBit(ri, d, 1, 0, 16, 4, 0), 22u);
  EXPECT_EQ(ResidencyBit(ri, d, 1, 0, 23, 7, 0), 22u);  // same tile
  EXPECT_EQ(ResidencyBit(ri, d, 0, 1, 0, 0, 0), 64u);   // layer 1 starts after 4 levels' tiles
}

// A texture written to memory and bound from its header behaves like the same texture bound
// through the API: every random texture, sampler and tex form of the regression's generator.
TEST(TextureWords, BoundFromMemorySamplesLikeTheApi) {
  tb::Rng rng(7);
  int ops = 0, nonresident = 0, traps = 0;
  for (int n = 0; n < 300; ++n) {
    SparseMemory mem;
    Unit api(&mem), slots(&mem);
    const ResolvedTexture t = tb::RandomTexture(rng, 40, /*allow_cube=*/true);
    tb::FillTexture(rng, t, &mem);
    const SamplerDesc other = tb::RandomSampler(rng);
    std::string err;
    ASSERT_TRUE(api.BindTexture(1, t.desc, &err)) << err;
    ASSERT_TRUE(api.BindSampler(2, other, &err)) << err;
    TexturePlacement p;
    p.level_table = 0x1000;
    p.residency_map = 0x8000;
    p.sampler_slot = 3;
    const TextureImage img = EncodeTexture(t, p);
    for (size_t k = 0; k < img.levels.size(); ++k) {
      mem.Write(p.level_table + 16 * k, img.levels[k].data(), 16);
    }
    for (const auto& [addr, byte] : img.residency) mem.Write(addr, &byte, 1);
    std::string why;
    ASSERT_EQ(slots.BindTextureImage(1, img.header, &why), TrapCause::kNone) << why;
    ASSERT_EQ(slots.BindSamplerImage(2, EncodeSampler(other), &why), TrapCause::kNone) << why;
    ASSERT_EQ(slots.BindSamplerImage(3, EncodeSampler(t.desc.sampler), &why), TrapCause::kNone) << why;
    for (int k = 0; k < 40; ++k) {
      const bool independent = tb::Chance(rng, 30);
      const tb::TexOp op = tb::RandomTexOp(rng, t, independent, 1, 2);
      ASSERT_EQ(op.ptx.find("generator bug"), std::string::npos) << op.ptx;
      const Response a = api.Execute(op.in, op.req);
      const Response b = slots.Execute(op.in, op.req);
      ASSERT_EQ(a.trap, b.trap) << op.ptx;
      ASSERT_EQ(a.pred, b.pred) << op.ptx;
      for (int c = 0; c < 4; ++c) ASSERT_EQ(a.data[c], b.data[c]) << op.ptx << " element " << c;
      ++ops;
      nonresident += !a.pred;
      traps += a.trap != TrapCause::kNone;
    }
  }
  EXPECT_EQ(ops, 12000);
  EXPECT_GT(nonresident, 20);  // the bitmap was exercised
  RecordProperty("nonresident", nonresident);
  RecordProperty("traps", traps);
}

// Every header, level-record and sampler rule, each named in the error.
TEST(TextureWords, InvalidSlotsTrapNamingTheRule) {
  SparseMemory mem;
  const ResolvedTexture r = Resolve(Mip2d());
  TexturePlacement p;
  p.level_table = 0x5000;
  const TextureImage img = EncodeTexture(r, p);
  for (size_t k = 0; k < img.levels.size(); ++k) mem.Write(0x5000 + 16 * k, img.levels[k].data(), 16);
  struct Case {
    const char* want;
    DescField f;
    uint64_t v;
  } cases[] = {
      {"unbound", T::kind, 0},
      {"kind 1 is not a texture", T::kind, 1},
      {"dim 9 is not a geometry", T::dim, 9},
      {"is not an encoding", T::chtype, 31},
      {"width 0", T::width, 0},
      {"width 65537", T::width, 65537},
      {"height 0", T::height, 0},
      {"only 3d textures have depth", T::depth, 2},
      {"array_size is 0 for a non-array", T::array_size, 1},
      {"samples > 1 needs a 2dms", T::samples_log2, 1},
      {"levels 4 is not 1..3", T::levels, 4},
      {"levels 0", T::levels, 0},
      {"not 16-byte aligned", T::base, 0x20008},
      {"apply to block-linear textures only", T::block_height_log2, 1},
      {"layer stride", T::layer_stride, 0x700},
      {"level table", T::level_table, 0},
      {"level table", T::level_table, 0x5008},
  };
  for (const Case& c : cases) {
    DescImage h = img.header;
    SetField(&h, c.f, c.v);
    ResolvedTexture out;
    std::string why;
    EXPECT_EQ(DecodeTexture(h, &mem, &out, &why), TrapCause::kInvalidHandle) << c.want;
    EXPECT_NE(why.find(c.want), std::string::npos) << c.want << " / " << why;
  }
  // Multisample rows are width x samples texels wide.
  DescImage h = img.header;
  SetField(&h, T::dim, static_cast<uint64_t>(Geometry::k2dms));
  SetField(&h, T::levels, 1);
  SetField(&h, T::samples_log2, 1);
  SetField(&h, T::width, 32768);
  {
    ResolvedTexture out;
    std::string why;
    EXPECT_EQ(DecodeTexture(h, &mem, &out, &why), TrapCause::kNone) << why;
    SetField(&h, T::width, 32769);
    EXPECT_EQ(DecodeTexture(h, &mem, &out, &why), TrapCause::kInvalidHandle);
    EXPECT_NE(why.find("width x samples 65538 exceeds 65536"), std::string::npos) << why;
  }
  // Block-linear header rules.
  h = img.header;
  SetField(&h, T::layout, 0);
  SetField(&h, T::base, 0x20100);
  ResolvedTexture out;
  std::string why;
  EXPECT_EQ(DecodeTexture(h, &mem, &out, &why), TrapCause::kInvalidHandle);
  EXPECT_NE(why.find("512-byte aligned"), std::string::npos) << why;
  SetField(&h, T::base, 0x20000);
  SetField(&h, T::block_height_log2, 6);
  EXPECT_EQ(DecodeTexture(h, &mem, &out, &why), TrapCause::kInvalidHandle);
  EXPECT_NE(why.find("0..5"), std::string::npos) << why;

  // Level records: a bad one makes its level unusable, not the texture.
  struct LevelCase {
    const char* want;
    DescField f;
    uint64_t v;
  } level_cases[] = {
      {"is not 512-byte aligned", V::offset, 0x210},
      {"pitch 8 is not a multiple of 16", V::stride, 8},
      {"pitch 16 is not a multiple of 16 of at least a row (24 bytes)", V::stride, 16},
      {"apply to block-linear textures only", V::block_height_log2, 1},
  };
  for (const LevelCase& c : level_cases) {
    TexLevelImage rec = img.levels[0];
    SetBits(rec.data(), c.f, c.v);
    ResolvedSurface lv;
    EXPECT_FALSE(DecodeTexLevel(rec, r, 0, &lv, &why)) << c.want;
    EXPECT_NE(why.find(c.want), std::string::npos) << c.want << " / " << why;
  }
  ResolvedTexture block = Resolve([] {
    TextureDesc d = Mip2d();
    d.layout = Layout::kBlockLinear;
    d.block_height_log2 = 1;
    return d;
  }());
  TexLevelImage rec = EncodeTexLevel(block.level[0]);
  SetBits(rec.data(), V::block_height_log2, 2);
  ResolvedSurface lv;
  EXPECT_FALSE(DecodeTexLevel(rec, block, 0, &lv, &why));
  EXPECT_NE(why.find("exceeds the header's"), std::string::npos) << why;
  rec = EncodeTexLevel(block.level[0]);
  SetBits(rec.data(), V::stride, 0x300);
  EXPECT_FALSE(DecodeTexLevel(rec, block, 0, &lv, &why));
  EXPECT_NE(why.find("not a multiple of 512"), std::string::npos) << why;

  // Sampler rules.
  struct SamplerCase {
    const char* want;
    DescField f;
    uint64_t v;
  } sampler_cases[] = {
      {"unbound", S::kind, 0},
      {"kind 2 is not a sampler", S::kind, 2},
      {"mip filter 3", S::mip_filter, 3},
      {"lod bias", S::lod_bias, static_cast<uint16_t>(-127 * 256 - 1)},
      {"outside +-kLodSat", S::min_lod, 0x8000},
      {"min_lod 256/256 is greater than max_lod 0/256", S::min_lod, 256},
  };
  for (const SamplerCase& c : sampler_cases) {
    SamplerDesc s;
    s.min_lod = -1, s.max_lod = 0;
    DescImage d = EncodeSampler(s);
    SetField(&d, c.f, c.v);
    SamplerDesc back;
    EXPECT_EQ(DecodeSampler(d, &back, &why), TrapCause::kInvalidHandle) << c.want;
    EXPECT_NE(why.find(c.want), std::string::npos) << c.want << " / " << why;
  }
}

// Mip2d bound as a driver would (header in slot 1, level records at 0x5000, its sampler `s` in
// slot 3), with level `bad`'s record unusable (an unaligned offset).
void BindMip2dWithABadLevel(uint32_t bad, const SamplerDesc& s, SparseMemory* mem, Unit* unit) {
  const ResolvedTexture r = Resolve(Mip2d());
  TexturePlacement p;
  p.level_table = 0x5000;
  p.sampler_slot = 3;
  TextureImage img = EncodeTexture(r, p);
  SetBits(img.levels[bad].data(), V::offset, 0x123);
  for (size_t k = 0; k < img.levels.size(); ++k) mem->Write(0x5000 + 16 * k, img.levels[k].data(), 16);
  std::string why;
  ASSERT_EQ(unit->BindTextureImage(1, img.header, &why), TrapCause::kNone) << why;
  ASSERT_EQ(unit->BindSamplerImage(3, EncodeSampler(s), &why), TrapCause::kNone) << why;
}

// A bad level record traps exactly the requests that sample its level.
TEST(TextureWords, ABadLevelRecordTrapsOnlyItsLevel) {
  SparseMemory mem;
  Unit unit(&mem);
  SamplerDesc s;
  s.mip_filter = MipFilter::kNearest;
  ASSERT_NO_FATAL_FAILURE(BindMip2dWithABadLevel(2, s, &mem, &unit));
  std::string why;
  Instruction in;
  ASSERT_TRUE(ParsePtx("tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], l;", &in, &why)) << why;
  Request req;
  req.handle = 1;
  for (uint32_t level = 0; level < 3; ++level) {
    req.lod = AsBits(static_cast<float>(level));
    EXPECT_EQ(unit.Execute(in, req).trap, level == 2 ? TrapCause::kInvalidHandle : TrapCause::kNone)
        << "level " << level;
  }
  // The unified sampler slot is unbound: invalid handle.
  unit.UnbindSlot(3);
  req.lod = 0;
  EXPECT_EQ(unit.Execute(in, req).trap, TrapCause::kInvalidHandle);
}

// .grad scales its gradients by the texture's extents, not by its level-0 record's (T5): with
// level 0's record unusable, a .grad that selects level 1 samples it and does not trap; one that
// magnifies samples level 0 and traps.
TEST(TextureWords, GradLodIgnoresAnUnusableLevelZeroRecord) {
  SparseMemory mem;
  Unit unit(&mem);
  SamplerDesc s;
  s.mip_filter = MipFilter::kNearest;
  s.normalized = true;  // the gradients scale by the extents
  ASSERT_NO_FATAL_FAILURE(BindMip2dWithABadLevel(0, s, &mem, &unit));
  const ResolvedTexture r = Resolve(Mip2d());
  std::string why;
  Instruction in;
  ASSERT_TRUE(ParsePtx("tex.grad.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], {dx,dy}, {ex,ey};", &in, &why))
      << why;
  Request req;
  req.handle = 1;
  req.coords[0] = req.coords[1] = AsBits(0.5f);
  // Two texels per pixel along x: rho 2, lambda exactly 1.0, level 1.
  req.dpdx[0] = AsBits(2.0f / static_cast<float>(r.desc.width));
  EXPECT_EQ(unit.Execute(in, req).trap, TrapCause::kNone);
  req.dpdx[0] = AsBits(0.5f / static_cast<float>(r.desc.width));  // magnified: level 0
  EXPECT_EQ(unit.Execute(in, req).trap, TrapCause::kInvalidHandle);
}

}  // namespace
}  // namespace tsu
