// Format benches: tsu_fmt_pack against tsu::PackTexel and tsu_fmt_unpack against
// tsu::UnpackTexel, on constrained-random components and on exhaustive sweeps (every f16 value
// and every f16 rounding tie; every 8- and 16-bit channel code with the UNORM/SNORM midpoints
// around it; every saturating integer boundary; every texel of every <= 16-bit-channel format).
// The unpack also at two and one slots a cycle (Beats 2, 4).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "Vtsu_fmt_pack.h"
#include "Vtsu_fmt_pack_lite.h"
#include "Vtsu_fmt_pack_lite_tsu_fmt_pack.h"
#include "Vtsu_fmt_pack_serial.h"
#include "Vtsu_fmt_pack_serial_tsu_fmt_pack.h"
#include "Vtsu_fmt_pack_tsu_fmt_pack.h"
#include "Vtsu_fmt_unpack.h"
#include "Vtsu_fmt_unpack_b2.h"
#include "Vtsu_fmt_unpack_b2_tsu_fmt_unpack.h"
#include "Vtsu_fmt_unpack_b4.h"
#include "Vtsu_fmt_unpack_b4_tsu_fmt_unpack.h"
#include "Vtsu_fmt_unpack_tsu_fmt_unpack.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/format.h"

namespace tsu::tb {
namespace {

uint32_t Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

float Float(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

std::string FormatName(uint8_t order, uint8_t type) {
  std::ostringstream o;
  if (order < kCount<ChannelOrder>) {
    o << Name(static_cast<ChannelOrder>(order));
  } else {
    o << "order#" << int{order};
  }
  o << "/";
  if (type < kCount<ChannelType>) {
    o << Name(static_cast<ChannelType>(type));
  } else {
    o << "type#" << int{type};
  }
  return o.str();
}

// ---- tsu_fmt_pack ---------------------------------------------------------------------------------

struct PackIn {
  uint8_t order = 0, type = 0;
  uint32_t comps[4] = {};
};

struct PackOut {
  uint32_t supported = 0, texel_log2 = 0;
  uint32_t texel[4] = {};  // little-endian words
};

// Whether a configuration keeps a format: the lite build drops UNORM/SNORM and HALF.
enum class Config { kFull, kLite };

PackOut ExpectPack(const PackIn& in, Config cfg) {
  PackOut o;
  FormatInfo f;
  std::string err;
  if (!DescribeFormat(static_cast<ChannelOrder>(in.order), static_cast<ChannelType>(in.type), &f,
                      &err)) {
    return o;
  }
  if (cfg == Config::kLite && (f.kind == ChannelKind::kUnorm || f.kind == ChannelKind::kSnorm ||
                               f.kind == ChannelKind::kHalf)) {
    return o;
  }
  uint8_t bytes[16] = {};
  PackTexel(f, in.comps, bytes);
  o.supported = 1;
  o.texel_log2 = static_cast<uint32_t>(std::log2(f.texel_bytes));
  std::memcpy(o.texel, bytes, 16);
  return o;
}

template <typename Dut>
void DrivePack(Dut* d, const PackIn& in) {
  d->order_i = in.order;
  d->type_i = in.type;
  for (int i = 0; i < 4; ++i) d->comps_i[i] = in.comps[i];
}

template <typename Dut>
PackOut SamplePack(const Dut& d) {
  PackOut o;
  o.supported = d.supported_o;
  o.texel_log2 = d.supported_o ? d.texel_log2_o : 0;
  for (int i = 0; i < 4; ++i) o.texel[i] = d.texel_o[i];
  return o;
}

std::string DiffPack(const PackOut& e, const PackOut& g) {
  std::ostringstream o;
  DiffField(o, "supported", e.supported, g.supported);
  DiffField(o, "texel_log2", e.texel_log2, g.texel_log2);
  for (int i = 0; i < 4; ++i) {
    const std::string n = "texel bytes " + std::to_string(4 * i) + ".." + std::to_string(4 * i + 3);
    DiffField(o, n.c_str(), e.texel[i], g.texel[i]);
  }
  return o.str();
}

std::string DescribePack(const PackIn& in) {
  std::ostringstream o;
  o << FormatName(in.order, in.type) << " comps {" << std::hex;
  for (int i = 0; i < 4; ++i) o << (i ? ", 0x" : "0x") << in.comps[i];
  o << "}" << std::dec << " (as f32: " << Float(in.comps[0]) << ", " << Float(in.comps[1]) << ", "
    << Float(in.comps[2]) << ", " << Float(in.comps[3]) << ")";
  return o.str();
}

struct PackTraits {
  using Dut = Vtsu_fmt_pack;
  using In = PackIn;
  using Out = PackOut;
  static constexpr const char* kName = "tsu_fmt_pack";
  static int Latency() { return Vtsu_fmt_pack_tsu_fmt_pack::Latency; }
  static void Drive(Dut* d, const In& in) { DrivePack(d, in); }
  static Out Sample(const Dut& d) { return SamplePack(d); }
  static Out Expect(const In& in) { return ExpectPack(in, Config::kFull); }
  static std::string Diff(const Out& e, const Out& g) { return DiffPack(e, g); }
  static std::string Describe(const In& in) { return DescribePack(in); }
};

// One slot a cycle (Beats 4, the pack of a unit whose address path takes a request every 4
// cycles or more): the same golden function, an input every 4 cycles.
struct PackSerialTraits {
  using Dut = Vtsu_fmt_pack_serial;
  using In = PackIn;
  using Out = PackOut;
  static constexpr const char* kName = "tsu_fmt_pack (Beats=4)";
  static int Latency() { return Vtsu_fmt_pack_serial_tsu_fmt_pack::Latency; }
  static int Interval() { return Vtsu_fmt_pack_serial_tsu_fmt_pack::Interval; }
  static void Drive(Dut* d, const In& in) { DrivePack(d, in); }
  static Out Sample(const Dut& d) { return SamplePack(d); }
  static Out Expect(const In& in) { return ExpectPack(in, Config::kFull); }
  static std::string Diff(const Out& e, const Out& g) { return DiffPack(e, g); }
  static std::string Describe(const In& in) { return DescribePack(in); }
};

struct PackLiteTraits {
  using Dut = Vtsu_fmt_pack_lite;
  using In = PackIn;
  using Out = PackOut;
  static constexpr const char* kName = "tsu_fmt_pack (EnableNorm=0 EnableHalf=0 ConvStages=0 RegOut=0)";
  static int Latency() { return Vtsu_fmt_pack_lite_tsu_fmt_pack::Latency; }
  static void Drive(Dut* d, const In& in) { DrivePack(d, in); }
  static Out Sample(const Dut& d) { return SamplePack(d); }
  static Out Expect(const In& in) { return ExpectPack(in, Config::kLite); }
  static std::string Diff(const Out& e, const Out& g) { return DiffPack(e, g); }
  static std::string Describe(const In& in) { return DescribePack(in); }
};

// Interesting f32 inputs: specials, the edges of [-1, 1], values on and half-way between the
// codes of a `bits`-wide norm channel, f16 overflow/underflow edges, and random values.
uint32_t InterestingFloat(Rng& rng, int bits) {
  static const uint32_t kSpecial[] = {
      0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0xBF000000, 0x40000000,
      0xC0000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFFFFFFF, 0x00000001,
      0x007FFFFF, 0x00800000, 0x3F7FFFFF, 0x3F800001, 0xBF7FFFFF, 0xBF800001,
      0x477FE000,  // 65504, largest f16
      0x477FEFFF, 0x477FF000,  // just below / at the f16 overflow tie (65520)
      0x33800000, 0x33000000, 0x33400000,  // 2^-24, 2^-25 (tie to 0), 1.5 * 2^-25
      0x38800000, 0x387FC000,  // smallest normal f16, largest subnormal f16
  };
  const int pick = static_cast<int>(Uniform(rng, 0, 99));
  if (pick < 15) return kSpecial[Uniform(rng, 0, sizeof(kSpecial) / sizeof(kSpecial[0]) - 1)];
  const double max = std::ldexp(1.0, bits) - 1.0;
  if (pick < 45) {  // near a code midpoint (the rounding decision)
    const double k = static_cast<double>(Uniform(rng, 0, static_cast<int64_t>(max) - 1));
    const float m = static_cast<float>((k + 0.5) / max);
    const int step = static_cast<int>(Uniform(rng, -1, 1));
    const float v = step == 0 ? m : std::nextafter(m, step > 0 ? 2.0f : -2.0f);
    return Bits(Chance(rng, 30) ? -v : v);
  }
  if (pick < 60) {  // on a code
    const double k = static_cast<double>(Uniform(rng, 0, static_cast<int64_t>(max)));
    const float v = static_cast<float>(k / max);
    return Bits(Chance(rng, 30) ? -v : v);
  }
  if (pick < 75) {  // an f16 rounding tie or its neighbours
    const uint16_t h = static_cast<uint16_t>(Uniform(rng, 0, 0x7BFE));
    const float lo = Float(F16ToF32(h)), hi = Float(F16ToF32(static_cast<uint16_t>(h + 1)));
    float v = static_cast<float>((static_cast<double>(lo) + hi) / 2);
    if (Chance(rng, 50)) v = std::nextafter(v, Chance(rng, 50) ? 1e9f : -1e9f);
    return Bits(Chance(rng, 50) ? -v : v);
  }
  if (pick < 90) return Bits(static_cast<float>(Uniform(rng, -3000000, 3000000)) / 2000000.0f);
  return static_cast<uint32_t>(rng());
}

uint32_t InterestingInt(Rng& rng) {
  static const uint32_t kSpecial[] = {
      0, 1, 0xFFFFFFFF, 127, 128, 255, 256, 0xFFFFFF80, 0xFFFFFF7F, 32767, 32768, 65535, 65536,
      0xFFFF8000, 0xFFFF7FFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 3, 0x100000000ull - 256};
  const int pick = static_cast<int>(Uniform(rng, 0, 99));
  if (pick < 40) return kSpecial[Uniform(rng, 0, sizeof(kSpecial) / sizeof(kSpecial[0]) - 1)];
  if (pick < 70) return static_cast<uint32_t>(Uniform(rng, -70000, 70000));
  return static_cast<uint32_t>(rng());
}

PackIn RandomPack(Rng& rng) {
  PackIn in;
  const auto& formats = AllFormats();
  if (Chance(rng, 4)) {  // any code, most of them illegal pairs
    in.order = static_cast<uint8_t>(Uniform(rng, 0, 31));
    in.type = static_cast<uint8_t>(Uniform(rng, 0, 31));
  } else {
    const FormatInfo& f = formats[static_cast<size_t>(Uniform(rng, 0, formats.size() - 1))];
    in.order = static_cast<uint8_t>(f.order);
    in.type = static_cast<uint8_t>(f.type);
  }
  FormatInfo f;
  std::string err;
  const bool ok = DescribeFormat(static_cast<ChannelOrder>(in.order),
                                 static_cast<ChannelType>(in.type), &f, &err);
  const bool as_int = ok && f.value_class() != ValueClass::kF32;
  const int bits = ok ? f.fields[Uniform(rng, 0, f.num_fields - 1)].bits : 8;
  for (uint32_t& c : in.comps) {
    c = Chance(rng, 5) ? static_cast<uint32_t>(rng())
                       : as_int ? InterestingInt(rng) : InterestingFloat(rng, bits < 24 ? bits : 16);
  }
  return in;
}

template <typename T>
LockstepResult RunVector(const std::vector<PackIn>& cases, uint64_t seed) {
  LockstepOptions opt;
  opt.seed = seed;
  opt.max_cycles = cases.size() * 2 * IntervalOf<T>::Get() + 100;
  return Lockstep<T>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
}

template <typename T>
void CheckRandomPack(uint64_t seed, uint64_t n) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  const uint64_t count = ScaledCount(n);
  opt.max_cycles = count * IntervalOf<T>::Get() * 6 / 5 + 200;
  const auto r = Lockstep<T>::Run(
      [count](uint64_t s) {
        return CountedSource<PackIn>(s, count, [](Rng& rng, PackIn* in) { *in = RandomPack(rng); });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  r.ReportCoverage("tsu_fmt_pack");
}

TEST(FmtPack, RandomAgainstPackTexel) { CheckRandomPack<PackTraits>(401, 1000000); }
TEST(FmtPackSerial, RandomAgainstPackTexel) {
  ASSERT_EQ(PackSerialTraits::Interval(), 4);
  CheckRandomPack<PackSerialTraits>(411, 300000);
}

// Every f16 value, every tie half-way between two adjacent f16 values, and the floats on either
// side of each tie, through all four slots of RGBA/HALF_FLOAT.
template <typename T>
void CheckEveryF16ValueAndTie(uint64_t seed) {
  std::vector<PackIn> cases;
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const uint16_t hh = static_cast<uint16_t>(h);
    const uint32_t exact = F16ToF32(hh);
    const bool finite_next = (h & 0x7FFF) < 0x7C00;  // h and h+1 (toward Inf) both finite-ish
    float mid = Float(exact);
    if (finite_next) {
      const double lo = Float(exact), hi = Float(F16ToF32(static_cast<uint16_t>(h + 1)));
      mid = static_cast<float>((lo + hi) / 2);  // exact: f16 significands are 11 bits
    }
    const uint32_t v[4] = {exact, Bits(mid), Bits(std::nextafter(mid, 1e30f)),
                           Bits(std::nextafter(mid, -1e30f))};
    PackIn in;
    in.order = static_cast<uint8_t>(ChannelOrder::kRGBA);
    in.type = static_cast<uint8_t>(ChannelType::kHalfFloat);
    for (int i = 0; i < 4; ++i) in.comps[i] = v[(i + h) % 4];  // every slot sees every kind
    cases.push_back(in);
  }
  const auto r = RunVector<T>(cases, SeedFromEnv(seed));
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (65536 f16 values, 65536 ties and their neighbours)\n",
              r.Summary(T::kName).c_str());
}
TEST(FmtPack, EveryF16ValueAndTie) { CheckEveryF16ValueAndTie<PackTraits>(402); }
TEST(FmtPackSerial, EveryF16ValueAndTie) { CheckEveryF16ValueAndTie<PackSerialTraits>(412); }

// Every code of every UNORM/SNORM channel up to 16 bits: the value that decodes to it, the
// midpoint to the next code (a tie in exact arithmetic) and the floats either side of it.
template <typename T>
void CheckEveryNormCodeAndMidpoint(uint64_t seed) {
  struct F {
    ChannelOrder o;
    ChannelType t;
  };
  const F kFormats[] = {
      {ChannelOrder::kRGBA, ChannelType::kUnormInt8},   {ChannelOrder::kRGBA, ChannelType::kSnormInt8},
      {ChannelOrder::kRGBA, ChannelType::kUnormInt16},  {ChannelOrder::kRGBA, ChannelType::kSnormInt16},
      {ChannelOrder::kRGB, ChannelType::kUnormShort565}, {ChannelOrder::kRGB, ChannelType::kUnormShort555},
      {ChannelOrder::kRGB, ChannelType::kUnormInt101010},
      {ChannelOrder::kRGBA, ChannelType::kUnormInt101010_2}};
  std::vector<PackIn> cases;
  for (const F& fm : kFormats) {
    FormatInfo f;
    std::string err;
    ASSERT_TRUE(DescribeFormat(fm.o, fm.t, &f, &err)) << err;
    int wmax = 0;
    for (int i = 0; i < f.num_fields; ++i) wmax = std::max(wmax, int{f.fields[i].bits});
    const bool snorm = f.kind == ChannelKind::kSnorm;
    for (uint32_t c = 0; c < (1u << wmax); ++c) {
      PackIn in;
      in.order = static_cast<uint8_t>(fm.o);
      in.type = static_cast<uint8_t>(fm.t);
      for (int i = 0; i < f.num_fields; ++i) {
        const int w = f.fields[i].bits;
        const uint32_t code = (c + static_cast<uint32_t>(i) * 37u) & ((1u << w) - 1u);
        const double max = snorm ? std::ldexp(1.0, w - 1) - 1 : std::ldexp(1.0, w) - 1;
        const double val = snorm ? static_cast<double>(static_cast<int32_t>(code << (32 - w)) >> (32 - w))
                                 : static_cast<double>(code);
        const float mid = static_cast<float>((val + 0.5) / max);
        const uint32_t variants[4] = {Bits(static_cast<float>(val / max)), Bits(mid),
                                      Bits(std::nextafter(mid, 2.0f)),
                                      Bits(std::nextafter(mid, -2.0f))};
        in.comps[f.fields[i].comp] = variants[(c + static_cast<uint32_t>(i)) % 4];
      }
      cases.push_back(in);
    }
  }
  const auto r = RunVector<T>(cases, SeedFromEnv(seed));
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (every code of 8 norm formats, %zu texels)\n", r.Summary(T::kName).c_str(),
              cases.size());
}
TEST(FmtPack, EveryNormCodeAndMidpoint) { CheckEveryNormCodeAndMidpoint<PackTraits>(403); }
TEST(FmtPackSerial, EveryNormCodeAndMidpoint) {
  CheckEveryNormCodeAndMidpoint<PackSerialTraits>(413);
}

// Saturating integer narrowing: every value in [-2^16 - 2, 2^16 + 2] into 8- and 16-bit
// signed and unsigned channels.
template <typename T>
void CheckEveryIntegerBoundary(uint64_t seed) {
  std::vector<PackIn> cases;
  for (ChannelType t : {ChannelType::kSignedInt8, ChannelType::kUnsignedInt8,
                        ChannelType::kSignedInt16, ChannelType::kUnsignedInt16}) {
    for (int64_t v = -65538; v <= 65538; v += 4) {
      PackIn in;
      in.order = static_cast<uint8_t>(ChannelOrder::kRGBA);
      in.type = static_cast<uint8_t>(t);
      for (int i = 0; i < 4; ++i) in.comps[i] = static_cast<uint32_t>(v + i);
      cases.push_back(in);
    }
  }
  const auto r = RunVector<T>(cases, SeedFromEnv(seed));
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("%s (integer saturation sweep)\n", r.Summary(T::kName).c_str());
}
TEST(FmtPack, EveryIntegerBoundary) { CheckEveryIntegerBoundary<PackTraits>(404); }
TEST(FmtPackSerial, EveryIntegerBoundary) { CheckEveryIntegerBoundary<PackSerialTraits>(414); }

TEST(FmtPackLite, DroppedFormatsAreUnsupportedTheRestExact) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(405);
  opt.max_cycles = ScaledCount(240000);
  const auto r = Lockstep<PackLiteTraits>::Run(
      [](uint64_t seed) {
        return CountedSource<PackIn>(seed, ScaledCount(200000),
                                     [](Rng& rng, PackIn* in) { *in = RandomPack(rng); });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(Vtsu_fmt_pack_lite_tsu_fmt_pack::Latency, 1u);
  std::printf("%s\n", r.Summary(PackLiteTraits::kName).c_str());
}

// ---- tsu_fmt_unpack --------------------------------------------------------------------------------

struct UnpackIn {
  uint8_t order = 0, type = 0;
  uint32_t texel[4] = {};  // bytes past the texel hold garbage that must be ignored
};

struct UnpackOut {
  uint32_t supported = 0;
  uint32_t comps[4] = {};
};

// DutT: the Verilated block; Root: its tsu_fmt_unpack scope (Latency, Interval).
template <typename DutT, typename Root>
struct UnpackTraitsT {
  using Dut = DutT;
  using In = UnpackIn;
  using Out = UnpackOut;
  static constexpr const char* kName = "tsu_fmt_unpack";
  static int Latency() { return Root::Latency; }
  static int Interval() { return Root::Interval; }
  static void Drive(Dut* d, const In& in) {
    d->order_i = in.order;
    d->type_i = in.type;
    for (int i = 0; i < 4; ++i) d->texel_i[i] = in.texel[i];
  }
  static Out Sample(const Dut& d) {
    Out o;
    o.supported = d.supported_o;
    for (int i = 0; i < 4; ++i) o.comps[i] = d.comps_o[i];
    return o;
  }
  static Out Expect(const In& in) {
    Out o;
    FormatInfo f;
    std::string err;
    if (!DescribeFormat(static_cast<ChannelOrder>(in.order), static_cast<ChannelType>(in.type),
                        &f, &err)) {
      return o;
    }
    uint8_t bytes[16];
    std::memcpy(bytes, in.texel, 16);
    o.supported = 1;
    UnpackTexel(f, bytes, o.comps);
    return o;
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "supported", e.supported, g.supported);
    static const char* kComp[] = {"R", "G", "B", "A"};
    for (int i = 0; i < 4; ++i) DiffField(o, kComp[i], e.comps[i], g.comps[i]);
    return o.str();
  }
  static std::string Describe(const In& in) {
    std::ostringstream o;
    o << FormatName(in.order, in.type) << " texel 0x" << std::hex << in.texel[3] << "_"
      << in.texel[2] << "_" << in.texel[1] << "_" << in.texel[0] << std::dec;
    return o.str();
  }
};

using UnpackTraits = UnpackTraitsT<Vtsu_fmt_unpack, Vtsu_fmt_unpack_tsu_fmt_unpack>;
using UnpackB2Traits = UnpackTraitsT<Vtsu_fmt_unpack_b2, Vtsu_fmt_unpack_b2_tsu_fmt_unpack>;
using UnpackB4Traits = UnpackTraitsT<Vtsu_fmt_unpack_b4, Vtsu_fmt_unpack_b4_tsu_fmt_unpack>;

// Sets field i of a texel to `code` (fields never straddle a 32-bit word).
void SetField(const FormatInfo& f, int i, uint32_t code, uint32_t texel[4]) {
  const int lsb = f.fields[i].lsb, w = f.fields[i].bits;
  const uint32_t mask = w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
  uint32_t& word = texel[lsb / 32];
  word = (word & ~(mask << (lsb % 32))) | ((code & mask) << (lsb % 32));
}

template <typename T>
void RandomAgainstUnpackTexel(const char* block, uint64_t count) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(501);
  opt.max_cycles = ScaledCount(count) * T::Interval() * 6 / 5 + 200;
  const auto r = Lockstep<T>::Run(
      [count](uint64_t seed) {
        return CountedSource<UnpackIn>(seed, ScaledCount(count), [](Rng& rng, UnpackIn* in) {
          const auto& formats = AllFormats();
          if (Chance(rng, 4)) {
            in->order = static_cast<uint8_t>(Uniform(rng, 0, 31));
            in->type = static_cast<uint8_t>(Uniform(rng, 0, 31));
          } else {
            const FormatInfo& f = formats[static_cast<size_t>(Uniform(rng, 0, formats.size() - 1))];
            in->order = static_cast<uint8_t>(f.order);
            in->type = static_cast<uint8_t>(f.type);
          }
          for (uint32_t& w : in->texel) w = static_cast<uint32_t>(rng());
          FormatInfo f;
          std::string err;
          if (DescribeFormat(static_cast<ChannelOrder>(in->order),
                             static_cast<ChannelType>(in->type), &f, &err)) {
            // Edge codes per field: 0, 1, max, the SNORM most-negative codes, f16 specials.
            static const uint32_t kEdges[] = {0, 1, 0xFFFFFFFF, 0x80, 0x81, 0x8000, 0x8001,
                                              0x7C00, 0x7C01, 0xFC00, 0x0001, 0x03FF, 0x7F,
                                              0x7FFF, 0x7F800001, 0x800000};
            for (int i = 0; i < f.num_fields; ++i) {
              if (Chance(rng, 30)) SetField(f, i, kEdges[Uniform(rng, 0, 15)], in->texel);
            }
          }
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  r.ReportCoverage(block);
}

TEST(FmtUnpack, RandomAgainstUnpackTexel) {
  RandomAgainstUnpackTexel<UnpackTraits>("tsu_fmt_unpack", 1000000);
}
// Two and one slots a cycle: an input every Beats cycles (the lockstep driver keeps the
// interval; the block asserts it), the latency as declared.
TEST(FmtUnpackBeats, RandomAgainstUnpackTexel) {
  ASSERT_EQ(UnpackB2Traits::Interval(), 2);
  ASSERT_EQ(UnpackB4Traits::Interval(), 4);
  ASSERT_EQ(UnpackB2Traits::Latency(), UnpackTraits::Latency() + 1);
  ASSERT_EQ(UnpackB4Traits::Latency(), UnpackTraits::Latency() + 3);
  RandomAgainstUnpackTexel<UnpackB2Traits>("tsu_fmt_unpack_b2", 400000);
  RandomAgainstUnpackTexel<UnpackB4Traits>("tsu_fmt_unpack_b4", 200000);
}

// Every code of every channel up to 16 bits wide, for every format: field i takes code
// (c + 37 i) so each field runs through all its codes; wider fields get c in the top bits.
template <typename T>
void EveryChannelCodeOfEveryFormat(const char* block) {
  std::vector<UnpackIn> cases;
  Rng rng(SeedFromEnv(502));
  size_t formats = 0;
  for (const FormatInfo& f : AllFormats()) {
    int wmax = 0;
    for (int i = 0; i < f.num_fields; ++i) wmax = std::max(wmax, int{f.fields[i].bits});
    const int sweep = std::min(wmax, 16);
    ++formats;
    for (uint32_t c = 0; c < (1u << sweep); ++c) {
      UnpackIn in;
      in.order = static_cast<uint8_t>(f.order);
      in.type = static_cast<uint8_t>(f.type);
      for (uint32_t& w : in.texel) w = static_cast<uint32_t>(rng());
      for (int i = 0; i < f.num_fields; ++i) {
        const int w = f.fields[i].bits;
        uint32_t code = c + static_cast<uint32_t>(i) * 37u;
        if (w > 16) code = (code << (w - 16)) | (static_cast<uint32_t>(rng()) & ((1u << (w - 16)) - 1u));
        SetField(f, i, code, in.texel);
      }
      cases.push_back(in);
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(502);
  opt.max_cycles = cases.size() * 2 * T::Interval() + 100;
  const auto r = Lockstep<T>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (%zu formats, %zu texels)\n", r.Summary(block).c_str(), formats,
              cases.size());
}

TEST(FmtUnpack, EveryChannelCodeOfEveryFormat) {
  EveryChannelCodeOfEveryFormat<UnpackTraits>("tsu_fmt_unpack");
}
TEST(FmtUnpackBeats, EveryChannelCodeOfEveryFormatTwoSlotsACycle) {
  EveryChannelCodeOfEveryFormat<UnpackB2Traits>("tsu_fmt_unpack_b2");
}
TEST(FmtUnpackBeats, EveryChannelCodeOfEveryFormatOneSlotACycle) {
  EveryChannelCodeOfEveryFormat<UnpackB4Traits>("tsu_fmt_unpack_b4");
}

}  // namespace
}  // namespace tsu::tb
