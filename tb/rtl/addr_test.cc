// Address path benches: tsu_surf_bounds against tsu::PlanAccess (outcome and clamped
// coordinates), tsu_addrgen against tsu::SurfaceOffset, and the joined tsu_surf_addr against
// PlanAccess with the address, including the exhaustive boundary sweep.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "Vtsu_addrgen.h"
#include "Vtsu_addrgen_ii3.h"
#include "Vtsu_addrgen_ii3_tsu_addrgen.h"
#include "Vtsu_addrgen_ii4.h"
#include "Vtsu_addrgen_ii4_tsu_addrgen.h"
#include "Vtsu_addrgen_tsu_addrgen.h"
#include "Vtsu_surf_addr.h"
#include "Vtsu_surf_addr_tsu_surf_addr.h"
#include "Vtsu_surf_bounds.h"
#include "Vtsu_surf_bounds_tsu_surf_bounds.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/instruction.h"
#include "tsu/layout.h"
#include "tsu/surface_access.h"

namespace tsu::tb {
namespace {

// The blocks' AddrW, read from the Verilated models (both are built with their default).
constexpr int kAddrBits = static_cast<int>(Vtsu_addrgen_tsu_addrgen::AddrWidth);
static_assert(Vtsu_surf_addr_tsu_surf_addr::AddrWidth == Vtsu_addrgen_tsu_addrgen::AddrWidth,
              "the address benches share one address width");
constexpr uint64_t kAddrMask = kAddrBits >= 64 ? ~0ull : (1ull << kAddrBits) - 1;

// A bounds/address request: the surface and the access as the instruction makes it.
struct AccessIn {
  ResolvedSurface s;
  AccessRequest req;
  int scale_log2 = 0;
  int size_log2 = 0;
};

std::string DescribeAccess(const AccessIn& a) {
  std::ostringstream o;
  o << Name(a.req.geom) << "." << Name(a.req.clamp) << " coords {" << static_cast<int32_t>(a.req.coords[0])
    << "," << static_cast<int32_t>(a.req.coords[1]) << "," << static_cast<int32_t>(a.req.coords[2])
    << "} scale " << a.req.x_scale << " size " << a.req.size << " on " << Name(a.s.desc.dim) << " "
    << a.s.desc.width << "x" << a.s.desc.height << "x" << a.s.desc.depth << " [" << a.s.desc.array_size
    << "] " << a.s.fmt.texel_bytes << " B/texel " << Name(a.s.desc.layout) << " base 0x" << std::hex
    << a.s.desc.base << std::dec;
  return o.str();
}

// Random access: geometry usually matching the surface, boundary-weighted coordinates.
AccessIn RandomAccess(Rng& rng, const ResolvedSurface& s) {
  AccessIn a;
  a.s = s;
  static const Geometry kDims[] = {Geometry::k1d, Geometry::k2d, Geometry::k3d, Geometry::kA1d,
                                   Geometry::kA2d};
  a.req.geom = Chance(rng, 95) ? s.desc.dim : kDims[Uniform(rng, 0, 4)];
  a.req.clamp = static_cast<ClampMode>(Uniform(rng, 0, 2));
  a.scale_log2 = static_cast<int>(Uniform(rng, 0, 4));
  a.size_log2 = Chance(rng, 70) ? a.scale_log2 : static_cast<int>(Uniform(rng, 0, 4));
  a.req.x_scale = 1u << a.scale_log2;
  a.req.size = 1u << a.size_log2;
  const int64_t xs = static_cast<int64_t>(s.row_bytes) >> a.scale_log2;
  int32_t x = BoundaryCoord(rng, xs > 0 ? xs : 1);
  if (Chance(rng, 20)) {  // misaligned (wrapping like the 32-bit register it models)
    x = static_cast<int32_t>(static_cast<uint32_t>(x) + static_cast<uint32_t>(Uniform(rng, 0, 15)));
  }
  const int32_t y = BoundaryCoord(rng, s.desc.height);
  const int32_t z = BoundaryCoord(rng, s.desc.depth);
  const uint32_t layer = static_cast<uint32_t>(BoundaryCoord(rng, s.desc.array_size ? s.desc.array_size : 1));
  for (uint32_t& c : a.req.coords) c = static_cast<uint32_t>(rng());  // unused lanes: garbage
  PlaceCoords(a.req.geom, static_cast<uint32_t>(x), static_cast<uint32_t>(y),
              static_cast<uint32_t>(z), layer, a.req.coords);
  return a;
}

template <typename Dut>
void DriveAccess(Dut* d, const AccessIn& a) {
  d->geom_i = static_cast<uint8_t>(a.req.geom);
  d->clamp_i = static_cast<uint8_t>(a.req.clamp);
  for (int i = 0; i < 4; ++i) d->coords_i[i] = a.req.coords[i];
  d->scale_log2_i = static_cast<uint8_t>(a.scale_log2);
  d->size_log2_i = static_cast<uint8_t>(a.size_log2);
  d->dim_i = static_cast<uint8_t>(a.s.desc.dim);
  d->row_bytes_i = static_cast<uint32_t>(a.s.row_bytes);
  d->height_i = a.s.desc.height;
  d->depth_i = static_cast<uint16_t>(a.s.desc.depth);
  d->array_size_i = static_cast<uint16_t>(a.s.desc.array_size);
}

template <typename Dut>
void DriveLayout(Dut* d, const ResolvedSurface& s) {
  d->layout_i = static_cast<uint8_t>(s.desc.layout);
  d->base_i = s.desc.base & kAddrMask;
  d->pitch_i = static_cast<uint32_t>(s.pitch);
  d->slice_bytes_i = s.slice_bytes & kAddrMask;
  d->layer_stride_i = s.layer_stride & kAddrMask;
  d->row_of_blocks_i = s.row_of_blocks & kAddrMask;
  d->block_height_log2_i = s.desc.block_height_log2;
  d->block_depth_log2_i = s.desc.block_depth_log2;
}

// ---- tsu_surf_bounds ------------------------------------------------------------------------------

struct BoundsTraits {
  using Dut = Vtsu_surf_bounds;
  using In = AccessIn;
  struct Out {
    uint32_t trap, oob, misaligned, clamped, suppressed, x, y, z, layer;
  };
  static constexpr const char* kName = "tsu_surf_bounds";
  static int Latency() { return Vtsu_surf_bounds_tsu_surf_bounds::Latency; }
  static void Drive(Dut* d, const In& a) { DriveAccess(d, a); }
  static Out Sample(const Dut& d) {
    return {d.trap_o, d.oob_o, d.misaligned_o, d.clamped_o, d.suppressed_o,
            d.x_byte_o, d.y_o, d.z_o, d.layer_o};
  }
  static Out Expect(const In& a) {
    const AccessPlan p = PlanAccess(a.s, a.req);
    return {static_cast<uint32_t>(p.trap), p.oob_axes, p.misaligned, p.clamped, p.suppressed,
            static_cast<uint32_t>(p.x_byte), p.y, p.z, p.layer};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "trap", e.trap, g.trap);
    DiffField(o, "oob_axes", e.oob, g.oob);
    DiffField(o, "misaligned", e.misaligned, g.misaligned);
    DiffField(o, "clamped", e.clamped, g.clamped);
    DiffField(o, "suppressed", e.suppressed, g.suppressed);
    DiffField(o, "x_byte", e.x, g.x);
    DiffField(o, "y", e.y, g.y);
    DiffField(o, "z", e.z, g.z);
    DiffField(o, "layer", e.layer, g.layer);
    return o.str();
  }
  static std::string Describe(const In& a) { return DescribeAccess(a); }
};

// ---- tsu_addrgen ------------------------------------------------------------------------------------

struct AddrgenIn {
  ResolvedSurface s;
  uint32_t x = 0, y = 0, z = 0, layer = 0;
};

// Dut: the block at II 1 (three whole products) or a variant whose products take II cycles
// (the driver leaves II - 1 bubbles after each input, as the block requires).
template <typename DutT, typename Public>
struct AddrgenTraitsT {
  using Dut = DutT;
  using In = AddrgenIn;
  struct Out {
    uint64_t addr;
  };
  static_assert(Public::AddrWidth == kAddrBits, "the address benches share one address width");
  static constexpr const char* kName = "tsu_addrgen";
  static int Latency() { return Public::Latency; }
  static int Interval() { return Public::Interval; }
  static void Drive(Dut* d, const In& a) {
    DriveLayout(d, a.s);
    d->x_byte_i = a.x;
    d->y_i = static_cast<uint16_t>(a.y);
    d->z_i = static_cast<uint16_t>(a.z);
    d->layer_i = static_cast<uint16_t>(a.layer);
  }
  static Out Sample(const Dut& d) { return {d.addr_o}; }
  static Out Expect(const In& a) {
    return {(a.s.desc.base + SurfaceOffset(a.s, a.x, a.y, a.z, a.layer)) & kAddrMask};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "addr", e.addr, g.addr);
    return o.str();
  }
  static std::string Describe(const In& a) {
    std::ostringstream o;
    o << "(x_byte " << a.x << ", y " << a.y << ", z " << a.z << ", layer " << a.layer << ") in "
      << Name(a.s.desc.layout) << " row " << a.s.row_bytes << " B pitch " << a.s.pitch << " bh "
      << int{a.s.desc.block_height_log2} << " bd " << int{a.s.desc.block_depth_log2} << " base 0x"
      << std::hex << a.s.desc.base << std::dec;
    return o.str();
  }
};
using AddrgenTraits = AddrgenTraitsT<Vtsu_addrgen, Vtsu_addrgen_tsu_addrgen>;
using AddrgenII3 = AddrgenTraitsT<Vtsu_addrgen_ii3, Vtsu_addrgen_ii3_tsu_addrgen>;
using AddrgenII4 = AddrgenTraitsT<Vtsu_addrgen_ii4, Vtsu_addrgen_ii4_tsu_addrgen>;

// ---- tsu_surf_addr (bounds + address) ---------------------------------------------------------------

struct SurfAddrTraits {
  using Dut = Vtsu_surf_addr;
  using In = AccessIn;
  struct Out {
    uint32_t trap, oob, misaligned, clamped, suppressed;
    uint64_t addr;  // compared only when the access goes to memory
  };
  static constexpr const char* kName = "tsu_surf_addr";
  static int Latency() { return Vtsu_surf_addr_tsu_surf_addr::Latency; }
  static void Drive(Dut* d, const In& a) {
    DriveAccess(d, a);
    DriveLayout(d, a.s);
  }
  static Out Sample(const Dut& d) {
    const bool go = d.trap_o == 0 && !d.suppressed_o;
    return {d.trap_o, d.oob_o, d.misaligned_o, d.clamped_o, d.suppressed_o, go ? d.addr_o : 0};
  }
  static Out Expect(const In& a) {
    const AccessPlan p = PlanAccess(a.s, a.req);
    const bool go = p.trap == TrapCause::kNone && !p.suppressed;
    return {static_cast<uint32_t>(p.trap), p.oob_axes, p.misaligned, p.clamped, p.suppressed,
            go ? p.address & kAddrMask : 0};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "trap", e.trap, g.trap);
    DiffField(o, "oob_axes", e.oob, g.oob);
    DiffField(o, "misaligned", e.misaligned, g.misaligned);
    DiffField(o, "clamped", e.clamped, g.clamped);
    DiffField(o, "suppressed", e.suppressed, g.suppressed);
    DiffField(o, "address", e.addr, g.addr);
    return o.str();
  }
  static std::string Describe(const In& a) { return DescribeAccess(a); }
};

// Random accesses on a fresh random surface every few inputs.
Lockstep<BoundsTraits>::Source RandomAccesses(uint64_t seed, uint64_t count) {
  auto rng = std::make_shared<Rng>(seed);
  auto left = std::make_shared<uint64_t>(count);
  auto surf = std::make_shared<ResolvedSurface>();
  return [=](AccessIn* in) {
    if (*left == 0) return false;
    if (*left % 8 == count % 8) *surf = RandomSurface(*rng, kAddrBits);
    --*left;
    *in = RandomAccess(*rng, *surf);
    return true;
  };
}

TEST(SurfBounds, RandomAgainstPlanAccess) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(101);
  opt.max_cycles = ScaledCount(1200000);
  const auto r = Lockstep<BoundsTraits>::Run(
      [](uint64_t seed) { return RandomAccesses(seed, ScaledCount(1000000)); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  r.ReportCoverage("tsu_surf_bounds");
}

// Proves the bench can fail: a corrupted expectation must be reported, with the cycle.
TEST(SurfBounds, CorruptedExpectationIsCaught) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(102);
  opt.max_cycles = 5000;
  opt.replay_on_failure = true;
  opt.corrupt = [](uint64_t n, void* out) {
    if (n == 1234) static_cast<BoundsTraits::Out*>(out)->oob ^= 0x2;
  };
  const auto r = Lockstep<BoundsTraits>::Run(
      [](uint64_t seed) { return RandomAccesses(seed, 4000); }, opt);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.report.find("input #1234"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("oob_axes"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("TSU_SEED="), std::string::npos) << r.report;
  EXPECT_NE(r.report.find(".fst"), std::string::npos) << r.report;
  // The replay (sim_run.h) left a waveform and a log that ends at the mismatch.
  const std::string base = ArtifactDir() + "/" + CurrentTestName();
  EXPECT_GT(std::filesystem::file_size(base + ".fst"), 1000u);
  std::ifstream log_file(base + ".log");
  const std::string log((std::istreambuf_iterator<char>(log_file)), std::istreambuf_iterator<char>());
  EXPECT_NE(log.find("input #1234 (driven at cycle"), std::string::npos);
  EXPECT_NE(log.find("MISMATCH"), std::string::npos);
  std::printf("caught as expected:\n%s\n", r.report.c_str());
}

template <typename Traits>
void CheckAddrgen(uint64_t seed, uint64_t n) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  const uint64_t count = ScaledCount(n);
  opt.max_cycles = count * Traits::Interval() * 8 / 7 + 200;
  const auto r = Lockstep<Traits>::Run(
      [count](uint64_t seed) -> typename Lockstep<Traits>::Source {
        auto rng = std::make_shared<Rng>(seed);
        auto left = std::make_shared<uint64_t>(count);
        auto surf = std::make_shared<ResolvedSurface>();
        return [=](AddrgenIn* in) {
          if (*left == 0) return false;
          if (*left % 8 == 0) *surf = RandomSurface(*rng, kAddrBits);
          --*left;
          in->s = *surf;
          // In-range coordinates (address generation runs after clamping), edges favoured.
          auto pick = [&](uint64_t extent) {
            const uint64_t e = extent == 0 ? 1 : extent;
            return static_cast<uint32_t>(Chance(*rng, 30) ? (Chance(*rng, 50) ? 0 : e - 1)
                                                          : Uniform(*rng, 0, e - 1));
          };
          in->x = pick(surf->row_bytes);
          in->y = pick(surf->desc.height);
          in->z = pick(surf->desc.depth);
          in->layer = pick(surf->desc.array_size);
          return true;
        };
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  r.ReportCoverage("tsu_addrgen");
}

TEST(Addrgen, RandomAgainstSurfaceOffset) { CheckAddrgen<AddrgenTraits>(201, 350000); }

// The products over II cycles (iCE40 configurations): 4 cycles of 4 multiplier bits, and 3 of 6
// (the multipliers padded to 18 bits), against the same golden function.
TEST(Addrgen, ProductsOverFourCycles) {
  ASSERT_EQ(AddrgenII4::Interval(), 4);
  ASSERT_EQ(AddrgenII4::Latency(), 6);
  CheckAddrgen<AddrgenII4>(202, 120000);
}
TEST(Addrgen, ProductsOverThreeCycles) {
  ASSERT_EQ(AddrgenII3::Interval(), 3);
  CheckAddrgen<AddrgenII3>(203, 120000);
}

TEST(SurfAddr, RandomAgainstPlanAccess) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(301);
  opt.max_cycles = ScaledCount(1200000);
  const auto r = Lockstep<SurfAddrTraits>::Run(
      [](uint64_t seed) { return RandomAccesses(seed, ScaledCount(1000000)); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  r.ReportCoverage("tsu_surf_addr");
}

// Every (geometry, layout, clamp mode) at every boundary of every axis: for each axis, the
// coordinates -1, 0, extent-1, extent (and a misaligned x), the other axes in range; two surface
// shapes per geometry and layout, every access size.
TEST(SurfAddr, BoundarySweep) {
  std::vector<AccessIn> cases;
  Rng rng(SeedFromEnv(302));
  static const Geometry kDims[] = {Geometry::k1d, Geometry::k2d, Geometry::k3d, Geometry::kA1d,
                                   Geometry::kA2d};
  for (Geometry g : kDims) {
    for (Layout layout : {Layout::kPitch, Layout::kBlockLinear}) {
      for (int shape = 0; shape < 2; ++shape) {
        const ResolvedSurface s = RandomSurface(rng, g, layout, kAddrBits);
        for (int clamp = 0; clamp < 3; ++clamp) {
          for (int size_log2 = 0; size_log2 <= 4; ++size_log2) {
            const int64_t extents[4] = {static_cast<int64_t>(s.row_bytes) >> size_log2,
                                        s.desc.height, s.desc.depth,
                                        s.desc.array_size ? s.desc.array_size : 1};
            for (int axis = 0; axis < 4; ++axis) {
              for (int64_t v : {int64_t{-1}, int64_t{0}, extents[axis] - 1, extents[axis],
                                int64_t{-2}, extents[axis] + 1}) {
                AccessIn a;
                a.s = s;
                a.req.geom = g;
                a.req.clamp = static_cast<ClampMode>(clamp);
                a.scale_log2 = size_log2;
                a.size_log2 = size_log2;
                a.req.x_scale = a.req.size = 1u << size_log2;
                int64_t c[4] = {extents[0] / 2, extents[1] / 2, extents[2] / 2, extents[3] / 2};
                c[axis] = v;
                const auto u = [](int64_t x) { return static_cast<uint32_t>(x); };
                PlaceCoords(g, u(c[0]), u(c[1]), u(c[2]), u(c[3]), a.req.coords);
                cases.push_back(a);
                // The same x in bytes but misaligned for the access size (byte addressing).
                if (axis == 0 && size_log2 > 0) {
                  AccessIn m = a;
                  m.scale_log2 = 0;
                  m.req.x_scale = 1;
                  const int idx = IsArray(g) ? 1 : 0;
                  m.req.coords[idx] = u(v * (int64_t{1} << size_log2) + 1);
                  cases.push_back(m);
                }
              }
            }
          }
        }
      }
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(302);
  opt.max_cycles = cases.size() * 2 + 100;
  const auto r =
      Lockstep<SurfAddrTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (boundary sweep: %zu accesses)\n", r.Summary("tsu_surf_addr").c_str(),
              cases.size());
}

}  // namespace
}  // namespace tsu::tb
