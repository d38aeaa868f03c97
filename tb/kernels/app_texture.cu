// An unmodified CUDA program with texture and surface objects: a float array sampled with linear
// filtering in normalized wrapping coordinates, a uchar4 array read as normalized floats, and a
// surface written by one kernel and read back through a texture by the next. It checks its own
// results against bilinear filtering done on the host (tb/cudart).
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void sample(float* out, cudaTextureObject_t t, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(t, (x + 0.3f) / w, (y + 0.7f) / h);
}

__global__ void sample_rgba(float4* out, cudaTextureObject_t t, int w) {
  int x = threadIdx.x;
  out[x] = tex2D<float4>(t, x + 0.5f, 0.5f);
}

__global__ void paint(cudaSurfaceObject_t s, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) surf2Dwrite(float(x * 10 + y), s, x * 4, y);
}

__global__ void fetch(float* out, cudaTextureObject_t t, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}

static int fails = 0;
static void check(bool ok, const char* what, int i) {
  if (!ok && fails++ < 5) printf("FAIL: %s at %d\n", what, i);
}

int main() {
  const int w = 32, h = 16;
  float img[h][w];
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) img[y][x] = float((x * 7 + y * 13) % 17) / 16.0f;
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  cudaMallocArray(&arr, &fd, w, h);
  cudaMemcpy2DToArray(arr, 0, 0, img, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeWrap;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 1;
  cudaTextureObject_t tex;
  if (cudaCreateTextureObject(&tex, &rd, &td, nullptr) != cudaSuccess) { printf("FAIL: texture object\n"); return 1; }
  float* out;
  cudaMalloc(&out, w * h * sizeof(float));
  sample<<<dim3(2, 1), dim3(16, 16)>>>(out, tex, w, h);
  float got[h][w];
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      // CUDA's bilinear filter in wrap mode (the hardware's weights have 8 fraction bits).
      const double u = (x + 0.3) / w * w - 0.5, v = (y + 0.7) / h * h - 0.5;
      const int x0 = (int)floor(u), y0 = (int)floor(v);
      const double a = u - x0, b = v - y0;
      auto T = [&](int yy, int xx) { return (double)img[(yy % h + h) % h][(xx % w + w) % w]; };
      const double want = (1 - a) * (1 - b) * T(y0, x0) + a * (1 - b) * T(y0, x0 + 1) + (1 - a) * b * T(y0 + 1, x0) + a * b * T(y0 + 1, x0 + 1);
      check(fabs(got[y][x] - want) < 4e-3, "linear wrap sample", y * w + x);
    }
  }
  // uchar4, read as normalized floats.
  unsigned char px[8][4];
  for (int i = 0; i < 8; ++i)
    for (int c = 0; c < 4; ++c) px[i][c] = (unsigned char)(i * 30 + c * 5);
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<uchar4>();
  cudaArray_t carr;
  cudaMallocArray(&carr, &cd, 8, 1);
  cudaMemcpy2DToArray(carr, 0, 0, px, 32, 32, 1, cudaMemcpyHostToDevice);
  rd.res.array.array = carr;
  cudaTextureDesc cdsc = {};
  cdsc.addressMode[0] = cdsc.addressMode[1] = cudaAddressModeClamp;
  cdsc.filterMode = cudaFilterModePoint;
  cdsc.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t ctex;
  cudaCreateTextureObject(&ctex, &rd, &cdsc, nullptr);
  float4* cout;
  cudaMalloc(&cout, 8 * sizeof(float4));
  sample_rgba<<<1, 8>>>(cout, ctex, 8);
  float4 cgot[8];
  cudaMemcpy(cgot, cout, sizeof cgot, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 8; ++i) {
    check(cgot[i].x == px[i][0] / 255.0f && cgot[i].w == px[i][3] / 255.0f, "normalized uchar4", i);
  }
  // A surface written by one launch, read through a texture by the next.
  cudaArray_t sarr;
  cudaMallocArray(&sarr, &fd, w, h, cudaArraySurfaceLoadStore);
  rd.res.array.array = sarr;
  cudaSurfaceObject_t surf;
  cudaCreateSurfaceObject(&surf, &rd);
  cudaTextureDesc pd = {};
  pd.addressMode[0] = pd.addressMode[1] = cudaAddressModeClamp;
  pd.filterMode = cudaFilterModePoint;
  cudaTextureObject_t stex;
  cudaCreateTextureObject(&stex, &rd, &pd, nullptr);
  paint<<<dim3(2, 1), dim3(16, 16)>>>(surf, w, h);
  fetch<<<dim3(2, 1), dim3(16, 16)>>>(out, stex, w, h);
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) check(got[y][x] == float(x * 10 + y), "surface then texture", y * w + x);
  float back[h][w];
  cudaMemcpy2DFromArray(back, w * sizeof(float), sarr, 0, 0, w * sizeof(float), h, cudaMemcpyDeviceToHost);
  check(back[3][5] == 53.0f, "cudaMemcpy2DFromArray", 0);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { printf("FAIL: %s\n", cudaGetErrorString(e)); return 1; }
  if (fails) return 1;
  printf("PASS\n");
  return 0;
}
