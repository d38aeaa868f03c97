// Kernels without textures: arithmetic, memory spaces, control flow, calls and warp primitives.
// The PTX beside this file is what nvcc 13 writes for it (tb/kernels/README.md).
#include <cstdint>

extern "C" __global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// A block reduction: shuffles within each warp, shared memory across warps, one atomic per block.
extern "C" __global__ void reduce_sum(const float* in, float* out, int n) {
  __shared__ float partial[32];
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < (blockDim.x + 31) / 32 ? partial[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}

__device__ __noinline__ unsigned collatz_steps(unsigned long long x) {
  unsigned steps = 0;
  while (x != 1) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    ++steps;
  }
  return steps;
}

__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// Divergent loops (each lane iterates a different number of times) and device-function calls,
// one of them recursive.
extern "C" __global__ void divergent(unsigned* steps, int* fibs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  steps[i] = collatz_steps(static_cast<unsigned long long>(i) + 1);
  if (i % 3 == 0) {
    fibs[i] = fib(i % 16);
  } else if (i % 3 == 1) {
    fibs[i] = -i;
  } else {
    int acc = 0;
    for (int k = 0; k < i; ++k) acc += (k ^ i) & 7;
    fibs[i] = acc;
  }
}

// A histogram in global memory with atomics, one bin per byte value.
extern "C" __global__ void histogram_atomic(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&local[data[i]], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

// Integer and bit intrinsics, warp votes and a prefix sum.
extern "C" __global__ void bits(const unsigned* in, unsigned* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = in[i];
  unsigned* o = out + 8 * i;
  o[0] = __popc(v);
  o[1] = __clz(v);
  o[2] = __brev(v);
  o[3] = __byte_perm(v, 0x12345678u, 0x3210 ^ (i & 0x7777));
  o[4] = __funnelshift_l(v, 0xdeadbeefu, i);
  o[5] = __ballot_sync(0xffffffffu, v & 1);
  o[6] = __umulhi(v, 0x9e3779b9u) ^ __ffs(v);
  unsigned scan = v & 0xff;
  for (int d = 1; d < 32; d <<= 1) {
    unsigned t = __shfl_up_sync(0xffffffffu, scan, d);
    if ((threadIdx.x & 31) >= d) scan += t;
  }
  o[7] = scan;
}

// Floating-point library functions, precise and fast, single and double.
extern "C" __global__ void math(const float* x, float* f, double* d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  f[6 * i + 0] = sqrtf(v) / (v + 1.0f);
  f[6 * i + 1] = __sinf(v) + __cosf(v);
  f[6 * i + 2] = __expf(-v) * __logf(v + 2.0f);
  f[6 * i + 3] = fmaf(v, v, -2.0f);
  f[6 * i + 4] = rsqrtf(v + 1.0f);
  f[6 * i + 5] = static_cast<float>(static_cast<int>(v * 100.0f)) + __int2float_rz(i);
  double w = v;
  d[2 * i + 0] = w * w / (w + 3.0);
  d[2 * i + 1] = sqrt(w + 1.0) + static_cast<double>(i);
}

// An ALU-bound loop (the executor's speed benchmark): integer and float arithmetic per thread.
extern "C" __global__ void alu_loop(unsigned* out, int iters) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x + 1;
  float f = x * 0.5f;
  for (int i = 0; i < iters; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    f = f * 0.999f + static_cast<float>(x & 255);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = x + static_cast<unsigned>(f);
}

// SIMD intrinsics: nvcc emits vabsdiff4 (and its .add form) for two of them, ALU code for the rest.
extern "C" __global__ void simd(const unsigned* a, const unsigned* b, unsigned* o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[4 * i + 0] = __vabsdiffu4(a[i], b[i]);
  o[4 * i + 1] = __vsadu4(a[i], b[i]);
  o[4 * i + 2] = __vmaxu4(a[i], b[i]);
  o[4 * i + 3] = __vadd2(a[i], b[i]);
}
