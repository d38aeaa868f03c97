// The GPU oracle's capture harness: reads a case set (case_format.h), makes the CUDA arrays,
// texture objects and surface objects it describes, runs each case's instruction in the kernel of
// kernel_ptx.h (JIT-loaded for the device's own sm) one case per thread, and writes every result
// bit and the outcome to a capture. Built by nvcc with the CUDA runtime linked statically: it
// needs only the driver. capture.sh runs it once for the plain and store classes and once per
// trap case (a trap ends the CUDA context).
//
//   tsu_gpu_capture CASES OUT
// The parent process never touches CUDA: children run the cases (plain ones batched by kernel and
// resource, store and trap ones alone) and a launch that fails ends its child; the parent then
// records that case's trap (or splits the batch into single cases) and starts the next child.
// Exit 0 done, 2 bad input, 3 a CUDA error that is not a case's trap, 77 no CUDA device.
#include <cuda_runtime.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "case_format.h"
#include "kernel_ptx.h"

namespace tsu {
namespace gpu {
namespace {

constexpr int kExitTrap = 4;

#define CHECK_CUDA(call)                                                                  \
  do {                                                                                    \
    const cudaError_t e_ = (call);                                                        \
    if (e_ != cudaSuccess) {                                                              \
      std::fprintf(stderr, "error: %s: %s (%s:%d)\n", #call, cudaGetErrorString(e_),      \
                   __FILE__, __LINE__);                                                   \
      std::exit(3);                                                                       \
    }                                                                                     \
  } while (0)

int Channels(const std::string& order) { return order == "R" ? 1 : order == "RG" ? 2 : 4; }

// The CUDA channel format of a tsu type: its bits and kind, and whether CUDA must read it as a
// normalized float (UNORM/SNORM are 8/16-bit integer arrays read that way).
bool ChannelDesc(const Resource& r, cudaChannelFormatDesc* out, bool* force_norm) {
  const std::string& t = r.type;
  int bits = 0;
  cudaChannelFormatKind kind = cudaChannelFormatKindUnsigned;
  *force_norm = false;
  if (t == "UNSIGNED_INT8" || t == "UNORM_INT8") bits = 8;
  if (t == "UNSIGNED_INT16" || t == "UNORM_INT16") bits = 16;
  if (t == "UNSIGNED_INT32") bits = 32;
  if (t == "SIGNED_INT8" || t == "SNORM_INT8") bits = 8, kind = cudaChannelFormatKindSigned;
  if (t == "SIGNED_INT16" || t == "SNORM_INT16") bits = 16, kind = cudaChannelFormatKindSigned;
  if (t == "SIGNED_INT32") bits = 32, kind = cudaChannelFormatKindSigned;
  if (t == "HALF_FLOAT") bits = 16, kind = cudaChannelFormatKindFloat;
  if (t == "FLOAT") bits = 32, kind = cudaChannelFormatKindFloat;
  if (bits == 0) return false;
  *force_norm = t.find("NORM") != std::string::npos;
  const int n = Channels(r.order);
  *out = cudaCreateChannelDesc(bits, n > 1 ? bits : 0, n > 2 ? bits : 0, n > 3 ? bits : 0, kind);
  return true;
}

cudaTextureAddressMode AddressMode(const std::string& m) {
  return m == "wrap" ? cudaAddressModeWrap : m == "mirror" ? cudaAddressModeMirror
         : m == "border" ? cudaAddressModeBorder : cudaAddressModeClamp;
}

struct Made {
  cudaArray_t array = nullptr;  // level 0, or the only level
  cudaMipmappedArray_t mip = nullptr;
  std::vector<cudaArray_t> levels;
  uint64_t handle = 0;
  int texel_bytes = 0;
};

bool IsArrayDim(const std::string& d) { return d[0] == 'a'; }
bool IsCubeDim(const std::string& d) { return d.find("cube") != std::string::npos; }

// Extent of level l as cudaMemcpy3D wants it (height and depth at least 1; layers as depth).
cudaExtent CopyExtent(const Resource& r, uint32_t l) {
  const size_t w = std::max(1u, r.w >> l), h = std::max(1u, r.h >> l), d = std::max(1u, r.d >> l);
  size_t layers = IsArrayDim(r.dim) ? std::max(1u, r.layers) : 1;
  if (IsCubeDim(r.dim)) layers *= 6;
  if (r.dim == "3d") return make_cudaExtent(w, h, d);
  return make_cudaExtent(w, r.dim == "1d" || r.dim == "a1d" ? 1 : h, layers);
}

void Upload(const Resource& r, Made* m) {
  for (uint32_t l = 0; l < r.levels; ++l) {
    const cudaExtent e = CopyExtent(r, l);
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(const_cast<uint8_t*>(r.texels[l].data()), e.width * m->texel_bytes,
                                   e.width, e.height);
    p.dstArray = m->levels[l];
    p.extent = e;
    p.kind = cudaMemcpyHostToDevice;
    CHECK_CUDA(cudaMemcpy3D(&p));
  }
}

std::vector<uint8_t> Download(const Resource& r, const Made& m) {
  const cudaExtent e = CopyExtent(r, 0);
  std::vector<uint8_t> bytes(e.width * e.height * e.depth * m.texel_bytes);
  cudaMemcpy3DParms p = {};
  p.srcArray = m.levels[0];
  p.dstPtr = make_cudaPitchedPtr(bytes.data(), e.width * m.texel_bytes, e.width, e.height);
  p.extent = e;
  p.kind = cudaMemcpyDeviceToHost;
  CHECK_CUDA(cudaMemcpy3D(&p));
  return bytes;
}

bool Make(const Resource& r, Made* m, std::string* why) {
  cudaChannelFormatDesc cd;
  bool force_norm = false;
  if (!ChannelDesc(r, &cd, &force_norm)) {
    *why = "type " + r.type + " has no CUDA channel format";
    return false;
  }
  m->texel_bytes = Channels(r.order) * ((cd.x + 7) / 8);
  unsigned flags = r.texture ? 0 : cudaArraySurfaceLoadStore;
  const uint32_t layers = IsArrayDim(r.dim) ? std::max(1u, r.layers) : 1;
  cudaExtent ext;
  if (r.dim == "1d") ext = make_cudaExtent(r.w, 0, 0);
  else if (r.dim == "2d") ext = make_cudaExtent(r.w, r.h, 0);
  else if (r.dim == "3d") ext = make_cudaExtent(r.w, r.h, r.d);
  else if (r.dim == "a1d") ext = make_cudaExtent(r.w, 0, layers), flags |= cudaArrayLayered;
  else if (r.dim == "a2d") ext = make_cudaExtent(r.w, r.h, layers), flags |= cudaArrayLayered;
  else if (r.dim == "cube") ext = make_cudaExtent(r.w, r.w, 6), flags |= cudaArrayCubemap;
  else if (r.dim == "acube") ext = make_cudaExtent(r.w, r.w, 6 * layers), flags |= cudaArrayCubemap | cudaArrayLayered;
  else {
    *why = "geometry " + r.dim + " has no CUDA array";
    return false;
  }
  cudaResourceDesc rd = {};
  if (r.memory == "pitch2d") {
    // Linear memory with the driver's row pitch (cudaMallocPitch): the 2d texture's one level.
    size_t pitch = 0;
    void* p = nullptr;
    const size_t row = size_t{r.w} * m->texel_bytes;
    if (cudaMallocPitch(&p, &pitch, row, r.h) != cudaSuccess) {
      *why = "cudaMallocPitch refused it";
      return false;
    }
    CHECK_CUDA(cudaMemcpy2D(p, pitch, r.texels[0].data(), row, row, r.h, cudaMemcpyHostToDevice));
    rd.resType = cudaResourceTypePitch2D;
    rd.res.pitch2D.devPtr = p;
    rd.res.pitch2D.desc = cd;
    rd.res.pitch2D.width = r.w;
    rd.res.pitch2D.height = r.h;
    rd.res.pitch2D.pitchInBytes = pitch;
  } else if (r.levels > 1) {
    if (cudaMallocMipmappedArray(&m->mip, &cd, ext, r.levels, flags) != cudaSuccess) {
      *why = "cudaMallocMipmappedArray refused it";
      return false;
    }
    for (uint32_t l = 0; l < r.levels; ++l) {
      cudaArray_t a;
      CHECK_CUDA(cudaGetMipmappedArrayLevel(&a, m->mip, l));
      m->levels.push_back(a);
    }
    rd.resType = cudaResourceTypeMipmappedArray;
    rd.res.mipmap.mipmap = m->mip;
  } else {
    if (cudaMalloc3DArray(&m->array, &cd, ext, flags) != cudaSuccess) {
      *why = "cudaMalloc3DArray refused it";
      return false;
    }
    m->levels.push_back(m->array);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = m->array;
  }
  if (r.memory != "pitch2d") Upload(r, m);
  if (!r.texture) {
    cudaSurfaceObject_t s;
    CHECK_CUDA(cudaCreateSurfaceObject(&s, &rd));
    m->handle = s;
    return true;
  }
  cudaTextureDesc td = {};
  for (int a = 0; a < 3; ++a) td.addressMode[a] = AddressMode(r.address[a]);
  td.filterMode = r.filter == "linear" ? cudaFilterModeLinear : cudaFilterModePoint;
  td.readMode = force_norm || r.read == "normalized" ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
  td.sRGB = r.srgb;
  std::memcpy(td.borderColor, r.border, sizeof td.borderColor);
  td.normalizedCoords = r.norm;
  td.maxAnisotropy = 1;
  td.mipmapFilterMode = r.mip == "linear" ? cudaFilterModeLinear : cudaFilterModePoint;
  td.mipmapLevelBias = r.bias;
  td.minMipmapLevelClamp = r.min_lod;
  td.maxMipmapLevelClamp = r.max_lod;
  td.seamlessCubemap = r.seamless;
  cudaTextureObject_t t;
  if (cudaCreateTextureObject(&t, &rd, &td, nullptr) != cudaSuccess) {
    *why = "cudaCreateTextureObject refused it";
    return false;
  }
  m->handle = t;
  return true;
}

struct Runner {
  const CaseSet& cs;
  int sm = 0;
  std::map<int, cudaKernel_t> kernels;
  std::map<int, Made> made;
  std::map<int, std::string> unmade;  // resource id -> why

  // Loads kernel k for this device; false when the driver refuses its PTX.
  bool Kernel(int k, cudaKernel_t* out) {
    auto it = kernels.find(k);
    if (it == kernels.end()) {
      const std::string ptx = KernelPtx(cs.kernels[static_cast<size_t>(k)], sm);
      cudaLibrary_t lib;
      if (cudaLibraryLoadData(&lib, ptx.c_str(), nullptr, nullptr, 0, nullptr, nullptr, 0) != cudaSuccess) {
        std::fprintf(stderr, "note: the driver refuses kernel %d: %s\n", k, cs.kernels[static_cast<size_t>(k)].c_str());
        (void)cudaGetLastError();
        kernels[k] = nullptr;
        return false;
      }
      cudaKernel_t kk;
      CHECK_CUDA(cudaLibraryGetKernel(&kk, lib, kKernelName));
      it = kernels.emplace(k, kk).first;
    }
    *out = it->second;
    return it->second != nullptr;
  }

  Made* Resource(int id) {
    auto it = made.find(id);
    if (it != made.end()) return &it->second;
    if (unmade.count(id)) return nullptr;
    Made m;
    std::string why;
    if (!Make(*cs.FindResource(id), &m, &why)) {
      std::fprintf(stderr, "note: resource %d not made: %s\n", id, why.c_str());
      (void)cudaGetLastError();
      unmade[id] = why;
      return nullptr;
    }
    return &made.emplace(id, m).first->second;
  }

  // Runs `batch` (cases of one kernel and resource, or one store case); a launch that fails
  // ends the process with kExitTrap, and the parent attributes it.
  void Launch(const std::vector<const Case*>& batch, std::ostream& out) {
    const Case& first = *batch[0];
    cudaKernel_t k;
    Made* m = Resource(first.resource);
    Captured c;
    if (!m || !Kernel(first.kernel, &k)) {
      for (const Case* x : batch) {
        c.id = x->id;
        c.outcome = "error";
        WriteCaptured(c, out);
      }
      return;
    }
    if (first.cls == "store") Upload(*cs.FindResource(first.resource), m);
    const uint32_t n = static_cast<uint32_t>(batch.size());
    std::vector<uint32_t> in(static_cast<size_t>(n) * kInWords, 0), res(static_cast<size_t>(n) * kOutWords, 0);
    for (uint32_t i = 0; i < n; ++i) {
      std::memcpy(&in[i * kInWords], batch[i]->in, sizeof(uint32_t) * kInHandle);
      in[i * kInWords + kInHandle] = static_cast<uint32_t>(m->handle);
      in[i * kInWords + kInHandle + 1] = static_cast<uint32_t>(m->handle >> 32);
    }
    void *d_in = nullptr, *d_out = nullptr;
    CHECK_CUDA(cudaMalloc(&d_in, in.size() * 4));
    CHECK_CUDA(cudaMalloc(&d_out, res.size() * 4));
    CHECK_CUDA(cudaMemcpy(d_in, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(d_out, 0, res.size() * 4));
    uint32_t count = n;
    void* args[] = {&d_in, &d_out, &count};
    const unsigned block = 128;
    cudaError_t e = cudaLaunchKernel(reinterpret_cast<const void*>(k), dim3((n + block - 1) / block),
                                     dim3(block), args, 0, nullptr);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      std::fprintf(stderr, "note: kernel %d (%s) on %u case(s): %s\n", first.kernel,
                   cs.kernels[static_cast<size_t>(first.kernel)].c_str(), n, cudaGetErrorString(e));
      std::exit(kExitTrap);
    }
    CHECK_CUDA(cudaMemcpy(res.data(), d_out, res.size() * 4, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    for (uint32_t i = 0; i < n; ++i) {
      c.id = batch[i]->id;
      c.outcome = "ok";
      std::memcpy(c.out, &res[i * kOutWords], sizeof c.out);
      c.bytes.clear();
      if (batch[i]->cls == "store") c.bytes = Download(*cs.FindResource(first.resource), *m);
      WriteCaptured(c, out);
    }
  }
};

// A child process runs units from `from` on (CUDA is only ever initialized in children), telling
// the parent through `fd` which unit it starts; it exits 0 when all ran, kExitTrap when a launch
// failed, 77 without a device, 3 on another CUDA error.
[[noreturn]] void Child(const CaseSet& cs, const std::vector<std::vector<const Case*>>& units,
                        size_t from, int fd, const char* out_path) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) std::_Exit(77);
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CHECK_CUDA(cudaDriverGetVersion(&driver));
  std::ofstream out(out_path, std::ios::app);
  if (!out) std::_Exit(2);
  if (from == 0) {
    Capture header;
    header.sm = prop.major * 10 + prop.minor;
    header.device = std::string(prop.name) + " driver " + std::to_string(driver);
    WriteCaptureHeader(header, out);
    out.flush();
  }
  Runner run{cs, prop.major * 10 + prop.minor};
  for (size_t u = from; u < units.size(); ++u) {
    const uint64_t tag = u;
    if (write(fd, &tag, sizeof tag) != sizeof tag) std::_Exit(3);
    run.Launch(units[u], out);
    out.flush();
  }
  std::exit(0);
}

int Main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: tsu_gpu_capture CASES OUT\n");
    return 2;
  }
  CaseSet cs;
  std::ifstream in(argv[1]);
  std::string err;
  if (!in || !ReadCaseSet(in, &cs, &err)) {
    std::fprintf(stderr, "error: %s: %s\n", argv[1], in ? err.c_str() : "cannot read");
    return 2;
  }
  if (!std::ofstream(argv[2], std::ios::trunc)) {
    std::fprintf(stderr, "error: cannot write %s\n", argv[2]);
    return 2;
  }
  // Units: plain cases batched by kernel and resource, each store and trap case alone.
  std::vector<std::vector<const Case*>> units;
  std::map<std::pair<int, int>, size_t> batch_of;
  for (const Case& c : cs.cases) {
    if (c.cls == "plain") {
      auto it = batch_of.find({c.kernel, c.resource});
      if (it == batch_of.end()) {
        it = batch_of.emplace(std::make_pair(c.kernel, c.resource), units.size()).first;
        units.emplace_back();
      }
      units[it->second].push_back(&c);
    } else {
      units.push_back({&c});
    }
  }
  size_t next = 0, children = 0, traps = 0;
  while (next < units.size()) {
    int fds[2];
    if (pipe(fds) != 0) return 3;
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) return 3;
    if (pid == 0) {
      close(fds[0]);
      Child(cs, units, next, fds[1], argv[2]);
    }
    ++children;
    close(fds[1]);
    uint64_t tag = 0;
    size_t last = next;
    while (read(fds[0], &tag, sizeof tag) == sizeof tag) last = static_cast<size_t>(tag);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code == 0) break;
    if (code == 77) {
      std::fprintf(stderr, "skip: no CUDA device\n");
      return 77;
    }
    if (code != kExitTrap && units[last].size() > 1) {
      std::fprintf(stderr, "error: the capture stopped at unit %zu (exit %d)\n", last, code);
      return 3;
    }
    if (units[last].size() == 1) {
      // That case trapped (or failed on its own): record it, go on after it.
      Captured c;
      c.id = units[last][0]->id;
      c.outcome = code == kExitTrap ? "trap" : "error";
      std::ofstream out(argv[2], std::ios::app);
      WriteCaptured(c, out);
      traps += code == kExitTrap;
      next = last + 1;
    } else {
      // A batch failed: run its cases one by one to find the trapping ones.
      std::vector<std::vector<const Case*>> singles;
      for (const Case* c : units[last]) singles.push_back({c});
      units.erase(units.begin() + static_cast<long>(last));
      units.insert(units.begin() + static_cast<long>(last), singles.begin(), singles.end());
      next = last;
    }
  }
  std::fprintf(stderr, "captured %zu cases in %zu processes (%zu traps)\n", cs.cases.size(), children, traps);
  return 0;
}

}  // namespace
}  // namespace gpu
}  // namespace tsu

int main(int argc, char** argv) { return tsu::gpu::Main(argc, argv); }
