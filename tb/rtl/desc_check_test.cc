// Descriptor validation bench: tsu_desc_check against tsu::DecodeSurface (the model's reading of
// a descriptor slot), on valid slots of every surface format and geometry with one field
// broken at a time, and on random slots.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "Vtsu_desc_check.h"
#include "Vtsu_desc_check_tsu_desc_check.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/descriptor_words.h"

namespace tsu::tb {
namespace {

struct CheckIn {
  DescImage image{};
};

struct CheckTraits {
  using Dut = Vtsu_desc_check;
  using In = CheckIn;
  struct Out {
    bool ok;
  };
  static constexpr const char* kName = "tsu_desc_check";
  static int Latency() { return Vtsu_desc_check_tsu_desc_check::Latency; }
  // What tsu_fmt_decode gives the block in the unit: the pair's legality and texel size.
  static void Drive(Dut* d, const In& in) {
    for (int w = 0; w < 16; ++w) {
      uint32_t v = 0;
      for (int b = 0; b < 4; ++b) v |= static_cast<uint32_t>(in.image[static_cast<size_t>(4 * w + b)]) << (8 * b);
      d->desc_i[w] = v;
    }
    namespace L = desc_layout::Surface;
    FormatInfo f;
    std::string err;
    const uint64_t o = GetField(in.image, L::chorder), t = GetField(in.image, L::chtype);
    const bool legal = o <= static_cast<uint64_t>(ChannelOrder::kABGR) &&
                       t <= static_cast<uint64_t>(ChannelType::kUnormInt101010_2) &&
                       DescribeFormat(static_cast<ChannelOrder>(o), static_cast<ChannelType>(t), &f, &err);
    d->fmt_legal_i = legal;
    int log2 = 0;
    while (legal && (1 << log2) < f.texel_bytes) ++log2;
    d->texel_log2_i = static_cast<uint8_t>(log2);
  }
  static Out Sample(const Dut& d) { return {d.ok_o != 0}; }
  static Out Expect(const In& in) {
    ResolvedSurface r;
    std::string why;
    return {DecodeSurface(in.image, &r, &why) == TrapCause::kNone};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "ok", e.ok, g.ok);
    return o.str();
  }
  static std::string Describe(const In& in) {
    ResolvedSurface r;
    std::string why;
    const TrapCause c = DecodeSurface(in.image, &r, &why);
    std::ostringstream o;
    o << "slot";
    for (int i = 63; i >= 0; --i) {
      o << (i % 8 == 7 ? " " : "") << std::hex << (in.image[static_cast<size_t>(i)] >> 4)
        << (in.image[static_cast<size_t>(i)] & 15);
    }
    o << std::dec << " (model: " << (c == TrapCause::kNone ? std::string("valid") : why) << ")";
    return o.str();
  }
};

// A valid slot of a random surface, then often one field set to a value near a rule's edge.
void RandomSlot(Rng& rng, CheckIn* in) {
  const ResolvedSurface s = RandomSurface(rng, 64);  // the check reads all 64 address bits
  in->image = EncodeSurface(s);
  namespace L = desc_layout::Surface;
  static constexpr DescField kFields[] = {L::kind, L::dim, L::chorder, L::chtype, L::layout,
                                          L::block_height_log2, L::block_depth_log2, L::pitch,
                                          L::width, L::height, L::depth, L::array_size, L::base};
  const int breaks = Chance(rng, 30) ? 0 : static_cast<int>(Uniform(rng, 1, 2));
  for (int k = 0; k < breaks; ++k) {
    const DescField f = kFields[Uniform(rng, 0, sizeof(kFields) / sizeof(kFields[0]) - 1)];
    const uint64_t old = GetField(in->image, f);
    const uint64_t edges[] = {0, 1, 2, old - 1, old + 1, old + 16, 4096, 4097, 2048, 2049, 65536, 65537,
                              0xFFFFFFFFull, old ^ 8, old ^ 0x100, static_cast<uint64_t>(rng())};
    SetField(&in->image, f, edges[Uniform(rng, 0, sizeof(edges) / sizeof(edges[0]) - 1)]);
  }
  if (Chance(rng, 3)) {  // an arbitrary slot
    for (auto& b : in->image) b = static_cast<uint8_t>(rng());
    SetField(&in->image, L::kind, 1);
  }
}

TEST(DescCheck, RandomAgainstDecodeSurface) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1201);
  opt.max_cycles = ScaledCount(240000);
  uint64_t valid = 0;
  const auto r = Lockstep<CheckTraits>::Run(
      [&valid](uint64_t seed) {
        return CountedSource<CheckIn>(seed, ScaledCount(200000), [&valid](Rng& rng, CheckIn* in) {
          RandomSlot(rng, in);
          if (CheckTraits::Expect(*in).ok) ++valid;
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_GT(valid, r.checked / 10) << "too few valid slots to exercise acceptance";
  EXPECT_LT(valid, r.checked * 9 / 10) << "too few invalid slots";
  r.ReportCoverage("tsu_desc_check");
}

// Every format pair (legal or not) on an otherwise valid 2d pitch slot.
TEST(DescCheck, EveryFormatPair) {
  std::vector<CheckIn> cases;
  SurfaceDesc d;
  d.dim = Geometry::k2d;
  d.width = 7;
  d.height = 3;
  d.base = 0x10000;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kUnsignedInt32;
  ResolvedSurface r;
  std::string err;
  ASSERT_TRUE(ResolveSurface(d, &r, &err)) << err;
  namespace L = desc_layout::Surface;
  for (uint64_t o = 0; o < 32; ++o) {
    for (uint64_t t = 0; t < 32; ++t) {
      CheckIn in;
      in.image = EncodeSurface(r);
      SetField(&in.image, L::chorder, o);
      SetField(&in.image, L::chtype, t);
      SetField(&in.image, L::pitch, 256);  // wide enough for any texel
      cases.push_back(in);
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1202);
  const auto res = Lockstep<CheckTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(res.ok) << res.report;
  EXPECT_EQ(res.checked, cases.size());
}

}  // namespace
}  // namespace tsu::tb
