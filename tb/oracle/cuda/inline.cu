// Inline PTX for the texture/surface forms CUDA's intrinsics never emit: sured, suq, sust.p, and
// tex with .base, offsets (register and immediate), depth compare, the |p residency predicate,
// multisample geometries and .f16/.f16x2 results (compiled by tb/oracle/cuda/check.sh).
#include <cuda_runtime.h>

__global__ void Reductions(unsigned long long s, int x, int y, unsigned v, unsigned long long w) {
  asm volatile("sured.b.add.1d.u32.trap [%0, {%1}], %2;" ::"l"(s), "r"(x), "r"(v));
  asm volatile("sured.b.add.2d.s32.clamp [%0, {%1, %2}], %3;" ::"l"(s), "r"(x), "r"(y), "r"(v));
  asm volatile("sured.b.add.1d.u64.zero [%0, {%1}], %2;" ::"l"(s), "r"(x), "l"(w));
  asm volatile("sured.b.min.1d.u32.trap [%0, {%1}], %2;" ::"l"(s), "r"(x), "r"(v));
  asm volatile("sured.b.min.2d.s32.trap [%0, {%1, %2}], %3;" ::"l"(s), "r"(x), "r"(y), "r"(v));
  asm volatile("sured.b.max.1d.u64.clamp [%0, {%1}], %2;" ::"l"(s), "r"(x), "l"(w));
  asm volatile("sured.b.max.1d.s64.zero [%0, {%1}], %2;" ::"l"(s), "r"(x), "l"(w));
  asm volatile("sured.b.and.3d.b32.trap [%0, {%1, %2, %1, %1}], %3;" ::"l"(s), "r"(x), "r"(y),
               "r"(v));
  asm volatile("sured.b.or.1d.b32.trap [%0, {%1}], %2;" ::"l"(s), "r"(x), "r"(v));
  asm volatile("sured.p.add.2d.b32.trap [%0, {%1, %2}], %3;" ::"l"(s), "r"(x), "r"(y), "r"(v));
  asm volatile("sured.p.min.1d.b64.clamp [%0, {%1}], %2;" ::"l"(s), "r"(x), "l"(w));
  asm volatile("sured.p.max.1d.b64.zero [%0, {%1}], %2;" ::"l"(s), "r"(x), "l"(w));
}

__global__ void Queries(unsigned long long s, unsigned* out) {
  unsigned q[8];
  asm volatile("suq.width.b32 %0, [%1];" : "=r"(q[0]) : "l"(s));
  asm volatile("suq.height.b32 %0, [%1];" : "=r"(q[1]) : "l"(s));
  asm volatile("suq.depth.b32 %0, [%1];" : "=r"(q[2]) : "l"(s));
  asm volatile("suq.channel_data_type.b32 %0, [%1];" : "=r"(q[3]) : "l"(s));
  asm volatile("suq.channel_order.b32 %0, [%1];" : "=r"(q[4]) : "l"(s));
  asm volatile("suq.array_size.b32 %0, [%1];" : "=r"(q[5]) : "l"(s));
  asm volatile("suq.memory_layout.b32 %0, [%1];" : "=r"(q[6]) : "l"(s));
  for (int i = 0; i < 7; ++i) out[i] = q[i];
}

__global__ void FormattedStores(unsigned long long s, int x, int y, float4 v, uint4 u) {
  asm volatile("sust.p.1d.b32.trap [%0, {%1}], %2;" ::"l"(s), "r"(x), "f"(v.x));
  asm volatile("sust.p.2d.v2.b32.clamp [%0, {%1, %2}], {%3, %4};" ::"l"(s), "r"(x), "r"(y),
               "f"(v.x), "f"(v.y));
  asm volatile("sust.p.3d.v4.b32.zero [%0, {%1, %2, %1, %1}], {%3, %4, %5, %6};" ::"l"(s),
               "r"(x), "r"(y), "r"(u.x), "r"(u.y), "r"(u.z), "r"(u.w));
  asm volatile("sust.p.a1d.v4.b32.trap [%0, {%1, %2}], {%3, %4, %5, %6};" ::"l"(s), "r"(y),
               "r"(x), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w));
  asm volatile("sust.b.2d.cg.b32.trap [%0, {%1, %2}], %3;" ::"l"(s), "r"(x), "r"(y), "r"(u.x));
  asm volatile("sust.b.1d.wt.v2.b32.trap [%0, {%1}], {%2, %3};" ::"l"(s), "r"(x), "r"(u.x),
               "r"(u.y));
}

__global__ void Loads(unsigned long long s, int x, uint4* out) {
  uint4 r;
  asm volatile("suld.b.1d.ca.v4.b32.trap {%0, %1, %2, %3}, [%4, {%5}];"
               : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
               : "l"(s), "r"(x));
  out[0] = r;
  asm volatile("suld.b.1d.cv.b32.clamp %0, [%1, {%2}];" : "=r"(r.x) : "l"(s), "r"(x));
  out[1] = r;
}

__global__ void TexForms(unsigned long long t, float x, float y, float z, int ix, int iy, int ox,
                         int oy, float ref, float lod, float4* out, unsigned* flags,
                         unsigned short* halves) {
  float4 r;
  unsigned p;
  // .base
  asm volatile("tex.base.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
               : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)
               : "l"(t), "f"(x), "f"(y));
  out[0] = r;
  // register offsets, then immediate offsets
  asm volatile("tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}], {%7, %8};"
               : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)
               : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy));
  out[1] = r;
  asm volatile("tex.level.3d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}], %8, {-8, 7, 1, 0};"
               : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)
               : "l"(t), "f"(x), "f"(y), "f"(z), "f"(lod));
  out[2] = r;
  // depth compare, with an offset, and on an array
  asm volatile("tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}], %7;"
               : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)
               : "l"(t), "f"(x), "f"(y), "f"(ref));
  out[3] = r;
  asm volatile("tex.a2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}], {-1, 2}, %8;"
               : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)
               : "l"(t), "r"(ix), "f"(x), "f"(y), "f"(ref));
  out[4] = r;
  asm volatile("tex.grad.cube.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}], "
               "{%5, %6, %7, %7}, {%6, %5, %7, %7}, %8;"
               : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)
               : "l"(t), "f"(x), "f"(y), "f"(z), "f"(ref));
  out[5] = r;
  // the |p residency predicate
  asm volatile(
      "{ .reg .pred q; tex.level.2d.v4.f32.f32 {%0, %1, %2, %3}|q, [%5, {%6, %7}], %8; "
      "selp.u32 %4, 1, 0, q; }"
      : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w), "=r"(p)
      : "l"(t), "f"(x), "f"(y), "f"(lod));
  out[6] = r;
  flags[0] = p;
  // multisample: {sample, x, y, -} and {layer, sample, x, y}
  int4 m;
  asm volatile("tex.2dms.v4.s32.s32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"
               : "=r"(m.x), "=r"(m.y), "=r"(m.z), "=r"(m.w)
               : "l"(t), "r"(ox), "r"(ix), "r"(iy));
  flags[1] = m.x;
  asm volatile("tex.a2dms.v4.u32.s32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %8}], {1, -1};"
               : "=r"(m.x), "=r"(m.y), "=r"(m.z), "=r"(m.w)
               : "l"(t), "r"(oy), "r"(ox), "r"(ix), "r"(iy));
  flags[2] = m.y;
  // .f16 and .f16x2 results
  unsigned short h[4];
  asm volatile("tex.2d.v4.f16.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
               : "=h"(h[0]), "=h"(h[1]), "=h"(h[2]), "=h"(h[3])
               : "l"(t), "f"(x), "f"(y));
  for (int i = 0; i < 4; ++i) halves[i] = h[i];
  unsigned pk[2];
  asm volatile("tex.level.a1d.v2.f16x2.f32 {%0, %1}, [%2, {%3, %4}], %5;"
               : "=r"(pk[0]), "=r"(pk[1])
               : "l"(t), "r"(ix), "f"(x), "f"(lod));
  flags[3] = pk[0] ^ pk[1];
}
