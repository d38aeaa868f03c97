// Fuzz target: descriptor validation and the instructions that use what it accepts.
//   mode 0: a 64-byte surface descriptor slot, as the unit finds it in memory (DecodeSurface);
//           if valid, it is bound and a surface instruction runs on it with fuzzed operands.
//   mode 1: a texture descriptor and a sampler built field by field from the input (any value
//           of each field, enums over their legal codes); if they bind, a tex runs on them.
//           Then, from the bytes left, a texture header slot, its level records and a sampler
//           slot as the unit finds them in memory (DecodeTexture, DecodeSampler), bound from
//           their images; a tex runs on whatever binds.
// Whatever the bytes, validation answers (bound, or an error) and the instruction answers
// (a result, or a trap); nothing crashes, hangs or allocates without bound.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "tsu/descriptor_words.h"
#include "tsu/encodings.h"
#include "tsu/memory.h"
#include "tsu/ptx_parser.h"
#include "tsu/texture.h"
#include "tsu/texture_words.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

template <class E>
E Pick(FuzzedDataProvider* p) {
  // Every legal code of the enum (the table's codes, from its hardware width and spellings).
  static const std::vector<E> v = [] {
    std::vector<E> out;
    for (int c = 0; c < (1 << kBits<E>); ++c) {
      if (Name(static_cast<E>(c)) != "?") out.push_back(static_cast<E>(c));
    }
    return out;
  }();
  return v[p->ConsumeIntegralInRange<size_t>(0, v.size() - 1)];
}

// Forms that decode; the operands (coordinates, data, LOD, ...) come from the fuzzer.
const char* const kSurfaceForms[] = {
    "suld.b.1d.b32.trap r, [s, {x}];",
    "suld.b.2d.v2.b32.clamp {r, g}, [s, {x, y}];",
    "suld.b.3d.v4.b16.zero {r, g, b, a}, [s, {x, y, z, w}];",
    "suld.b.a1d.b64.clamp r, [s, {l, x}];",
    "suld.b.a2d.v4.b32.trap {r, g, b, a}, [s, {l, x, y, w}];",
    "sust.b.2d.v2.b64.clamp [s, {x, y}], {r, g};",
    "sust.p.3d.v4.b32.zero [s, {x, y, z, w}], {r, g, b, a};",
    "sust.p.a2d.v4.b32.trap [s, {l, x, y, w}], {r, g, b, a};",
    "sured.b.add.2d.u32.clamp [s, {x, y}], r;",
    "sured.p.min.1d.b32.zero [s, {x}], r;",
    "sured.b.max.3d.s64.trap [s, {x, y, z, w}], r;",
    "suq.width.b32 r, [s];",
    "suq.memory_layout.b32 r, [s];",
};
const char* const kTexForms[] = {
    "tex.1d.v4.f32.f32 {r, g, b, a}, [t, {x}];",
    "tex.2d.v4.u32.s32 {r, g, b, a}, [t, {x, y}];",
    "tex.3d.v4.f32.f32 {r, g, b, a}, [t, {x, y, z, w}];",
    "tex.a2d.v4.s32.f32 {r, g, b, a}, [t, {l, x, y, w}];",
    "tex.cube.v4.f32.f32 {r, g, b, a}, [t, {x, y, z, w}];",
    "tex.acube.v4.f32.f32 {r, g, b, a}, [t, {l, x, y, z}];",
    "tex.level.2d.v4.f32.f32 {r, g, b, a}, [t, {x, y}], lod;",
    "tex.grad.3d.v4.f32.f32 {r, g, b, a}, [t, {x, y, z, w}], {a, b, c, d}, {e, f, g, h};",
    "tex.2dms.v4.u32.s32 {r, g, b, a}, [t, {i, x, y, w}];",
    "tex.2d.v4.f16.f32 {r, g, b, a}, [t, smp, {x, y}];",
    "tex.2d.v4.f32.f32 {r, g, b, a}, [t, {x, y}], {e, f}, dref;",
    "tex.2d.v4.f32.f32 {r, g, b, a}|p, [t, {x, y}];",
};

tsu::SamplerDesc FuzzSampler(FuzzedDataProvider* p) {
  tsu::SamplerDesc s;
  s.mag_filter = Pick<tsu::FilterMode>(p);
  s.min_filter = Pick<tsu::FilterMode>(p);
  s.mip_filter = Pick<tsu::MipFilter>(p);
  for (auto& a : s.address) a = Pick<tsu::AddressMode>(p);
  s.normalized = p->ConsumeBool();
  for (auto& b : s.border) b = p->ConsumeIntegral<uint32_t>();
  s.read_mode = Pick<tsu::ReadMode>(p);
  s.srgb = p->ConsumeBool();
  const uint32_t bits[3] = {p->ConsumeIntegral<uint32_t>(), p->ConsumeIntegral<uint32_t>(),
                            p->ConsumeIntegral<uint32_t>()};
  std::memcpy(&s.lod_bias, &bits[0], 4);
  std::memcpy(&s.min_lod, &bits[1], 4);
  std::memcpy(&s.max_lod, &bits[2], 4);
  s.compare = Pick<tsu::CompareOp>(p);
  s.seamless_cube = p->ConsumeBool();
  s.max_anisotropy = p->ConsumeIntegralInRange<uint32_t>(0, 3);
  return s;
}

void Run(tsu::Unit* unit, FuzzedDataProvider* p, const char* form) {
  tsu::Instruction in;
  std::string err;
  if (!tsu::ParsePtx(form, &in, &err)) __builtin_trap();  // the forms above must decode
  tsu::Request req;
  req.handle = 1;
  req.sampler = 2;
  for (auto& c : req.coords) c = p->ConsumeIntegral<uint32_t>();
  for (auto& d : req.data) d = p->ConsumeIntegral<uint64_t>();
  req.lod = p->ConsumeIntegral<uint32_t>();
  for (int i = 0; i < 4; ++i) {
    req.dpdx[i] = p->ConsumeIntegral<uint32_t>();
    req.dpdy[i] = p->ConsumeIntegral<uint32_t>();
    req.offset[i] = p->ConsumeIntegral<uint32_t>();
  }
  req.depth_ref = p->ConsumeIntegral<uint32_t>();
  req.guard = p->ConsumeIntegralInRange<int>(0, 7) != 0;
  (void)unit->Execute(in, req);
}

int FuzzOne(const uint8_t* data, size_t size) {
  FuzzedDataProvider p(data, size);
  tsu::SparseMemory mem;
  tsu::Unit unit(&mem);
  std::string why;
  if (p.ConsumeBool()) {
    tsu::DescImage image{};
    const std::vector<uint8_t> bytes = p.ConsumeBytes<uint8_t>(image.size());
    std::copy(bytes.begin(), bytes.end(), image.begin());
    tsu::ResolvedSurface s;
    const tsu::TrapCause c = tsu::DecodeSurface(image, &s, &why);
    if (unit.BindSurfaceImage(1, image, &why) != c) __builtin_trap();  // one definition of valid
    if (c == tsu::TrapCause::kNone) {
      for (int i = 0; i < 4 && p.remaining_bytes() > 0; ++i) {
        Run(&unit, &p, kSurfaceForms[p.ConsumeIntegralInRange<size_t>(0, std::size(kSurfaceForms) - 1)]);
      }
    }
    return 0;
  }
  tsu::TextureDesc t;
  t.base = p.ConsumeIntegral<uint64_t>();
  t.dim = Pick<tsu::Geometry>(&p);
  t.width = p.ConsumeIntegral<uint32_t>();
  t.height = p.ConsumeIntegral<uint32_t>();
  t.depth = p.ConsumeIntegral<uint32_t>();
  t.array_size = p.ConsumeIntegral<uint32_t>();
  t.levels = p.ConsumeIntegral<uint32_t>();
  t.samples = p.ConsumeIntegral<uint32_t>();
  t.order = Pick<tsu::ChannelOrder>(&p);
  t.type = Pick<tsu::ChannelType>(&p);
  t.layout = Pick<tsu::Layout>(&p);
  t.block_height_log2 = p.ConsumeIntegral<uint8_t>();
  t.block_depth_log2 = p.ConsumeIntegral<uint8_t>();
  for (auto& l : t.tile_log2) l = p.ConsumeIntegral<uint8_t>();
  for (int n = p.ConsumeIntegralInRange<int>(0, 8); n > 0; --n) {
    t.non_resident.push_back({p.ConsumeIntegral<uint32_t>(), p.ConsumeIntegral<uint32_t>(),
                              p.ConsumeIntegral<uint32_t>(), p.ConsumeIntegral<uint32_t>(),
                              p.ConsumeIntegral<uint32_t>()});
  }
  t.sampler = FuzzSampler(&p);
  const tsu::SamplerDesc smp = FuzzSampler(&p);
  const bool tex_ok = unit.BindTexture(1, t, &why);
  const bool smp_ok = unit.BindSampler(2, smp, &why);
  if (tex_ok || smp_ok) {
    for (int i = 0; i < 4 && p.remaining_bytes() > 0; ++i) {
      Run(&unit, &p, kTexForms[p.ConsumeIntegralInRange<size_t>(0, std::size(kTexForms) - 1)]);
    }
  }
  if (p.remaining_bytes() == 0) return 0;
  // Slots in memory: the header's level table points at fuzzed records, its sampler at slot 2.
  tsu::Unit slots(&mem);
  tsu::DescImage header{}, sampler{};
  std::vector<uint8_t> bytes = p.ConsumeBytes<uint8_t>(header.size());
  std::copy(bytes.begin(), bytes.end(), header.begin());
  constexpr uint64_t kTable = 0x100000;
  if (p.ConsumeBool()) tsu::SetField(&header, tsu::desc_layout::Texture::level_table, kTable);
  if (p.ConsumeBool()) tsu::SetField(&header, tsu::desc_layout::Texture::sampler, 2);
  bytes = p.ConsumeBytes<uint8_t>(16 * tsu::kMaxLevels);
  mem.Write(kTable, bytes.data(), static_cast<uint32_t>(bytes.size()));
  bytes = p.ConsumeBytes<uint8_t>(sampler.size());
  std::copy(bytes.begin(), bytes.end(), sampler.begin());
  tsu::ResolvedTexture rt;
  const tsu::TrapCause c = tsu::DecodeTexture(header, &mem, &rt, &why);
  if (slots.BindTextureImage(1, header, &why) != c) __builtin_trap();  // one definition of valid
  const bool sampler_ok = slots.BindSamplerImage(2, sampler, &why) == tsu::TrapCause::kNone;
  if (c == tsu::TrapCause::kNone || sampler_ok) {
    for (int i = 0; i < 4 && p.remaining_bytes() > 0; ++i) {
      Run(&slots, &p, kTexForms[p.ConsumeIntegralInRange<size_t>(0, std::size(kTexForms) - 1)]);
    }
  }
  return 0;
}

}  // namespace
}  // namespace tsu

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return tsu::FuzzOne(data, size);
}
