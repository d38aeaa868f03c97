// An unmodified CUDA program with pitched memory: cudaMallocPitch and cudaMemcpy2D, a pitch-2D
// texture object over the allocation (point sampling, clamp, unnormalized), a stream and events
// around the launch, the device's attributes, and a linear-memory texture read with tex1Dfetch.
// It checks its own results (tb/cudart).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void blur(float* out, size_t opitch, cudaTextureObject_t t, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float s = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) s += tex2D<float>(t, x + dx + 0.5f, y + dy + 0.5f);
  reinterpret_cast<float*>(reinterpret_cast<char*>(out) + y * opitch)[x] = s;
}

__global__ void gather_linear(int* out, cudaTextureObject_t t, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<int>(t, (i * 7) % n);
}

int main() {
  int warp = 0, major = 0;
  cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  if (warp != 32 || major < 5) { printf("FAIL: attributes %d %d\n", warp, major); return 1; }
  const int w = 37, h = 11;
  float img[h][w];
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) img[y][x] = float((x * 5 + y * 3) % 11);
  float *in, *out;
  size_t ipitch, opitch;
  cudaMallocPitch((void**)&in, &ipitch, w * sizeof(float), h);
  cudaMallocPitch((void**)&out, &opitch, w * sizeof(float), h);
  cudaMemcpy2D(in, ipitch, img, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = in;
  rd.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  rd.res.pitch2D.width = w;
  rd.res.pitch2D.height = h;
  rd.res.pitch2D.pitchInBytes = ipitch;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  cudaTextureObject_t tex;
  if (cudaCreateTextureObject(&tex, &rd, &td, nullptr) != cudaSuccess) { printf("FAIL: texture\n"); return 1; }
  cudaStream_t st;
  cudaEvent_t a, b;
  cudaStreamCreate(&st);
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaEventRecord(a, st);
  blur<<<dim3(3, 1), dim3(16, 16), 0, st>>>(out, opitch, tex, w, h);
  cudaEventRecord(b, st);
  cudaEventSynchronize(b);
  float ms = -1;
  cudaEventElapsedTime(&ms, a, b);
  float got[h][w];
  cudaMemcpy2D(got, w * sizeof(float), out, opitch, w * sizeof(float), h, cudaMemcpyDeviceToHost);
  int fails = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float s = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int xx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx, yy = y + dy < 0 ? 0 : y + dy >= h ? h - 1 : y + dy;
          s += img[yy][xx];
        }
      if (got[y][x] != s && fails++ < 5) printf("FAIL at %d,%d: %g, want %g\n", x, y, got[y][x], s);
    }
  // A linear-memory resource: tex1Dfetch of ints.
  int lin[64], *dl, *dout;
  for (int i = 0; i < 64; ++i) lin[i] = i * i - 5;
  cudaMalloc(&dl, sizeof lin);
  cudaMalloc(&dout, sizeof lin);
  cudaMemcpy(dl, lin, sizeof lin, cudaMemcpyHostToDevice);
  cudaResourceDesc lr = {};
  lr.resType = cudaResourceTypeLinear;
  lr.res.linear.devPtr = dl;
  lr.res.linear.desc = cudaCreateChannelDesc<int>();
  lr.res.linear.sizeInBytes = sizeof lin;
  cudaTextureDesc ld = {};
  cudaTextureObject_t ltex;
  if (cudaCreateTextureObject(&ltex, &lr, &ld, nullptr) != cudaSuccess) { printf("FAIL: linear texture\n"); return 1; }
  gather_linear<<<1, 64>>>(dout, ltex, 64);
  int lgot[64];
  cudaMemcpy(lgot, dout, sizeof lgot, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i)
    if (lgot[i] != lin[(i * 7) % 64] && fails++ < 5) printf("FAIL: tex1Dfetch at %d\n", i);
  if (fails || ms < 0) return 1;
  printf("PASS (%.3f ms)\n", ms);
  return 0;
}
