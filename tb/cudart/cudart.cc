// libcudart.so.13 on tsu: a CUDA program built with `nvcc -cudart shared` runs unchanged with
// LD_LIBRARY_PATH=build/cudart. Kernels come from the PTX the program registers in its fatbinary
// and run on tsu's kernel executor; device memory is the executor's. Every other function the
// toolkit's library exports is present (stubs.cc, generated from exports.txt) and returns
// cudaErrorNotSupported, saying so once on stderr (docs/cudart.md).
//
// The ABI is the toolkit's: the structures below are CUDA's, laid out as its headers lay them out
// (the library builds without the toolkit).
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "device_rtl.h"
#include "tsu/exec/address_map.h"
#include "tsu/exec/channel_format.h"
#include "tsu/exec/device.h"
#include "tsu/read_file.h"

#if TSU_HAVE_ZSTD
#include <zstd.h>
#endif

namespace {

// cudaError_t codes (CUDA's driver_types.h).
enum Error : int {
  kSuccess = 0,
  kInvalidValue = 1,
  kMemoryAllocation = 2,
  kInitialization = 3,
  kInvalidConfiguration = 9,
  kInvalidDevicePointer = 17,
  kInvalidMemcpyDirection = 21,
  kInvalidDeviceFunction = 98,
  kNoDevice = 100,
  kInvalidDevice = 101,
  kInvalidKernelImage = 200,
  kNoKernelImageForDevice = 209,
  kInvalidSymbol = 13,
  kIllegalAddress = 700,
  kLaunchFailure = 719,
  kNotSupported = 801,
};

struct Dim3 {
  unsigned x, y, z;
};

// What the program registered.
struct Module {
  std::string ptx;
  std::string problem;  // why there is no PTX ("" if there is)
  int index = -1;       // in the device, once loaded
  bool tried = false;
};
struct Kernel {
  Module* module;
  std::string name;
  int index = -1;
};
struct Symbol {
  Module* module;
  std::string name;
  size_t size;
  bool constant;
};

// CUDA's descriptors (driver_types.h, texture_types.h of CUDA 13).
struct ChannelDesc {
  int x, y, z, w;
  int f;  // cudaChannelFormatKind: 0 signed, 1 unsigned, 2 float
};
struct ResourceDesc {
  int resType;  // 0 array, 1 mipmapped array, 2 linear, 3 pitch 2D
  union {
    struct {
      void* array;
    } array;
    struct {
      void* devPtr;
      ChannelDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void* devPtr;
      ChannelDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
    int reserved[32];
  } res;
  unsigned flags;
};
struct TextureDescCuda {
  int addressMode[3];
  int filterMode;
  int readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned maxAnisotropy;
  int mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};

// A CUDA array: its texture layout in device memory. A mipmapped array's level (from
// cudaGetMipmappedArrayLevel) is a view of `parent` at `level`.
struct Array {
  tsu::TextureDesc desc;
  int texel_bytes = 0;
  const Array* parent = nullptr;
  uint32_t level = 0;
  const tsu::TextureDesc& Base() const { return parent != nullptr ? parent->desc : desc; }
  // The level's extent (a view's, or level 0's).
  uint32_t Width() const { return std::max(1u, Base().width >> level); }
  uint32_t Height() const {
    return Base().dim == tsu::Geometry::k1d || Base().dim == tsu::Geometry::kA1d ? 1 : std::max(1u, Base().height >> level);
  }
  uint32_t Depth() const { return Base().dim == tsu::Geometry::k3d ? std::max(1u, Base().depth >> level) : 1; }
  uint32_t Layers() const {
    const tsu::TextureDesc& d = Base();
    const uint32_t cubes = d.dim == tsu::Geometry::kCube ? 1 : d.dim == tsu::Geometry::kACube ? d.array_size : 0;
    return cubes != 0 ? 6 * cubes : (d.array_size != 0 ? d.array_size : 1);
  }
};

struct Runtime {
  std::mutex mu;
  tsu::exec::Device dev;
  std::vector<std::unique_ptr<Module>> modules;
  std::map<const void*, std::unique_ptr<Kernel>> kernels;  // by host stub
  std::map<const void*, Symbol> symbols;                    // by host shadow variable
  std::vector<Dim3> call_grid, call_block;
  std::vector<size_t> call_shared;
  int last_error = kSuccess;
  int sticky_error = kSuccess;  // a kernel fault: every later call returns it
  std::vector<std::unique_ptr<Array>> arrays;
  std::unique_ptr<tsu::tb::KernelPort> port;  // TSU_UNIT=rtl
};

// TSU_UNIT=rtl: texture and surface instructions through the Verilated default unit
// (TSU_CONFIG names it; every answer checked against the model).
void ChooseUnit(Runtime* rt) {
  const char* unit = std::getenv("TSU_UNIT");
  if (unit == nullptr || std::string(unit) == "model") return;
  if (std::string(unit) != "rtl") {
    std::fprintf(stderr, "tsu cudart: TSU_UNIT=%s: model or rtl; running on the model\n", unit);
    return;
  }
  tsu::tb::KernelPortOptions o;
  if (const char* c = std::getenv("TSU_CONFIG")) o.config = c;
  std::string err;
  rt->port = tsu::python::MakeRtlPort(&rt->dev, o, &err);
  if (rt->port == nullptr) {
    std::fprintf(stderr, "tsu cudart: TSU_UNIT=rtl: %s; running on the model\n", err.c_str());
    return;
  }
  rt->dev.set_texture_port(rt->port.get());
}

Runtime& Rt() {
  static Runtime* rt = [] {
    Runtime* r = new Runtime;  // never destroyed: programs call us from atexit handlers
    ChooseUnit(r);
    return r;
  }();
  return *rt;
}

int Set(int e) {
  Runtime& rt = Rt();
  if (e != kSuccess) rt.last_error = e;
  return e;
}

// A sticky error answers every call after it (CUDA's rule for faults in a kernel).
#define TSU_STICKY()                                      \
  do {                                                    \
    if (Rt().sticky_error != kSuccess) return Rt().sticky_error; \
  } while (0)

// The PTX text of a fatbinary: its uncompressed PTX image with the highest architecture.
void ReadFatbinary(const void* wrapper, Module* m) {
  struct Wrapper {
    int magic;
    int version;
    const uint8_t* data;
    void* filename;
  };
  const auto* w = static_cast<const Wrapper*>(wrapper);
  if (w == nullptr || w->magic != 0x466243b1 || w->data == nullptr) {
    m->problem = "the program registered a malformed fatbinary (wrapper magic)";
    return;
  }
  const uint8_t* d = w->data;
  uint32_t magic;
  uint16_t header;
  uint64_t size;
  std::memcpy(&magic, d, 4);
  std::memcpy(&header, d + 6, 2);
  std::memcpy(&size, d + 8, 8);
  if (magic != 0xBA55ED50u || header < 16 || size > (uint64_t{1} << 31)) {
    m->problem = "the program registered a malformed fatbinary (header)";
    return;
  }
  bool compressed = false;
  uint32_t best_arch = 0;
  for (uint64_t off = header; off + 16 <= header + size;) {
    uint16_t kind;
    uint32_t ehead;
    uint64_t esize;
    std::memcpy(&kind, d + off, 2);
    std::memcpy(&ehead, d + off + 4, 4);
    std::memcpy(&esize, d + off + 8, 8);
    if (ehead < 16 || ehead > 4096 || esize > size) {
      m->problem = "the program registered a malformed fatbinary (an entry)";
      return;
    }
    if (kind == 1) {  // PTX
      uint32_t arch = 0;
      if (ehead >= 32) std::memcpy(&arch, d + off + 28, 4);
      const char* text = reinterpret_cast<const char*>(d + off + ehead);
      size_t n = static_cast<size_t>(esize);
      std::string inflated;
      const bool zstd = n >= 4 && static_cast<uint8_t>(text[0]) == 0x28 && static_cast<uint8_t>(text[1]) == 0xb5 &&
                        static_cast<uint8_t>(text[2]) == 0x2f && static_cast<uint8_t>(text[3]) == 0xfd;
#if TSU_HAVE_ZSTD
      if (zstd) {  // nvcc's default: the PTX compressed with zstd
        const unsigned long long want = ZSTD_getFrameContentSize(text, n);
        const size_t frame = ZSTD_findFrameCompressedSize(text, n);  // the entry is padded after it
        if (want != ZSTD_CONTENTSIZE_ERROR && want != ZSTD_CONTENTSIZE_UNKNOWN && want <= (uint64_t{256} << 20) &&
            !ZSTD_isError(frame)) {
          inflated.resize(static_cast<size_t>(want));
          const size_t got = ZSTD_decompress(inflated.data(), inflated.size(), text, frame);
          if (ZSTD_isError(got)) {
            inflated.clear();
          } else {
            inflated.resize(got);
          }
        }
        if (inflated.empty()) {
          m->problem = "the program's compressed PTX does not decompress (a malformed fatbinary)";
          return;
        }
        text = inflated.data();
        n = inflated.size();
      }
#endif
      while (n > 0 && text[n - 1] == '\0') --n;
      const bool plain = n > 0 && (text[0] == '\n' || text[0] == '.' || text[0] == '/' || text[0] == ' ');
      if (!plain) {
        compressed = compressed || zstd;
      } else if (arch >= best_arch) {
        best_arch = arch;
        m->ptx.assign(text, n);
      }
    }
    off += ehead + esize;
  }
  if (m->ptx.empty()) {
    m->problem = compressed
                     ? "the program's PTX is compressed; rebuild it with `nvcc -cudart shared -no-compress` "
                       "or name a PTX file in TSU_PTX"
                     : "the program carries no PTX; rebuild it with a compute_XX target (e.g. -arch=sm_80) "
                       "or name a PTX file in TSU_PTX";
  }
}

bool Load(Module* m) {
  Runtime& rt = Rt();
  if (m->tried) return m->index >= 0;
  m->tried = true;
  if (const char* path = std::getenv("TSU_PTX")) {
    std::string why;
    if (!tsu::ReadRegularFile(path, size_t{256} << 20, &m->ptx, &why)) {
      std::fprintf(stderr, "tsu cudart: TSU_PTX: %s\n", why.c_str());
      return false;
    }
    m->problem.clear();
  }
  if (!m->problem.empty()) {
    std::fprintf(stderr, "tsu cudart: %s\n", m->problem.c_str());
    return false;
  }
  std::string err;
  m->index = rt.dev.LoadModule(m->ptx, "<fatbinary PTX>", &err);
  if (m->index < 0) std::fprintf(stderr, "tsu cudart: the program's PTX is refused:\n%s", err.c_str());
  return m->index >= 0;
}

int Launch(Kernel* k, Dim3 grid, Dim3 block, void** args, size_t shared) {
  Runtime& rt = Rt();
  if (!Load(k->module)) return Set(kNoKernelImageForDevice);
  if (k->index < 0) {
    k->index = rt.dev.FindKernel(k->module->index, k->name);
    if (k->index < 0) return Set(kInvalidDeviceFunction);
  }
  const tsu::exec::XFunction& f = rt.dev.program(k->module->index).functions[static_cast<size_t>(k->index)];
  tsu::exec::LaunchConfig c;
  c.grid = {grid.x, grid.y, grid.z};
  c.block = {block.x, block.y, block.z};
  c.dynamic_shared_bytes = static_cast<uint32_t>(shared);
  uint32_t bytes = 0;
  for (const tsu::exec::XParam& p : f.params) bytes = std::max(bytes, p.offset + p.size);
  c.params.assign(bytes, 0);
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (args == nullptr || args[i] == nullptr) return Set(kInvalidValue);
    std::memcpy(c.params.data() + f.params[i].offset, args[i], f.params[i].size);
  }
  const tsu::tb::KernelPortStats before = rt.port != nullptr ? rt.port->stats() : tsu::tb::KernelPortStats{};
  const tsu::exec::LaunchReport r = rt.dev.Launch(k->module->index, k->index, c);
  if (const char* path = std::getenv("TSU_REPORT")) {  // one JSON line per launch
    if (FILE* f = std::fopen(path, "a")) {
      std::fprintf(f, "{\"kernel\":\"%s\",\"ok\":%s,\"ctas\":%llu,\"thread_instructions\":%llu,"
                      "\"texture_requests\":%llu,\"surface_requests\":%llu",
                   k->name.c_str(), r.ok ? "true" : "false", static_cast<unsigned long long>(r.ctas),
                   static_cast<unsigned long long>(r.thread_instructions),
                   static_cast<unsigned long long>(r.texture_requests), static_cast<unsigned long long>(r.surface_requests));
      if (rt.port != nullptr) {
        const tsu::tb::KernelPortStats st = rt.port->stats().Since(before);
        std::fprintf(f, ",\"unit\":{\"cycles\":%llu,\"requests\":%llu,\"requests_per_clock\":%.4f,"
                        "\"texel_cache_hit_rate\":%.4f}",
                     static_cast<unsigned long long>(st.cycles), static_cast<unsigned long long>(st.requests),
                     st.RequestsPerClock(), st.TexelCacheHitRate());
      }
      std::fprintf(f, "}\n");
      std::fclose(f);
    }
  }
  if (r.ok) return kSuccess;
  std::fprintf(stderr, "========= tsu: %s\n", r.error.c_str());
  if (r.refused) return Set(kInvalidConfiguration);
  rt.sticky_error = r.error.find("invalid ") != std::string::npos ? kIllegalAddress : kLaunchFailure;
  return Set(rt.sticky_error);
}

bool IsDevice(const void* p) {
  const uint64_t a = reinterpret_cast<uint64_t>(p);
  return a >= tsu::exec::kHeapBase && a < tsu::exec::kGlobalLimit &&
         Rt().dev.device_memory().Contains(a, 1);
}

const char* ErrorName(int e) {
  switch (e) {
    case kSuccess: return "cudaSuccess";
    case kInvalidValue: return "cudaErrorInvalidValue";
    case kMemoryAllocation: return "cudaErrorMemoryAllocation";
    case kInvalidConfiguration: return "cudaErrorInvalidConfiguration";
    case kInvalidDevicePointer: return "cudaErrorInvalidDevicePointer";
    case kInvalidMemcpyDirection: return "cudaErrorInvalidMemcpyDirection";
    case kInvalidSymbol: return "cudaErrorInvalidSymbol";
    case kInvalidDeviceFunction: return "cudaErrorInvalidDeviceFunction";
    case kInvalidDevice: return "cudaErrorInvalidDevice";
    case kNoKernelImageForDevice: return "cudaErrorNoKernelImageForDevice";
    case kIllegalAddress: return "cudaErrorIllegalAddress";
    case kLaunchFailure: return "cudaErrorLaunchFailure";
    case kNotSupported: return "cudaErrorNotSupported";
    default: return "cudaErrorUnknown";
  }
}

const char* ErrorString(int e) {
  switch (e) {
    case kSuccess: return "no error";
    case kInvalidValue: return "invalid argument";
    case kMemoryAllocation: return "out of memory";
    case kInvalidConfiguration: return "invalid configuration argument";
    case kInvalidDevicePointer: return "invalid device pointer";
    case kInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case kInvalidSymbol: return "invalid device symbol";
    case kInvalidDeviceFunction: return "invalid device function";
    case kInvalidDevice: return "invalid device ordinal";
    case kNoKernelImageForDevice: return "no kernel image is available for execution on the device";
    case kIllegalAddress: return "an illegal memory access was encountered";
    case kLaunchFailure: return "unspecified launch failure";
    case kNotSupported: return "operation not supported";
    default: return "unknown error";
  }
}

}  // namespace

extern "C" {

// --- Registration (what nvcc's host stubs call) ---

void** __cudaRegisterFatBinary(void* fatCubin) {
  Runtime& rt = Rt();
  std::lock_guard<std::mutex> lock(rt.mu);
  auto m = std::make_unique<Module>();
  ReadFatbinary(fatCubin, m.get());
  rt.modules.push_back(std::move(m));
  return reinterpret_cast<void**>(rt.modules.back().get());
}

void __cudaRegisterFatBinaryEnd(void** /*handle*/) {}
void __cudaUnregisterFatBinary(void** /*handle*/) {}
char __cudaInitModule(void** /*handle*/) { return 1; }

void __cudaRegisterFunction(void** handle, const char* hostFun, char* /*deviceFun*/, const char* deviceName,
                            int /*thread_limit*/, void* /*tid*/, void* /*bid*/, void* /*bDim*/, void* /*gDim*/,
                            int* /*wSize*/) {
  Runtime& rt = Rt();
  auto k = std::make_unique<Kernel>();
  k->module = reinterpret_cast<Module*>(handle);
  k->name = deviceName;
  rt.kernels[hostFun] = std::move(k);
}

void __cudaRegisterVar(void** handle, char* hostVar, char* /*deviceAddress*/, const char* deviceName, int /*ext*/,
                       size_t size, int constant, int /*global*/) {
  Rt().symbols[hostVar] = Symbol{reinterpret_cast<Module*>(handle), deviceName, size, constant != 0};
}

unsigned __cudaPushCallConfiguration(Dim3 grid, Dim3 block, size_t shared, void* /*stream*/) {
  Runtime& rt = Rt();
  rt.call_grid.push_back(grid);
  rt.call_block.push_back(block);
  rt.call_shared.push_back(shared);
  return 0;
}

int __cudaPopCallConfiguration(Dim3* grid, Dim3* block, size_t* shared, void* /*stream*/) {
  Runtime& rt = Rt();
  if (rt.call_grid.empty()) return Set(kInvalidConfiguration);
  *grid = rt.call_grid.back();
  *block = rt.call_block.back();
  *shared = rt.call_shared.back();
  rt.call_grid.pop_back();
  rt.call_block.pop_back();
  rt.call_shared.pop_back();
  return kSuccess;
}

int __cudaGetKernel(void** kernel, const void* hostFun) {
  auto it = Rt().kernels.find(hostFun);
  if (it == Rt().kernels.end()) return Set(kInvalidDeviceFunction);
  *kernel = it->second.get();
  return kSuccess;
}

int __cudaLaunchKernel(void* kernel, Dim3 grid, Dim3 block, void** args, size_t shared, void* /*stream*/) {
  TSU_STICKY();
  if (kernel == nullptr) return Set(kInvalidDeviceFunction);
  return Launch(static_cast<Kernel*>(kernel), grid, block, args, shared);
}

int __cudaLaunchKernel_ptsz(void* kernel, Dim3 grid, Dim3 block, void** args, size_t shared, void* stream) {
  return __cudaLaunchKernel(kernel, grid, block, args, shared, stream);
}

int cudaLaunchKernel(const void* func, Dim3 grid, Dim3 block, void** args, size_t shared, void* /*stream*/) {
  TSU_STICKY();
  auto it = Rt().kernels.find(func);
  if (it == Rt().kernels.end()) return Set(kInvalidDeviceFunction);
  return Launch(it->second.get(), grid, block, args, shared);
}

// --- Memory ---

int cudaMalloc(void** p, size_t n) {
  TSU_STICKY();
  if (p == nullptr) return Set(kInvalidValue);
  const uint64_t a = Rt().dev.Malloc(n == 0 ? 1 : n);
  if (a == 0) return Set(kMemoryAllocation);
  *p = reinterpret_cast<void*>(a);
  return kSuccess;
}

int cudaFree(void* p) {
  TSU_STICKY();
  if (p == nullptr) return kSuccess;
  return Rt().dev.Free(reinterpret_cast<uint64_t>(p)) ? kSuccess : Set(kInvalidDevicePointer);
}

// cudaMemcpyKind: 0 host→host, 1 host→device, 2 device→host, 3 device→device, 4 default.
int cudaMemcpy(void* dst, const void* src, size_t n, int kind) {
  TSU_STICKY();
  if (n == 0) return kSuccess;
  Runtime& rt = Rt();
  std::string err;
  const bool dd = IsDevice(dst), sd = IsDevice(src);
  if (kind == 4) kind = (sd ? 2 : 0) | (dd ? 1 : 0);  // by where the pointers are
  else if (kind < 0 || kind > 4) return Set(kInvalidMemcpyDirection);
  switch (kind) {
    case 0: std::memmove(dst, src, n); return kSuccess;
    case 1: return rt.dev.CopyToDevice(reinterpret_cast<uint64_t>(dst), src, n, &err) ? kSuccess : Set(kInvalidValue);
    case 2: return rt.dev.CopyFromDevice(dst, reinterpret_cast<uint64_t>(src), n, &err) ? kSuccess : Set(kInvalidValue);
    default: {
      std::vector<uint8_t> buf(n);
      if (!rt.dev.CopyFromDevice(buf.data(), reinterpret_cast<uint64_t>(src), n, &err) ||
          !rt.dev.CopyToDevice(reinterpret_cast<uint64_t>(dst), buf.data(), n, &err)) {
        return Set(kInvalidValue);
      }
      return kSuccess;
    }
  }
}

int cudaMemcpyAsync(void* dst, const void* src, size_t n, int kind, void* /*stream*/) {
  return cudaMemcpy(dst, src, n, kind);
}

int cudaMemset(void* p, int value, size_t n) {
  TSU_STICKY();
  std::vector<uint8_t> buf(n, static_cast<uint8_t>(value));
  std::string err;
  return Rt().dev.CopyToDevice(reinterpret_cast<uint64_t>(p), buf.data(), n, &err) ? kSuccess : Set(kInvalidValue);
}

int cudaMemsetAsync(void* p, int value, size_t n, void* /*stream*/) { return cudaMemset(p, value, n); }

}  // extern "C"

namespace {

// The module variable a host shadow names, [offset, offset + n) inside it; `global`: only a
// .global one (an address, a read back). kSuccess, or the error the caller returns.
int FindSymbol(const void* symbol, size_t n, size_t offset, bool global, const tsu::exec::XVariable** v,
               int* module) {
  Runtime& rt = Rt();
  auto it = rt.symbols.find(symbol);
  if (it == rt.symbols.end() || offset + n > it->second.size) return Set(kInvalidSymbol);
  if (!Load(it->second.module)) return Set(kNoKernelImageForDevice);
  if (!rt.dev.FindVariable(it->second.module->index, it->second.name, v) ||
      (global && (*v)->space != tsu::exec::Space::kGlobal)) {
    return Set(kInvalidSymbol);
  }
  *module = it->second.module->index;
  return kSuccess;
}

}  // namespace

extern "C" {

// cudaMemcpyToSymbol(symbol, src, count, offset, kind) and the reverse.
int cudaMemcpyToSymbol(const void* symbol, const void* src, size_t n, size_t offset, int /*kind*/) {
  TSU_STICKY();
  const tsu::exec::XVariable* v = nullptr;
  int module = -1;
  if (const int e = FindSymbol(symbol, n, offset, false, &v, &module); e != kSuccess) return e;
  std::string err;
  const bool ok = v->space == tsu::exec::Space::kConst
                      ? Rt().dev.WriteConstant(module, v->offset + offset, src, n, &err)
                      : Rt().dev.CopyToDevice(v->offset + offset, src, n, &err);
  return ok ? kSuccess : Set(kInvalidValue);
}

int cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t n, size_t offset, int /*kind*/) {
  TSU_STICKY();
  const tsu::exec::XVariable* v = nullptr;
  int module = -1;
  if (const int e = FindSymbol(symbol, n, offset, true, &v, &module); e != kSuccess) return e;
  std::string err;
  return Rt().dev.CopyFromDevice(dst, v->offset + offset, n, &err) ? kSuccess : Set(kInvalidValue);
}

int cudaGetSymbolAddress(void** p, const void* symbol) {
  TSU_STICKY();
  if (p == nullptr) return Set(kInvalidValue);
  const tsu::exec::XVariable* v = nullptr;
  int module = -1;
  if (const int e = FindSymbol(symbol, 0, 0, true, &v, &module); e != kSuccess) return e;
  *p = reinterpret_cast<void*>(v->offset);
  return kSuccess;
}

// --- Device, synchronisation, errors ---

int cudaGetDeviceCount(int* n) {
  if (n == nullptr) return Set(kInvalidValue);
  *n = 1;
  return kSuccess;
}
int cudaSetDevice(int d) { return d == 0 ? kSuccess : Set(kInvalidDevice); }
int cudaGetDevice(int* d) {
  if (d == nullptr) return Set(kInvalidValue);
  *d = 0;
  return kSuccess;
}
int cudaRuntimeGetVersion(int* v) {
  if (v == nullptr) return Set(kInvalidValue);
  *v = 13000;
  return kSuccess;
}
int cudaDriverGetVersion(int* v) { return cudaRuntimeGetVersion(v); }
int cudaDeviceSynchronize() { return Rt().sticky_error; }
int cudaStreamSynchronize(void* /*stream*/) { return Rt().sticky_error; }
int cudaThreadSynchronize() { return Rt().sticky_error; }
int cudaDeviceReset() {
  Rt().sticky_error = kSuccess;
  Rt().last_error = kSuccess;
  return kSuccess;
}
int cudaGetLastError() {
  Runtime& rt = Rt();
  const int e = rt.sticky_error != kSuccess ? rt.sticky_error : rt.last_error;
  rt.last_error = kSuccess;
  return e;
}
int cudaPeekAtLastError() {
  Runtime& rt = Rt();
  return rt.sticky_error != kSuccess ? rt.sticky_error : rt.last_error;
}
const char* cudaGetErrorString(int e) { return ErrorString(e); }
const char* cudaGetErrorName(int e) { return ErrorName(e); }
int cudaProfilerStart() { return kSuccess; }
int cudaProfilerStop() { return kSuccess; }

// --- Arrays, textures, surfaces ---

ChannelDesc cudaCreateChannelDesc(int x, int y, int z, int w, int f) { return ChannelDesc{x, y, z, w, f}; }

}  // extern "C"

namespace {

bool Format(const ChannelDesc& c, tsu::ChannelOrder* order, tsu::ChannelType* type, int* bytes) {
  std::vector<int> bits;
  for (int b : {c.x, c.y, c.z, c.w}) {
    if (b != 0) bits.push_back(b);
  }
  const char* kind = c.f == 0 ? "signed" : c.f == 1 ? "unsigned" : c.f == 2 ? "float" : "";
  std::string err;
  if (bits.empty() || !tsu::exec::ChannelFormat(bits, kind, order, type, &err)) {
    std::fprintf(stderr, "tsu cudart: channel format {%d,%d,%d,%d kind %d}: %s\n", c.x, c.y, c.z, c.w, c.f,
                 err.empty() ? "no channels" : err.c_str());
    return false;
  }
  *bytes = static_cast<int>(bits.size()) * bits[0] / 8;
  return true;
}

int NotSupported(const char* what) {
  std::fprintf(stderr, "tsu cudart: %s is not supported (cudaErrorNotSupported)\n", what);
  return Set(kNotSupported);
}

// Texel (x, y, z) of an array (z: the slice of a 3D array, else the layer or cube face).
uint64_t TexelAt(const Array& a, uint32_t x, uint32_t y, uint32_t z = 0) {
  tsu::ResolvedTexture t;
  std::string err;
  tsu::ResolveTexture(a.Base(), &t, &err);
  const bool volume = a.Base().dim == tsu::Geometry::k3d;
  return tsu::TexelAddress(t, a.level, volume ? 0 : z, x, y, volume ? z : 0, 0);
}

// A new array (levels >= 1): allocated in the texture layout, zeroed.
int NewArray(void** out, const ChannelDesc* desc, size_t w, size_t h, size_t d, unsigned flags, unsigned levels,
             Array** made) {
  if (out == nullptr || desc == nullptr || w == 0 || w > (1u << 16) || h > (1u << 16) || d > (1u << 16)) {
    return Set(kInvalidValue);
  }
  auto a = std::make_unique<Array>();
  if (!Format(*desc, &a->desc.order, &a->desc.type, &a->texel_bytes)) return Set(kInvalidValue);
  tsu::TextureDesc& t = a->desc;
  t.width = static_cast<uint32_t>(w);
  t.height = h == 0 ? 1 : static_cast<uint32_t>(h);
  const bool layered = (flags & 1) != 0, cube = (flags & 4) != 0;
  if (cube) {
    if (w != h || d == 0 || d % 6 != 0 || (!layered && d != 6)) return Set(kInvalidValue);
    t.dim = layered ? tsu::Geometry::kACube : tsu::Geometry::kCube;
    t.array_size = layered ? static_cast<uint32_t>(d / 6) : 0;
  } else if (layered) {
    if (d == 0) return Set(kInvalidValue);
    t.dim = h == 0 ? tsu::Geometry::kA1d : tsu::Geometry::kA2d;
    t.array_size = static_cast<uint32_t>(d);
  } else if (d != 0) {
    t.dim = tsu::Geometry::k3d;
    t.depth = static_cast<uint32_t>(d);
  } else {
    t.dim = h == 0 ? tsu::Geometry::k1d : tsu::Geometry::k2d;
  }
  t.levels = levels;
  tsu::ResolvedTexture r;
  std::string err;
  tsu::TextureDesc probe = t;
  probe.base = 0x200;
  if (!tsu::ResolveTexture(probe, &r, &err)) {
    std::fprintf(stderr, "tsu cudart: array: %s\n", err.c_str());
    return Set(kInvalidValue);
  }
  uint64_t bytes = 0;
  for (uint32_t layer = 0; layer < r.layers; ++layer) {
    for (uint32_t lv = 0; lv < levels; ++lv) {
      const tsu::SurfaceDesc& l = r.level[lv].desc;
      bytes += uint64_t{l.width} * l.height * l.depth * static_cast<uint64_t>(a->texel_bytes);
    }
  }
  std::vector<uint8_t> zeros(bytes, 0);
  if (!Rt().dev.CreateArray(&t, zeros.data(), zeros.size(), &err)) {
    std::fprintf(stderr, "tsu cudart: array: %s\n", err.c_str());
    return Set(kMemoryAllocation);
  }
  *out = a.get();
  if (made != nullptr) *made = a.get();
  Rt().arrays.push_back(std::move(a));
  return kSuccess;
}

}  // namespace

extern "C" {

int cudaMallocArray(void** array, const ChannelDesc* desc, size_t width, size_t height, unsigned flags) {
  TSU_STICKY();
  return NewArray(array, desc, width, height, 0, flags & ~5u, 1, nullptr);
}

struct Extent {
  size_t width, height, depth;
};

int cudaMalloc3DArray(void** array, const ChannelDesc* desc, Extent e, unsigned flags) {
  TSU_STICKY();
  return NewArray(array, desc, e.width, e.height, e.depth, flags, 1, nullptr);
}

int cudaMallocMipmappedArray(void** array, const ChannelDesc* desc, Extent e, unsigned levels, unsigned flags) {
  TSU_STICKY();
  if (levels == 0) levels = 1;
  return NewArray(array, desc, e.width, e.height, e.depth, flags, levels, nullptr);
}

int cudaGetMipmappedArrayLevel(void** level_array, const void* mipmapped, unsigned level) {
  TSU_STICKY();
  const Array* m = static_cast<const Array*>(mipmapped);
  if (level_array == nullptr || m == nullptr || level >= m->desc.levels) return Set(kInvalidValue);
  auto v = std::make_unique<Array>();
  v->parent = m;
  v->level = level;
  v->texel_bytes = m->texel_bytes;
  v->desc = m->desc;
  *level_array = v.get();
  Rt().arrays.push_back(std::move(v));
  return kSuccess;
}

int cudaFreeMipmappedArray(void* /*array*/) { return kSuccess; }

struct Pos {
  size_t x, y, z;
};
struct PitchedPtr {
  void* ptr;
  size_t pitch, xsize, ysize;
};
struct Memcpy3DParms {
  void* srcArray;
  Pos srcPos;
  PitchedPtr srcPtr;
  void* dstArray;
  Pos dstPos;
  PitchedPtr dstPtr;
  Extent extent;
  int kind;
};

// Between pitched memory (host or device) and an array (extent in elements for an array side),
// or between two pitched pointers (extent in bytes).
int cudaMemcpy3D(const Memcpy3DParms* p) {
  TSU_STICKY();
  if (p == nullptr) return Set(kInvalidValue);
  if ((p->srcArray != nullptr) == (p->dstArray != nullptr)) {
    if (p->srcArray != nullptr) return NotSupported("cudaMemcpy3D between two arrays");
    for (size_t z = 0; z < p->extent.depth; ++z) {
      for (size_t y = 0; y < p->extent.height; ++y) {
        const size_t so = ((p->srcPos.z + z) * p->srcPtr.ysize + p->srcPos.y + y) * p->srcPtr.pitch + p->srcPos.x;
        const size_t dof = ((p->dstPos.z + z) * p->dstPtr.ysize + p->dstPos.y + y) * p->dstPtr.pitch + p->dstPos.x;
        const int e = cudaMemcpy(static_cast<uint8_t*>(p->dstPtr.ptr) + dof, static_cast<const uint8_t*>(p->srcPtr.ptr) + so,
                                 p->extent.width, p->kind);
        if (e != kSuccess) return e;
      }
    }
    return kSuccess;
  }
  const bool to_array = p->dstArray != nullptr;
  const Array* a = static_cast<const Array*>(to_array ? p->dstArray : p->srcArray);
  const Pos& ap = to_array ? p->dstPos : p->srcPos;
  const Pos& mp = to_array ? p->srcPos : p->dstPos;
  const PitchedPtr& m = to_array ? p->srcPtr : p->dstPtr;
  const size_t tb = static_cast<size_t>(a->texel_bytes);
  const size_t zmax = a->Base().dim == tsu::Geometry::k3d ? a->Depth() : a->Layers();
  if (ap.x + p->extent.width > a->Width() || ap.y + std::max<size_t>(p->extent.height, 1) > a->Height() ||
      ap.z + std::max<size_t>(p->extent.depth, 1) > zmax) {
    return Set(kInvalidValue);
  }
  const size_t ysize = m.ysize != 0 ? m.ysize : std::max<size_t>(p->extent.height, 1);
  std::vector<uint8_t> row(p->extent.width * tb);
  std::string err;
  for (size_t z = 0; z < std::max<size_t>(p->extent.depth, 1); ++z) {
    for (size_t y = 0; y < std::max<size_t>(p->extent.height, 1); ++y) {
      uint8_t* mem = static_cast<uint8_t*>(m.ptr) + ((mp.z + z) * ysize + mp.y + y) * m.pitch + mp.x;
      const bool device = IsDevice(mem);
      if (to_array) {
        if (device) {
          if (!Rt().dev.CopyFromDevice(row.data(), reinterpret_cast<uint64_t>(mem), row.size(), &err)) return Set(kInvalidValue);
        } else {
          std::memcpy(row.data(), mem, row.size());
        }
      }
      for (size_t x = 0; x < p->extent.width; ++x) {
        const uint64_t addr = TexelAt(*a, static_cast<uint32_t>(ap.x + x), static_cast<uint32_t>(ap.y + y),
                                      static_cast<uint32_t>(ap.z + z));
        if (to_array) {
          Rt().dev.memory().Write(addr, row.data() + x * tb, static_cast<uint32_t>(tb));
        } else {
          Rt().dev.memory().Read(addr, row.data() + x * tb, static_cast<uint32_t>(tb));
        }
      }
      if (!to_array) {
        if (device) {
          if (!Rt().dev.CopyToDevice(reinterpret_cast<uint64_t>(mem), row.data(), row.size(), &err)) return Set(kInvalidValue);
        } else {
          std::memcpy(mem, row.data(), row.size());
        }
      }
    }
  }
  return kSuccess;
}

int cudaFreeArray(void* /*array*/) { return kSuccess; }

// Rows of `width` bytes between host/device memory and an array's texels at (wOffset bytes, hOffset).
int cudaMemcpy2DToArray(void* dst, size_t wOffset, size_t hOffset, const void* src, size_t spitch, size_t width,
                        size_t height, int kind) {
  TSU_STICKY();
  const Array* a = static_cast<const Array*>(dst);
  if (a == nullptr || a->texel_bytes == 0 || wOffset % static_cast<size_t>(a->texel_bytes) != 0 ||
      width % static_cast<size_t>(a->texel_bytes) != 0 ||
      wOffset + width > static_cast<size_t>(a->texel_bytes) * a->Width() || hOffset + height > a->Height()) {
    return Set(kInvalidValue);
  }
  std::vector<uint8_t> row(width);
  std::string err;
  for (size_t y = 0; y < height; ++y) {
    const uint8_t* from = static_cast<const uint8_t*>(src) + y * spitch;
    if (kind == 3 || (kind == 4 && IsDevice(from))) {
      if (!Rt().dev.CopyFromDevice(row.data(), reinterpret_cast<uint64_t>(from), width, &err)) return Set(kInvalidValue);
    } else {
      std::memcpy(row.data(), from, width);
    }
    for (size_t b = 0; b < width; b += static_cast<size_t>(a->texel_bytes)) {
      const uint64_t addr = TexelAt(*a, static_cast<uint32_t>((wOffset + b) / static_cast<size_t>(a->texel_bytes)),
                                    static_cast<uint32_t>(hOffset + y));
      Rt().dev.memory().Write(addr, row.data() + b, static_cast<uint32_t>(a->texel_bytes));
    }
  }
  return kSuccess;
}

int cudaMemcpyToArray(void* dst, size_t wOffset, size_t hOffset, const void* src, size_t count, int kind) {
  const Array* a = static_cast<const Array*>(dst);
  if (a == nullptr) return Set(kInvalidValue);
  const size_t row = static_cast<size_t>(a->texel_bytes) * a->desc.width;
  if (wOffset != 0 || count % row != 0) return NotSupported("cudaMemcpyToArray of partial rows");
  return cudaMemcpy2DToArray(dst, 0, hOffset, src, row, row, count / row, kind);
}

int cudaMemcpy2DFromArray(void* dst, size_t dpitch, const void* src, size_t wOffset, size_t hOffset, size_t width,
                          size_t height, int /*kind*/) {
  TSU_STICKY();
  const Array* a = static_cast<const Array*>(src);
  if (a == nullptr || a->texel_bytes == 0 || wOffset % static_cast<size_t>(a->texel_bytes) != 0 ||
      width % static_cast<size_t>(a->texel_bytes) != 0 ||
      wOffset + width > static_cast<size_t>(a->texel_bytes) * a->Width() || hOffset + height > a->Height()) {
    return Set(kInvalidValue);
  }
  for (size_t y = 0; y < height; ++y) {
    uint8_t* to = static_cast<uint8_t*>(dst) + y * dpitch;
    for (size_t b = 0; b < width; b += static_cast<size_t>(a->texel_bytes)) {
      const uint64_t addr = TexelAt(*a, static_cast<uint32_t>((wOffset + b) / static_cast<size_t>(a->texel_bytes)),
                                    static_cast<uint32_t>(hOffset + y));
      Rt().dev.memory().Read(addr, to + b, static_cast<uint32_t>(a->texel_bytes));
    }
  }
  return kSuccess;
}

int cudaCreateTextureObject(uint64_t* obj, const ResourceDesc* res, const TextureDescCuda* td, const void* view) {
  TSU_STICKY();
  if (obj == nullptr || res == nullptr || td == nullptr) return Set(kInvalidValue);
  if (view != nullptr) return NotSupported("cudaCreateTextureObject with a resource view");
  tsu::TextureDesc d;
  int bytes = 0;
  switch (res->resType) {
    case 0:
    case 1:  // a mipmapped array (res.mipmap.mipmap shares the field's place)
      if (res->res.array.array == nullptr) return Set(kInvalidValue);
      if (static_cast<const Array*>(res->res.array.array)->parent != nullptr) {
        return NotSupported("a texture over one level of a mipmapped array");
      }
      d = static_cast<const Array*>(res->res.array.array)->desc;
      break;
    case 2:
      if (!Format(res->res.linear.desc, &d.order, &d.type, &bytes)) return Set(kInvalidValue);
      d.base = reinterpret_cast<uint64_t>(res->res.linear.devPtr);
      d.dim = tsu::Geometry::k1d;
      d.width = static_cast<uint32_t>(res->res.linear.sizeInBytes / static_cast<size_t>(bytes));
      break;
    case 3: {
      if (!Format(res->res.pitch2D.desc, &d.order, &d.type, &bytes)) return Set(kInvalidValue);
      d.base = reinterpret_cast<uint64_t>(res->res.pitch2D.devPtr);
      d.dim = tsu::Geometry::k2d;
      d.width = static_cast<uint32_t>(res->res.pitch2D.width);
      d.height = static_cast<uint32_t>(res->res.pitch2D.height);
      const size_t row = (res->res.pitch2D.width * static_cast<size_t>(bytes) + 15) / 16 * 16;
      if (res->res.pitch2D.pitchInBytes != row) {
        return NotSupported("a pitch-2D texture whose pitch is not its width in bytes rounded up to 16");
      }
      break;
    }
    default:
      return NotSupported("mipmapped-array textures");
  }
  tsu::SamplerDesc& s = d.sampler;
  for (int i = 0; i < 3; ++i) {
    if (td->addressMode[i] < 0 || td->addressMode[i] > 3) return Set(kInvalidValue);
    s.address[i] = static_cast<tsu::AddressMode>(td->addressMode[i]);
  }
  s.mag_filter = s.min_filter = td->filterMode == 1 ? tsu::FilterMode::kLinear : tsu::FilterMode::kNearest;
  if (d.levels > 1) s.mip_filter = td->mipmapFilterMode == 1 ? tsu::MipFilter::kLinear : tsu::MipFilter::kNearest;
  s.read_mode = td->readMode == 1 ? tsu::ReadMode::kNormalizedFloat : tsu::ReadMode::kElementType;
  s.normalized = td->normalizedCoords != 0;
  for (int i = 0; i < 4; ++i) std::memcpy(&s.border[i], &td->borderColor[i], 4);
  if (td->maxAnisotropy > 1) return NotSupported("maxAnisotropy above 1");
  if (td->sRGB) {
    if (d.order == tsu::ChannelOrder::kRGBA && d.type == tsu::ChannelType::kUnsignedInt8) {
      d.order = tsu::ChannelOrder::kSRGBA;
    } else {
      return NotSupported("sRGB on a format other than 8-bit unsigned RGBA");
    }
  }
  s.seamless_cube = td->seamlessCubemap != 0;
  s.lod_bias = td->mipmapLevelBias;
  s.min_lod = td->minMipmapLevelClamp;
  s.max_lod = td->maxMipmapLevelClamp == 0 ? 1000.0f : td->maxMipmapLevelClamp;
  std::string err;
  const uint64_t h = Rt().dev.CreateTexture(d, &err);
  if (h == 0) {
    std::fprintf(stderr, "tsu cudart: cudaCreateTextureObject: %s\n", err.c_str());
    return Set(kInvalidValue);
  }
  *obj = h;
  return kSuccess;
}

int cudaCreateSurfaceObject(uint64_t* obj, const ResourceDesc* res) {
  TSU_STICKY();
  if (obj == nullptr || res == nullptr || res->resType != 0 || res->res.array.array == nullptr) return Set(kInvalidValue);
  const Array* a = static_cast<const Array*>(res->res.array.array);
  if (a->parent != nullptr || a->desc.levels != 1 || a->desc.dim == tsu::Geometry::kCube ||
      a->desc.dim == tsu::Geometry::kACube) {
    return NotSupported("a surface over a mipmapped or cube array");
  }
  std::string err;
  const uint64_t h = Rt().dev.CreateSurfaceOver(a->desc, &err);
  if (h == 0) {
    std::fprintf(stderr, "tsu cudart: cudaCreateSurfaceObject: %s\n", err.c_str());
    return Set(kInvalidValue);
  }
  *obj = h;
  return kSuccess;
}

int cudaDestroyTextureObject(uint64_t /*obj*/) { return kSuccess; }
int cudaDestroySurfaceObject(uint64_t /*obj*/) { return kSuccess; }

// --- Pitched memory ---

// Rows of a pitched allocation are its width rounded up to 16 bytes: the row size of tsu's
// texture layout, so a pitch-2D texture can be made over it (docs/cudart.md).
int cudaMallocPitch(void** p, size_t* pitch, size_t width, size_t height) {
  TSU_STICKY();
  if (p == nullptr || pitch == nullptr || width == 0 || height == 0) return Set(kInvalidValue);
  *pitch = (width + 15) / 16 * 16;
  return cudaMalloc(p, *pitch * height);
}

int cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height, int kind) {
  TSU_STICKY();
  if (width > dpitch || width > spitch) return Set(kInvalidValue);
  for (size_t y = 0; y < height; ++y) {
    const int e = cudaMemcpy(static_cast<uint8_t*>(dst) + y * dpitch, static_cast<const uint8_t*>(src) + y * spitch,
                             width, kind);
    if (e != kSuccess) return e;
  }
  return kSuccess;
}

int cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height, int kind,
                      void* /*stream*/) {
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

// --- The virtual device's attributes (docs/cudart.md) ---

int cudaDeviceGetAttribute(int* value, int attr, int device) {
  if (value == nullptr) return Set(kInvalidValue);
  if (device != 0) return Set(kInvalidDevice);
  switch (attr) {
    case 1: *value = 1024; return kSuccess;              // max threads per block
    case 2: case 3: *value = attr == 2 ? 1024 : 1024; return kSuccess;  // max block dim x, y
    case 4: *value = 64; return kSuccess;                // max block dim z
    case 5: *value = 0x7fffffff; return kSuccess;        // max grid dim x
    case 6: case 7: *value = 65535; return kSuccess;     // max grid dim y, z
    case 8: *value = 48 * 1024; return kSuccess;         // shared memory per block (227 KiB opt-in)
    case 10: *value = 32; return kSuccess;               // warp size
    case 12: *value = 65536; return kSuccess;            // registers per block
    case 13: *value = 1000000; return kSuccess;          // clock rate, kHz
    case 14: *value = 512; return kSuccess;              // texture alignment
    case 16: *value = 1; return kSuccess;                // multiprocessors: CTAs run one at a time
    case 39: *value = 1024; return kSuccess;             // threads per multiprocessor
    case 51: *value = 16; return kSuccess;               // texture pitch alignment
    case 75: *value = 8; return kSuccess;                // compute capability 8.0
    case 76: *value = 0; return kSuccess;
    default: return NotSupported("cudaDeviceGetAttribute of this attribute");
  }
}

// cudaDeviceProp as CUDA 13 lays it out (1008 bytes); the fields the virtual device fills, at
// their offsets (checked against the toolkit's header by cudart.device_properties_layout).
int cudaGetDeviceProperties(void* prop, int device) {
  if (prop == nullptr) return Set(kInvalidValue);
  if (device != 0) return Set(kInvalidDevice);
  auto* b = static_cast<uint8_t*>(prop);
  std::memset(b, 0, 1008);
  std::snprintf(reinterpret_cast<char*>(b), 256, "tsu (kernel executor)");
  auto put64 = [&](size_t off, uint64_t v) { std::memcpy(b + off, &v, 8); };
  auto put32 = [&](size_t off, int32_t v) { std::memcpy(b + off, &v, 4); };
  put64(288, tsu::exec::kHeapLimit - tsu::exec::kHeapBase);  // totalGlobalMem
  put64(296, 48 * 1024);                                      // sharedMemPerBlock
  put32(304, 65536);                                          // regsPerBlock
  put32(308, 32);                                             // warpSize
  put64(312, size_t{1} << 31);                                // memPitch
  put32(320, 1024);                                           // maxThreadsPerBlock
  put32(324, 1024);                                           // maxThreadsDim
  put32(328, 1024);
  put32(332, 64);
  put32(336, 0x7fffffff);                                     // maxGridSize
  put32(340, 65535);
  put32(344, 65535);
  put64(352, 1 << 20);                                        // totalConstMem
  put32(360, 8);                                              // major
  put32(364, 0);                                              // minor
  put64(368, 512);                                            // textureAlignment
  put64(376, 16);                                             // texturePitchAlignment
  put32(384, 1);                                              // multiProcessorCount
  put32(396, 65536);                                          // maxTexture1D
  put32(404, 65536);                                          // maxTexture2D
  put32(408, 65536);
  put32(440, 16384);                                          // maxTexture3D
  put32(444, 16384);
  put32(448, 16384);
  put32(604, 1024);                                           // maxThreadsPerMultiProcessor
  put64(624, 227 * 1024);                                     // sharedMemPerMultiprocessor
  put32(632, 65536);                                          // regsPerMultiprocessor
  put64(672, 227 * 1024);                                     // sharedMemPerBlockOptin
  return kSuccess;
}

int cudaMemGetInfo(size_t* free_bytes, size_t* total) {
  if (free_bytes == nullptr || total == nullptr) return Set(kInvalidValue);
  *total = tsu::exec::kHeapLimit - tsu::exec::kHeapBase;
  *free_bytes = *total - Rt().dev.device_memory().allocated_bytes();
  return kSuccess;
}

// --- Streams and events: one in-order stream; events time wall clock (the unit's cycles are in
// TSU_REPORT) ---

int cudaStreamCreate(void** stream) {
  if (stream == nullptr) return Set(kInvalidValue);
  *stream = reinterpret_cast<void*>(uintptr_t{1});
  return kSuccess;
}
int cudaStreamCreateWithFlags(void** stream, unsigned /*flags*/) { return cudaStreamCreate(stream); }
int cudaStreamDestroy(void* /*stream*/) { return kSuccess; }
int cudaStreamQuery(void* /*stream*/) { return kSuccess; }

}  // extern "C"

namespace {
struct Event {
  double seconds = -1;
};
}  // namespace

extern "C" {

int cudaEventCreate(void** event) {
  if (event == nullptr) return Set(kInvalidValue);
  *event = new Event;
  return kSuccess;
}
int cudaEventCreateWithFlags(void** event, unsigned /*flags*/) { return cudaEventCreate(event); }
int cudaEventDestroy(void* event) {
  delete static_cast<Event*>(event);
  return kSuccess;
}
int cudaEventRecord(void* event, void* /*stream*/) {
  if (event == nullptr) return Set(kInvalidValue);
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  static_cast<Event*>(event)->seconds = static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
  return kSuccess;
}
int cudaEventSynchronize(void* /*event*/) { return Rt().sticky_error; }
int cudaEventQuery(void* /*event*/) { return kSuccess; }
int cudaEventElapsedTime(float* ms, void* start, void* end) {
  if (ms == nullptr || start == nullptr || end == nullptr) return Set(kInvalidValue);
  const Event* a = static_cast<Event*>(start);
  const Event* b = static_cast<Event*>(end);
  if (a->seconds < 0 || b->seconds < 0) return Set(kInvalidValue);
  *ms = static_cast<float>((b->seconds - a->seconds) * 1e3);
  return kSuccess;
}

// Not-supported stubs (stubs.cc) report here, once per function.
int tsu_cudart_not_supported(const char* name, int* said) {
  if (!*said) {
    *said = 1;
    std::fprintf(stderr, "tsu cudart: %s is not supported (cudaErrorNotSupported)\n", name);
  }
  return Set(kNotSupported);
}

}  // extern "C"
