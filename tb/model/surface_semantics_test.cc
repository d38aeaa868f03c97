// suld, sust, sured and suq semantics against hand-derived expectations: addresses worked out
// from the descriptor by hand, every clamp mode at every boundary, traps that write nothing.
#include <gtest/gtest.h>

#include <cstring>

#include "tsu/ptx_parser.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

// Test data: the byte stored at address a before each test.
uint8_t Pattern(uint64_t a) { return static_cast<uint8_t>((a & 0xFF) ^ ((a >> 8) * 0x1D)); }

class Surfaces : public ::testing::Test {
 protected:
  void SetUp() override {
    for (uint64_t a = 0; a < 0x10000; ++a) {
      uint8_t b = Pattern(a);
      mem_.Write(a, &b, 1);
    }
    baseline_ = mem_;
  }

  void Bind(uint64_t h, SurfaceDesc d) {
    std::string err;
    ASSERT_TRUE(unit_.BindSurface(h, d, &err)) << err;
  }

  Response Run(const std::string& text, std::initializer_list<uint32_t> coords,
               std::initializer_list<uint64_t> data = {}, uint64_t handle = 1) {
    Instruction in;
    std::string err;
    ParseOptions o;
    o.dialect = Dialect::kText;  // takes sured.p.min.u32, the text's example (F2)
    EXPECT_TRUE(ParsePtx(text, &in, &err, o)) << err;
    Request r;
    r.handle = handle;
    int i = 0;
    for (uint32_t c : coords) r.coords[i++] = c;
    i = 0;
    for (uint64_t v : data) r.data[i++] = v;
    return unit_.Execute(in, r);
  }

  uint64_t Le(uint64_t addr, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= static_cast<uint64_t>(Pattern(addr + i)) << (8 * i);
    return v;
  }

  bool MemoryUnchanged() { return mem_ == baseline_; }

  // 1d R8 surface of 16 bytes at 0x100, handle 1.
  void Bind1d() {
    SurfaceDesc d;
    d.dim = Geometry::k1d;
    d.order = ChannelOrder::kR;
    d.type = ChannelType::kUnsignedInt8;
    d.width = 16;
    d.base = 0x100;
    Bind(1, d);
  }

  SparseMemory mem_;
  SparseMemory baseline_;
  Unit unit_{&mem_};
};

TEST_F(Surfaces, Suld2dPitchLinearAddress) {
  SurfaceDesc d;
  d.dim = Geometry::k2d;
  d.width = 8;  // RGBA8: 32-byte rows
  d.height = 4;
  d.pitch = 64;
  d.base = 0x1000;
  Bind(1, d);
  Response r = Run("suld.b.2d.b32.trap r1, [s, {x, y}];", {4, 1});
  EXPECT_EQ(r.trap, TrapCause::kNone);
  EXPECT_EQ(r.data[0], Le(0x1000 + 64 + 4, 4));
  Response v = Run("suld.b.2d.v4.b16.trap {a,b,c,d}, [s, {x, y}];", {8, 3});
  EXPECT_EQ(v.read.addr, 0x1000u + 3 * 64 + 8);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(v.data[i], Le(0x1000 + 3 * 64 + 8 + 2 * i, 2));
  Response b8 = Run("suld.b.2d.b8.trap r, [s, {x, y}];", {31, 3});
  EXPECT_EQ(b8.data[0], Le(0x1000 + 3 * 64 + 31, 1));
}

// Found by the ptxas oracle (docs/oracle.md): ptxas accepts coordinate vectors longer than the
// geometry needs; the extra elements are ignored, like the text's own "z ignored" examples.
TEST_F(Surfaces, LongerCoordinateVectorsIgnoreTheExtraElements) {
  Bind1d();
  Response one = Run("suld.b.1d.b32.trap r, [s, {x}];", {4});
  Response two = Run("suld.b.1d.b32.trap r, [s, {x, junk}];", {4, 0xFFFFFFFF});
  Response four = Run("suld.b.1d.b32.trap r, [s, {x, j, u, k}];", {4, 99, 99, 99});
  EXPECT_EQ(two.trap, TrapCause::kNone);
  EXPECT_EQ(two.read.addr, one.read.addr);
  EXPECT_EQ(two.data[0], one.data[0]);
  EXPECT_EQ(four.trap, TrapCause::kNone);
  EXPECT_EQ(four.data[0], one.data[0]);
  Response w = Run("sust.b.1d.b8.trap [s, {x, junk}], v;", {3, 0x7FFFFFFF}, {0xA5});
  EXPECT_EQ(w.trap, TrapCause::kNone);
  EXPECT_EQ(w.write.addr, 0x103u);
}

TEST_F(Surfaces, ClampModesAtEveryXBoundary) {
  Bind1d();  // valid bytes 0..15 at 0x100
  struct Case {
    int32_t x;
    bool oob;
    int64_t clamped;  // x used by .clamp
  };
  // b32 access: last valid start 12.
  const Case cases[] = {{0, false, 0},   {12, false, 12}, {16, true, 12},      {13, false, 12},
                        {-4, true, 0},   {-1, true, 0},   {0x7FFFFFFC, true, 12}, {static_cast<int32_t>(0x80000000), true, 0},
                        {20, true, 12}};
  for (const Case& c : cases) {
    const uint32_t x = static_cast<uint32_t>(c.x);
    Response t = Run("suld.b.1d.b32.trap r, [s, {x}];", {x});
    Response z = Run("suld.b.1d.b32.zero r, [s, {x}];", {x});
    Response k = Run("suld.b.1d.b32.clamp r, [s, {x}];", {x});
    SCOPED_TRACE(c.x);
    if (c.oob) {
      EXPECT_EQ(t.trap, TrapCause::kOutOfBounds);
      EXPECT_EQ(t.oob_axes, kOobAxisX);
      EXPECT_FALSE(t.read.valid);
      EXPECT_EQ(z.trap, TrapCause::kNone);
      EXPECT_TRUE(z.suppressed);
      EXPECT_FALSE(z.read.valid);
      EXPECT_EQ(z.data[0], 0u);
      EXPECT_TRUE(k.clamped);
    } else {
      EXPECT_EQ(t.trap, TrapCause::kNone);
      EXPECT_EQ(t.data[0], z.data[0]);
    }
    EXPECT_EQ(k.trap, TrapCause::kNone);
    EXPECT_EQ(k.read.addr, 0x100u + static_cast<uint64_t>(c.clamped));
    EXPECT_EQ(k.data[0], Le(0x100 + static_cast<uint64_t>(c.clamped), 4));
  }
}

TEST_F(Surfaces, MisalignedAddressesAreMaskedDown) {
  Bind1d();
  Response r = Run("suld.b.1d.b32.trap r, [s, {x}];", {7});
  EXPECT_TRUE(r.misaligned);
  EXPECT_EQ(r.read.addr, 0x104u);
  Response v = Run("suld.b.1d.v2.b64.trap {a,b}, [s, {x}];", {15});  // 16-byte access → 0
  EXPECT_EQ(v.read.addr, 0x100u);
  Response w = Run("sust.b.1d.b16.trap [s, {x}], v;", {5}, {0xBEEF});
  EXPECT_EQ(w.write.addr, 0x104u);
  uint8_t got[2];
  mem_.Read(0x104, got, 2);
  EXPECT_EQ(got[0], 0xEF);
  EXPECT_EQ(got[1], 0xBE);
}

TEST_F(Surfaces, AccessWiderThanTheRowHasNoInBoundsLocation) {
  SurfaceDesc d;
  d.dim = Geometry::k1d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnsignedInt8;
  d.width = 3;
  d.base = 0x200;
  Bind(1, d);
  EXPECT_EQ(Run("suld.b.1d.v4.b32.trap {a,b,c,e}, [s, {x}];", {0}).trap, TrapCause::kOutOfBounds);
  Response k = Run("suld.b.1d.v4.b32.clamp {a,b,c,e}, [s, {x}];", {0});
  EXPECT_TRUE(k.suppressed);
  EXPECT_EQ(k.data[0], 0u);
}

TEST_F(Surfaces, YZAndLayerBoundaries) {
  SurfaceDesc d;
  d.dim = Geometry::k3d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kFloat;
  d.width = 4;
  d.height = 3;
  d.depth = 2;
  d.base = 0x400;  // pitch 16, slice 48
  Bind(1, d);
  EXPECT_EQ(Run("suld.b.3d.b32.trap r, [s, {x,y,z,w}];", {12, 2, 1, 99}).read.addr, 0x400u + 48 + 32 + 12);
  Response y = Run("suld.b.3d.b32.trap r, [s, {x,y,z,w}];", {0, 3, 0, 0});
  EXPECT_EQ(y.oob_axes, kOobAxisY);
  Response z = Run("suld.b.3d.b32.trap r, [s, {x,y,z,w}];", {0, 0, 0xFFFFFFFF, 0});
  EXPECT_EQ(z.oob_axes, kOobAxisZ);
  Response all = Run("suld.b.3d.b32.trap r, [s, {x,y,z,w}];", {16, 0xFFFFFFFF, 2, 0});
  EXPECT_EQ(all.oob_axes, kOobAxisX | kOobAxisY | kOobAxisZ);
  Response k = Run("suld.b.3d.b32.clamp r, [s, {x,y,z,w}];", {100, 100, 100, 0});
  EXPECT_EQ(k.read.addr, 0x400u + 48 + 32 + 12);  // the far corner
  Response k0 = Run("suld.b.3d.b32.clamp r, [s, {x,y,z,w}];", {0xFFFFFFF0, 0x80000000, 0xFFFFFFFF, 0});
  EXPECT_EQ(k0.read.addr, 0x400u);

  SurfaceDesc a;
  a.dim = Geometry::kA2d;
  a.order = ChannelOrder::kR;
  a.type = ChannelType::kUnsignedInt8;
  a.width = 16;
  a.height = 2;
  a.array_size = 3;
  a.base = 0x800;  // pitch 16, layer 32
  Bind(2, a);
  EXPECT_EQ(Run("suld.b.a2d.b8.trap r, [s, {i,x,y,w}];", {2, 15, 1, 0}, {}, 2).read.addr, 0x800u + 64 + 16 + 15);
  Response l = Run("suld.b.a2d.b8.trap r, [s, {i,x,y,w}];", {3, 0, 0, 0}, {}, 2);
  EXPECT_EQ(l.oob_axes, kOobAxisLayer);
  // The index is unsigned: 0xFFFFFFFF is layer 4294967295, not -1; .clamp takes the last layer.
  Response lc = Run("suld.b.a2d.b8.clamp r, [s, {i,x,y,w}];", {0xFFFFFFFF, 0, 0, 0}, {}, 2);
  EXPECT_EQ(lc.read.addr, 0x800u + 64);
  Response lz = Run("sust.b.a2d.b8.zero [s, {i,x,y,w}], v;", {3, 0, 0, 0}, {0x55}, 2);
  EXPECT_TRUE(lz.suppressed);
  EXPECT_TRUE(MemoryUnchanged());
}

TEST_F(Surfaces, TrapsWriteNothing) {
  Bind1d();
  EXPECT_EQ(Run("sust.b.1d.b32.trap [s, {x}], v;", {16}, {1}).trap, TrapCause::kOutOfBounds);
  EXPECT_EQ(Run("sured.b.add.1d.u32.trap [s, {x}], v;", {0xFFFFFFFC}, {1}).trap, TrapCause::kOutOfBounds);
  EXPECT_EQ(Run("sust.b.1d.b32.zero [s, {x}], v;", {16}, {1}).trap, TrapCause::kNone);
  EXPECT_EQ(Run("sust.b.1d.b32.trap [s, {x}], v;", {0}, {1}, 77).trap, TrapCause::kInvalidHandle);
  EXPECT_EQ(Run("sust.b.2d.b32.trap [s, {x, y}], v;", {0, 0}, {1}).trap, TrapCause::kGeometryMismatch);
  EXPECT_TRUE(MemoryUnchanged());
}

TEST_F(Surfaces, SustBWritesElementsLittleEndian) {
  Bind1d();
  Response r = Run("sust.b.1d.v4.b8.trap [s, {x}], {a,b,c,d};", {4}, {0x11, 0x122, 0x33, 0x44});
  EXPECT_EQ(r.write.size, 4u);
  uint8_t got[4];
  mem_.Read(0x104, got, 4);
  EXPECT_EQ(got[0], 0x11);
  EXPECT_EQ(got[1], 0x22);  // only the low byte of a .b8 element is stored
  EXPECT_EQ(got[3], 0x44);
}

TEST_F(Surfaces, SustPConvertsAndScalesX) {
  SurfaceDesc d;
  d.dim = Geometry::k2d;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnormInt8;
  d.width = 4;
  d.height = 2;
  d.base = 0x3000;  // pitch 16
  Bind(1, d);
  Run("sust.p.2d.v4.b32.trap [s, {x,y}], {a,b,c,e};", {3, 1}, {0x3F800000, 0x3F000000, 0, 0xBF800000});
  uint8_t got[4];
  mem_.Read(0x3000 + 16 + 12, got, 4);
  EXPECT_EQ(got[0], 0xFF);
  EXPECT_EQ(got[1], 0x80);
  EXPECT_EQ(got[2], 0x00);
  EXPECT_EQ(got[3], 0x00);
  // .v2: B and A are missing → written as 0 and 1.0.
  Run("sust.p.2d.v2.b32.trap [s, {x,y}], {a,b};", {0, 0}, {0x3F800000, 0x3F800000});
  mem_.Read(0x3000, got, 4);
  EXPECT_EQ(got[2], 0x00);
  EXPECT_EQ(got[3], 0xFF);
  // x counts samples: x = 4 is one past the last texel.
  EXPECT_EQ(Run("sust.p.2d.b32.trap [s, {x,y}], a;", {4, 0}, {0}).trap, TrapCause::kOutOfBounds);
  Response k = Run("sust.p.2d.b32.clamp [s, {x,y}], a;", {9, 7}, {0});
  EXPECT_EQ(k.write.addr, 0x3000u + 16 + 12);
}

TEST_F(Surfaces, SustPIntegerFormatsSaturate) {
  SurfaceDesc d;
  d.dim = Geometry::k1d;
  d.order = ChannelOrder::kRG;
  d.type = ChannelType::kSignedInt8;
  d.width = 8;
  d.base = 0x500;
  Bind(1, d);
  Run("sust.p.1d.v2.b32.trap [s, {x}], {a,b};", {1}, {300, static_cast<uint32_t>(-300)});
  uint8_t got[2];
  mem_.Read(0x502, got, 2);
  EXPECT_EQ(got[0], 0x7F);
  EXPECT_EQ(got[1], 0x80);
}

TEST_F(Surfaces, SustPToSrgbIsAFormatMismatch) {
  SurfaceDesc d;
  d.dim = Geometry::k1d;
  d.order = ChannelOrder::kSRGBA;
  d.type = ChannelType::kUnormInt8;
  d.width = 4;
  Bind(1, d);
  EXPECT_EQ(Run("sust.p.1d.b32.trap [s, {x}], a;", {0}, {0}).trap, TrapCause::kFormatMismatch);
  EXPECT_EQ(Run("sust.b.1d.b32.trap [s, {x}], a;", {0}, {0}).trap, TrapCause::kNone);
}

TEST_F(Surfaces, SuredBAllOpsAndTypes) {
  SurfaceDesc d;
  d.dim = Geometry::k1d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnsignedInt32;
  d.width = 8;
  d.base = 0x600;
  Bind(1, d);
  auto put32 = [&](uint64_t a, uint32_t v) { mem_.Write(a, reinterpret_cast<uint8_t*>(&v), 4); };
  auto get32 = [&](uint64_t a) {
    uint32_t v;
    mem_.Read(a, reinterpret_cast<uint8_t*>(&v), 4);
    return v;
  };
  auto put64 = [&](uint64_t a, uint64_t v) { mem_.Write(a, reinterpret_cast<uint8_t*>(&v), 8); };
  auto get64 = [&](uint64_t a) {
    uint64_t v;
    mem_.Read(a, reinterpret_cast<uint8_t*>(&v), 8);
    return v;
  };
  put32(0x600, 0xFFFFFFFF);
  Run("sured.b.add.1d.u32.trap [s, {x}], v;", {0}, {2});
  EXPECT_EQ(get32(0x600), 1u);  // wraps
  put32(0x604, static_cast<uint32_t>(-5));
  Run("sured.b.min.1d.s32.trap [s, {x}], v;", {4}, {3});
  EXPECT_EQ(get32(0x604), static_cast<uint32_t>(-5));
  Run("sured.b.min.1d.u32.trap [s, {x}], v;", {4}, {3});
  EXPECT_EQ(get32(0x604), 3u);
  Run("sured.b.max.1d.s32.trap [s, {x}], v;", {4}, {static_cast<uint32_t>(-1)});
  EXPECT_EQ(get32(0x604), 3u);
  put32(0x608, 0xF0F0F0F0);
  Run("sured.b.and.1d.b32.trap [s, {x}], v;", {8}, {0xFF00FF00});
  EXPECT_EQ(get32(0x608), 0xF000F000u);
  Run("sured.b.or.1d.b32.trap [s, {x}], v;", {8}, {0x0000000F});
  EXPECT_EQ(get32(0x608), 0xF000F00Fu);
  put64(0x610, 0xFFFFFFFFFFFFFFFFull);
  Run("sured.b.add.1d.u64.trap [s, {x}], v;", {16}, {3});
  EXPECT_EQ(get64(0x610), 2u);
  Run("sured.b.max.1d.s64.trap [s, {x}], v;", {16}, {0x8000000000000000ull});
  EXPECT_EQ(get64(0x610), 2u);
  Run("sured.b.max.1d.u64.trap [s, {x}], v;", {16}, {0x8000000000000000ull});
  EXPECT_EQ(get64(0x610), 0x8000000000000000ull);
  Run("sured.b.add.1d.s32.trap [s, {x}], v;", {0}, {static_cast<uint32_t>(-3)});
  EXPECT_EQ(get32(0x600), static_cast<uint32_t>(-2));
}

TEST_F(Surfaces, SuredPScalesByTypeAndTakesSignFromFormat) {
  SurfaceDesc d;
  d.dim = Geometry::k1d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kSignedInt32;
  d.width = 4;
  d.base = 0x700;
  Bind(1, d);
  const uint32_t five = 5;
  mem_.Write(0x70C, reinterpret_cast<const uint8_t*>(&five), 4);
  Response r = Run("sured.p.min.1d.b32.trap [s, {x}], v;", {3}, {static_cast<uint32_t>(-7)});
  EXPECT_EQ(r.write.addr, 0x700u + 12);  // x = 3 samples of 4 bytes
  uint32_t v;
  mem_.Read(0x70C, reinterpret_cast<uint8_t*>(&v), 4);
  EXPECT_EQ(v, static_cast<uint32_t>(-7));  // signed: min(5, -7) = -7 (unsigned would keep 5)
  EXPECT_EQ(Run("sured.p.min.1d.b32.trap [s, {x}], v;", {4}, {0}).trap, TrapCause::kOutOfBounds);
  EXPECT_EQ(Run("sured.p.min.1d.u32.trap [s, {x}], v;", {0}, {0}).trap, TrapCause::kFormatMismatch);
  EXPECT_EQ(Run("sured.p.min.1d.b64.trap [s, {x}], v;", {0}, {0}).trap, TrapCause::kFormatMismatch);

  SurfaceDesc w = d;
  w.order = ChannelOrder::kRG;
  w.type = ChannelType::kUnsignedInt32;
  w.base = 0x800;
  Bind(2, w);
  Response m = Run("sured.p.max.1d.b64.trap [s, {x}], v;", {2}, {0xFFFFFFFFFFFFFFFFull}, 2);
  EXPECT_EQ(m.write.addr, 0x800u + 16);  // x = 2 samples of 8 bytes
  uint64_t q;
  mem_.Read(0x810, reinterpret_cast<uint8_t*>(&q), 8);
  EXPECT_EQ(q, 0xFFFFFFFFFFFFFFFFull);

  SurfaceDesc f = d;
  f.type = ChannelType::kFloat;
  Bind(3, f);
  EXPECT_EQ(Run("sured.p.add.1d.b32.trap [s, {x}], v;", {0}, {1}, 3).trap, TrapCause::kFormatMismatch);
}

TEST_F(Surfaces, SuqAllQueries) {
  SurfaceDesc d;
  d.dim = Geometry::kA2d;
  d.order = ChannelOrder::kBGRA;
  d.type = ChannelType::kUnormInt8;
  d.width = 17;
  d.height = 9;
  d.array_size = 6;
  d.layout = Layout::kBlockLinear;
  d.base = 0x10000;
  Bind(1, d);
  EXPECT_EQ(Run("suq.width.b32 r, [s];", {}).data[0], 17u);
  EXPECT_EQ(Run("suq.height.b32 r, [s];", {}).data[0], 9u);
  EXPECT_EQ(Run("suq.depth.b32 r, [s];", {}).data[0], 1u);
  EXPECT_EQ(Run("suq.channel_data_type.b32 r, [s];", {}).data[0], 0x10D2u);  // CL_UNORM_INT8
  EXPECT_EQ(Run("suq.channel_order.b32 r, [s];", {}).data[0], 0x10B6u);      // CL_BGRA
  EXPECT_EQ(Run("suq.array_size.b32 r, [s];", {}).data[0], 6u);
  EXPECT_EQ(Run("suq.memory_layout.b32 r, [s];", {}).data[0], 0u);  // block-linear
  SurfaceDesc p;
  p.dim = Geometry::k2d;
  Bind(2, p);
  EXPECT_EQ(Run("suq.memory_layout.b32 r, [s];", {}, {}, 2).data[0], 1u);
  EXPECT_EQ(Run("suq.array_size.b32 r, [s];", {}, {}, 2).data[0], 0u);
  EXPECT_EQ(Run("suq.width.b32 r, [s];", {}, {}, 9).trap, TrapCause::kInvalidHandle);
}

TEST_F(Surfaces, BlockLinearStoreLandsWhereTheFormulaSays) {
  SurfaceDesc d;
  d.dim = Geometry::k2d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnsignedInt8;
  d.width = 128;
  d.height = 64;
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 1;
  d.base = 0x8000;
  Bind(1, d);
  Response r = Run("sust.b.2d.b8.trap [s, {x,y}], v;", {70, 20}, {0xAB});
  EXPECT_EQ(r.write.addr, 0x8000u + 3206);  // hand-derived in layout_test
  EXPECT_EQ(Run("suld.b.2d.b8.trap r, [s, {x,y}];", {70, 20}).data[0], 0xABu);
}

// A configuration without a family's converter (H3): sust.p to such a format traps
// format_mismatch before the bounds check and writes nothing; sust.b and other families store.
TEST_F(Surfaces, LeftOutFormatFamiliesTrapFormatMismatch) {
  SurfaceDesc d;
  d.dim = Geometry::k1d;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnormInt8;
  d.width = 16;
  d.base = 0x100;
  Bind(1, d);
  d.type = ChannelType::kUnsignedInt8;
  d.base = 0x200;
  Bind(2, d);
  FormatFamilies no_norm;
  no_norm.norm = false;
  unit_.set_format_families(no_norm);
  const Response p = Run("sust.p.1d.b32.trap [s, {x}], {r};", {99}, {0x3f800000});  // x out of range too
  EXPECT_EQ(p.trap, TrapCause::kFormatMismatch);
  EXPECT_EQ(p.oob_axes, 0u);
  EXPECT_TRUE(MemoryUnchanged());
  const Response b = Run("sust.b.1d.b8.trap [s, {x}], {r};", {3}, {0x5A});
  EXPECT_EQ(b.trap, TrapCause::kNone);
  EXPECT_EQ(b.write.addr, 0x103u);
  const Response i = Run("sust.p.1d.b32.trap [s, {x}], {r};", {3}, {7}, /*handle=*/2);
  EXPECT_EQ(i.trap, TrapCause::kNone);
  EXPECT_EQ(i.write.addr, 0x203u);
  EXPECT_EQ(i.write.data[0], 7);
  unit_.set_format_families(FormatFamilies{});
  EXPECT_EQ(Run("sust.p.1d.b32.trap [s, {x}], {r};", {3}, {0x3f800000}).write.data[0], 0xFF);
}

TEST_F(Surfaces, HandBuiltFormsOutsideTheFrontEndsRulesAreIllegal) {
  Bind1d();
  Request r;
  r.handle = 1;
  Instruction wide;  // .v4.b64: 256 bits, which the front end never produces
  wide.opcode = Opcode::kSust;
  wide.geom = Geometry::k1d;
  wide.vec = VecSize::kV4;
  wide.type = DataType::kB64;
  EXPECT_EQ(unit_.Execute(wide, r).trap, TrapCause::kIllegalInstruction);
  EXPECT_EQ(ExecSust(*unit_.FindSurface(1), wide, r, &mem_).trap, TrapCause::kIllegalInstruction);
  Instruction tex;
  tex.opcode = Opcode::kTex;
  EXPECT_EQ(unit_.Execute(tex, r).trap, TrapCause::kIllegalInstruction);
  Instruction cube;
  cube.opcode = Opcode::kSuld;
  cube.geom = Geometry::kCube;
  EXPECT_EQ(unit_.Execute(cube, r).trap, TrapCause::kIllegalInstruction);
  // A cube direction is three floats: .s32 coordinates on cube and acube are illegal (H12).
  for (const char* ptx : {"tex.cube.v4.f32.f32 {a,b,c,d}, [t, {x,y,z,w}];",
                          "tex.acube.v4.f32.f32 {a,b,c,d}, [t, {l,x,y,z}];"}) {
    Instruction tc;
    std::string err;
    ASSERT_TRUE(ParsePtx(ptx, &tc, &err)) << err;
    EXPECT_NE(unit_.Execute(tc, r).trap, TrapCause::kIllegalInstruction) << ptx;
    tc.coord_type = DataType::kS32;
    EXPECT_EQ(unit_.Execute(tc, r).trap, TrapCause::kIllegalInstruction) << ptx;
  }
  EXPECT_TRUE(MemoryUnchanged());
}

TEST_F(Surfaces, GuardFalseDoesNothing) {
  Bind1d();
  Instruction in;
  std::string err;
  ASSERT_TRUE(ParsePtx("@p sust.b.1d.b8.trap [s, {x}], v;", &in, &err));
  Request r;
  r.handle = 1;
  r.guard = false;
  r.data[0] = 0x99;
  EXPECT_FALSE(unit_.Execute(in, r).executed);
  EXPECT_TRUE(MemoryUnchanged());
}

TEST(Descriptors, BadDescriptorsNameTheRule) {
  auto check = [](SurfaceDesc d, const char* rule) {
    ResolvedSurface r;
    std::string err;
    EXPECT_FALSE(ResolveSurface(d, &r, &err)) << rule;
    EXPECT_NE(err.find(rule), std::string::npos) << err;
  };
  SurfaceDesc d;
  d.width = 0;
  check(d, "width is zero");
  d = SurfaceDesc{};
  d.height = 0;
  check(d, "height is zero");
  d = SurfaceDesc{};
  d.width = 8;
  d.pitch = 16;  // RGBA8 row = 32 bytes
  check(d, "smaller than a row");
  d.pitch = 40;
  check(d, "not a multiple of 16");
  d = SurfaceDesc{};
  d.base = 0x1004;
  check(d, "base 0x1004 is not 16-byte aligned");
  d = SurfaceDesc{};
  d.layout = Layout::kBlockLinear;
  d.base = 0x1100;
  check(d, "512-byte (GOB) aligned");
  d = SurfaceDesc{};
  d.dim = Geometry::kA2d;
  check(d, "array_size >= 1");
  d = SurfaceDesc{};
  d.array_size = 2;
  check(d, "array_size is 0 for a non-array");
  d = SurfaceDesc{};
  d.order = ChannelOrder::kDepthStencil;
  d.type = ChannelType::kUnormInt24;
  check(d, "texture-only");
  d = SurfaceDesc{};
  d.order = ChannelOrder::kRGB;
  check(d, "RGB and RGBx require");
  d = SurfaceDesc{};
  d.dim = Geometry::kCube;
  check(d, "must be 1d, 2d, 3d, a1d or a2d");
  d = SurfaceDesc{};
  d.dim = Geometry::k1d;
  d.height = 2;
  check(d, "height 1");
  d = SurfaceDesc{};
  d.width = 70000;
  check(d, "width exceeds");
  d = SurfaceDesc{};
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 6;
  check(d, "0..5");
  d = SurfaceDesc{};
  d.base = 0xFFFFFFFFFFFFFF00ull;
  d.width = 64;
  d.height = 64;
  check(d, "wraps");
}

}  // namespace
}  // namespace tsu
