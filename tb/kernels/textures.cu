// Texture and surface kernels: every one samples or writes through tsu's texture/surface unit.
// The PTX beside this file is what nvcc 13 writes for it (tb/kernels/README.md).
#include <cuda_runtime.h>

// An image rotated about its centre: linear filtering in normalized, wrapping coordinates.
extern "C" __global__ void rotate(float* out, cudaTextureObject_t tex, int w, int h, float angle) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float u = x / (float)w - 0.5f, v = y / (float)h - 0.5f;
  float c = __cosf(angle), s = __sinf(angle);
  float tu = u * c - v * s + 0.5f, tv = v * c + u * s + 0.5f;
  out[y * w + x] = tex2D<float>(tex, tu, tv);
}

__constant__ float taps[9];

// One pass of a separable convolution: point sampling in texel coordinates, weights in constant
// memory; `horizontal` picks the axis.
extern "C" __global__ void convolve(float* out, cudaTextureObject_t tex, int w, int h, int horizontal) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float acc = 0.0f;
  for (int k = -4; k <= 4; ++k) {
    float sx = x + 0.5f + (horizontal ? k : 0), sy = y + 0.5f + (horizontal ? 0 : k);
    acc += taps[k + 4] * tex2D<float>(tex, sx, sy);
  }
  out[y * w + x] = acc;
}

// A volume ray-marched along z with trilinear tex3D: front-to-back emission/absorption.
extern "C" __global__ void raymarch(float* out, cudaTextureObject_t vol, int w, int h, int steps) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
  float color = 0.0f, alpha = 0.0f;
  for (int i = 0; i < steps && alpha < 0.95f; ++i) {
    float z = (i + 0.5f) / steps;
    float d = tex3D<float>(vol, u + 0.1f * z, v, z);
    float a = d * 0.2f;
    color += (1.0f - alpha) * a * d;
    alpha += (1.0f - alpha) * a;
  }
  out[y * w + x] = color;
}

// Cube-map lookups along directions on a sphere.
extern "C" __global__ void cube_lookup(float4* out, cudaTextureObject_t cube, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float t = 6.2831853f * i / n, p = 3.1415926f * ((i * 7) % n) / n;
  float dx = __sinf(p) * __cosf(t), dy = __sinf(p) * __sinf(t), dz = __cosf(p);
  out[i] = texCubemap<float4>(cube, dx, dy, dz);
}

// A layered texture: every layer sampled at one point, summed with the layer's weight.
extern "C" __global__ void layered(float* out, cudaTextureObject_t tex, int w, int h, int layers) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float acc = 0.0f;
  for (int l = 0; l < layers; ++l) acc += (l + 1) * tex2DLayered<float>(tex, x + 0.5f, y + 0.5f, l);
  out[y * w + x] = acc;
}

// Mip chains: an explicit level and explicit gradients.
extern "C" __global__ void mip(float* lod_out, float* grad_out, cudaTextureObject_t tex, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float u = (i + 0.5f) / n, v = 1.0f - u;
  float level = 4.0f * i / n;
  lod_out[i] = tex2DLod<float>(tex, u, v, level);
  float g = exp2f(level) / 64.0f;
  grad_out[i] = tex2DGrad<float>(tex, u, v, make_float2(g, 0.0f), make_float2(0.0f, g));
}

// A surface written by one launch and sampled as a texture by the next.
extern "C" __global__ void paint(cudaSurfaceObject_t surf, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float v = (x * 3 + y * 5) % 17 / 16.0f;
  surf2Dwrite(v, surf, x * 4, y);
}

extern "C" __global__ void sample_painted(float* out, cudaTextureObject_t tex, cudaSurfaceObject_t surf, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float t = tex2D<float>(tex, x + 0.5f, y + 0.5f);
  float s = surf2Dread<float>(surf, x * 4, y);
  out[y * w + x] = t + 2.0f * s;
}

// A histogram with sured: surface reductions into a 1D u32 surface, one bin per byte value.
extern "C" __global__ void histogram_sured(const unsigned char* data, cudaSurfaceObject_t bins, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int b = data[i] * 4;
    asm volatile("sured.b.add.1d.u32.trap [%0, {%1}], %2;" :: "l"(bins), "r"(b), "r"(1u) : "memory");
  }
}

// A texture-bound loop (the executor's speed benchmark): bilinear samples along a line.
extern "C" __global__ void tex_loop(float* out, cudaTextureObject_t tex, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f, u = (i & 63) * 0.015625f;
  for (int k = 0; k < iters; ++k) acc += tex2D<float>(tex, u + k * 0.001f, 0.25f + k * 0.002f);
  out[i] = acc;
}

// tex2Dgather: the four texels a bilinear sample would read, one component (tld4).
extern "C" __global__ void gather(float4* out, cudaTextureObject_t tex, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = 0.37f * i - 1.0f, y = 0.21f * i + 0.5f;
  out[2 * i] = tex2Dgather<float4>(tex, x, y, 1);
  out[2 * i + 1] = tex2Dgather<float4>(tex, x, y, 3);
}
