// `tsu launch` (launch_cli.h).
#include "launch_cli.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "kernel_port.h"
#include "tsu/exec/channel_format.h"
#include "tsu/exec/device.h"
#include "tsu/exec/fp.h"
#include "tsu/read_file.h"
#include "tsu/text.h"

namespace tsu::tb {
namespace {

constexpr int kExitFault = 1;
constexpr int kExitUsage = 2;
constexpr uint64_t kMaxFileBytes = uint64_t{1} << 30;

struct Options {
  std::string module, kernel;
  std::string grid = "1", block = "1";
  uint32_t shared = 0;
  std::vector<std::string> buffers, arrays, textures, surfaces, args, outs, expects;
  uint64_t budget = 0;
  uint32_t max_threads = 1024;
  std::string unit = "model";
  tb::KernelPortOptions rtl;
  std::string artifacts = "launch_artifacts";
  bool quiet = false;  // the traced replay prints no report
  uint32_t resident_warps = 0;
};
Options g;

struct Usage {
  std::string what;
};

bool Dims(const std::string& s, exec::Dim3* d) {
  uint32_t v[3] = {1, 1, 1};
  std::stringstream ss(s);
  std::string part;
  int n = 0;
  while (std::getline(ss, part, ',')) {
    if (n == 3 || part.empty() || part.find_first_not_of("0123456789") != std::string::npos ||
        part.size() > 9) {
      return false;
    }
    v[n++] = static_cast<uint32_t>(std::stoul(part));
  }
  if (n == 0) return false;
  *d = {v[0], v[1], v[2]};
  return true;
}

std::pair<std::string, std::string> Split(const std::string& s, char c, const char* what) {
  const size_t k = s.find(c);
  if (k == std::string::npos || k == 0 || k + 1 == s.size()) {
    throw Usage{std::string(what) + " '" + Excerpt(s) + "' needs NAME" + c + "VALUE"};
  }
  return {s.substr(0, k), s.substr(k + 1)};
}

uint64_t Number(const std::string& s, const char* what) {
  if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) {
    throw Usage{std::string(what) + ": '" + Excerpt(s) + "' is not a number"};
  }
  return std::stoull(s);
}

// Deterministic filler for `random[:SEED]` sources: floats in [0, 1) for float formats, any bits
// otherwise.
std::string RandomBytes(uint64_t n, uint64_t seed, bool floats, int float_bytes) {
  std::string out(n, '\0');
  uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
  auto next = [&] {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    return x * 0x2545f4914f6cdd1dull;
  };
  if (!floats) {
    for (uint64_t i = 0; i < n; ++i) out[i] = static_cast<char>(next() >> 56);
    return out;
  }
  for (uint64_t i = 0; i + static_cast<uint64_t>(float_bytes) <= n; i += static_cast<uint64_t>(float_bytes)) {
    const double v = static_cast<double>(next() >> 11) * 0x1p-53;
    if (float_bytes == 4) {
      const float f = static_cast<float>(v);
      std::memcpy(&out[i], &f, 4);
    } else {  // binary16
      const uint16_t h = static_cast<uint16_t>(exec::fp::FromDouble(v, exec::fp::Fmt::kF16, exec::Rnd::kRn));
      std::memcpy(&out[i], &h, 2);
    }
  }
  return out;
}

uint64_t RandomSeed(const std::string& src) {  // "random" or "randomSEED"
  return src.size() > 6 ? Number(src.substr(6), "random seed") : 1;
}

std::string ReadFile(const std::string& path) {
  std::string text, why;
  if (!ReadRegularFile(path, kMaxFileBytes, &text, &why)) throw Usage{why};
  return text;
}

// A CUDA array's description: geometry, size and format, then sampler settings for textures.
struct ArraySpec {
  TextureDesc desc;
};

TextureDesc ParseArraySpec(const std::string& spec) {
  TextureDesc d;
  bool have_format = false, have_size = false;
  std::stringstream ss(spec);
  std::string t;
  while (std::getline(ss, t, ',')) {
    if (auto g2 = Parse<Geometry>(t)) {
      d.dim = *g2;
    } else if (t.find('x') != std::string::npos && t.find_first_not_of("0123456789x") == std::string::npos) {
      std::stringstream s2(t);
      std::string n;
      uint32_t v[3] = {1, 1, 1};
      int k = 0;
      while (std::getline(s2, n, 'x') && k < 3) v[k++] = static_cast<uint32_t>(Number(n, "array size"));
      d.width = v[0];
      d.height = v[1];
      d.depth = v[2];
      have_size = true;
    } else if (t.find_first_not_of("0123456789") == std::string::npos && !t.empty()) {
      d.width = static_cast<uint32_t>(Number(t, "array size"));
      have_size = true;
    } else if (t.rfind("layers=", 0) == 0) {
      d.array_size = static_cast<uint32_t>(Number(t.substr(7), "layers"));
    } else if (t.rfind("levels=", 0) == 0) {
      d.levels = static_cast<uint32_t>(Number(t.substr(7), "levels"));
    } else {
      std::string err;
      if (!exec::ChannelFormatByName(t, &d.order, &d.type, &err)) {
        throw Usage{"array '" + Excerpt(spec) + "': unknown item '" + Excerpt(t) + "' (" + err + ")"};
      }
      have_format = true;
    }
  }
  if (!have_format || !have_size) throw Usage{"array '" + Excerpt(spec) + "' needs a size (WxHxD) and a format (r32f, rgba8, ...)"};
  return d;
}

void ParseSampler(const std::string& spec, SamplerDesc* s) {
  std::stringstream ss(spec);
  std::string t;
  while (std::getline(ss, t, ',')) {
    if (t.empty()) continue;
    if (t == "point") {
      s->mag_filter = s->min_filter = FilterMode::kNearest;
    } else if (t == "linear") {
      s->mag_filter = s->min_filter = FilterMode::kLinear;
    } else if (t == "mip=point") {
      s->mip_filter = MipFilter::kNearest;
    } else if (t == "mip=linear") {
      s->mip_filter = MipFilter::kLinear;
    } else if (t == "normalized") {
      s->normalized = true;
    } else if (t == "read=normalized") {
      s->read_mode = ReadMode::kNormalizedFloat;
    } else if (t == "seamless") {
      s->seamless_cube = true;
    } else if (auto a = Parse<AddressMode>(t)) {
      s->address[0] = s->address[1] = s->address[2] = *a;
    } else {
      throw Usage{"texture sampler: unknown item '" + Excerpt(t) +
                  "' (point, linear, mip=point, mip=linear, normalized, read=normalized, seamless, wrap, clamp, mirror, border)"};
    }
  }
}

struct Array {
  TextureDesc desc;
  uint64_t bytes = 0;  // packed texels
};

// The packed texels of an array read back from its layout.
std::string ReadArray(exec::Device& dev, const Array& a) {
  ResolvedTexture t;
  std::string err;
  ResolveTexture(a.desc, &t, &err);
  std::string out;
  out.reserve(a.bytes);
  uint8_t buf[16];
  for (uint32_t layer = 0; layer < t.layers; ++layer) {
    for (uint32_t lv = 0; lv < a.desc.levels; ++lv) {
      const SurfaceDesc& l = t.level[lv].desc;
      for (uint32_t z = 0; z < l.depth; ++z) {
        for (uint32_t y = 0; y < l.height; ++y) {
          for (uint32_t x = 0; x < l.width; ++x) {
            dev.memory().Read(TexelAddress(t, lv, layer, x, y, z, 0), buf, static_cast<uint32_t>(t.fmt.texel_bytes));
            out.append(reinterpret_cast<char*>(buf), static_cast<size_t>(t.fmt.texel_bytes));
          }
        }
      }
    }
  }
  return out;
}

bool g_mismatch = false;  // the last run stopped on a disagreement between the unit and the model

int Run() {
  g_mismatch = false;
  exec::Device dev;
  const std::string text = ReadFile(g.module);
  std::string err;
  const int mod = dev.LoadModule(text, g.module, &err);
  if (mod < 0) {
    std::cerr << err;
    return kExitUsage;
  }
  const int k = dev.FindKernel(mod, g.kernel);
  if (k < 0) throw Usage{"the module has no kernel '" + Excerpt(g.kernel) + "'"};
  std::unique_ptr<tb::KernelPort> port;
  if (g.unit == "rtl") {
    port = tb::MakeKernelPort(&dev, g.rtl, &err);
    if (port == nullptr) throw Usage{err};
    dev.set_texture_port(port.get());
  } else if (g.unit != "model") {
    throw Usage{"--unit is model or rtl, not '" + Excerpt(g.unit) + "'"};
  }
  const exec::XFunction& kernel = dev.program(mod).functions[static_cast<size_t>(k)];

  std::map<std::string, uint64_t> names;  // buffers and objects: their address or handle
  std::map<std::string, std::pair<uint64_t, uint64_t>> buffers;  // address, size
  std::map<std::string, Array> arrays;
  auto fresh = [&](const std::string& n) {
    if (names.count(n) || arrays.count(n)) throw Usage{"the name '" + Excerpt(n) + "' is used twice"};
  };
  for (const std::string& b : g.buffers) {
    const auto [name, val] = Split(b, '=', "--buffer");
    fresh(name);
    std::string bytes;
    uint64_t size;
    if (val[0] == '@') {
      bytes = ReadFile(val.substr(1));
      size = bytes.size();
    } else if (val.rfind("random", 0) == 0) {  // random[SEED]:BYTES
      const size_t c = val.find(':');
      if (c == std::string::npos) throw Usage{"--buffer " + name + "=random[SEED]:BYTES"};
      size = Number(val.substr(c + 1), "--buffer size");
      bytes = RandomBytes(size, RandomSeed(val.substr(0, c)), false, 0);
    } else {
      size = Number(val, "--buffer size");
    }
    const uint64_t p = dev.Malloc(size);
    if (p == 0) throw Usage{"--buffer " + name + ": cannot allocate " + std::to_string(size) + " bytes"};
    if (!bytes.empty() && !dev.CopyToDevice(p, bytes.data(), bytes.size(), &err)) throw Usage{err};
    names[name] = p;
    buffers[name] = {p, size};
  }
  for (const std::string& a : g.arrays) {
    const auto [name, rest] = Split(a, '=', "--array");
    // SOURCE:SPEC, SOURCE = FILE, zeros, random or randomSEED
    const auto [source, spec] = Split(rest, ':', "--array");
    fresh(name);
    Array arr;
    arr.desc = ParseArraySpec(spec);
    ResolvedTexture t;
    TextureDesc probe = arr.desc;
    probe.base = 0x200;
    if (!ResolveTexture(probe, &t, &err)) throw Usage{"--array " + name + ": " + err};
    for (uint32_t layer = 0; layer < t.layers; ++layer) {
      for (uint32_t lv = 0; lv < arr.desc.levels; ++lv) {
        const SurfaceDesc& l = t.level[lv].desc;
        arr.bytes += uint64_t{l.width} * l.height * l.depth * static_cast<uint64_t>(t.fmt.texel_bytes);
      }
    }
    std::string bytes;
    if (source == "zeros") {
      bytes.assign(arr.bytes, '\0');
    } else if (source.rfind("random", 0) == 0) {
      const bool floats = arr.desc.type == ChannelType::kFloat || arr.desc.type == ChannelType::kHalfFloat;
      bytes = RandomBytes(arr.bytes, RandomSeed(source), floats, arr.desc.type == ChannelType::kHalfFloat ? 2 : 4);
    } else {
      bytes = ReadFile(source);
    }
    if (!dev.CreateArray(&arr.desc, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &err)) {
      throw Usage{"--array " + name + ": " + err};
    }
    arrays[name] = arr;
  }
  for (const std::string& tx : g.textures) {
    const auto [name, rest] = Split(tx, '=', "--texture");
    fresh(name);
    const size_t colon = rest.find(':');
    const std::string array = rest.substr(0, colon);
    if (!arrays.count(array)) throw Usage{"--texture " + name + ": no --array '" + Excerpt(array) + "'"};
    TextureDesc d = arrays[array].desc;
    if (colon != std::string::npos) ParseSampler(rest.substr(colon + 1), &d.sampler);
    const uint64_t h = dev.CreateTexture(d, &err);
    if (h == 0) throw Usage{"--texture " + name + ": " + err};
    names[name] = h;
  }
  for (const std::string& sf : g.surfaces) {
    const auto [name, array] = Split(sf, '=', "--surface");
    fresh(name);
    if (!arrays.count(array)) throw Usage{"--surface " + name + ": no --array '" + Excerpt(array) + "'"};
    const TextureDesc& d = arrays[array].desc;
    const uint64_t h = dev.CreateSurfaceOver(d, &err);
    if (h == 0) throw Usage{"--surface " + name + ": " + err};
    names[name] = h;
  }
  std::vector<exec::ArgValue> args;
  for (const std::string& a : g.args) {
    if (!a.empty() && a[0] == '@') {
      auto it = names.find(a.substr(1));
      if (it == names.end()) throw Usage{"--arg " + a + ": no buffer, texture or surface of that name"};
      args.emplace_back(it->second);
    } else if (a.find_first_of(".eE") != std::string::npos && a.find("0x") != 0) {
      char* end = nullptr;
      const double v = std::strtod(a.c_str(), &end);
      if (end == nullptr || *end != '\0') throw Usage{"--arg '" + Excerpt(a) + "' is not a number"};
      args.emplace_back(v);
    } else {
      char* end = nullptr;
      const long long v = std::strtoll(a.c_str(), &end, 0);
      if (end == nullptr || *end != '\0' || a.empty()) throw Usage{"--arg '" + Excerpt(a) + "' is not a number"};
      args.emplace_back(static_cast<int64_t>(v));
    }
  }
  exec::LaunchConfig c;
  if (!Dims(g.grid, &c.grid)) throw Usage{"--grid '" + Excerpt(g.grid) + "' is not X[,Y[,Z]]"};
  if (!Dims(g.block, &c.block)) throw Usage{"--block '" + Excerpt(g.block) + "' is not X[,Y[,Z]]"};
  c.dynamic_shared_bytes = g.shared;
  if (g.budget != 0) c.limits.instruction_budget = g.budget;
  c.limits.max_threads_per_block = g.max_threads;
  c.resident_warps = g.resident_warps;
  if (!exec::PackParams(kernel, args, &c.params, &err)) throw Usage{err};
  const auto t0 = std::chrono::steady_clock::now();
  const exec::LaunchReport r = dev.Launch(mod, k, c);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  nlohmann::json j;
  j["kernel"] = g.kernel;
  j["ok"] = r.ok;
  if (!r.ok) j["error"] = r.error;
  j["ctas"] = r.ctas;
  j["threads"] = r.threads;
  j["thread_instructions"] = r.thread_instructions;
  j["warp_instructions"] = r.warp_instructions;
  j["families"] = r.families;
  j["texture_requests"] = r.texture_requests;
  j["surface_requests"] = r.surface_requests;
  j["barriers"] = r.barriers;
  j["launch_seconds"] = seconds;
  if (port != nullptr) {
    const tb::KernelPortStats& st = port->stats();
    nlohmann::json u;
    u["name"] = port->Name();
    u["cycles"] = st.cycles;
    u["requests"] = st.requests;
    u["tex"] = st.tex;
    u["requests_per_clock"] = st.RequestsPerClock();
    u["texel_cache_lookups"] = st.cache_lookups;
    u["texel_cache_hit_rate"] = st.TexelCacheHitRate();
    u["stall_cycles"] = st.stall_cycles;
    u["mem_reads"] = st.mem_reads;
    u["mem_writes"] = st.mem_writes;
    u["desc_reads"] = st.desc_reads;
    u["unit_seconds"] = st.unit_seconds;
    u["check_seconds"] = st.check_seconds;
    // The executor's own work: the launch less the unit's simulation and the model's checking.
    u["executor_share"] = seconds > 0 ? std::max(0.0, 1.0 - (st.unit_seconds + st.check_seconds) / seconds) : 0.0;
    j["unit"] = u;
  }
  bool mismatch = false;
  auto contents = [&](const std::string& name) -> std::string {
    if (auto b = buffers.find(name); b != buffers.end()) {
      std::string s(b->second.second, '\0');
      dev.CopyFromDevice(s.data(), b->second.first, s.size(), &err);
      return s;
    }
    if (auto a = arrays.find(name); a != arrays.end()) return ReadArray(dev, a->second);
    throw Usage{"no buffer or array '" + Excerpt(name) + "'"};
  };
  for (const std::string& o : g.outs) {
    const auto [name, file] = Split(o, '=', "--out");
    const std::string s = contents(name);
    std::ofstream f(file, std::ios::binary);
    if (!f || !f.write(s.data(), static_cast<std::streamsize>(s.size()))) throw Usage{"cannot write " + file};
  }
  for (const std::string& e : g.expects) {
    const auto [name, file] = Split(e, '=', "--expect");
    const std::string got = contents(name), want = ReadFile(file);
    if (got != want) {
      size_t i = 0;
      while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
      j["mismatch"][name] = {{"byte", i}, {"size", got.size()}, {"expected_size", want.size()}};
      std::cerr << "error: " << name << " differs from " << file << " at byte " << i << "\n";
      mismatch = true;
    }
  }
  if (!g.quiet) std::cout << j.dump() << "\n";
  if (!r.ok) {
    g_mismatch = port != nullptr && r.error.find("disagrees with the model") != std::string::npos;
    if (!g.quiet) std::cerr << "error: " << r.error << "\n";
    return r.refused ? kExitUsage : kExitFault;
  }
  return mismatch ? kExitFault : 0;
}

}  // namespace

CLI::App* AddLaunchCommand(CLI::App& app) {
  auto* l = app.add_subcommand("launch", "Run a kernel of a PTX module on the executor (docs/kernels.md)");
  l->add_option("module", g.module, "The PTX module (as nvcc -ptx writes it)")->required();
  l->add_option("kernel", g.kernel, "The .entry to launch")->required();
  l->add_option("--grid", g.grid, "Blocks: X[,Y[,Z]] (default 1)");
  l->add_option("--block", g.block, "Threads per block: X[,Y[,Z]] (default 1)");
  l->add_option("--shared", g.shared, "Dynamic shared memory per block, in bytes");
  l->add_option("--buffer", g.buffers, "NAME=BYTES (zeroed), NAME=@FILE or NAME=random[SEED]:BYTES: a device allocation");
  l->add_option("--array", g.arrays, "NAME=FILE|zeros|random[SEED]:SPEC: a CUDA array, SPEC = geometry,WxHxD,format"
                                     "[,layers=N][,levels=N]; FILE holds its texels [layer][level][z][y][x]");
  l->add_option("--texture", g.textures, "NAME=ARRAY[:point|linear,normalized,wrap|clamp|mirror|border,"
                                         "mip=point|linear,read=normalized,seamless]: a texture object");
  l->add_option("--surface", g.surfaces, "NAME=ARRAY: a surface object");
  l->add_option("--arg", g.args, "The kernel's arguments in order: @NAME (a buffer's address or an "
                                 "object's handle), an integer or a float");
  l->add_option("--out", g.outs, "NAME=FILE: write a buffer's or an array's bytes after the launch");
  l->add_option("--expect", g.expects, "NAME=FILE: compare them with a file (exit 1 on a difference)");
  l->add_option("--budget", g.budget, "Warp-instructions before the launch is stopped as endless");
  l->add_option("--max-threads", g.max_threads, "Threads per block allowed (default 1024)");
  l->add_option("--unit", g.unit, "model (default): texture/surface instructions through the golden "
                                  "model; rtl: through the Verilated unit, every answer checked against the model");
  l->add_option("--config", g.rtl.config, "With --unit rtl: the configuration (default)");
  l->add_option("--mem-latency", g.rtl.mem_latency, "With --unit rtl: cycles from a read to its line (default 20)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1000}));
  l->add_option("--resident-warps", g.resident_warps, "With --unit rtl: warps that may wait for the unit at once (default: all)");
  l->add_option("--trace", g.rtl.trace, "With --unit rtl: write a waveform to FILE.fst");
  l->add_option("--log", g.rtl.log, "With --unit rtl: on a mismatch, write the transaction log here");
  l->add_option("--artifacts", g.artifacts, "With --unit rtl: where a mismatch's traced replay leaves "
                                            "its waveform and log (default launch_artifacts)");
  l->add_option("--corrupt-expected", g.rtl.corrupt_expected,
                "Checker self-test: flip the model's answer to request N (from 0), so the launch must stop there");
  l->footer("Prints the launch report as one JSON line. Exit 0: the kernel ran and every --expect\n"
            "matched; 1: the kernel faulted (the error names the PTX line, thread and block) or an\n"
            "--expect differed; 2: unusable input.");
  return l;
}

int RunLaunchCommand() {
  try {
    const int rc = Run();
    if (g_mismatch && g.rtl.trace.empty()) {
      // The launch is deterministic: run it again, traced, for the waveform and the log of the
      // transactions before the mismatch (as tsu regress replays a failure).
      std::error_code ec;
      std::filesystem::create_directories(g.artifacts, ec);
      g.rtl.trace = g.artifacts + "/launch";
      g.rtl.log = g.artifacts + "/launch.log";
      g.quiet = true;
      Run();
      std::cerr << "the traced replay left " << g.rtl.trace << ".fst and " << g.rtl.log << "\n";
    }
    return rc;
  } catch (const Usage& u) {
    std::cerr << "error: " << u.what << "\n";
    return kExitUsage;
  }
}

}  // namespace tsu::tb
