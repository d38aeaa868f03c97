// Control flow and warp primitives: function pointers (indirect calls), a dense switch, warp
// matches and reductions, block-wide votes (__syncthreads_count/and/or), early exits and returns
// inside device functions (tb/exec/control_test.cc).

__device__ __noinline__ int twice(int x) { return 2 * x; }
__device__ __noinline__ int square(int x) { return x * x; }
__device__ __noinline__ int negate(int x) { return -x; }
__device__ int (*const ops[3])(int) = {twice, square, negate};

extern "C" __global__ void indirect_calls(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = ops[i % 3](i);  // the warp's lanes call three different functions
}

extern "C" __global__ void dense_switch(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v;
  switch (i % 7) {
    case 0: v = i + 100; break;
    case 1: v = i * 3; break;
    case 2: v = i ^ 0x55; break;
    case 3: v = i - 7; break;
    case 4: v = i << 2; break;
    case 5: v = ~i; break;
    default: v = i / 3; break;
  }
  out[i] = v;
}

extern "C" __global__ void warp_collectives(const unsigned* in, unsigned* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = in[i];
  unsigned* o = out + 6 * i;
  o[0] = __match_any_sync(0xffffffffu, v & 7);
  int pred;
  o[1] = __match_all_sync(0xffffffffu, v & 0, &pred);
  o[2] = pred;
  o[3] = __reduce_add_sync(0xffffffffu, v & 0xff);
  o[4] = __reduce_max_sync(0xffffffffu, v & 0xfff);
  o[5] = __all_sync(0xffffffffu, v != 12345) + 2 * __any_sync(0xffffffffu, (v & 31) == 0);
}

extern "C" __global__ void block_votes(const int* in, int* out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int count = __syncthreads_count(v > 0);
  int all = __syncthreads_and(v > -1000);
  int any = __syncthreads_or(v == 42);
  if (threadIdx.x == 0) {
    out[3 * blockIdx.x] = count;
    out[3 * blockIdx.x + 1] = all;
    out[3 * blockIdx.x + 2] = any;
  }
}

__device__ __noinline__ int early(int x, int* log) {
  if (x % 4 == 0) return x;  // some lanes return early
  for (int k = 0; k < x % 5; ++k) x += k;
  if (x > 1000) {
    log[0] = x;
    asm volatile("exit;");  // a thread exits inside a device function
  }
  return x + 1;
}

extern "C" __global__ void early_exits(int* out, int* log, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = early(i, log + i);
}
