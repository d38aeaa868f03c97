// An unmodified CUDA program: memory, a launch with <<< >>>, a __constant__ table, a __device__
// counter read back by symbol and by address, a copy back;
// it checks its own result (tb/cudart: run on tsu's libcudart.so.13).
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float scale[4];
__device__ int launches;  // counted by the kernel, read back with cudaMemcpyFromSymbol

__global__ void saxpy(int n, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = scale[i % 4] * x[i] + y[i];
  if (i == 0) atomicAdd(&launches, 1);
}

int main() {
  const int n = 1000;
  float hx[n], hy[n];
  for (int i = 0; i < n; ++i) {
    hx[i] = 0.5f * i;
    hy[i] = 1.0f;
  }
  const float hs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  float *x, *y;
  if (cudaMalloc(&x, sizeof hx) != cudaSuccess || cudaMalloc(&y, sizeof hy) != cudaSuccess) return 1;
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(scale, hs, sizeof hs);
  saxpy<<<(n + 255) / 256, 256>>>(n, x, y);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    const float want = hs[i % 4] * (0.5f * i) + 1.0f;
    if (hy[i] != want) {
      printf("FAIL at %d: %g, want %g\n", i, hy[i], want);
      return 1;
    }
  }
  int count = 0, *where = nullptr;
  cudaMemcpyFromSymbol(&count, launches, sizeof count);
  cudaGetSymbolAddress((void**)&where, launches);
  int via_address = 0;
  cudaMemcpy(&via_address, where, sizeof via_address, cudaMemcpyDeviceToHost);
  if (count != 1 || via_address != 1) {
    printf("FAIL: __device__ counter %d, through its address %d\n", count, via_address);
    return 1;
  }
  cudaFree(x);
  cudaFree(y);
  printf("PASS\n");
  return 0;
}
