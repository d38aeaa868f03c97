// In-memory descriptors: the bytes of a slot against hand-derived layouts, round trips through
// the validation, and every rejection rule (docs/descriptors.md).
#include <gtest/gtest.h>

#include "tsu/descriptor_words.h"
#include "tsu/memory.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

ResolvedSurface Resolve(const SurfaceDesc& d) {
  ResolvedSurface r;
  std::string err;
  EXPECT_TRUE(ResolveSurface(d, &r, &err)) << err;
  return r;
}

SurfaceDesc Pitch2d() {
  SurfaceDesc d;
  d.base = 0x12340;
  d.dim = Geometry::k2d;
  d.width = 5;
  d.height = 3;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnormInt8;  // 4 bytes: row 20 bytes, pitch 32
  return d;
}

// Hand-derived bytes: word 0 holds kind 1, dim 1 (2d) << 4, order 5 << 8, type 2 << 13, layout 1
// << 18, pitch 32 << 32; width 5 and height 3 at bytes 8 and 12; base at byte 24; slice 96 at
// byte 32; layer stride 96 at byte 40.
TEST(DescriptorWords, SurfaceBytesAreTheDocumentedLayout) {
  const DescImage d = EncodeSurface(Resolve(Pitch2d()));
  const uint64_t w0 = 1 | (1u << 4) | (5u << 8) | (2u << 13) | (1u << 18) | (32ull << 32);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(d[i], static_cast<uint8_t>(w0 >> (8 * i))) << "byte " << i;
  EXPECT_EQ(d[8], 5);
  EXPECT_EQ(d[12], 3);
  EXPECT_EQ(d[16], 1);  // depth
  EXPECT_EQ(d[20], 0);  // array size
  EXPECT_EQ(d[24], 0x40);
  EXPECT_EQ(d[25], 0x23);
  EXPECT_EQ(d[26], 0x01);
  EXPECT_EQ(d[32], 96);
  EXPECT_EQ(d[40], 96);
  for (int i = 48; i < 64; ++i) EXPECT_EQ(d[i], 0) << "byte " << i;
}

TEST(DescriptorWords, RoundTripKeepsTheResolvedStrides) {
  SurfaceDesc b = Pitch2d();
  b.layout = Layout::kBlockLinear;
  b.base = 0x40000;
  b.dim = Geometry::k3d;
  b.depth = 9;
  b.block_height_log2 = 2;
  b.block_depth_log2 = 1;
  for (const SurfaceDesc& d : {Pitch2d(), b}) {
    const ResolvedSurface r = Resolve(d);
    ResolvedSurface back;
    std::string why;
    ASSERT_EQ(DecodeSurface(EncodeSurface(r), &back, &why), TrapCause::kNone) << why;
    EXPECT_EQ(back.desc.base, r.desc.base);
    EXPECT_EQ(back.row_bytes, r.row_bytes);
    EXPECT_EQ(back.pitch, r.pitch);
    EXPECT_EQ(back.slice_bytes, r.slice_bytes);
    EXPECT_EQ(back.layer_stride, r.layer_stride);
    EXPECT_EQ(back.row_of_blocks, r.row_of_blocks);
    EXPECT_EQ(back.gobs_x, r.gobs_x);
    EXPECT_EQ(back.size_bytes, r.size_bytes);
  }
}

// Each rule, broken on its own, makes the slot invalid_handle, and names the rule.
TEST(DescriptorWords, EveryRuleRejects) {
  namespace L = desc_layout::Surface;
  struct Case {
    DescField f;
    uint64_t v;
    const char* why;
  };
  const Case cases[] = {
      {L::kind, 0, "unbound"},          {L::kind, 2, "not a surface"},
      {L::dim, 5, "not 1d"},            {L::chorder, 0x14, "not an encoding"},
      {L::chtype, 0x04, "require"},    {L::chorder, 0x0E, "DEPTH_STENCIL"},
      {L::width, 0, "width"},           {L::width, 65537, "width"},
      {L::height, 0, "height"},         {L::depth, 2, "depth > 1"},
      {L::depth, 4097, "depth"},        {L::array_size, 1, "non-array"},
      {L::pitch, 16, "pitch"},          {L::pitch, 40, "pitch"},
      {L::base, 0x12348, "16-byte"},    {L::block_height_log2, 1, "block-linear surfaces only"},
  };
  const DescImage good = EncodeSurface(Resolve(Pitch2d()));
  for (const Case& c : cases) {
    DescImage d = good;
    SetField(&d, c.f, c.v);
    ResolvedSurface r;
    std::string why;
    EXPECT_EQ(DecodeSurface(d, &r, &why), TrapCause::kInvalidHandle) << c.why;
    EXPECT_NE(why.find(c.why), std::string::npos) << why;
  }
}

TEST(DescriptorWords, BlockLinearRules) {
  namespace L = desc_layout::Surface;
  SurfaceDesc b = Pitch2d();
  b.layout = Layout::kBlockLinear;
  b.base = 0x40000;
  const DescImage good = EncodeSurface(Resolve(b));
  const std::pair<DescField, uint64_t> bad[] = {
      {L::base, 0x40100}, {L::pitch, 64}, {L::block_height_log2, 6}, {L::block_depth_log2, 1}};
  for (const auto& [f, v] : bad) {
    DescImage d = good;
    SetField(&d, f, v);
    ResolvedSurface r;
    std::string why;
    EXPECT_EQ(DecodeSurface(d, &r, &why), TrapCause::kInvalidHandle) << f.lsb;
  }
}

// The model's unit reads the same bytes: a valid slot binds, a bad one leaves the handle unbound.
TEST(DescriptorWords, UnitBindsFromTheImage) {
  SparseMemory mem;
  Unit u(&mem);
  std::string why;
  const ResolvedSurface r = Resolve(Pitch2d());
  EXPECT_EQ(u.BindSurfaceImage(3, EncodeSurface(r), &why), TrapCause::kNone);
  ASSERT_NE(u.FindSurface(3), nullptr);
  EXPECT_EQ(u.FindSurface(3)->pitch, 32u);
  EXPECT_EQ(u.BindSurfaceImage(3, DescImage{}, &why), TrapCause::kInvalidHandle);
  EXPECT_EQ(u.FindSurface(3), nullptr);
}

}  // namespace
}  // namespace tsu
