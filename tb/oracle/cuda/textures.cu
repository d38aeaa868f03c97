// Every CUDA texture-fetch intrinsic, so nvcc writes every tex form it can emit (compiled by
// tb/oracle/cuda/check.sh; the .ptx next to it is committed). Each kernel stores its results so
// nothing is optimized away.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

template <typename T>
__global__ void Fetch1d(cudaTextureObject_t t, T* out, float x, int i, float lod, float dx,
                        float dy) {
  out[0] = tex1Dfetch<T>(t, i);
  out[1] = tex1D<T>(t, x);
  out[2] = tex1DLod<T>(t, x, lod);
  out[3] = tex1DGrad<T>(t, x, dx, dy);
}

template <typename T>
__global__ void Fetch2d(cudaTextureObject_t t, T* out, float x, float y, float lod, float2 dx,
                        float2 dy) {
  bool resident = false;
  out[0] = tex2D<T>(t, x, y);
  out[1] = tex2DLod<T>(t, x, y, lod);
  out[2] = tex2DGrad<T>(t, x, y, dx, dy);
  out[3] = tex2D<T>(t, x, y, &resident);  // sparse: the |p residency predicate
  out[4].x += resident;
}

template <typename T>
__global__ void Fetch3d(cudaTextureObject_t t, T* out, float x, float y, float z, float lod,
                        float4 dx, float4 dy) {
  out[0] = tex3D<T>(t, x, y, z);
  out[1] = tex3DLod<T>(t, x, y, z, lod);
  out[2] = tex3DGrad<T>(t, x, y, z, dx, dy);
}

template <typename T>
__global__ void FetchLayered(cudaTextureObject_t t, T* out, float x, float y, int layer,
                             float lod, float dx, float dy, float2 dx2, float2 dy2) {
  out[0] = tex1DLayered<T>(t, x, layer);
  out[1] = tex1DLayeredLod<T>(t, x, layer, lod);
  out[2] = tex1DLayeredGrad<T>(t, x, layer, dx, dy);
  out[3] = tex2DLayered<T>(t, x, y, layer);
  out[4] = tex2DLayeredLod<T>(t, x, y, layer, lod);
  out[5] = tex2DLayeredGrad<T>(t, x, y, layer, dx2, dy2);
}

template <typename T>
__global__ void FetchCube(cudaTextureObject_t t, T* out, float x, float y, float z, int layer,
                          float lod, float4 dx, float4 dy) {
  out[0] = texCubemap<T>(t, x, y, z);
  out[1] = texCubemapLod<T>(t, x, y, z, lod);
  out[2] = texCubemapGrad<T>(t, x, y, z, dx, dy);
  out[3] = texCubemapLayered<T>(t, x, y, z, layer);
  out[4] = texCubemapLayeredLod<T>(t, x, y, z, layer, lod);
}

// One instantiation per result type: .f32, .s32, .u32 and (through float) normalized reads.
template __global__ void Fetch1d<float4>(cudaTextureObject_t, float4*, float, int, float, float, float);
template __global__ void Fetch1d<int4>(cudaTextureObject_t, int4*, float, int, float, float, float);
template __global__ void Fetch1d<uint4>(cudaTextureObject_t, uint4*, float, int, float, float, float);
template __global__ void Fetch2d<float4>(cudaTextureObject_t, float4*, float, float, float, float2, float2);
template __global__ void Fetch2d<int4>(cudaTextureObject_t, int4*, float, float, float, float2, float2);
template __global__ void Fetch2d<uint4>(cudaTextureObject_t, uint4*, float, float, float, float2, float2);
template __global__ void Fetch3d<float4>(cudaTextureObject_t, float4*, float, float, float, float, float4, float4);
template __global__ void Fetch3d<uint4>(cudaTextureObject_t, uint4*, float, float, float, float, float4, float4);
template __global__ void FetchLayered<float4>(cudaTextureObject_t, float4*, float, float, int, float, float, float, float2, float2);
template __global__ void FetchLayered<int4>(cudaTextureObject_t, int4*, float, float, int, float, float, float, float2, float2);
template __global__ void FetchCube<float4>(cudaTextureObject_t, float4*, float, float, float, int, float, float4, float4);
template __global__ void FetchCube<uint4>(cudaTextureObject_t, uint4*, float, float, float, int, float, float4, float4);
