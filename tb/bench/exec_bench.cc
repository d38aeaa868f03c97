// The kernel executor's speed (docs/kernels.md, "Speed"): thread-instructions per second on an
// ALU-bound kernel, and a texture-bound kernel's samples per second against the golden unit's own
// rate for the same bilinear tex (Unit::Execute in a loop).
//   build/tsu_exec_bench
#include <benchmark/benchmark.h>

#include <cstring>

#include "tsu/exec/device.h"
#include "tsu/float_bits.h"
#include "tsu/ptx_parser.h"
#include "tsu/read_file.h"

namespace {

using tsu::exec::ArgValue;

struct Loaded {
  tsu::exec::Device dev;
  int mod = -1;
};

void Load(Loaded* l, const char* file) {
  std::string text, why, err;
  if (!tsu::ReadRegularFile(std::string(TSU_KERNEL_DIR) + "/" + file, 1 << 26, &text, &why)) std::abort();
  l->mod = l->dev.LoadModule(text, file, &err);
  if (l->mod < 0) std::abort();
}

tsu::exec::LaunchReport Launch(Loaded* l, const char* kernel, tsu::exec::Dim3 grid, tsu::exec::Dim3 block,
                               const std::vector<ArgValue>& args) {
  const int k = l->dev.FindKernel(l->mod, kernel);
  tsu::exec::LaunchConfig c;
  c.grid = grid;
  c.block = block;
  std::string err;
  tsu::exec::PackParams(l->dev.program(l->mod).functions[static_cast<size_t>(k)], args, &c.params, &err);
  return l->dev.Launch(l->mod, k, c);
}

void BM_AluLoop(benchmark::State& st) {
  Loaded l;
  Load(&l, "basics.ptx");
  const uint64_t out = l.dev.Malloc(256 * 4 * 4);
  uint64_t instr = 0;
  for (auto _ : st) {
    const tsu::exec::LaunchReport r = Launch(&l, "alu_loop", {4}, {256}, {ArgValue{out}, ArgValue{int64_t{200}}});
    if (!r.ok) st.SkipWithError(r.error.c_str());
    instr += r.thread_instructions;
  }
  st.counters["thread_instr_per_s"] = benchmark::Counter(static_cast<double>(instr), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AluLoop)->Unit(benchmark::kMillisecond);

uint64_t BilinearTexture(tsu::exec::Device* dev) {
  tsu::TextureDesc d;
  d.dim = tsu::Geometry::k2d;
  d.width = d.height = 64;
  d.order = tsu::ChannelOrder::kR;
  d.type = tsu::ChannelType::kFloat;
  d.sampler.mag_filter = d.sampler.min_filter = tsu::FilterMode::kLinear;
  d.sampler.normalized = true;
  d.sampler.address[0] = d.sampler.address[1] = tsu::AddressMode::kWrap;
  std::vector<float> texels(64 * 64);
  for (size_t i = 0; i < texels.size(); ++i) texels[i] = static_cast<float>(i % 97) / 96.0f;
  std::string err;
  dev->CreateArray(&d, reinterpret_cast<const uint8_t*>(texels.data()), texels.size() * 4, &err);
  return dev->CreateTexture(d, &err);
}

void BM_TexLoop(benchmark::State& st) {
  Loaded l;
  Load(&l, "textures.ptx");
  const uint64_t tex = BilinearTexture(&l.dev);
  const uint64_t out = l.dev.Malloc(1024 * 4);
  uint64_t samples = 0;
  for (auto _ : st) {
    const tsu::exec::LaunchReport r = Launch(&l, "tex_loop", {4}, {256}, {ArgValue{out}, ArgValue{tex}, ArgValue{int64_t{50}}});
    if (!r.ok) st.SkipWithError(r.error.c_str());
    samples += r.texture_requests;
  }
  st.counters["samples_per_s"] = benchmark::Counter(static_cast<double>(samples), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TexLoop)->Unit(benchmark::kMillisecond);

// The golden unit alone: the same tex instruction, coordinates as tex_loop makes them.
void BM_UnitTexDirect(benchmark::State& st) {
  tsu::exec::Device dev;
  const uint64_t tex = BilinearTexture(&dev);
  tsu::Instruction in;
  std::string err;
  tsu::ParsePtx("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x, y}];", &in, &err);
  tsu::Request req;
  req.handle = tex;
  uint64_t samples = 0;
  float acc = 0;
  for (auto _ : st) {
    for (int i = 0; i < 1024; ++i) {
      for (int k = 0; k < 50; ++k) {
        req.coords[0] = tsu::AsBits((i & 63) * 0.015625f + k * 0.001f);
        req.coords[1] = tsu::AsBits(0.25f + k * 0.002f);
        acc += tsu::AsFloat(dev.unit().Execute(in, req).data[0]);
      }
    }
    samples += 1024 * 50;
  }
  benchmark::DoNotOptimize(acc);
  st.counters["samples_per_s"] = benchmark::Counter(static_cast<double>(samples), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_UnitTexDirect)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
