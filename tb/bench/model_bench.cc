// Model throughput: operations per second for each instruction class, called directly on the
// library and through the TLM-2.0 module (b_transport, no wait).
#include <benchmark/benchmark.h>

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
