// The DPI-C library's C interface (tsu_dpi.h) against the model called directly: every field of
// a request and its response crosses the interface intact. Random surface requests (every
// class, the illegal scenario's reserved codes included) and random tex requests on random
// textures, the same bytes in both memories.
#include "tsu_dpi.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "rng.h"
#include "stimulus.h"
#include "tex_gen.h"
#include "tsu/descriptor_words.h"
#include "tsu/memory.h"
#include "tsu/texture_words.h"
#include "tsu/unit.h"

namespace tsu::tb {
namespace {

constexpr uint64_t kPoolBase = 0xF000'0000ull;
constexpr uint64_t kEntries = 32;

// A model behind the C interface and a Unit of its own, fed the same bytes.
struct Pair {
  void* dpi = tsu_dpi_new(48, 1, 1, 1, 1);
  SparseMemory mem;
  Unit unit{&mem};
  Pair() { tsu_dpi_set_pool(dpi, static_cast<long long>(kPoolBase), kEntries); }
  ~Pair() { tsu_dpi_free(dpi); }
  void Write(uint64_t addr, const uint8_t* b, size_t n) {
    mem.Write(addr, b, static_cast<uint32_t>(n));
    for (size_t i = 0; i < n; ++i) tsu_dpi_mem_write8(dpi, static_cast<long long>(addr + i), b[i]);
  }
  void Slot(uint64_t h, const DescImage& image) { Write(kPoolBase + 64 * h, image.data(), 64); }
};

class BothPort : public MemoryPort {
 public:
  explicit BothPort(Pair* p) : p_(p) {}
  void Read(uint64_t addr, uint8_t* data, uint32_t n) override { p_->mem.Read(addr, data, n); }
  void Write(uint64_t addr, const uint8_t* data, uint32_t n) override { p_->Write(addr, data, n); }

 private:
  Pair* p_;
};

void Words(const uint32_t (&w)[4], svBitVecVal* out) {
  for (int i = 0; i < 4; ++i) out[i] = w[i];
}

void ExpectSame(const Response& want, int trap, int count, const svBitVecVal* rdata, int flags,
                uint64_t n) {
  EXPECT_EQ(trap, static_cast<int>(want.trap)) << "request " << n;
  EXPECT_EQ(count, want.count) << "request " << n;
  for (int i = 0; i < want.count; ++i) {
    const uint64_t got = static_cast<uint64_t>(rdata[2 * i]) | static_cast<uint64_t>(rdata[2 * i + 1]) << 32;
    EXPECT_EQ(got, want.data[i]) << "request " << n << " element " << i;
  }
  const int want_flags = (want.misaligned ? 1 : 0) | (want.clamped ? 2 : 0) | (want.suppressed ? 4 : 0) |
                         (want.pred ? 8 : 0);
  EXPECT_EQ(flags, want_flags) << "request " << n;
}

TEST(TsuDpi, SurfaceRequestsCrossTheInterfaceIntact) {
  Pair p;
  Mix mix;
  Stimulus stim(5, mix, 16);
  const auto& surfs = stim.surfaces();
  for (size_t h = 0; h < surfs.size(); ++h) {
    p.Slot(h, EncodeSurface(surfs[h]));
    std::string why;
    p.unit.BindSurfaceImage(h, EncodeSurface(surfs[h]), &why);
    EXPECT_EQ(tsu_dpi_bind(p.dpi, 0, static_cast<long long>(h)), 0);
  }
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> init;
  stim.InitialMemory(&init);
  for (const auto& [addr, bytes] : init) p.Write(addr, bytes.data(), bytes.size());
  int writes = 0, traps = 0;
  for (uint64_t n = 0; n < 20000; ++n) {
    Txn t;
    stim.Next(&t);
    for (uint64_t h : stim.TakeRotation()) {  // a rotated slot: rewritten and rebound in both
      p.Slot(h, EncodeSurface(surfs[h]));
      std::string why;
      p.unit.BindSurfaceImage(h, EncodeSurface(surfs[h]), &why);
      tsu_dpi_bind(p.dpi, 0, static_cast<long long>(h));
    }
    const Response want = p.unit.Execute(t.in, t.req);
    svBitVecVal coords[4], data[8], rdata[8], wr_data[4];
    Words(t.req.coords, coords);
    for (int i = 0; i < 4; ++i) {
      data[2 * i] = static_cast<svBitVecVal>(t.req.data[i]);
      data[2 * i + 1] = static_cast<svBitVecVal>(t.req.data[i] >> 32);
    }
    int count = 0, oob = 0, flags = 0, wr_size = 0;
    long long wr_addr = 0;
    const int trap = tsu_dpi_execute(p.dpi, static_cast<int>(t.in.opcode), static_cast<int>(t.in.addressing),
                                     static_cast<int>(t.in.geom), static_cast<int>(t.in.vec),
                                     static_cast<int>(t.in.type), static_cast<int>(t.in.clamp),
                                     static_cast<int>(t.in.red_op), static_cast<int>(t.in.query),
                                     static_cast<long long>(t.req.handle), coords, data, &count, rdata,
                                     &oob, &flags, &wr_addr, &wr_size, wr_data);
    ExpectSame(want, trap, count, rdata, flags, n);
    EXPECT_EQ(oob, static_cast<int>(want.oob_axes)) << "request " << n;
    ASSERT_EQ(wr_size, want.write.valid ? static_cast<int>(want.write.size) : 0) << "request " << n;
    if (wr_size != 0) {
      ++writes;
      EXPECT_EQ(static_cast<uint64_t>(wr_addr), want.write.addr) << "request " << n;
      for (int i = 0; i < wr_size; ++i) {
        EXPECT_EQ(static_cast<uint8_t>(wr_data[i / 4] >> (8 * (i % 4))), want.write.data[i]) << "request " << n;
      }
    }
    traps += trap != 0;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(writes, 3000);
  EXPECT_GT(traps, 1000);
  // Coverage: the plan is the regression's; the last request hit at least one bin.
  EXPECT_EQ(tsu_dpi_coverage_planned(p.dpi), 587);  // the surface bins and the tex bins
  EXPECT_GT(tsu_dpi_coverage_hit(p.dpi), 300);
  EXPECT_NE(std::string(tsu_dpi_coverage_last(p.dpi)), "");
  // The memories agree byte for byte over every surface.
  for (const auto& [addr, bytes] : init) {
    for (size_t i = 0; i < bytes.size(); i += 61) {
      ASSERT_EQ(tsu_dpi_mem_read8(p.dpi, static_cast<long long>(addr + i)), p.mem.ReadByte(addr + i));
    }
  }
}

TEST(TsuDpi, TexRequestsCrossTheInterfaceIntact) {
  Pair p;
  Rng rng(17);
  Mix mix;
  ASSERT_TRUE(mix.Parse("suld=0,sust=0,sured=0,suq=0,chain=0,store_load=0,bad_handle=0,illegal=0,"
                        "tex=1,store_tex=0", nullptr));
  Stimulus stim(17, mix, 16);
  BothPort both(&p);
  int sampled = 0;
  for (int set = 0; set < 20; ++set) {
    TexBinding b;
    b.handle = 16;
    b.sampler = 17;
    for (;;) {
      b.tex = RandomTexture(rng, 32, /*allow_cube=*/true);
      b.tex.desc.base = 0x4000'0000ull;
      std::string err;
      if (ResolveTexture(b.tex.desc, &b.tex, &err) && b.tex.size_bytes < (8u << 20)) break;
    }
    TexturePlacement place;
    place.level_table = 0xE000'0000ull;
    place.residency_map = 0xE100'0000ull;
    place.sampler_slot = 17;
    const TextureImage img = EncodeTexture(b.tex, place);
    FillTexture(rng, b.tex, &both);
    for (size_t l = 0; l < img.levels.size(); ++l) p.Write(place.level_table + 16 * l, img.levels[l].data(), 16);
    for (const auto& [addr, byte] : img.residency) p.Write(addr, &byte, 1);
    p.Slot(16, img.header);
    p.Slot(17, EncodeSampler(b.tex.desc.sampler));
    p.Slot(18, EncodeSampler(RandomSampler(rng)));
    std::string why;
    ASSERT_EQ(p.unit.BindTextureImage(16, img.header, &why), TrapCause::kNone) << why;
    p.unit.BindSamplerImage(17, EncodeSampler(b.tex.desc.sampler), &why);
    DescImage s18{};
    p.mem.Read(kPoolBase + 64 * 18, s18.data(), 64);
    p.unit.BindSamplerImage(18, s18, &why);
    ASSERT_EQ(tsu_dpi_bind(p.dpi, 1, 16), 0);
    ASSERT_EQ(tsu_dpi_bind(p.dpi, 2, 17), 0);
    ASSERT_EQ(tsu_dpi_bind(p.dpi, 2, 18), 0);
    stim.SetTextures({b}, {18}, kEntries);
    for (int k = 0; k < 300; ++k) {
      Txn t;
      stim.Next(&t);
      const Response want = p.unit.Execute(t.in, t.req);
      svBitVecVal coords[4], dpdx[3], dpdy[3], rdata[8];
      Words(t.req.coords, coords);
      for (int a = 0; a < 3; ++a) {
        dpdx[a] = t.req.dpdx[a];
        dpdy[a] = t.req.dpdy[a];
      }
      int count = 0, flags = 0;
      const int trap = tsu_dpi_execute_tex(
          p.dpi, static_cast<int>(t.in.geom), static_cast<int>(t.in.vec), static_cast<int>(t.in.type),
          static_cast<int>(t.in.tex_mode), t.in.coord_type == DataType::kS32, t.in.has_sampler,
          static_cast<long long>(t.req.sampler), t.in.has_depth_ref, static_cast<int>(t.req.depth_ref),
          static_cast<long long>(t.req.handle), coords, static_cast<int>(t.req.lod), dpdx, dpdy,
          static_cast<int>(t.in.offset.size()), static_cast<int>(TexOffsetPins(t.in, t.req)), &count,
          rdata, &flags);
      ExpectSame(want, trap, count, rdata, flags, static_cast<uint64_t>(set * 300 + k));
      sampled += trap == 0;
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(sampled, 2000);
}

}  // namespace
}  // namespace tsu::tb
