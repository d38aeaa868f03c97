// The texture and surface kernels of tb/kernels with their tex/su* instructions through the
// Verilated default unit (tb/cosim/kernel_port.h): every answer and memory write checked against
// the model as it runs, and the results byte-identical to the same launch on the model alone.
#include <gmock/gmock.h>

#include <cstring>
#include <functional>

#include "kernel_fixture.h"
#include "kernel_port.h"
#include "model_unit.h"

namespace tsu::exec::test {
namespace {

using ::testing::HasSubstr;

std::vector<float> Pattern(int n, int seed) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<float>((i * 37 + seed * 11) % 23) / 22.0f;
  return v;
}

uint64_t FloatTexture(Device* dev, TextureDesc d, const std::vector<float>& texels) {
  if (d.type != ChannelType::kFloat) d.type = ChannelType::kFloat;
  std::string err;
  EXPECT_TRUE(dev->CreateArray(&d, reinterpret_cast<const uint8_t*>(texels.data()), texels.size() * 4, &err)) << err;
  const uint64_t h = dev->CreateTexture(d, &err);
  EXPECT_NE(h, 0u) << err;
  return h;
}

// A scenario: sets up a device and launches kernels, returning the bytes to compare.
using Scenario = std::function<std::vector<uint8_t>(Device*, int module, tb::KernelPort* rtl)>;

LaunchReport Launch(Device* dev, int m, const char* kernel, Dim3 grid, Dim3 block, const std::vector<ArgValue>& args) {
  const int k = dev->FindKernel(m, kernel);
  LaunchConfig c;
  c.grid = grid;
  c.block = block;
  std::string err;
  EXPECT_TRUE(PackParams(dev->program(m).functions[static_cast<size_t>(k)], args, &c.params, &err)) << err;
  LaunchReport r = dev->Launch(m, k, c);
  EXPECT_TRUE(r.ok) << kernel << ": " << r.error;
  return r;
}

std::vector<uint8_t> Read(Device* dev, uint64_t p, size_t n) {
  std::vector<uint8_t> v(n);
  std::string err;
  EXPECT_TRUE(dev->CopyFromDevice(v.data(), p, n, &err)) << err;
  return v;
}

int LoadTextures(Device* dev) {
  std::string text, why, err;
  EXPECT_TRUE(ReadRegularFile(KernelPath("textures.ptx"), 1 << 26, &text, &why)) << why;
  const int m = dev->LoadModule(text, "textures.ptx", &err);
  EXPECT_GE(m, 0) << err;
  return m;
}

// Runs the scenario on the model and through the unit; the bytes must be identical.
void ModelAndRtl(const Scenario& s, tb::KernelPortStats* stats = nullptr) {
  Device model;
  const std::vector<uint8_t> want = s(&model, LoadTextures(&model), nullptr);
  Device rtl;
  std::string err;
  tb::KernelPortOptions o;
  std::unique_ptr<tb::KernelPort> port = tb::MakeKernelPort(&rtl, o, &err);
  ASSERT_NE(port, nullptr) << err;
  rtl.set_texture_port(port.get());
  const std::vector<uint8_t> got = s(&rtl, LoadTextures(&rtl), port.get());
  EXPECT_EQ(got, want);
  EXPECT_GT(port->stats().requests, 0u);
  if (stats != nullptr) *stats = port->stats();
  const tb::KernelPortStats& st = port->stats();
  std::printf("unit: %llu cycles, %llu requests (%llu tex), %.3f requests per clock, texel cache %llu of %llu hit, %llu stall cycles\n",
              static_cast<unsigned long long>(st.cycles), static_cast<unsigned long long>(st.requests),
              static_cast<unsigned long long>(st.tex), st.RequestsPerClock(),
              static_cast<unsigned long long>(st.cache_lookups - st.cache_misses), static_cast<unsigned long long>(st.cache_lookups),
              static_cast<unsigned long long>(st.stall_cycles));
}

TEST(RtlKernels, Rotate) {
  ModelAndRtl([](Device* dev, int m, tb::KernelPort*) {
    TextureDesc d;
    d.dim = Geometry::k2d;
    d.width = 32;
    d.height = 16;
    d.order = ChannelOrder::kR;
    d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
    d.sampler.normalized = true;
    d.sampler.address[0] = d.sampler.address[1] = AddressMode::kWrap;
    const uint64_t tex = FloatTexture(dev, d, Pattern(32 * 16, 1));
    const uint64_t out = dev->Malloc(32 * 16 * 4);
    Launch(dev, m, "rotate", {2, 1}, {16, 16}, {ArgValue{out}, ArgValue{tex}, ArgValue{int64_t{32}}, ArgValue{int64_t{16}}, ArgValue{0.7}});
    return Read(dev, out, 32 * 16 * 4);
  });
}

TEST(RtlKernels, RaymarchAndMip) {
  ModelAndRtl([](Device* dev, int m, tb::KernelPort*) {
    TextureDesc d;
    d.dim = Geometry::k3d;
    d.width = d.height = d.depth = 8;
    d.order = ChannelOrder::kR;
    d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
    d.sampler.normalized = true;
    const uint64_t vol = FloatTexture(dev, d, Pattern(512, 3));
    const uint64_t out = dev->Malloc(16 * 8 * 4);
    Launch(dev, m, "raymarch", {1, 1}, {16, 8}, {ArgValue{out}, ArgValue{vol}, ArgValue{int64_t{16}}, ArgValue{int64_t{8}}, ArgValue{int64_t{6}}});
    TextureDesc md;
    md.dim = Geometry::k2d;
    md.width = md.height = 16;
    md.levels = 5;
    md.order = ChannelOrder::kR;
    md.sampler.mag_filter = md.sampler.min_filter = FilterMode::kLinear;
    md.sampler.mip_filter = MipFilter::kLinear;
    md.sampler.normalized = true;
    std::vector<float> chain;
    for (int e = 16; e >= 1; e /= 2) {
      const std::vector<float> p = Pattern(e * e, e);
      chain.insert(chain.end(), p.begin(), p.end());
    }
    const uint64_t mt = FloatTexture(dev, md, chain);
    const uint64_t lod = dev->Malloc(64 * 4), grad = dev->Malloc(64 * 4);
    Launch(dev, m, "mip", {1}, {64}, {ArgValue{lod}, ArgValue{grad}, ArgValue{mt}, ArgValue{int64_t{64}}});
    std::vector<uint8_t> bytes = Read(dev, out, 16 * 8 * 4);
    const std::vector<uint8_t> a = Read(dev, lod, 256), b = Read(dev, grad, 256);
    bytes.insert(bytes.end(), a.begin(), a.end());
    bytes.insert(bytes.end(), b.begin(), b.end());
    return bytes;
  });
}

TEST(RtlKernels, CubeAndLayered) {
  ModelAndRtl([](Device* dev, int m, tb::KernelPort*) {
    TextureDesc c;
    c.dim = Geometry::kCube;
    c.width = c.height = 4;
    c.order = ChannelOrder::kRGBA;
    c.type = ChannelType::kFloat;
    c.sampler.mag_filter = c.sampler.min_filter = FilterMode::kLinear;
    c.sampler.normalized = true;
    std::vector<float> faces(6 * 4 * 4 * 4);
    for (size_t i = 0; i < faces.size(); ++i) faces[i] = static_cast<float>((i * 13) % 29) / 28.0f;
    std::string err;
    EXPECT_TRUE(dev->CreateArray(&c, reinterpret_cast<const uint8_t*>(faces.data()), faces.size() * 4, &err)) << err;
    const uint64_t cube = dev->CreateTexture(c, &err);
    const uint64_t out = dev->Malloc(64 * 16);
    Launch(dev, m, "cube_lookup", {1}, {64}, {ArgValue{out}, ArgValue{cube}, ArgValue{int64_t{64}}});
    TextureDesc l;
    l.dim = Geometry::kA2d;
    l.width = 16;
    l.height = 4;
    l.array_size = 3;
    l.order = ChannelOrder::kR;
    const uint64_t lay = FloatTexture(dev, l, Pattern(16 * 4 * 3, 4));
    const uint64_t o2 = dev->Malloc(16 * 4 * 4);
    Launch(dev, m, "layered", {1, 1}, {16, 4}, {ArgValue{o2}, ArgValue{lay}, ArgValue{int64_t{16}}, ArgValue{int64_t{4}}, ArgValue{int64_t{3}}});
    std::vector<uint8_t> bytes = Read(dev, out, 64 * 16);
    const std::vector<uint8_t> b = Read(dev, o2, 256);
    bytes.insert(bytes.end(), b.begin(), b.end());
    return bytes;
  });
}

TEST(RtlKernels, SurfacePaintedThenSampledAndSuredHistogram) {
  ModelAndRtl([](Device* dev, int m, tb::KernelPort*) {
    const int w = 24, h = 8;
    TextureDesc d;
    d.dim = Geometry::k2d;
    d.width = w;
    d.height = h;
    d.order = ChannelOrder::kR;
    const uint64_t tex = FloatTexture(dev, d, std::vector<float>(w * h, -1.0f));
    TextureDesc base = d;
    std::string err;
    // The surface over the texture's array: the handle after the texture's two slots.
    SurfaceDesc s;
    s.base = dev->unit().FindTexture(tex)->desc.base;
    s.dim = Geometry::k2d;
    s.width = w;
    s.height = h;
    s.order = ChannelOrder::kR;
    s.type = ChannelType::kFloat;
    const uint64_t surf = dev->CreateSurface(s, &err);
    EXPECT_NE(surf, 0u) << err;
    Launch(dev, m, "paint", {2, 1}, {16, 8}, {ArgValue{surf}, ArgValue{int64_t{w}}, ArgValue{int64_t{h}}});
    const uint64_t out = dev->Malloc(w * h * 4);
    Launch(dev, m, "sample_painted", {2, 1}, {16, 8}, {ArgValue{out}, ArgValue{tex}, ArgValue{surf}, ArgValue{int64_t{w}}, ArgValue{int64_t{h}}});
    // sured: many lanes reduce into the same bins.
    std::vector<uint8_t> data(600);
    for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>((i * i) % 37);
    const uint64_t pd = dev->Malloc(data.size());
    EXPECT_TRUE(dev->CopyToDevice(pd, data.data(), data.size(), &err));
    const uint64_t bins = dev->Malloc(256 * 4);
    std::vector<uint32_t> zeros(256, 0);
    EXPECT_TRUE(dev->CopyToDevice(bins, zeros.data(), 1024, &err));
    SurfaceDesc hs;
    hs.base = bins;
    hs.dim = Geometry::k1d;
    hs.width = 256;
    hs.order = ChannelOrder::kR;
    hs.type = ChannelType::kUnsignedInt32;
    const uint64_t hsurf = dev->CreateSurface(hs, &err);
    Launch(dev, m, "histogram_sured", {2}, {64}, {ArgValue{pd}, ArgValue{hsurf}, ArgValue{int64_t{600}}});
    (void)base;
    std::vector<uint8_t> bytes = Read(dev, out, w * h * 4);
    const std::vector<uint8_t> b = Read(dev, bins, 1024);
    bytes.insert(bytes.end(), b.begin(), b.end());
    return bytes;
  });
}

// The checker catches a unit that answers wrongly: the model behind the bench's latency shim
// with one response's data flipped, reported with kernel, CTA, warp, lane, PTX line and field.
TEST(RtlKernels, AWrongAnswerIsReportedWithItsPlace) {
  Device dev;
  const int m = LoadTextures(&dev);
  tb::ModelUnitOptions mo;
  mo.fault = tb::ModelUnitFault::kFlipData;
  mo.fault_at = 37;
  tb::UnitTraits traits;
  traits.addr_bits = 48;
  traits.has_tex = true;
  auto unit = std::make_unique<tb::ModelUnit>(traits, &dev.memory(), 1, mo);
  tb::KernelPortOptions o;
  o.config = "model shim";
  o.log = ::testing::TempDir() + "rtl_kernels_mismatch.log";
  tb::KernelPort port(&dev, std::move(unit), o);
  dev.set_texture_port(&port);
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = d.height = 8;
  d.order = ChannelOrder::kR;
  const uint64_t tex = FloatTexture(&dev, d, Pattern(64, 2));
  const uint64_t out = dev.Malloc(64 * 4);
  const int k = dev.FindKernel(m, "convolve");
  LaunchConfig c;
  c.block = {8, 8};
  std::string err;
  ASSERT_TRUE(PackParams(dev.program(m).functions[static_cast<size_t>(k)],
                         {ArgValue{out}, ArgValue{tex}, ArgValue{int64_t{8}}, ArgValue{int64_t{8}}, ArgValue{int64_t{1}}}, &c.params, &err));
  const LaunchReport r = dev.Launch(m, k, c);
  ASSERT_FALSE(r.ok);
  EXPECT_THAT(r.error, HasSubstr("disagrees with the model at cycle"));
  EXPECT_THAT(r.error, HasSubstr("convolve CTA (0,0,0) warp"));
  EXPECT_THAT(r.error, HasSubstr("textures.ptx:"));
  EXPECT_THAT(r.error, HasSubstr("data[0]: RTL"));
  EXPECT_THAT(r.error, HasSubstr("rtl_kernels_mismatch.log"));
}

}  // namespace
}  // namespace tsu::exec::test

// libsystemc (the co-simulation's TLM model) references sc_main; nothing here calls sc_start.
extern "C" int sc_main(int /*argc*/, char** /*argv*/) { return 2; }
