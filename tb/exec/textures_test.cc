// The kernels of tb/kernels/textures.cu on the executor. Point-sampled and surface results are
// checked against the texel data directly; filtered values against the golden unit asked one
// instruction at a time at coordinates computed here (that checks the executor, not the sampler).
#include <cmath>
#include <cstring>

#include "kernel_fixture.h"
#include "tsu/float_bits.h"
#include "tsu/ptx_parser.h"

namespace tsu::exec::test {
namespace {

std::vector<uint8_t> Bytes(const std::vector<float>& v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

class Textures : public KernelTest {
 protected:
  void SetUp() override {
    mod = Load("textures.ptx");
    ASSERT_GE(mod, 0);
  }

  // An R32F texture from [layer][level][z][y][x] floats.
  uint64_t FloatTexture(TextureDesc d, const std::vector<float>& texels) {
    d.order = ChannelOrder::kR;
    d.type = ChannelType::kFloat;
    std::string err;
    const std::vector<uint8_t> b = Bytes(texels);
    EXPECT_TRUE(dev.CreateArray(&d, b.data(), b.size(), &err)) << err;
    desc = d;
    const uint64_t h = dev.CreateTexture(d, &err);
    EXPECT_NE(h, 0u) << err;
    return h;
  }

  // The golden unit's answer for one instruction (operands named a, b, ...).
  float UnitSample(const std::string& text, uint64_t handle, std::vector<float> coords,
                   float lod = 0, std::vector<float> dx = {}, std::vector<float> dy = {}) {
    Instruction in;
    std::string err;
    EXPECT_TRUE(ParsePtx(text, &in, &err)) << err;
    Request req;
    req.handle = handle;
    for (size_t i = 0; i < coords.size(); ++i) req.coords[i] = AsBits(coords[i]);
    req.lod = AsBits(lod);
    for (size_t i = 0; i < dx.size(); ++i) req.dpdx[i] = AsBits(dx[i]);
    for (size_t i = 0; i < dy.size(); ++i) req.dpdy[i] = AsBits(dy[i]);
    const Response r = dev.unit().Execute(in, req);
    EXPECT_EQ(r.trap, TrapCause::kNone);
    return AsFloat(r.data[0]);
  }

  int mod = -1;
  TextureDesc desc;
};

std::vector<float> Pattern(int n, int seed) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<float>((i * 37 + seed * 11) % 23) / 22.0f;
  return v;
}

TEST_F(Textures, RotateLinearNormalizedWrap) {
  const int w = 48, h = 32;
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = w;
  d.height = h;
  d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
  d.sampler.normalized = true;
  d.sampler.address[0] = d.sampler.address[1] = AddressMode::kWrap;
  const uint64_t tex = FloatTexture(d, Pattern(w * h, 1));
  const uint64_t out = dev.Malloc(w * h * 4);
  const float angle = 0.6f;
  const LaunchReport r = Run(mod, "rotate", {3, 2}, {16, 16}, {Ptr(out), Ptr(tex), Int(w), Int(h), Flt(angle)});
  const std::vector<float> got = Download<float>(out, w * h);
  const float c = std::cos(angle), s = std::sin(angle);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const float u = x / static_cast<float>(w) - 0.5f, v = y / static_cast<float>(h) - 0.5f;
      const float want = UnitSample("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x, y}];", tex,
                                    {u * c - v * s + 0.5f, v * c + u * s + 0.5f});
      // The kernel's __cosf/__sinf are .approx; the coordinates agree to a few ulp.
      ASSERT_NEAR(got[static_cast<size_t>(y * w + x)], want, 2e-4) << x << "," << y;
    }
  }
  EXPECT_EQ(r.texture_requests, static_cast<uint64_t>(w * h));
}

TEST_F(Textures, SeparableConvolutionPointSampled) {
  const int w = 40, h = 24;
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = w;
  d.height = h;
  const std::vector<float> img = Pattern(w * h, 2);
  const uint64_t tex = FloatTexture(d, img);  // point, unnormalized, clamp
  const float taps[9] = {0.05f, 0.09f, 0.12f, 0.15f, 0.18f, 0.15f, 0.12f, 0.09f, 0.05f};
  const XVariable* var = nullptr;
  ASSERT_TRUE(dev.FindVariable(mod, "taps", &var));
  std::string err;
  ASSERT_TRUE(dev.WriteConstant(mod, var->offset, taps, sizeof taps, &err)) << err;
  const uint64_t out = dev.Malloc(w * h * 4);
  for (int horizontal = 0; horizontal < 2; ++horizontal) {
    Run(mod, "convolve", {3, 2}, {16, 16}, {Ptr(out), Ptr(tex), Int(w), Int(h), Int(horizontal)});
    const std::vector<float> got = Download<float>(out, w * h);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        float acc = 0.0f;
        for (int k = -4; k <= 4; ++k) {
          const int sx = std::clamp(x + (horizontal ? k : 0), 0, w - 1);
          const int sy = std::clamp(y + (horizontal ? 0 : k), 0, h - 1);
          acc = std::fma(taps[k + 4], img[static_cast<size_t>(sy * w + sx)], acc);  // nvcc: fma.rn.f32
        }
        ASSERT_EQ(got[static_cast<size_t>(y * w + x)], acc) << x << "," << y << " h=" << horizontal;
      }
    }
  }
}

TEST_F(Textures, RaymarchTrilinear3d) {
  const int n = 16, w = 20, h = 12, steps = 24;
  TextureDesc d;
  d.dim = Geometry::k3d;
  d.width = d.height = d.depth = n;
  d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
  d.sampler.normalized = true;
  const uint64_t vol = FloatTexture(d, Pattern(n * n * n, 3));
  const uint64_t out = dev.Malloc(w * h * 4);
  const LaunchReport r = Run(mod, "raymarch", {2, 1}, {16, 16}, {Ptr(out), Ptr(vol), Int(w), Int(h), Int(steps)});
  const std::vector<float> got = Download<float>(out, w * h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
      float color = 0, alpha = 0;
      for (int i = 0; i < steps && alpha < 0.95f; ++i) {
        const float z = (i + 0.5f) / steps;
        const float dd = UnitSample("tex.3d.v4.f32.f32 {a,b,c,e}, [t, {x, y, z, z}];", vol,
                                    {std::fma(0.1f, z, u), v, z, z});
        const float a = dd * 0.2f;
        color += (1.0f - alpha) * a * dd;
        alpha += (1.0f - alpha) * a;
      }
      ASSERT_NEAR(got[static_cast<size_t>(y * w + x)], color, 1e-5) << x << "," << y;
    }
  }
  EXPECT_GT(r.texture_requests, 0u);
}

TEST_F(Textures, CubeMapLookups) {
  const int e = 8, n = 200;
  TextureDesc d;
  d.dim = Geometry::kCube;
  d.width = d.height = e;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kFloat;
  d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
  d.sampler.normalized = true;
  std::vector<float> texels(6 * e * e * 4);
  for (size_t i = 0; i < texels.size(); ++i) texels[i] = static_cast<float>((i * 13) % 29) / 28.0f;
  const std::vector<uint8_t> b = Bytes(texels);
  std::string err;
  ASSERT_TRUE(dev.CreateArray(&d, b.data(), b.size(), &err)) << err;
  const uint64_t cube = dev.CreateTexture(d, &err);
  ASSERT_NE(cube, 0u) << err;
  const uint64_t out = dev.Malloc(n * 16);
  Run(mod, "cube_lookup", {1}, {256}, {Ptr(out), Ptr(cube), Int(n)});
  const std::vector<float> got = Download<float>(out, n * 4);
  for (int i = 0; i < n; ++i) {
    const float t = 6.2831853f * i / n, p = 3.1415926f * ((i * 7) % n) / n;
    Instruction in;
    ASSERT_TRUE(ParsePtx("tex.cube.v4.f32.f32 {a,b,c,e}, [t, {x, y, z, w}];", &in, &err)) << err;
    Request req;
    req.handle = cube;
    const float dir[3] = {std::sin(p) * std::cos(t), std::sin(p) * std::sin(t), std::cos(p)};
    for (int k = 0; k < 3; ++k) req.coords[k] = AsBits(dir[k]);
    const Response r = dev.unit().Execute(in, req);
    for (int k = 0; k < 4; ++k) {
      ASSERT_NEAR(got[static_cast<size_t>(4 * i + k)], AsFloat(r.data[k]), 2e-3) << i << "." << k;
    }
  }
}

TEST_F(Textures, LayeredPointSampled) {
  const int w = 16, h = 8, layers = 5;
  TextureDesc d;
  d.dim = Geometry::kA2d;
  d.width = w;
  d.height = h;
  d.array_size = layers;
  const std::vector<float> img = Pattern(w * h * layers, 4);
  const uint64_t tex = FloatTexture(d, img);
  const uint64_t out = dev.Malloc(w * h * 4);
  Run(mod, "layered", {1, 1}, {16, 8}, {Ptr(out), Ptr(tex), Int(w), Int(h), Int(layers)});
  const std::vector<float> got = Download<float>(out, w * h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      float acc = 0;
      for (int l = 0; l < layers; ++l) {
        acc = std::fma(static_cast<float>(l + 1), img[static_cast<size_t>((l * h + y) * w + x)], acc);
      }
      ASSERT_EQ(got[static_cast<size_t>(y * w + x)], acc) << x << "," << y;
    }
  }
}

TEST_F(Textures, MipChainsLodAndGrad) {
  const int s = 64, n = 100;
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = d.height = s;
  d.levels = 7;
  d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
  d.sampler.mip_filter = MipFilter::kLinear;
  d.sampler.normalized = true;
  std::vector<float> texels;
  for (int lv = 0, e = s; lv < 7; ++lv, e /= 2) {
    const std::vector<float> p = Pattern(e * e, 10 + lv);
    texels.insert(texels.end(), p.begin(), p.end());
  }
  const uint64_t tex = FloatTexture(d, texels);
  const uint64_t lod_out = dev.Malloc(n * 4), grad_out = dev.Malloc(n * 4);
  Run(mod, "mip", {1}, {128}, {Ptr(lod_out), Ptr(grad_out), Ptr(tex), Int(n)});
  const std::vector<float> lod = Download<float>(lod_out, n), grad = Download<float>(grad_out, n);
  for (int i = 0; i < n; ++i) {
    const float u = (i + 0.5f) / n, v = 1.0f - u, level = 4.0f * i / n;
    EXPECT_NEAR(lod[static_cast<size_t>(i)],
                UnitSample("tex.level.2d.v4.f32.f32 {a,b,c,e}, [t, {x, y}], l;", tex, {u, v}, level), 1e-6) << i;
    const float g = std::exp2(level) / 64.0f;
    EXPECT_NEAR(grad[static_cast<size_t>(i)],
                UnitSample("tex.grad.2d.v4.f32.f32 {a,b,c,e}, [t, {x, y}], {p, q}, {r, s};", tex, {u, v}, 0,
                           {g, 0.0f}, {0.0f, g}), 2e-3) << i;
  }
}

TEST_F(Textures, SurfaceWrittenThenSampled) {
  const int w = 24, h = 16;
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = w;
  d.height = h;
  const uint64_t tex = FloatTexture(d, std::vector<float>(w * h, -1.0f));
  SurfaceDesc sd;
  sd.base = desc.base;
  sd.dim = Geometry::k2d;
  sd.width = w;
  sd.height = h;
  sd.order = ChannelOrder::kR;
  sd.type = ChannelType::kFloat;
  std::string err;
  const uint64_t surf = dev.CreateSurface(sd, &err);
  ASSERT_NE(surf, 0u) << err;
  const LaunchReport paint = Run(mod, "paint", {2, 1}, {16, 16}, {Ptr(surf), Int(w), Int(h)});
  EXPECT_EQ(paint.surface_requests, static_cast<uint64_t>(w * h));
  const uint64_t out = dev.Malloc(w * h * 4);
  Run(mod, "sample_painted", {2, 1}, {16, 16}, {Ptr(out), Ptr(tex), Ptr(surf), Int(w), Int(h)});
  const std::vector<float> got = Download<float>(out, w * h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const float v = static_cast<float>((x * 3 + y * 5) % 17) / 16.0f;
      ASSERT_EQ(got[static_cast<size_t>(y * w + x)], std::fma(2.0f, v, v)) << x << "," << y;
    }
  }
}

TEST_F(Textures, HistogramWithSured) {
  const int n = 4000;
  std::vector<unsigned char> data(n);
  std::vector<uint32_t> want(256, 0);
  for (int i = 0; i < n; ++i) {
    data[static_cast<size_t>(i)] = static_cast<unsigned char>((i * i * 7 + 3) % 251);
    ++want[data[static_cast<size_t>(i)]];
  }
  const uint64_t pd = Upload(data);
  const uint64_t bins = Upload(std::vector<uint32_t>(256, 0));
  SurfaceDesc sd;
  sd.base = bins;
  sd.dim = Geometry::k1d;
  sd.width = 256;
  sd.order = ChannelOrder::kR;
  sd.type = ChannelType::kUnsignedInt32;
  std::string err;
  const uint64_t surf = dev.CreateSurface(sd, &err);
  ASSERT_NE(surf, 0u) << err;
  const LaunchReport r = Run(mod, "histogram_sured", {4}, {128}, {Ptr(pd), Ptr(surf), Int(n)});
  EXPECT_EQ(Download<uint32_t>(bins, 256), want);
  EXPECT_EQ(r.surface_requests, static_cast<uint64_t>(n));
}

TEST_F(Textures, GatherThroughTld4) {
  const int w = 16, h = 8, n = 64;
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = w;
  d.height = h;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kFloat;  // unnormalized, clamp
  std::vector<float> texels(static_cast<size_t>(w * h * 4));
  for (size_t i = 0; i < texels.size(); ++i) texels[i] = static_cast<float>(i);
  const std::vector<uint8_t> b = Bytes(texels);
  std::string err;
  ASSERT_TRUE(dev.CreateArray(&d, b.data(), b.size(), &err)) << err;
  const uint64_t tex = dev.CreateTexture(d, &err);
  const uint64_t out = dev.Malloc(n * 32);
  Run(mod, "gather", {1}, {64}, {Ptr(out), Ptr(tex), Int(n)});
  const std::vector<float> got = Download<float>(out, n * 8);
  auto lower = [](float x) {  // the lower tap: floor(x * 256 - 127.5) >> 8 (docs/semantics.md T2)
    return static_cast<int>(std::floor(std::floor(static_cast<double>(x) * 256 - 127.5) / 256));
  };
  for (int i = 0; i < n; ++i) {
    const float x = 0.37f * i - 1.0f, y = 0.21f * i + 0.5f;
    const int x0 = lower(x), y0 = lower(y);
    const int xs[4] = {x0, x0 + 1, x0 + 1, x0}, ys[4] = {y0 + 1, y0 + 1, y0, y0};  // GL's order
    for (int c = 0; c < 2; ++c) {
      const int comp = c == 0 ? 1 : 3;
      for (int k = 0; k < 4; ++k) {
        const int tx = std::clamp(xs[k], 0, w - 1), ty = std::clamp(ys[k], 0, h - 1);
        ASSERT_EQ(got[static_cast<size_t>(8 * i + 4 * c + k)], texels[static_cast<size_t>((ty * w + tx) * 4 + comp)])
            << i << " comp " << comp << " texel " << k;
      }
    }
  }
}

TEST(ExecTextureQuery, TxqAnswersFromTheBinding) {
  const std::string text = R"(.version 9.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out, .param .u64 tex)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [tex];
	txq.width.b32 %r1, [%rd2];
	txq.height.b32 %r2, [%rd2];
	txq.num_mipmap_levels.b32 %r3, [%rd2];
	txq.level.width.b32 %r4, [%rd2], 2;
	txq.channel_order.b32 %r5, [%rd2];
	txq.normalized_coords.b32 %r6, [%rd2];
	st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};
	st.global.v2.u32 [%rd1+16], {%r5, %r6};
	ret;
}
)";
  Device dev;
  std::string err;
  const int m = dev.LoadModule(text, "txq.ptx", &err);
  ASSERT_GE(m, 0) << err;
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = 40;
  d.height = 24;
  d.levels = 4;
  d.order = ChannelOrder::kR;
  d.type = ChannelType::kFloat;
  d.sampler.normalized = true;
  std::vector<float> texels(40 * 24 + 20 * 12 + 10 * 6 + 5 * 3, 0.0f);
  ASSERT_TRUE(dev.CreateArray(&d, reinterpret_cast<const uint8_t*>(texels.data()), texels.size() * 4, &err)) << err;
  const uint64_t tex = dev.CreateTexture(d, &err);
  const uint64_t out = dev.Malloc(32);
  LaunchConfig c;
  ASSERT_TRUE(PackParams(dev.program(m).functions[0], {ArgValue{out}, ArgValue{tex}}, &c.params, &err)) << err;
  const LaunchReport r = dev.Launch(m, 0, c);
  ASSERT_TRUE(r.ok) << r.error;
  uint32_t got[6];
  ASSERT_TRUE(dev.CopyFromDevice(got, out, 24, &err));
  EXPECT_EQ(got[0], 40u);
  EXPECT_EQ(got[1], 24u);
  EXPECT_EQ(got[2], 4u);
  EXPECT_EQ(got[3], 10u);  // level 2: 40 >> 2
  EXPECT_EQ(got[4], 0x10B0u);  // CL_R, as suq answers for surfaces
  EXPECT_EQ(got[5], 1u);
}

}  // namespace
}  // namespace tsu::exec::test
