// Every CUDA surface intrinsic at every access width and boundary mode, so nvcc writes the suld/
// sust forms it can emit (compiled by tb/oracle/cuda/check.sh; the .ptx next to it is committed).
#include <cuda_runtime.h>

template <typename T>
__global__ void Surf1d(cudaSurfaceObject_t s, int x, int layer) {
  T v = surf1Dread<T>(s, x * static_cast<int>(sizeof(T)), cudaBoundaryModeTrap);
  surf1Dwrite(v, s, (x + 1) * static_cast<int>(sizeof(T)), cudaBoundaryModeClamp);
  T w = surf1DLayeredread<T>(s, x * static_cast<int>(sizeof(T)), layer, cudaBoundaryModeZero);
  surf1DLayeredwrite(w, s, (x + 2) * static_cast<int>(sizeof(T)), layer, cudaBoundaryModeTrap);
}

template <typename T>
__global__ void Surf2d(cudaSurfaceObject_t s, int x, int y, int layer) {
  const int b = static_cast<int>(sizeof(T));
  T v = surf2Dread<T>(s, x * b, y, cudaBoundaryModeClamp);
  surf2Dwrite(v, s, (x + 1) * b, y, cudaBoundaryModeZero);
  T w = surf2DLayeredread<T>(s, x * b, y, layer, cudaBoundaryModeTrap);
  surf2DLayeredwrite(w, s, (x + 1) * b, y, layer, cudaBoundaryModeClamp);
}

template <typename T>
__global__ void Surf3d(cudaSurfaceObject_t s, int x, int y, int z) {
  const int b = static_cast<int>(sizeof(T));
  T v = surf3Dread<T>(s, x * b, y, z, cudaBoundaryModeZero);
  surf3Dwrite(v, s, (x + 1) * b, y, z, cudaBoundaryModeTrap);
}

template <typename T>
__global__ void SurfCube(cudaSurfaceObject_t s, int x, int y, int face, int layer_face) {
  const int b = static_cast<int>(sizeof(T));
  T v = surfCubemapread<T>(s, x * b, y, face, cudaBoundaryModeTrap);
  surfCubemapwrite(v, s, (x + 1) * b, y, face, cudaBoundaryModeClamp);
  T w = surfCubemapLayeredread<T>(s, x * b, y, layer_face, cudaBoundaryModeZero);
  surfCubemapLayeredwrite(w, s, (x + 1) * b, y, layer_face, cudaBoundaryModeTrap);
}

// Widths 1, 2, 4, 8 and 16 bytes, scalar and vector: .b8 .b16 .b32 .b64, .v2 and .v4.
#define TSU_ALL(K, ...)                                        \
  template __global__ void K<char>(__VA_ARGS__);               \
  template __global__ void K<uchar2>(__VA_ARGS__);             \
  template __global__ void K<uchar4>(__VA_ARGS__);             \
  template __global__ void K<short>(__VA_ARGS__);              \
  template __global__ void K<short2>(__VA_ARGS__);             \
  template __global__ void K<ushort4>(__VA_ARGS__);            \
  template __global__ void K<int>(__VA_ARGS__);                \
  template __global__ void K<float>(__VA_ARGS__);              \
  template __global__ void K<int2>(__VA_ARGS__);               \
  template __global__ void K<float4>(__VA_ARGS__);             \
  template __global__ void K<long long>(__VA_ARGS__);          \
  template __global__ void K<longlong2>(__VA_ARGS__);
TSU_ALL(Surf1d, cudaSurfaceObject_t, int, int)
TSU_ALL(Surf2d, cudaSurfaceObject_t, int, int, int)
TSU_ALL(Surf3d, cudaSurfaceObject_t, int, int, int)
TSU_ALL(SurfCube, cudaSurfaceObject_t, int, int, int, int)
