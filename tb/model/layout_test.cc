// Block-linear and pitch-linear addresses against the formula of semantics.md §10, worked by hand.
#include <gtest/gtest.h>

#include "tsu/descriptor.h"
#include "tsu/layout.h"
#include "tsu/memory.h"
#include "tsu/packed_texels.h"
#include "tsu/texture.h"

namespace tsu {
namespace {

ResolvedSurface Resolve(SurfaceDesc d) {
  ResolvedSurface r;
  std::string err;
  EXPECT_TRUE(ResolveSurface(d, &r, &err)) << err;
  return r;
}

TEST(Gob, OffsetBitsAreX5Y2Y1X4Y0X3X2X1X0) {
  EXPECT_EQ(GobOffset(0, 0), 0u);
  EXPECT_EQ(GobOffset(15, 0), 15u);
  EXPECT_EQ(GobOffset(16, 0), 32u);   // x4 → bit 5
  EXPECT_EQ(GobOffset(32, 0), 256u);  // x5 → bit 8
  EXPECT_EQ(GobOffset(0, 1), 16u);    // y0 → bit 4
  EXPECT_EQ(GobOffset(0, 2), 64u);    // y1 → bit 6
  EXPECT_EQ(GobOffset(0, 4), 128u);   // y2 → bit 7
  EXPECT_EQ(GobOffset(63, 7), 511u);
  // Every offset 0..511 is hit exactly once.
  bool seen[512] = {};
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 64; ++x) {
      ASSERT_FALSE(seen[GobOffset(x, y)]);
      seen[GobOffset(x, y)] = true;
    }
  }
}

TEST(BlockLinear, TwoDimensionalBlockHeight2) {
  SurfaceDesc d;
  d.dim = Geometry::k2d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnormInt8;
  d.width = 128;  // 128 bytes: 2 GOBs across
  d.height = 64;
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 1;  // 2 GOBs (16 rows) per block
  ResolvedSurface s = Resolve(d);
  EXPECT_EQ(s.gobs_x, 2u);
  EXPECT_EQ(s.row_of_blocks, 2048u);  // 2 GOBs x 2 GOBs x 512 B
  // (x=70, y=20): block row 1 → 2048; GOB row in block 0; GOB column 1 → 1024;
  // in-GOB (6, 4) → 128 + 6.
  EXPECT_EQ(BlockLinearOffset(s, 70, 20, 0), 2048u + 1024u + 134u);
  // (x=5, y=9): block row 0; GOB row 1 in the block → 512; in-GOB (5, 1) → 16 + 5.
  EXPECT_EQ(BlockLinearOffset(s, 5, 9, 0), 512u + 21u);
}

TEST(BlockLinear, ThreeDimensionalBlockDepth2) {
  SurfaceDesc d;
  d.dim = Geometry::k3d;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnormInt8;
  d.width = 16;  // 64 bytes: 1 GOB across
  d.height = 8;
  d.depth = 4;
  d.layout = Layout::kBlockLinear;
  d.block_depth_log2 = 1;
  ResolvedSurface s = Resolve(d);
  EXPECT_EQ(s.row_of_blocks, 1024u);  // 1 x 1 x 2 GOBs
  EXPECT_EQ(s.slice_bytes, 1024u);    // one row of blocks covers the 8 rows
  // (xB=40, y=5, z=3): (3>>1)*1024 + (3&1)<<9 = 1536; in-GOB (40, 5): 256+128+0+16+8 = 408.
  EXPECT_EQ(BlockLinearOffset(s, 40, 5, 3), 1536u + 408u);
  EXPECT_EQ(s.layer_stride, 2048u);  // 4 slices / 2 per block
}

TEST(BlockLinear, TallBlocksAndSeveralBlockRows) {
  SurfaceDesc d;
  d.dim = Geometry::k2d;
  d.order = ChannelOrder::kRG;
  d.type = ChannelType::kFloat;  // 8 bytes per texel
  d.width = 20;                  // 160 bytes → 3 GOBs across
  d.height = 100;
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 2;  // 32 rows per block
  ResolvedSurface s = Resolve(d);
  EXPECT_EQ(s.gobs_x, 3u);
  EXPECT_EQ(s.row_of_blocks, 3u * 4u * 512u);
  EXPECT_EQ(s.slice_bytes, 4u * 6144u);  // ceil(100/32) = 4 block rows
  // texel x=17 → xB=136: GOB column 2 → 2<<11 = 4096; y=70: block row 2 → 12288;
  // GOB row (70>>3)&3 = 0; in-GOB (136&63=8, 6): 0+192+0+0+8 = 200.
  EXPECT_EQ(BlockLinearOffset(s, 136, 70, 0), 12288u + 4096u + 200u);
}

TEST(PitchLinear, RowsSlicesAndLayers) {
  SurfaceDesc d;
  d.dim = Geometry::kA2d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnsignedInt16;
  d.width = 10;  // 20 bytes → default pitch 32
  d.height = 3;
  d.array_size = 5;
  ResolvedSurface s = Resolve(d);
  EXPECT_EQ(s.pitch, 32u);
  EXPECT_EQ(s.layer_stride, 96u);
  EXPECT_EQ(SurfaceOffset(s, 6, 2, 0, 4), 4u * 96u + 2u * 32u + 6u);
}

// Packed texels (tsu/packed_texels.h) land where the layout puts them, by hand: a 3 x 2 RGBA8
// pitch surface of 2 layers with a 16-byte pitch, texel (x, y) of layer l at base + l x 32 +
// y x 16 + 4x; and they read back unchanged.
TEST(PackedTexels, SurfaceRowsLandAtTheirPitch) {
  SurfaceDesc d;
  d.base = 0x1000;
  d.dim = Geometry::kA2d;
  d.width = 3;
  d.height = 2;
  d.array_size = 2;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnormInt8;
  ResolvedSurface s;
  std::string err;
  ASSERT_TRUE(ResolveSurface(d, &s, &err)) << err;
  ASSERT_EQ(s.pitch, 16u);
  ASSERT_EQ(PackedSurfaceBytes(s), 2u * 2 * 3 * 4);
  std::vector<uint8_t> packed(PackedSurfaceBytes(s));
  for (size_t i = 0; i < packed.size(); ++i) packed[i] = static_cast<uint8_t>(i + 1);
  SparseMemory mem;
  WritePackedSurface(s, packed.data(), &mem);
  for (uint32_t l = 0; l < 2; ++l)
    for (uint32_t y = 0; y < 2; ++y)
      for (uint32_t x = 0; x < 3; ++x) {
        const size_t i = ((l * 2 + y) * 3 + x) * 4;
        EXPECT_EQ(mem.ReadByte(0x1000 + l * 32 + y * 16 + 4 * x), packed[i]) << l << " " << y << " " << x;
      }
  EXPECT_EQ(mem.ReadByte(0x1000 + 12), 0u);  // the pitch's padding is not written
  EXPECT_EQ(ReadPackedSurface(s, &mem), packed);
}

// A multisample level packs [layer][y][x][sample]: sample s of texel (x, y) is the texel's
// s-th run of texel bytes, at TexelAddress(..., s).
TEST(PackedTexels, MultisampleLevelKeepsSamplesTogether) {
  TextureDesc d;
  d.base = 0x10000;
  d.dim = Geometry::k2dms;
  d.width = 2;
  d.height = 2;
  d.samples = 4;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnsignedInt16;
  ResolvedTexture t;
  std::string err;
  ASSERT_TRUE(ResolveTexture(d, &t, &err)) << err;
  ASSERT_EQ(PackedLevelBytes(t, 0), 2u * 2 * 4 * 2);
  std::vector<uint8_t> packed(PackedLevelBytes(t, 0));
  for (size_t i = 0; i < packed.size(); ++i) packed[i] = static_cast<uint8_t>(0x80 + i);
  SparseMemory mem;
  WritePackedLevel(t, 0, packed.data(), &mem);
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 2; ++x)
      for (uint32_t smp = 0; smp < 4; ++smp) {
        const size_t i = ((y * 2 + x) * 4 + smp) * 2;
        const uint64_t a = TexelAddress(t, 0, 0, x, y, 0, smp);
        EXPECT_EQ(mem.ReadByte(a), packed[i]);
        EXPECT_EQ(mem.ReadByte(a + 1), packed[i + 1]);
      }
}

}  // namespace
}  // namespace tsu
