// Front-end throughput: instruction lines decoded per second (`tsu ptx -`) and module bytes read
// per second (`tsu ptx FILE.ptx`), on real compiler output: the nvcc modules of tb/oracle/cuda.
// Compare a change as a ratio against the old build in the same run (README, "Performance").
#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tsu/ptx_module.h"
#include "tsu/ptx_parser.h"

namespace tsu {
namespace {

const char* const kModules[] = {"textures.ptx", "surfaces.ptx", "inline.ptx", "independent.ptx"};

std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

// The texture/surface instruction lines of the nvcc modules, as written.
const std::vector<std::string>& Lines() {
  static const std::vector<std::string> lines = [] {
    std::vector<std::string> v;
    for (const char* m : kModules) {
      std::istringstream in(ReadFile(std::string(TSU_CUDA_DIR) + "/" + m));
      for (std::string l; std::getline(in, l);) {
        const size_t i = l.find_first_not_of(" \t");
        if (i == std::string::npos) continue;
        const std::string t = l.substr(i);
        for (const char* op : {"tex.", "suld.", "sust.", "sured.", "suq."}) {
          if (t.rfind(op, 0) == 0) v.push_back(t);
        }
      }
    }
    return v;
  }();
  return lines;
}

void BM_DecodeLine(benchmark::State& st) {
  const std::string line = "suld.b.a2d.v4.b32.clamp {a,b,c,d}, [surf_A, {i,x,y,w}];";
  for (auto _ : st) {
    Instruction in;
    std::string err;
    benchmark::DoNotOptimize(ParsePtx(line, &in, &err));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_DecodeLine);

// Every texture/surface line of the nvcc modules in turn (258 lines: tex of every geometry and
// mode, suld/sust of every width, sured, suq), one Instruction reused as `tsu ptx -` does.
void BM_DecodeNvccLines(benchmark::State& st) {
  const std::vector<std::string>& lines = Lines();
  if (lines.empty()) {
    st.SkipWithError("no nvcc modules found in " TSU_CUDA_DIR);
    return;
  }
  size_t i = 0, valid = 0;
  Instruction in;
  std::string err;
  for (auto _ : st) {
    valid += ParsePtx(lines[i], &in, &err);
    if (++i == lines.size()) i = 0;
  }
  benchmark::DoNotOptimize(valid);
  st.SetItemsProcessed(st.iterations());
  st.counters["lines"] = static_cast<double>(lines.size());
}
BENCHMARK(BM_DecodeNvccLines);

// Whole modules: the four of tb/oracle/cuda concatenated 16 times (1.2 MB of nvcc output).
void BM_ReadNvccModules(benchmark::State& st) {
  std::string one;
  for (const char* m : kModules) {
    if (std::string(m) != "independent.ptx") one += ReadFile(std::string(TSU_CUDA_DIR) + "/" + m);
  }
  if (one.empty()) {
    st.SkipWithError("no nvcc modules found in " TSU_CUDA_DIR);
    return;
  }
  std::string text;
  for (int k = 0; k < 16; ++k) text += one;
  size_t n = 0;
  for (auto _ : st) {
    const PtxModule m = ReadPtxModule(text);
    n += m.instructions.size();
  }
  benchmark::DoNotOptimize(n);
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * text.size()));
}
BENCHMARK(BM_ReadNvccModules)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tsu

BENCHMARK_MAIN();
