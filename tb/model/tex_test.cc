// tex semantics through tsu::Unit: whole lookups against the formula in double precision with
// the 1.8 quantization applied, traps, left-out features (H15), every format, descriptors.
#include <gtest/gtest.h>

#include <immintrin.h>

#include <cmath>
#include <limits>
#include <random>

#include "tsu/float_bits.h"
#include "tsu/ptx_parser.h"
#include "tsu/tex_features.h"
#include "tsu/tex_math.h"
#include "tsu/texture.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

constexpr auto B = AsBits;
constexpr auto F = AsFloat;

// ---- Whole lookups ------------------------------------------------------------------------------

class TexFixture : public ::testing::Test {
 protected:
  TexFixture() : unit_(&mem_) {}

  void Bind(const TextureDesc& d) {
    std::string err;
    ASSERT_TRUE(unit_.BindTexture(1, d, &err)) << err;
    tex_ = unit_.FindTexture(1);
  }
  void Put(uint32_t level, uint32_t layer, uint32_t x, uint32_t y, uint32_t z, const uint32_t c[4],
           uint32_t sample = 0) {
    uint8_t bytes[16] = {};
    PackTexel(tex_->fmt, c, bytes);
    mem_.Write(TexelAddress(*tex_, level, layer, x, y, z, sample), bytes,
               static_cast<uint32_t>(tex_->fmt.texel_bytes));
  }
  void PutF(uint32_t level, uint32_t layer, uint32_t x, uint32_t y, uint32_t z, float r, float g = 0,
            float b = 0, float a = 1) {
    const uint32_t c[4] = {B(r), B(g), B(b), B(a)};
    Put(level, layer, x, y, z, c);
  }
  Response Tex(const std::string& ptx, const Request& req) {
    Instruction in;
    std::string err;
    EXPECT_TRUE(ParsePtx(ptx, &in, &err)) << err << ": " << ptx;
    return unit_.Execute(in, req);
  }
  static Request Coords(float a, float b = 0, float c = 0, float d = 0) {
    Request r;
    r.handle = 1;
    r.coords[0] = B(a), r.coords[1] = B(b), r.coords[2] = B(c), r.coords[3] = B(d);
    return r;
  }

  SparseMemory mem_;
  Unit unit_;
  const ResolvedTexture* tex_ = nullptr;
};

TextureDesc Float2d(uint32_t w, uint32_t h, FilterMode f, Layout layout = Layout::kPitch) {
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = w, d.height = h;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kFloat;
  d.layout = layout;
  d.base = 0x10000;
  d.sampler.mag_filter = d.sampler.min_filter = f;
  d.sampler.normalized = true;
  d.sampler.address[0] = d.sampler.address[1] = AddressMode::kWrap;
  return d;
}

TEST_F(TexFixture, NearestAtTexelCentresReturnsTheTexel) {
  for (Layout layout : {Layout::kPitch, Layout::kBlockLinear}) {
    Bind(Float2d(13, 7, FilterMode::kNearest, layout));
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> d(-100, 100);
    float v[13][7];
    for (uint32_t y = 0; y < 7; ++y) {
      for (uint32_t x = 0; x < 13; ++x) PutF(0, 0, x, y, 0, v[x][y] = d(rng), 1, 2, 3);
    }
    for (uint32_t y = 0; y < 7; ++y) {
      for (uint32_t x = 0; x < 13; ++x) {
        const Response r = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];",
                               Coords((x + 0.5f) / 13, (y + 0.5f) / 7));
        ASSERT_EQ(r.trap, TrapCause::kNone);
        EXPECT_EQ(F(r.data[0]), v[x][y]);
        EXPECT_EQ(F(r.data[3]), 3.0f);
      }
    }
  }
}

TEST_F(TexFixture, LinearOverAConstantReturnsTheConstant) {
  Bind(Float2d(9, 5, FilterMode::kLinear));
  for (uint32_t y = 0; y < 5; ++y) {
    for (uint32_t x = 0; x < 9; ++x) PutF(0, 0, x, y, 0, 0.3f, -7.25f, 1e-3f, 1);
  }
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> d(-3, 3);
  for (int k = 0; k < 2000; ++k) {
    const Response r = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", Coords(d(rng), d(rng)));
    EXPECT_EQ(F(r.data[0]), 0.3f);
    EXPECT_EQ(F(r.data[1]), -7.25f);
    EXPECT_EQ(F(r.data[2]), 1e-3f);
  }
}

// Bilinear against the formula in double precision with the 1.8 quantization applied.
TEST_F(TexFixture, BilinearMatchesTheQuantizedFormula) {
  Bind(Float2d(6, 4, FilterMode::kLinear));
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> d(-1, 1);
  double T[6][4];
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 6; ++x) PutF(0, 0, x, y, 0, static_cast<float>(T[x][y] = d(rng)));
  }
  for (int k = 0; k < 5000; ++k) {
    const float u = d(rng) * 2, v = d(rng) * 2;
    const Response r = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", Coords(u, v));
    // Independent derivation: x = u*W, fx = round((x - 0.5) * 256), wrap both taps.
    const double fx = std::floor((static_cast<double>(u * 6.0f) - 0.5) * 256 + 0.5);
    const double fy = std::floor((static_cast<double>(v * 4.0f) - 0.5) * 256 + 0.5);
    const int64_t i = static_cast<int64_t>(std::floor(fx / 256)), j = static_cast<int64_t>(std::floor(fy / 256));
    const double a = (fx - 256.0 * i) / 256, b = (fy - 256.0 * j) / 256;
    auto t = [&](int64_t x, int64_t y) { return T[((x % 6) + 6) % 6][((y % 4) + 4) % 4]; };
    const double want = (1 - a) * (1 - b) * t(i, j) + a * (1 - b) * t(i + 1, j) + (1 - a) * b * t(i, j + 1) +
                        a * b * t(i + 1, j + 1);
    EXPECT_NEAR(F(r.data[0]), want, 1e-6) << u << "," << v;
  }
}

TEST_F(TexFixture, WrapIsPeriodicAndMirrorIsSymmetric) {
  TextureDesc d = Float2d(5, 3, FilterMode::kLinear);
  Bind(d);
  std::mt19937 rng(6);
  std::uniform_real_distribution<float> dist(-1, 1);
  for (uint32_t y = 0; y < 3; ++y) {
    for (uint32_t x = 0; x < 5; ++x) PutF(0, 0, x, y, 0, dist(rng));
  }
  for (int k = 0; k < 500; ++k) {
    // Multiples of 1/128 keep u*W exact, so u and u + 1 address the same sub-texel position.
    const float u = static_cast<float>(rng() % 256) / 128.0f - 1.0f, v = static_cast<float>(rng() % 256) / 128.0f;
    const Response a = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", Coords(u, v));
    const Response b = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", Coords(u + 1.0f, v - 2.0f));
    EXPECT_EQ(a.data[0], b.data[0]);
  }
  d.sampler.address[0] = d.sampler.address[1] = AddressMode::kMirror;
  std::string err;
  ASSERT_TRUE(unit_.BindTexture(1, d, &err));
  for (int k = 0; k < 500; ++k) {
    const float u = static_cast<float>(rng() % 256) / 128.0f, v = static_cast<float>(rng() % 256) / 128.0f;
    const Response a = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", Coords(u, v));
    const Response b = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", Coords(-u, -v));
    // The mirrored footprint lerps the same taps in the opposite order: equal up to rounding.
    EXPECT_NEAR(F(a.data[0]), F(b.data[0]), 1e-6) << u << "," << v;
  }
}

TEST_F(TexFixture, BorderReturnsTheBorderColour) {
  TextureDesc d = Float2d(4, 4, FilterMode::kNearest);
  d.sampler.address[0] = d.sampler.address[1] = AddressMode::kBorder;
  d.sampler.border[0] = B(0.25f), d.sampler.border[3] = B(0.5f);
  Bind(d);
  const Response r = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", Coords(1.1f, 0.5f));
  EXPECT_EQ(F(r.data[0]), 0.25f);
  EXPECT_EQ(F(r.data[3]), 0.5f);
}

// A mip chain with a constant value per level (the level number).
TEST_F(TexFixture, TwoTimesMinifiedGradientGivesLodOne) {
  TextureDesc d = Float2d(64, 64, FilterMode::kNearest);
  d.levels = 7;
  d.sampler.mip_filter = MipFilter::kNearest;
  Bind(d);
  for (uint32_t k = 0; k < 7; ++k) {
    for (uint32_t y = 0; y < (64u >> k); ++y) {
      for (uint32_t x = 0; x < (64u >> k); ++x) PutF(k, 0, x, y, 0, static_cast<float>(k));
    }
  }
  Request r = Coords(0.3f, 0.6f);
  r.dpdx[0] = B(2.0f / 64), r.dpdy[1] = B(2.0f / 64);  // two texels per pixel
  EXPECT_EQ(F(Tex("tex.grad.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], {x0,x1}, {y0,y1};", r).data[0]), 1.0f);
  r.dpdx[0] = B(8.0f / 64), r.dpdy[1] = B(1.0f / 64);  // the larger gradient decides: 8x -> 3
  EXPECT_EQ(F(Tex("tex.grad.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], {x0,x1}, {y0,y1};", r).data[0]), 3.0f);
  r.lod = B(4.0f);
  EXPECT_EQ(F(Tex("tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], l;", r).data[0]), 4.0f);
  r.lod = B(40.0f);  // beyond the chain: the last level
  EXPECT_EQ(F(Tex("tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], l;", r).data[0]), 6.0f);
  EXPECT_EQ(F(Tex("tex.base.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", r).data[0]), 0.0f);
  // Trilinear: LOD 1.25 blends levels 1 and 2 with weight 64/256.
  d.sampler.mip_filter = MipFilter::kLinear;
  std::string err;
  ASSERT_TRUE(unit_.BindTexture(1, d, &err));
  r.lod = B(1.25f);
  EXPECT_EQ(F(Tex("tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], l;", r).data[0]), 1.25f);
  // Nearest mip rounds half down (Vulkan ceil(d + 0.5) - 1): 1.5 -> 1, 1.5 + 1/256 -> 2.
  d.sampler.mip_filter = MipFilter::kNearest;
  ASSERT_TRUE(unit_.BindTexture(1, d, &err));
  r.lod = B(1.5f);
  EXPECT_EQ(F(Tex("tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], l;", r).data[0]), 1.0f);
  r.lod = B(1.5f + 1.0f / 256);
  EXPECT_EQ(F(Tex("tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], l;", r).data[0]), 2.0f);
}

TEST_F(TexFixture, NonResidentTilesReturnZeroAndFalse) {
  TextureDesc d = Float2d(16, 16, FilterMode::kNearest);
  d.tile_log2[0] = d.tile_log2[1] = 3;  // 8x8 tiles
  d.non_resident.push_back({0, 0, 1, 0, 0});  // x 8..15, y 0..7
  Bind(d);
  for (uint32_t y = 0; y < 16; ++y) {
    for (uint32_t x = 0; x < 16; ++x) PutF(0, 0, x, y, 0, 5.0f, 6.0f, 7.0f, 8.0f);
  }
  Response r = Tex("tex.2d.v4.f32.f32 {a,b,c,d}|p, [t, {u,v}];", Coords(0.75f, 0.25f));
  EXPECT_FALSE(r.pred);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(r.data[k], 0u);
  r = Tex("tex.2d.v4.f32.f32 {a,b,c,d}|p, [t, {u,v}];", Coords(0.25f, 0.25f));
  EXPECT_TRUE(r.pred);
  EXPECT_EQ(F(r.data[0]), 5.0f);
}

TEST_F(TexFixture, DepthCompareBeforeFiltering) {
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = 2, d.height = 1;
  d.order = ChannelOrder::kDepth;
  d.type = ChannelType::kFloat;
  d.sampler.mag_filter = FilterMode::kLinear;
  d.sampler.compare = CompareOp::kLessEqual;
  Bind(d);
  const uint32_t t0[4] = {B(0.2f), 0, 0, 0}, t1[4] = {B(0.8f), 0, 0, 0};
  Put(0, 0, 0, 0, 0, t0);
  Put(0, 0, 1, 0, 0, t1);
  Request r = Coords(1.0f, 0.5f);  // half way: (ref <= 0.2) and (ref <= 0.8) averaged
  r.depth_ref = B(0.5f);
  Response out = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], f;", r);
  EXPECT_EQ(F(out.data[0]), 0.5f);  // 0 and 1 filtered, not 0.5 compared against 0.5
  EXPECT_EQ(F(out.data[3]), 1.0f);
  r.depth_ref = B(0.1f);
  EXPECT_EQ(F(Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], f;", r).data[0]), 1.0f);
}

TEST_F(TexFixture, CubeFacesAgreeAlongSharedEdges) {
  TextureDesc d;
  d.dim = Geometry::kCube;
  d.width = d.height = 4;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kFloat;
  d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
  d.sampler.seamless_cube = true;
  Bind(d);
  std::mt19937 rng(8);
  std::uniform_real_distribution<float> dist(0, 1);
  for (uint32_t f = 0; f < 6; ++f) {
    for (uint32_t y = 0; y < 4; ++y) {
      for (uint32_t x = 0; x < 4; ++x) PutF(0, f, x, y, 0, dist(rng));
    }
  }
  // Directions exactly on an edge between two faces (|major| == |other|): the tie picks one face,
  // and a direction a hair to either side must give (nearly) the same filtered value.
  for (int k = 0; k < 300; ++k) {
    const float t = dist(rng) * 1.6f - 0.8f;
    const float e = 1.0f / 4096;
    const Response a = Tex("tex.cube.v4.f32.f32 {a,b,c,d}, [t, {x,y,z,w}];", Coords(1.0f, t, 1.0f - e));
    const Response b = Tex("tex.cube.v4.f32.f32 {a,b,c,d}, [t, {x,y,z,w}];", Coords(1.0f - e, t, 1.0f));
    EXPECT_NEAR(F(a.data[0]), F(b.data[0]), 2e-3) << t;
  }
}

// A direction with a NaN component: x = -0.25 is the major axis (the NaN y never wins, z = 4 is
// not compared against it), so face 1 (-x) with sc = z = 4 over |ma| = 0.25: s = 8.5, t = NaN.
// The nearest tap's i = floor(8.5 * 2) = 17 lies 16 texels past the face; T8 reads one texel
// across the edge (i = N): face 1's edge i = N meets face 4 at i2 = 0, j2 = j = 0 (t NaN -> 0).
// Without the seamless flag the tap clamps to face 1's texel (1, 0).
TEST_F(TexFixture, CubeTapOfANaNDirectionReadsOneTexelAcross) {
  TextureDesc d;
  d.dim = Geometry::kCube;
  d.width = d.height = 2;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnsignedInt32;
  d.sampler.seamless_cube = true;
  Bind(d);
  for (uint32_t f = 0; f < 6; ++f) {
    for (uint32_t y = 0; y < 2; ++y) {
      for (uint32_t x = 0; x < 2; ++x) {
        const uint32_t c[4] = {100 * f + 10 * y + x, 0, 0, 0};
        Put(0, f, x, y, 0, c);
      }
    }
  }
  const char* kTex = "tex.cube.v4.u32.f32 {a,b,c,d}, [t, {x,y,z,w}];";
  const Request r = Coords(-0.25f, std::numeric_limits<float>::quiet_NaN(), 4.0f);
  EXPECT_EQ(Tex(kTex, r).data[0], 400u);  // face 4, texel (0, 0)
  d.sampler.seamless_cube = false;
  Bind(d);
  EXPECT_EQ(Tex(kTex, r).data[0], 101u);  // face 1, texel (1, 0)
}

TEST_F(TexFixture, ArraysMultisampleAndIntegerCoordinates) {
  TextureDesc d;
  d.dim = Geometry::kA2dms;
  d.width = 4, d.height = 4, d.array_size = 3, d.samples = 4;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnsignedInt32;
  Bind(d);
  for (uint32_t l = 0; l < 3; ++l) {
    for (uint32_t s = 0; s < 4; ++s) {
      const uint32_t c[4] = {100 * l + 10 * s + 1, 0, 0, 0};
      Put(0, l, 2, 1, 0, c, s);
    }
  }
  Request r;
  r.handle = 1;
  r.coords[0] = 2, r.coords[1] = 3, r.coords[2] = 2, r.coords[3] = 1;  // {index, sample, x, y}
  Response out = Tex("tex.a2dms.v4.u32.s32 {a,b,c,d}, [t, {i,s,x,y}];", r);
  EXPECT_EQ(out.data[0], 231u);
  EXPECT_EQ(out.data[3], 1u);  // missing alpha of an integer format is 1
  r.coords[0] = 99;  // the layer clamps to the last
  EXPECT_EQ(Tex("tex.a2dms.v4.u32.s32 {a,b,c,d}, [t, {i,s,x,y}];", r).data[0], 231u);
  // Offsets move integer coordinates: x = 1 + 1.
  r.coords[2] = 1;
  r.offset[0] = 1;
  EXPECT_EQ(Tex("tex.a2dms.v4.u32.s32 {a,b,c,d}, [t, {i,s,x,y}], {o1,o2};", r).data[0], 231u);
  // Integer results converted to f32 for an .f32 destination.
  r.offset[0] = 0, r.coords[2] = 2;
  EXPECT_EQ(F(Tex("tex.a2dms.v4.f32.s32 {a,b,c,d}, [t, {i,s,x,y}];", r).data[0]), 231.0f);
}

TEST_F(TexFixture, ResultConversions) {
  TextureDesc d = Float2d(1, 1, FilterMode::kNearest);
  Bind(d);
  PutF(0, 0, 0, 0, 0, 1.5f, -2.7f, 65536.0f * 65536.0f, 0.1f);
  Request r = Coords(0.5f, 0.5f);
  Response out = Tex("tex.2d.v4.s32.f32 {a,b,c,d}, [t, {u,v}];", r);
  EXPECT_EQ(out.data[0], 1u);
  EXPECT_EQ(out.data[1], static_cast<uint32_t>(-2));
  EXPECT_EQ(out.data[2], 0x7FFFFFFFu);
  out = Tex("tex.2d.v4.u32.f32 {a,b,c,d}, [t, {u,v}];", r);
  EXPECT_EQ(out.data[1], 0u);
  out = Tex("tex.2d.v4.f16.f32 {a,b,c,d}, [t, {u,v}];", r);
  EXPECT_EQ(out.data[0], 0x3E00u);
  EXPECT_EQ(out.data[2], 0x7C00u);  // overflow -> +Inf
  out = Tex("tex.2d.v2.f16x2.f32 {a,b}, [t, {u,v}];", r);
  EXPECT_EQ(out.count, 2);
  EXPECT_EQ(out.data[0], 0x3E00u | (static_cast<uint64_t>(F32ToF16(B(-2.7f))) << 16));
}

TEST_F(TexFixture, ReadModeNormalizedAndSrgb) {
  TextureDesc d;
  d.dim = Geometry::k1d;
  d.width = 2;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnsignedInt8;
  d.sampler.read_mode = ReadMode::kNormalizedFloat;
  Bind(d);
  const uint32_t c[4] = {255, 0, 51, 128};
  Put(0, 0, 0, 0, 0, c);
  Response out = Tex("tex.1d.v4.f32.f32 {a,b,c,d}, [t, {u}];", Coords(0.5f));
  EXPECT_EQ(F(out.data[0]), 1.0f);
  EXPECT_EQ(F(out.data[2]), 0.2f);
  d.order = ChannelOrder::kSRGBA;
  d.type = ChannelType::kUnormInt8;
  d.sampler.read_mode = ReadMode::kElementType;
  Bind(d);
  const uint32_t s[4] = {B(1.0f), B(0.0f), B(128 / 255.0f), B(128 / 255.0f)};
  Put(0, 0, 0, 0, 0, s);
  out = Tex("tex.1d.v4.f32.f32 {a,b,c,d}, [t, {u}];", Coords(0.5f));
  // Colour decoded by the sRGB EOTF (computed here in long double), alpha linear.
  const long double code = 128 / 255.0L;
  EXPECT_EQ(F(out.data[2]), static_cast<float>(std::pow((code + 0.055L) / 1.055L, 2.4L)));
  EXPECT_EQ(F(out.data[3]), 128 / 255.0f);
}

TEST_F(TexFixture, IntegerTexturesAreNotFiltered) {
  TextureDesc d;
  d.dim = Geometry::k1d;
  d.width = 2;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kSignedInt16;
  d.sampler.mag_filter = FilterMode::kLinear;
  Bind(d);
  const uint32_t a[4] = {static_cast<uint32_t>(-7), 0, 0, 0}, b[4] = {9, 0, 0, 0};
  Put(0, 0, 0, 0, 0, a);
  Put(0, 0, 1, 0, 0, b);
  Request r;
  r.handle = 1;
  r.coords[0] = B(0.9f);  // linear would blend; integer results take the nearest texel
  EXPECT_EQ(Tex("tex.1d.v4.s32.f32 {a,b,c,d}, [t, {u}];", r).data[0], static_cast<uint32_t>(-7));
}

TEST_F(TexFixture, TrapsOnBadHandlesAndGeometry) {
  Bind(Float2d(2, 2, FilterMode::kNearest));
  Request r = Coords(0.5f, 0.5f);
  EXPECT_EQ(Tex("tex.3d.v4.f32.f32 {a,b,c,d}, [t, {u,v,w,q}];", r).trap, TrapCause::kGeometryMismatch);
  r.handle = 77;
  EXPECT_EQ(Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", r).trap, TrapCause::kInvalidHandle);
  r.handle = 1;
  r.sampler = 5;  // no sampler bound there
  EXPECT_EQ(Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, s, {u,v}];", r).trap, TrapCause::kInvalidHandle);
  SamplerDesc s;
  s.mag_filter = FilterMode::kLinear;
  std::string err;
  ASSERT_TRUE(unit_.BindSampler(5, s, &err));
  EXPECT_EQ(Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, s, {u,v}];", r).trap, TrapCause::kNone);
}

// A configuration that leaves out a feature traps exactly the tex that need it (H15): forms and
// modes illegal_instruction, conversion families format_mismatch, after the geometry check; the
// full unit traps none of them.
TEST_F(TexFixture, LeftOutFeaturesTrapWhatNeedsThem) {
  auto trap = [this](const TexFeatures& f, const TextureDesc& d, const std::string& ptx) {
    unit_.set_tex_features(f);
    Bind(d);
    Request r = Coords(0.5f, 0.5f, 0.5f);
    r.dpdx[0] = B(0.25f);
    r.dpdy[1] = B(0.25f);
    r.depth_ref = B(0.5f);
    return Tex(ptx, r).trap;
  };
  const std::string plain = "tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];";
  const std::string grad = "tex.grad.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], {x,y}, {p,q};";
  const std::string cube = "tex.cube.v4.f32.f32 {a,b,c,d}, [t, {u,v,w,q}];";
  const std::string compare = "tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}], f;";
  TextureDesc f2d = Float2d(8, 8, FilterMode::kLinear);
  f2d.levels = 4;
  TextureDesc cube_d = f2d;
  cube_d.dim = Geometry::kCube;
  cube_d.depth = 1;
  TextureDesc seamless_d = cube_d;
  seamless_d.sampler.seamless_cube = true;
  TextureDesc trilinear = f2d;
  trilinear.sampler.mip_filter = MipFilter::kLinear;
  TextureDesc sparse = f2d;
  sparse.non_resident = {TileId{}};
  TextureDesc unorm = f2d;
  unorm.type = ChannelType::kUnormInt8;
  TextureDesc half = f2d;
  half.type = ChannelType::kHalfFloat;
  TextureDesc uint_d = f2d;
  uint_d.type = ChannelType::kUnsignedInt8;
  TextureDesc uint_norm = uint_d;  // 8-bit integers read as normalized floats: UNORM
  uint_norm.sampler.read_mode = ReadMode::kNormalizedFloat;
  const TexFeatures all;
  for (const TextureDesc* d : {&f2d, &trilinear, &sparse, &unorm, &half, &uint_d, &uint_norm}) {
    EXPECT_EQ(trap(all, *d, plain), TrapCause::kNone);
  }
  EXPECT_EQ(trap(all, f2d, grad), TrapCause::kNone);
  EXPECT_EQ(trap(all, seamless_d, cube), TrapCause::kNone);
  EXPECT_EQ(trap(all, f2d, compare), TrapCause::kNone);

  TexFeatures f;
  f.grad = false;
  EXPECT_EQ(trap(f, f2d, grad), TrapCause::kIllegalInstruction);
  EXPECT_EQ(trap(f, f2d, plain), TrapCause::kNone);
  f = all;
  f.cube = false;
  EXPECT_EQ(trap(f, cube_d, cube), TrapCause::kIllegalInstruction);
  EXPECT_EQ(trap(f, f2d, cube), TrapCause::kGeometryMismatch);  // the geometry check first
  EXPECT_EQ(trap(f, f2d, plain), TrapCause::kNone);
  f = all;
  f.seamless = false;
  EXPECT_EQ(trap(f, seamless_d, cube), TrapCause::kIllegalInstruction);
  EXPECT_EQ(trap(f, cube_d, cube), TrapCause::kNone);
  f = all;
  f.compare = false;
  EXPECT_EQ(trap(f, f2d, compare), TrapCause::kIllegalInstruction);
  EXPECT_EQ(trap(f, f2d, plain), TrapCause::kNone);
  f = all;
  f.residency = false;
  EXPECT_EQ(trap(f, sparse, plain), TrapCause::kIllegalInstruction);
  EXPECT_EQ(trap(f, f2d, plain), TrapCause::kNone);
  f = all;
  f.mip_linear = false;
  EXPECT_EQ(trap(f, trilinear, plain), TrapCause::kIllegalInstruction);
  EXPECT_EQ(trap(f, f2d, plain), TrapCause::kNone);
  f = all;
  f.norm = false;
  EXPECT_EQ(trap(f, unorm, plain), TrapCause::kFormatMismatch);
  EXPECT_EQ(trap(f, uint_norm, plain), TrapCause::kFormatMismatch);
  EXPECT_EQ(trap(f, uint_d, plain), TrapCause::kNone);
  EXPECT_EQ(trap(f, f2d, plain), TrapCause::kNone);
  f = all;
  f.half = false;
  EXPECT_EQ(trap(f, half, plain), TrapCause::kFormatMismatch);
  EXPECT_EQ(trap(f, unorm, plain), TrapCause::kNone);
  f = all;
  f.integer = false;
  EXPECT_EQ(trap(f, uint_d, plain), TrapCause::kFormatMismatch);
  EXPECT_EQ(trap(f, uint_norm, plain), TrapCause::kNone);
  // A form before a family: a .grad on a UNORM texture with both left out is illegal.
  f = all;
  f.grad = false;
  f.norm = false;
  EXPECT_EQ(trap(f, unorm, grad), TrapCause::kIllegalInstruction);
  unit_.set_tex_features(all);
}

// A unit without the texture path (tsu_top's EnableTex 0, configuration surface) takes no tex:
// every one is illegal_instruction, a bound handle or not, before any other check (H15).
TEST_F(TexFixture, NoTexturePathMakesEveryTexIllegal) {
  TexFeatures none;
  none.path = false;
  EXPECT_FALSE(none.All());
  unit_.set_tex_features(none);
  Bind(Float2d(8, 8, FilterMode::kLinear));
  Request bound = Coords(0.5f, 0.5f);
  Request unbound = bound;
  unbound.handle = 77;
  for (const Request* r : {&bound, &unbound}) {
    const Response out = Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", *r);
    EXPECT_TRUE(out.executed);
    EXPECT_EQ(out.trap, TrapCause::kIllegalInstruction);
    EXPECT_EQ(out.count, 0);
  }
  unit_.set_tex_features(TexFeatures{});
  EXPECT_EQ(Tex("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {u,v}];", bound).trap, TrapCause::kNone);
}

TEST(TexFeatures, MultisampleLeftOut) {
  TextureDesc d;
  d.dim = Geometry::k2dms;
  d.width = d.height = 4;
  d.samples = 4;
  d.type = ChannelType::kFloat;
  ResolvedTexture t;
  std::string err;
  ASSERT_TRUE(ResolveTexture(d, &t, &err)) << err;
  Instruction in;
  ASSERT_TRUE(ParsePtx("tex.2dms.v4.f32.s32 {a,b,c,d}, [t, {s,x,y,q}];", &in, &err)) << err;
  TexFeatures f;
  std::string why;
  EXPECT_EQ(TexFeatureTrap(f, in, t, d.sampler, &why), TrapCause::kNone);
  f.multisample = false;
  EXPECT_EQ(TexFeatureTrap(f, in, t, d.sampler, &why), TrapCause::kIllegalInstruction);
  EXPECT_EQ(why, "multisample");
  EXPECT_FALSE(f.All());
  EXPECT_TRUE(TexFeatures{}.All());
}

// Every (order, type) pair a texture takes: nearest tex at a texel centre returns each stored
// channel decoded by the formula (UNORM c/(2^b-1), SNORM max(c/(2^(b-1)-1), -1), HALF via the
// CPU's F16C, FLOAT bits, UINT/SINT zero/sign-extended), with (0,0,0,1) for missing components.
__attribute__((target("f16c"))) float HwHalf(uint16_t h) { return _cvtsh_ss(h); }

TEST_F(TexFixture, EveryFormatDecodesByTheFormula) {
  std::mt19937_64 rng(12);
  int formats = 0;
  for (int o = 0; o < kCount<ChannelOrder>; ++o) {
    for (int t = 0; t < kCount<ChannelType>; ++t) {
      FormatInfo f;
      std::string err;
      if (!DescribeFormat(static_cast<ChannelOrder>(o), static_cast<ChannelType>(t), &f, &err)) continue;
      if (f.srgb || f.depth_stencil || f.order == ChannelOrder::kIntensity ||
          f.order == ChannelOrder::kLuminance) {
        continue;  // decoded further by T10; covered by ReadModeNormalizedAndSrgb
      }
      TextureDesc d;
      d.dim = Geometry::k1d;
      d.width = 1;
      d.order = f.order;
      d.type = f.type;
      d.base = 0x40000;
      Bind(d);
      ++formats;
      for (int k = 0; k < 20; ++k) {
        uint8_t bytes[16] = {};
        for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
        mem_.Write(TexelAddress(*tex_, 0, 0, 0, 0, 0, 0), bytes, static_cast<uint32_t>(f.texel_bytes));
        const Response r = Tex("tex.1d.v4.f32.s32 {a,b,c,d}, [t, {x}];", Request{1});
        const Response ri = Tex("tex.1d.v4.u32.s32 {a,b,c,d}, [t, {x}];", Request{1});
        const bool is_int = f.kind == ChannelKind::kUint || f.kind == ChannelKind::kSint;
        double want[4] = {0, 0, 0, 1};
        bool present[4] = {false, false, false, false};
        const int n = f.order == ChannelOrder::kSRGBx ? 3 : f.num_fields;
        for (int i = 0; i < n; ++i) {
          const auto& fd = f.fields[i];
          unsigned __int128 word = 0;
          for (int b = f.texel_bytes - 1; b >= 0; --b) word = (word << 8) | bytes[b];
          const uint64_t code = static_cast<uint64_t>(word >> fd.lsb) & (fd.bits >= 64 ? ~0ull : (1ull << fd.bits) - 1);
          double v = 0;
          switch (f.kind) {
            case ChannelKind::kUnorm: v = static_cast<float>(code / double((1ull << fd.bits) - 1)); break;
            case ChannelKind::kSnorm: {
              const int64_t sc = static_cast<int64_t>(code << (64 - fd.bits)) >> (64 - fd.bits);
              v = static_cast<float>(std::max(sc / double((1ll << (fd.bits - 1)) - 1), -1.0));
              break;
            }
            case ChannelKind::kHalf: v = HwHalf(static_cast<uint16_t>(code)); break;
            case ChannelKind::kFloat: v = F(code); break;
            case ChannelKind::kUint: v = static_cast<double>(code); break;
            case ChannelKind::kSint: v = static_cast<double>(static_cast<int64_t>(code << (64 - fd.bits)) >> (64 - fd.bits)); break;
          }
          want[fd.comp] = v;
          present[fd.comp] = true;
        }
        for (int c = 0; c < 4; ++c) {
          if (is_int) {
            const uint32_t got = static_cast<uint32_t>(ri.data[c]);
            const uint32_t exp = present[c] ? static_cast<uint32_t>(static_cast<int64_t>(want[c])) : (c == 3 ? 1u : 0u);
            EXPECT_EQ(got, exp) << Name(f.order) << "/" << Name(f.type) << " comp " << c;
          } else if (std::isnan(want[c])) {
            EXPECT_TRUE(std::isnan(F(r.data[c]))) << Name(f.order) << "/" << Name(f.type);
          } else {
            EXPECT_EQ(F(r.data[c]), static_cast<float>(want[c])) << Name(f.order) << "/" << Name(f.type) << " comp " << c;
          }
        }
      }
    }
  }
  EXPECT_GT(formats, 60);
}

TEST(TexDescriptor, InvalidDescriptorsNameTheRule) {
  struct Case {
    const char* want;
    void (*edit)(TextureDesc*);
  } cases[] = {
      {"cube faces are square", [](TextureDesc* d) { d->dim = Geometry::kCube; d->width = 4; d->height = 2; }},
      {"levels must be 1..3", [](TextureDesc* d) { d->width = 4; d->height = 4; d->levels = 4; }},
      {"samples must be 1, 2, 4 or 8", [](TextureDesc* d) { d->dim = Geometry::k2dms; d->samples = 3; }},
      {"a multisample texture has one level", [](TextureDesc* d) { d->dim = Geometry::k2dms; d->width = 4; d->levels = 2; }},
      {"array texture needs array_size", [](TextureDesc* d) { d->dim = Geometry::kA2d; }},
      {"max_anisotropy must be 1", [](TextureDesc* d) { d->sampler.max_anisotropy = 16; }},
      {"min_lod is greater than max_lod", [](TextureDesc* d) { d->sampler.min_lod = 3; d->sampler.max_lod = 1; }},
      {"not 512-byte aligned", [](TextureDesc* d) { d->layout = Layout::kBlockLinear; d->base = 0x100; }},
      {"non-resident tile", [](TextureDesc* d) { d->non_resident.push_back({5, 0, 0, 0, 0}); }},
  };
  for (const Case& c : cases) {
    TextureDesc d;
    c.edit(&d);
    ResolvedTexture r;
    std::string err;
    EXPECT_FALSE(ResolveTexture(d, &r, &err)) << c.want;
    EXPECT_NE(err.find(c.want), std::string::npos) << err;
  }
}

TEST(TexDescriptor, MipChainPlacementAndBlockShrink) {
  TextureDesc d;
  d.dim = Geometry::kA2d;
  d.width = 64, d.height = 16, d.array_size = 2, d.levels = 7;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnormInt8;
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 4;
  ResolvedTexture r;
  std::string err;
  ASSERT_TRUE(ResolveTexture(d, &r, &err)) << err;
  // Level 0: 64x16 RGBA8 = 256 B rows = 4 GOBs wide, 2 GOBs high -> block height shrinks to 2^1.
  EXPECT_EQ(r.level[0].desc.block_height_log2, 1);
  EXPECT_EQ(r.level[0].size_bytes, 4u * 2 * 512);
  EXPECT_EQ(r.level[1].desc.base, 4096u);                      // 512-aligned after level 0
  EXPECT_EQ(r.level[1].desc.block_height_log2, 0);             // 8 rows: one GOB
  for (size_t k = 0; k < r.level.size(); ++k) EXPECT_EQ(r.level[k].desc.base % 512, 0u);
  EXPECT_EQ(r.layer_stride % 512, 0u);
  EXPECT_EQ(r.size_bytes, 2 * r.layer_stride);
}

}  // namespace
}  // namespace tsu
