// An unmodified CUDA program with every kind of CUDA array: a layered 2D array, a cube map and a
// 3D array (cudaMalloc3DArray, cudaMemcpy3D), a mipmapped array filled level by level
// (cudaGetMipmappedArrayLevel), and the mirror and border address modes. Point sampling makes
// every expected value exact; the program checks them itself (tb/cudart).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void layered(float* out, cudaTextureObject_t t, int w, int h, int layers) {
  int x = threadIdx.x, y = threadIdx.y;
  for (int l = 0; l < layers; ++l) out[(l * h + y) * w + x] = tex2DLayered<float>(t, x + 0.5f, y + 0.5f, l);
}
__global__ void cube(float* out, cudaTextureObject_t t) {
  const float d[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  int f = threadIdx.x;
  out[f] = texCubemap<float>(t, d[f][0], d[f][1], d[f][2]);
}
__global__ void volume(float* out, cudaTextureObject_t t, int n) {
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  out[(z * n + y) * n + x] = tex3D<float>(t, x + 0.5f, y + 0.5f, z + 0.5f);
}
__global__ void mip(float* out, cudaTextureObject_t t, int levels) {
  int l = threadIdx.x;
  if (l < levels) out[l] = tex2DLod<float>(t, 0.3f, 0.6f, float(l));
}
__global__ void modes(float* out, cudaTextureObject_t mirror, cudaTextureObject_t border) {
  int i = threadIdx.x;  // u from -1.5 to 2.5 texel-wide steps
  float u = (i - 8 + 0.5f) / 4.0f;
  out[i] = tex2D<float>(mirror, u, 0.5f);
  out[16 + i] = tex2D<float>(border, u, 0.5f);
}

static int fails = 0;
static void check(bool ok, const char* what, int i) {
  if (!ok && fails++ < 8) printf("FAIL: %s at %d\n", what, i);
}

static cudaTextureObject_t Tex(void* arr, bool mip, cudaTextureAddressMode m, bool norm) {
  cudaResourceDesc rd = {};
  rd.resType = mip ? cudaResourceTypeMipmappedArray : cudaResourceTypeArray;
  if (mip) rd.res.mipmap.mipmap = (cudaMipmappedArray_t)arr; else rd.res.array.array = (cudaArray_t)arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = m;
  td.normalizedCoords = norm;
  td.maxMipmapLevelClamp = 16;
  cudaTextureObject_t t = 0;
  if (cudaCreateTextureObject(&t, &rd, &td, nullptr) != cudaSuccess) printf("FAIL: texture object\n");
  return t;
}

static void Upload3D(cudaArray_t a, const float* host, int w, int h, int d) {
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr((void*)host, w * sizeof(float), w, h);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, h, d);
  p.kind = cudaMemcpyHostToDevice;
  if (cudaMemcpy3D(&p) != cudaSuccess) printf("FAIL: cudaMemcpy3D\n");
}

int main() {
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  float* out;
  cudaMalloc(&out, 4096 * sizeof(float));
  float got[4096];
  // Layered: 8x4, 3 layers.
  float lay[3][4][8];
  for (int l = 0; l < 3; ++l) for (int y = 0; y < 4; ++y) for (int x = 0; x < 8; ++x) lay[l][y][x] = l * 100 + y * 10 + x;
  cudaArray_t la;
  cudaMalloc3DArray(&la, &fd, make_cudaExtent(8, 4, 3), cudaArrayLayered);
  Upload3D(la, &lay[0][0][0], 8, 4, 3);
  layered<<<1, dim3(8, 4)>>>(out, Tex(la, false, cudaAddressModeClamp, false), 8, 4, 3);
  cudaMemcpy(got, out, 96 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 96; ++i) check(got[i] == (&lay[0][0][0])[i], "layered", i);
  // Cube: 4x4 faces, every texel of face f is f + 1; the face centres.
  float faces[6][4][4];
  for (int f = 0; f < 6; ++f) for (int i = 0; i < 16; ++i) (&faces[f][0][0])[i] = f + 1;
  cudaArray_t ca;
  cudaMalloc3DArray(&ca, &fd, make_cudaExtent(4, 4, 6), cudaArrayCubemap);
  Upload3D(ca, &faces[0][0][0], 4, 4, 6);
  cube<<<1, 6>>>(out, Tex(ca, false, cudaAddressModeClamp, true));
  cudaMemcpy(got, out, 6 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int f = 0; f < 6; ++f) check(got[f] == f + 1, "cube face", f);
  // 3D: 4x4x4.
  float vol[64];
  for (int i = 0; i < 64; ++i) vol[i] = i * 0.5f;
  cudaArray_t va;
  cudaMalloc3DArray(&va, &fd, make_cudaExtent(4, 4, 4), 0);
  Upload3D(va, vol, 4, 4, 4);
  volume<<<1, dim3(4, 4, 4)>>>(out, Tex(va, false, cudaAddressModeClamp, false), 4);
  cudaMemcpy(got, out, 64 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i) check(got[i] == vol[i], "3D", i);
  // Mipmapped: 16x16, 5 levels; level l holds the value 10 + l everywhere.
  cudaMipmappedArray_t ma;
  cudaMallocMipmappedArray(&ma, &fd, make_cudaExtent(16, 16, 0), 5);
  for (int l = 0; l < 5; ++l) {
    cudaArray_t level;
    cudaGetMipmappedArrayLevel(&level, ma, l);
    int e = 16 >> l;
    float v[256];
    for (int i = 0; i < e * e; ++i) v[i] = 10.0f + l;
    cudaMemcpy2DToArray(level, 0, 0, v, e * sizeof(float), e * sizeof(float), e, cudaMemcpyHostToDevice);
  }
  mip<<<1, 8>>>(out, Tex(ma, true, cudaAddressModeClamp, true), 5);
  cudaMemcpy(got, out, 5 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int l = 0; l < 5; ++l) check(got[l] == 10.0f + l, "mip level", l);
  // Mirror and border on a 4-texel row: texels 1, 2, 3, 4.
  float row[4] = {1, 2, 3, 4};
  cudaArray_t ra;
  cudaMallocArray(&ra, &fd, 4, 1);
  cudaMemcpy2DToArray(ra, 0, 0, row, sizeof row, sizeof row, 1, cudaMemcpyHostToDevice);
  modes<<<1, 16>>>(out, Tex(ra, false, cudaAddressModeMirror, true), Tex(ra, false, cudaAddressModeBorder, true));
  cudaMemcpy(got, out, 32 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 16; ++i) {
    int t = i - 8;  // the texel index of u = (t + 0.5) / 4
    int m = ((t % 8) + 8) % 8;  // mirror: 0 1 2 3 3 2 1 0, repeating
    if (m > 3) m = 7 - m;
    check(got[i] == row[m], "mirror", i);
    check(got[16 + i] == (t >= 0 && t < 4 ? row[t] : 0.0f), "border", i);
  }
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { printf("FAIL: %s\n", cudaGetErrorString(e)); return 1; }
  if (fails) return 1;
  printf("PASS\n");
  return 0;
}
