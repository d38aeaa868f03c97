// A failing program: an out-of-bounds write in a kernel becomes CUDA's error on the next
// synchronising call, and the error path reports it; an unsupported function returns
// cudaErrorNotSupported (tb/cudart).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void overrun(int* p, int n) { p[threadIdx.x + n] = 1; }

int main() {
  cudaGraph_t g;
  if (cudaGraphCreate(&g, 0) != cudaErrorNotSupported) {
    printf("FAIL: cudaGraphCreate should be unsupported\n");
    return 1;
  }
  int* p;
  cudaMalloc(&p, 64 * sizeof(int));
  overrun<<<1, 32>>>(p, 64);
  cudaError_t e = cudaDeviceSynchronize();
  printf("error: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
  if (e != cudaErrorIllegalAddress) return 1;
  if (cudaMalloc(&p, 4) != cudaErrorIllegalAddress) return 1;  // sticky
  printf("PASS\n");
  return 0;
}
