// Kernels that go wrong on purpose: each fault must be reported as a memory checker or a
// debugger reports it, with the PTX line, thread and block (tb/exec/faults_test.cc).
extern "C" __global__ void write_past_end(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i + n] = i;  // every thread writes n elements past its own
}

extern "C" __global__ void misaligned(char* p) {
  *reinterpret_cast<int*>(p + 1 + threadIdx.x * 4) = 7;
}

extern "C" __global__ void shared_oob(int* out, int k) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x + k];
}

__device__ __noinline__ int deep(volatile int* p, int n) {
  int local[16];
  for (int i = 0; i < 16; ++i) local[i] = p[i] + n;
  return n == 0 ? local[3] : deep(p, n - 1) + local[n & 15];
}

extern "C" __global__ void recurse(volatile int* p, int n, int* out) { *out = deep(p, n); }

extern "C" __global__ void spin(volatile int* flag) {
  while (*flag == 0) {
  }
}

// Warp 0 waits at barrier 1 and warp 1 at barrier 2, each for 64 threads: neither completes.
extern "C" __global__ void crossed_barriers(int* out) {
  if (threadIdx.x < 32) {
    asm volatile("bar.sync 1, 64;");
  } else {
    asm volatile("bar.sync 2, 64;");
  }
  out[threadIdx.x] = 1;
}

extern "C" __global__ void null_read(int** pp, int* out) { out[threadIdx.x] = **pp; }

extern "C" __global__ void traps(int t) {
  if (t == threadIdx.x) asm volatile("trap;");
}
