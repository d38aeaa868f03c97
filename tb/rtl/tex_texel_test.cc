// The per-tap texel value (rtl/tex/tsu_tex_texel) against tsu::TexelValue, every cycle: every
// legal (channel order, channel type) pair x both read modes x sRGB on and off x border or not x
// depth compare off and under every operator, with random texel bytes and float corners in
// them; then random taps; then every sRGB code and every reference corner. The same at two
// channels a cycle (Beats 2, a tap every other cycle: the default unit's texel stage).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <sstream>
#include <vector>

#include "Vtsu_tex_texel.h"
#include "Vtsu_tex_texel_b2.h"
#include "Vtsu_tex_texel_b2_tsu_tex_texel.h"
#include "Vtsu_tex_texel_tsu_tex_texel.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/format.h"
#include "tsu/tex_texel.h"

namespace tsu::tb {
namespace {

struct TexelIn {
  ChannelOrder order = ChannelOrder::kRGBA;
  ChannelType type = ChannelType::kUnormInt8;
  bool read_norm = false, srgb = false, compare = false, border = false;
  CompareOp op = CompareOp::kLessEqual;
  uint32_t ref = 0;
  uint32_t border_c[4] = {};
  uint8_t bytes[16] = {};
};

struct TexelOut {
  bool float_res;
  uint32_t c[4];
};

// Dut: the Verilated block; Root: its tsu_tex_texel scope (Latency, Interval).
template <typename DutT, typename Root>
struct TexelTraits {
  using Dut = DutT;
  using In = TexelIn;
  using Out = TexelOut;
  static constexpr const char* kName = "tsu_tex_texel";
  static int Latency() { return Root::Latency; }
  static int Interval() { return Root::Interval; }
  static void Drive(Dut* d, const In& in) {
    d->order_i = static_cast<uint8_t>(in.order);
    d->type_i = static_cast<uint8_t>(in.type);
    d->read_norm_i = in.read_norm;
    d->srgb_i = in.srgb;
    d->compare_i = in.compare;
    d->op_i = static_cast<uint8_t>(in.op);
    d->ref_i = in.ref;
    d->border_i = in.border;
    for (int k = 0; k < 4; ++k) {
      d->border_color_i[k] = in.border_c[k];
      uint32_t w;
      std::memcpy(&w, in.bytes + 4 * k, 4);
      d->texel_i[k] = w;
    }
  }
  static Out Sample(const Dut& d) {
    Out o{d.float_o != 0, {}};
    for (int k = 0; k < 4; ++k) o.c[k] = d.c_o[k];
    return o;
  }
  static Out Expect(const In& in) {
    FormatInfo f;
    std::string err;
    DescribeFormat(in.order, in.type, &f, &err);  // the sources only make legal pairs
    SamplerDesc s;
    s.read_mode = in.read_norm ? ReadMode::kNormalizedFloat : ReadMode::kElementType;
    s.srgb = in.srgb;
    s.compare = in.op;
    for (int k = 0; k < 4; ++k) s.border[k] = in.border_c[k];
    const TexelRule rule = MakeTexelRule(f, s, in.compare, in.ref);
    Out o{rule.float_result, {}};
    TexelValue(rule, in.bytes, in.border, o.c);
    return o;
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "float", e.float_res, g.float_res);
    for (int k = 0; k < 4; ++k) DiffField(o, ("c" + std::to_string(k)).c_str(), e.c[k], g.c[k]);
    return o.str();
  }
  static std::string Describe(const In& in) {
    std::ostringstream o;
    o << Name(in.order) << "/" << Name(in.type) << " read_norm " << in.read_norm << " srgb "
      << in.srgb << " border " << in.border << " compare " << in.compare << " "
      << Name(in.op) << " ref 0x" << std::hex << in.ref << " bytes";
    for (int k = 0; k < 16; ++k) o << " " << static_cast<int>(in.bytes[k]);
    return o.str();
  }
};

using Texel = TexelTraits<Vtsu_tex_texel, Vtsu_tex_texel_tsu_tex_texel>;
using TexelB2 = TexelTraits<Vtsu_tex_texel_b2, Vtsu_tex_texel_b2_tsu_tex_texel>;

struct Pair {
  ChannelOrder o;
  ChannelType t;
};

std::vector<Pair> LegalPairs() {
  std::vector<Pair> v;
  for (int o = 0; o < kCount<ChannelOrder>; ++o) {
    for (int t = 0; t < kCount<ChannelType>; ++t) {
      FormatInfo f;
      std::string err;
      if (DescribeFormat(static_cast<ChannelOrder>(o), static_cast<ChannelType>(t), &f, &err)) {
        v.push_back({static_cast<ChannelOrder>(o), static_cast<ChannelType>(t)});
      }
    }
  }
  return v;
}

uint32_t RefCorner(Rng& rng) {
  static const uint32_t kRefs[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0x3F800001u,
                                   0xBF800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                   0xFFC00001u, 0x3F000000u, 0x00000001u, 0x80000001u};
  return Chance(rng, 50) ? kRefs[Uniform(rng, 0, sizeof kRefs / sizeof kRefs[0] - 1)]
                         : static_cast<uint32_t>(Uniform(rng, 0, 0x3F800100));
}

void RandomBytes(Rng& rng, TexelIn* in) {
  for (auto& b : in->bytes) b = static_cast<uint8_t>(rng());
  if (Chance(rng, 30)) {  // float corners in the first channels (depth reads channel 0)
    for (int k = 0; k < 4; ++k) {
      const uint32_t v = Chance(rng, 50) ? RefCorner(rng) : static_cast<uint32_t>(rng());
      std::memcpy(in->bytes + 4 * k, &v, 4);
    }
  }
  if (Chance(rng, 10)) {  // the same value as the reference (equality, signed zeros)
    std::memcpy(in->bytes, &in->ref, 4);
    if (Chance(rng, 50)) in->bytes[3] ^= 0x80;
  }
}

void RandomTap(Rng& rng, const Pair& p, TexelIn* in) {
  in->order = p.o;
  in->type = p.t;
  in->read_norm = Chance(rng, 50);
  in->srgb = Chance(rng, 50);
  in->compare = Chance(rng, 40);
  in->op = static_cast<CompareOp>(Uniform(rng, 0, 7));
  in->ref = RefCorner(rng);
  in->border = Chance(rng, 25);
  for (auto& c : in->border_c) c = Chance(rng, 50) ? RefCorner(rng) : static_cast<uint32_t>(rng());
  RandomBytes(rng, in);
}

template <typename T>
void EveryFormatReadModeSrgbBorderAndCompare(const char* block) {
  Rng rng(SeedFromEnv(931));
  std::vector<TexelIn> cases;
  for (const Pair& p : LegalPairs()) {
    for (int mode = 0; mode < 4; ++mode) {      // read mode x sRGB
      for (int cmp = 0; cmp < 9; ++cmp) {       // off, then each operator
        for (int border = 0; border < 2; ++border) {
          for (int k = 0; k < 8; ++k) {
            TexelIn in;
            RandomTap(rng, p, &in);
            in.read_norm = mode & 1;
            in.srgb = (mode >> 1) & 1;
            in.compare = cmp > 0;
            in.op = static_cast<CompareOp>(cmp > 0 ? cmp - 1 : 0);
            in.border = border != 0;
            cases.push_back(in);
          }
        }
      }
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(931);
  opt.max_cycles = cases.size() * 2 * T::Interval() + 100;
  const auto r = Lockstep<T>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("(%zu legal formats x 2 read modes x sRGB x border x 9 compare settings x 8: %zu taps)\n",
              LegalPairs().size(), cases.size());
  r.ReportCoverage(block,
                   {{"u_unpack.c_unsupported", "a tap's format passed the descriptor check: every "
                                               "pair here is legal and supported"}});
}

template <typename T>
void EverySrgbCode() {
  std::vector<TexelIn> cases;
  for (ChannelOrder o : {ChannelOrder::kSRGBA, ChannelOrder::kSRGBx, ChannelOrder::kSBGRA}) {
    for (uint32_t code = 0; code < 256; ++code) {
      TexelIn in;
      in.order = o;
      in.type = ChannelType::kUnormInt8;
      in.srgb = true;
      for (int k = 0; k < 4; ++k) in.bytes[k] = static_cast<uint8_t>(code + 64 * k);
      cases.push_back(in);
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(932);
  opt.max_cycles = cases.size() * 2 * T::Interval() + 100;
  const auto r = Lockstep<T>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
}

template <typename T>
void RandomTaps(uint64_t count) {
  const std::vector<Pair> pairs = LegalPairs();
  LockstepOptions opt;
  opt.seed = SeedFromEnv(933);
  const uint64_t n = ScaledCount(count);
  opt.max_cycles = n * 2 * T::Interval() + 100;
  const auto r = Lockstep<T>::Run(
      [n, &pairs](uint64_t seed) {
        return CountedSource<TexelIn>(seed, n, [&pairs](Rng& rng, TexelIn* in) {
          RandomTap(rng, pairs[static_cast<size_t>(Uniform(rng, 0, pairs.size() - 1))], in);
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("%s\n", r.Summary("tsu_tex_texel").c_str());
}

TEST(TexTexel, EveryFormatReadModeSrgbBorderAndCompare) {
  EveryFormatReadModeSrgbBorderAndCompare<Texel>("tsu_tex_texel");
}
TEST(TexTexel, EverySrgbCode) { EverySrgbCode<Texel>(); }
TEST(TexTexel, RandomTaps) { RandomTaps<Texel>(300000); }

// Two channels a cycle: the same checks, a tap every other cycle (the lockstep driver keeps the
// interval; the unpack asserts it), and its interval as declared.
TEST(TexTexelBeats2, EveryFormatReadModeSrgbBorderAndCompare) {
  ASSERT_EQ(TexelB2::Interval(), 2);
  ASSERT_EQ(TexelB2::Latency(), Texel::Latency() + 1);
  EveryFormatReadModeSrgbBorderAndCompare<TexelB2>("tsu_tex_texel_b2");
}
TEST(TexTexelBeats2, EverySrgbCode) { EverySrgbCode<TexelB2>(); }
TEST(TexTexelBeats2, RandomTaps) { RandomTaps<TexelB2>(150000); }

}  // namespace
}  // namespace tsu::tb
