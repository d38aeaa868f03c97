// Texture descriptor benches: tsu_tex_desc_check against tsu::DecodeTexture / DecodeSampler (is a
// header slot, is a sampler slot valid) and tsu_tex_level against tsu::DecodeTexLevel (a level's
// record: usable or not, and the extents, strides and base the address path takes), on valid
// slots of random textures with one or two fields moved to a rule's edge, and random slots.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "Vtsu_tex_desc_check.h"
#include "Vtsu_tex_desc_check_tsu_tex_desc_check.h"
#include "Vtsu_tex_level.h"
#include "Vtsu_tex_level_tsu_tex_level.h"
#include "line_port.h"
#include "lockstep.h"
#include "pattern_memory.h"
#include "tex_gen.h"
#include "tsu/memory.h"
#include "tsu/texture_words.h"

namespace tsu::tb {
namespace {

namespace T = desc_layout::Texture;
namespace S = desc_layout::Sampler;
namespace V = desc_layout::TexLevel;

std::string Hex(const uint8_t* bytes, size_t n) { return HexBytes(bytes, n, 8, ' '); }

// What tsu_fmt_decode gives the blocks in the unit: the pair's legality and texel size.
bool FormatOf(const DescImage& h, FormatInfo* f) {
  const uint64_t o = GetField(h, T::chorder), t = GetField(h, T::chtype);
  std::string err;
  return o <= static_cast<uint64_t>(ChannelOrder::kABGR) &&
         t <= static_cast<uint64_t>(ChannelType::kUnormInt101010_2) &&
         DescribeFormat(static_cast<ChannelOrder>(o), static_cast<ChannelType>(t), f, &err);
}

// ---- tsu_tex_desc_check ---------------------------------------------------------------------------

struct SlotsIn {
  DescImage tex{};
  DescImage smp{};
};

struct CheckTraits {
  using Dut = Vtsu_tex_desc_check;
  using In = SlotsIn;
  struct Out {
    bool tex_ok, smp_ok;
  };
  static constexpr const char* kName = "tsu_tex_desc_check";
  static int Latency() { return Vtsu_tex_desc_check_tsu_tex_desc_check::Latency; }
  static void Drive(Dut* d, const In& in) {
    BytesToWords<64>(in.tex.data(), d->tex_i);
    BytesToWords<64>(in.smp.data(), d->smp_i);
    FormatInfo f;
    d->fmt_legal_i = FormatOf(in.tex, &f);
  }
  static Out Sample(const Dut& d) { return {d.tex_ok_o != 0, d.smp_ok_o != 0}; }
  static Out Expect(const In& in) {
    SparseMemory mem;  // level records are not the header check's business
    ResolvedTexture t;
    SamplerDesc s;
    std::string why;
    return {DecodeTexture(in.tex, &mem, &t, &why) == TrapCause::kNone,
            DecodeSampler(in.smp, &s, &why) == TrapCause::kNone};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "tex_ok", e.tex_ok, g.tex_ok);
    DiffField(o, "smp_ok", e.smp_ok, g.smp_ok);
    return o.str();
  }
  static std::string Describe(const In& in) {
    SparseMemory mem;
    ResolvedTexture t;
    SamplerDesc s;
    std::string tw, sw;
    const bool tok = DecodeTexture(in.tex, &mem, &t, &tw) == TrapCause::kNone;
    const bool sok = DecodeSampler(in.smp, &s, &sw) == TrapCause::kNone;
    return "texture slot" + Hex(in.tex.data(), 64) + " (model: " + (tok ? "valid" : tw) +
           ")\nsampler slot" + Hex(in.smp.data(), 64) + " (model: " + (sok ? "valid" : sw) + ")";
  }
};

uint64_t Edge(Rng& rng, uint64_t old) {
  const uint64_t edges[] = {0, 1, 2, 3, old - 1, old + 1, old + 16, old << 1, 4096, 4097, 2048,
                            2049, 65536, 65537, 0xFFFFFFFFull, old ^ 8, old ^ 0x100,
                            old ^ 0x8000, 0x7F00, 0x8100, 0x8000, 0x7FFF,
                            ~uint64_t{0} - 17 * 16, ~uint64_t{0} - 17 * 16 + 16,
                            static_cast<uint64_t>(rng())};
  return edges[Uniform(rng, 0, sizeof(edges) / sizeof(edges[0]) - 1)];
}

void RandomSlots(Rng& rng, SlotsIn* in) {
  const ResolvedTexture t = RandomTexture(rng, 64, /*allow_cube=*/true);
  TexturePlacement p;
  p.level_table = static_cast<uint64_t>(Uniform(rng, 1, 1 << 30)) * 16;
  p.residency_map = static_cast<uint64_t>(rng());
  p.sampler_slot = static_cast<uint32_t>(Uniform(rng, 0, (1 << 20) - 1));
  in->tex = EncodeTexture(t, p).header;
  in->smp = EncodeSampler(RandomSampler(rng));
  static constexpr DescField kTex[] = {T::kind, T::dim, T::chorder, T::chtype, T::layout,
                                       T::block_height_log2, T::block_depth_log2, T::levels,
                                       T::samples_log2, T::width, T::height, T::depth,
                                       T::array_size, T::base, T::layer_stride, T::level_table};
  static constexpr DescField kSmp[] = {S::kind, S::mip_filter, S::lod_bias, S::min_lod, S::max_lod};
  const int breaks = Chance(rng, 30) ? 0 : static_cast<int>(Uniform(rng, 1, 2));
  for (int k = 0; k < breaks; ++k) {
    const DescField f = kTex[Uniform(rng, 0, sizeof(kTex) / sizeof(kTex[0]) - 1)];
    SetField(&in->tex, f, Edge(rng, GetField(in->tex, f)));
  }
  if (Chance(rng, 40)) {
    const DescField f = kSmp[Uniform(rng, 0, sizeof(kSmp) / sizeof(kSmp[0]) - 1)];
    SetField(&in->smp, f, Edge(rng, GetField(in->smp, f)));
  }
  if (Chance(rng, 3)) {  // arbitrary slots
    for (auto& b : in->tex) b = static_cast<uint8_t>(rng());
    for (auto& b : in->smp) b = static_cast<uint8_t>(rng());
    SetField(&in->tex, T::kind, 2);
    SetField(&in->smp, S::kind, 3);
  }
}

TEST(TexDescCheck, RandomAgainstDecodeTextureAndSampler) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1301);
  opt.max_cycles = ScaledCount(240000);
  uint64_t tex_valid = 0, smp_valid = 0;
  const auto r = Lockstep<CheckTraits>::Run(
      [&](uint64_t seed) {
        return CountedSource<SlotsIn>(seed, ScaledCount(200000), [&](Rng& rng, SlotsIn* in) {
          RandomSlots(rng, in);
          const CheckTraits::Out e = CheckTraits::Expect(*in);
          tex_valid += e.tex_ok;
          smp_valid += e.smp_ok;
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_GT(tex_valid, r.checked / 10) << "too few valid headers to exercise acceptance";
  EXPECT_LT(tex_valid, r.checked * 9 / 10) << "too few invalid headers";
  EXPECT_GT(smp_valid, r.checked / 10);
  EXPECT_LT(smp_valid, r.checked * 95 / 100);
  r.ReportCoverage("tsu_tex_desc_check");
}

// Every format pair (legal or not, DEPTH_STENCIL included) on an otherwise valid 2d header.
TEST(TexDescCheck, EveryFormatPair) {
  std::vector<SlotsIn> cases;
  TextureDesc d;
  d.width = 7, d.height = 3;
  d.base = 0x10000;
  ResolvedTexture r;
  std::string err;
  ASSERT_TRUE(ResolveTexture(d, &r, &err)) << err;
  TexturePlacement p;
  p.level_table = 0x4000;
  for (uint64_t o = 0; o < 32; ++o) {
    for (uint64_t t = 0; t < 32; ++t) {
      SlotsIn in;
      in.tex = EncodeTexture(r, p).header;
      SetField(&in.tex, T::chorder, o);
      SetField(&in.tex, T::chtype, t);
      in.smp = EncodeSampler(SamplerDesc{});
      cases.push_back(in);
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1302);
  const auto res = Lockstep<CheckTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(res.ok) << res.report;
  EXPECT_EQ(res.checked, cases.size());
}

// ---- tsu_tex_level --------------------------------------------------------------------------------

struct LevelIn {
  ResolvedTexture tex;  // a valid header; its level records as the driver wrote them
  DescImage header{};
  TexLevelImage rec{};
  uint32_t level = 0;
};

struct LevelTraits {
  using Dut = Vtsu_tex_level;
  using In = LevelIn;
  struct Out {
    bool ok;
    uint32_t width, height, depth, pitch, row_of_blocks, bh, bd;
    uint64_t base, slice;
  };
  static constexpr const char* kName = "tsu_tex_level";
  static int Latency() { return Vtsu_tex_level_tsu_tex_level::Latency; }
  static uint64_t AddrMask() { return (uint64_t{1} << Vtsu_tex_level_tsu_tex_level::AddrWidth) - 1; }
  static void Drive(Dut* d, const In& in) {
    BytesToWords<64>(in.header.data(), d->tex_i);
    BytesToWords<16>(in.rec.data(), d->rec_i);
    d->level_i = static_cast<uint8_t>(in.level);
    int log2 = 0;
    while ((1 << log2) < in.tex.fmt.texel_bytes) ++log2;
    d->texel_log2_i = static_cast<uint8_t>(log2);
  }
  static Out Sample(const Dut& d) {
    Out o{};
    o.ok = d.ok_o != 0;
    if (!o.ok) return o;  // the fields of an unusable level are not used
    o.width = d.width_o, o.height = d.height_o, o.depth = d.depth_o;
    o.pitch = d.pitch_o, o.row_of_blocks = d.row_of_blocks_o;
    o.bh = d.block_height_log2_o, o.bd = d.block_depth_log2_o;
    o.base = d.base_o, o.slice = d.slice_bytes_o;
    return o;
  }
  static Out Expect(const In& in) {
    ResolvedSurface lv;
    std::string why;
    Out o{};
    o.ok = DecodeTexLevel(in.rec, in.tex, in.level, &lv, &why);
    if (!o.ok) return o;
    o.width = lv.desc.width / in.tex.desc.samples, o.height = lv.desc.height, o.depth = lv.desc.depth;
    o.pitch = static_cast<uint32_t>(lv.pitch), o.row_of_blocks = static_cast<uint32_t>(lv.row_of_blocks);
    o.bh = lv.desc.block_height_log2, o.bd = lv.desc.block_depth_log2;
    o.base = (in.tex.desc.base + lv.desc.base) & AddrMask();
    o.slice = lv.slice_bytes;
    return o;
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "ok", e.ok, g.ok);
    DiffField(o, "width", e.width, g.width);
    DiffField(o, "height", e.height, g.height);
    DiffField(o, "depth", e.depth, g.depth);
    DiffField(o, "base", e.base, g.base);
    DiffField(o, "pitch", e.pitch, g.pitch);
    DiffField(o, "row_of_blocks", e.row_of_blocks, g.row_of_blocks);
    DiffField(o, "slice_bytes", e.slice, g.slice);
    DiffField(o, "block_height_log2", e.bh, g.bh);
    DiffField(o, "block_depth_log2", e.bd, g.bd);
    return o.str();
  }
  static std::string Describe(const In& in) {
    ResolvedSurface lv;
    std::string why;
    const bool ok = DecodeTexLevel(in.rec, in.tex, in.level, &lv, &why);
    return "level " + std::to_string(in.level) + " record" + Hex(in.rec.data(), 16) +
           " of header" + Hex(in.header.data(), 64) + " (model: " + (ok ? "usable" : why) + ")";
  }
};

TEST(TexLevel, RandomAgainstDecodeTexLevel) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1303);
  opt.max_cycles = ScaledCount(120000);
  uint64_t usable = 0;
  const auto r = Lockstep<LevelTraits>::Run(
      [&](uint64_t seed) {
        return CountedSource<LevelIn>(seed, ScaledCount(100000), [&](Rng& rng, LevelIn* in) {
          in->tex = RandomTexture(rng, 48, /*allow_cube=*/true);
          TexturePlacement p;
          p.level_table = 0x1000;
          const TextureImage img = EncodeTexture(in->tex, p);
          in->header = img.header;
          in->level = static_cast<uint32_t>(Uniform(rng, 0, in->tex.desc.levels - 1));
          in->rec = img.levels[in->level];
          if (Chance(rng, 40)) {
            static constexpr DescField kRec[] = {V::offset, V::stride, V::slice_bytes,
                                                 V::block_height_log2, V::block_depth_log2};
            const DescField f = kRec[Uniform(rng, 0, 4)];
            const uint64_t old = GetBits(in->rec.data(), f);
            const uint64_t edges[] = {0, 1, old + 16, old - 16, old + 512, old - 1, old + 1,
                                      old >> 1, static_cast<uint64_t>(rng())};
            SetBits(in->rec.data(), f, edges[Uniform(rng, 0, 8)]);
          }
          usable += LevelTraits::Expect(*in).ok;
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_GT(usable, r.checked / 2);
  EXPECT_LT(usable, r.checked * 95 / 100);
  r.ReportCoverage("tsu_tex_level");
}

}  // namespace
}  // namespace tsu::tb
