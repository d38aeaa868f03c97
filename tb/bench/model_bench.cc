// Model throughput: operations per second for each instruction class, called directly on the
// library and through the TLM-2.0 module (b_transport, no wait).
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <systemc>

#include "tsu/ptx_parser.h"
#include "tsu_tlm.h"

namespace tsu {
namespace {

TlmSystem* g_top = nullptr;

const char* const kForms[] = {
    "suld.b.2d.v2.b32.trap {a,b}, [s, {x,y}];",
    "sust.b.2d.b32.clamp [s, {x,y}], a;",
    "sust.p.2d.v4.b32.zero [s, {x,y}], {a,b,c,d};",
    "sured.b.add.2d.u32.clamp [s, {x,y}], a;",
    "suq.width.b32 r, [s];",
};
const char* const kNames[] = {"suld", "sust.b", "sust.p", "sured", "suq"};

SurfaceDesc Desc() {
  SurfaceDesc d;
  d.dim = Geometry::k2d;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnormInt8;
  d.layout = Layout::kBlockLinear;
  d.width = 64;
  d.height = 64;
  d.base = 0x100000;
  return d;
}

std::vector<Request> Requests() {
  std::mt19937_64 rng(7);
  std::vector<Request> v(4096);
  for (Request& r : v) {
    r.handle = 1;
    r.coords[0] = static_cast<uint32_t>(rng() % 256) & ~7u;
    r.coords[1] = static_cast<uint32_t>(rng() % 64);
    for (uint64_t& d : r.data) d = 0x3F000000u;
  }
  return v;
}

void BM_Direct(benchmark::State& st) {
  Instruction in;
  std::string err;
  ParsePtx(kForms[st.range(0)], &in, &err);
  SparseMemory mem;
  Unit unit(&mem);
  unit.BindSurface(1, Desc(), &err);
  const std::vector<Request> reqs = Requests();
  size_t i = 0;
  for (auto _ : st) {
    Response r = unit.Execute(in, reqs[i++ & 4095]);
    benchmark::DoNotOptimize(r);
  }
  st.SetItemsProcessed(st.iterations());
  st.SetLabel(kNames[st.range(0)]);
}
BENCHMARK(BM_Direct)->DenseRange(0, 4);

void BM_Tlm(benchmark::State& st) {
  Instruction in;
  std::string err;
  ParsePtx(kForms[st.range(0)], &in, &err);
  g_top->unit.unit().BindSurface(1, Desc(), &err);
  const std::vector<Request> reqs = Requests();
  tlm::tlm_generic_payload gp;
  InstrExtension ext;
  ext.instr = &in;
  gp.set_extension(&ext);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  size_t i = 0;
  for (auto _ : st) {
    ext.req = reqs[i++ & 4095];
    g_top->cpu.Issue(gp, delay);
    benchmark::DoNotOptimize(ext.resp);
  }
  gp.clear_extension(&ext);
  st.SetItemsProcessed(st.iterations());
  st.SetLabel(kNames[st.range(0)]);
}
BENCHMARK(BM_Tlm)->DenseRange(0, 4);

// tex sampling: samples per second for point, bilinear, trilinear (tex.grad over a mip chain)
// and seamless bilinear cube lookups on a 256x256 RGBA8 texture.
void BM_Tex(benchmark::State& st) {
  static const char* const kTexForms[] = {
      "tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}];",
      "tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}];",
      "tex.grad.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], {p,q}, {r,s};",
      "tex.cube.v4.f32.f32 {a,b,c,d}, [t, {x,y,z,w}];",
  };
  static const char* const kTexNames[] = {"point", "bilinear", "trilinear", "cube"};
  const int k = static_cast<int>(st.range(0));
  Instruction in;
  std::string err;
  ParsePtx(kTexForms[k], &in, &err);
  SparseMemory mem;
  Unit unit(&mem);
  TextureDesc d;
  d.dim = k == 3 ? Geometry::kCube : Geometry::k2d;
  d.width = d.height = 256;
  d.levels = k == 2 ? 9 : 1;
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 4;
  d.base = 0x1000000;
  d.sampler.normalized = true;
  d.sampler.address[0] = d.sampler.address[1] = AddressMode::kWrap;
  d.sampler.mag_filter = d.sampler.min_filter = k == 0 ? FilterMode::kNearest : FilterMode::kLinear;
  d.sampler.mip_filter = k == 2 ? MipFilter::kLinear : MipFilter::kNone;
  d.sampler.seamless_cube = true;
  if (!unit.BindTexture(1, d, &err)) st.SkipWithError(err.c_str());
  const ResolvedTexture* t = unit.FindTexture(1);
  std::mt19937_64 rng(11);
  for (uint64_t a = 0; a < t->size_bytes; a += 8) {
    const uint64_t v = rng();
    mem.Write(t->desc.base + a, reinterpret_cast<const uint8_t*>(&v), 8);
  }
  std::vector<Request> reqs(4096);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f), g(0.0f, 0.05f);
  for (Request& r : reqs) {
    r.handle = 1;
    for (uint32_t& c : r.coords) {
      const float f = u(rng);
      std::memcpy(&c, &f, 4);
    }
    for (uint32_t* p : {r.dpdx, r.dpdy}) {
      const float f = g(rng);
      std::memcpy(&p[0], &f, 4);
      std::memcpy(&p[1], &f, 4);
    }
  }
  size_t i = 0;
  for (auto _ : st) {
    Response r = unit.Execute(in, reqs[i++ & 4095]);
    benchmark::DoNotOptimize(r);
  }
  st.SetItemsProcessed(st.iterations());
  st.SetLabel(kTexNames[k]);
}
BENCHMARK(BM_Tex)->DenseRange(0, 3);

void BM_ParsePtx(benchmark::State& st) {
  for (auto _ : st) {
    Instruction in;
    std::string err;
    benchmark::DoNotOptimize(ParsePtx("suld.b.a2d.v4.b32.clamp {a,b,c,d}, [surf_A, {i,x,y,w}];", &in, &err));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_ParsePtx);

}  // namespace
}  // namespace tsu

int sc_main(int argc, char** argv) {
  tsu::TlmSystem top;
  tsu::g_top = &top;
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
