#include "tsu_dpi.h"

#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "coverage.h"
#include "pool_binding.h"
#include "surface_gen.h"
#include "tsu/descriptor_words.h"
#include "tsu/memory.h"
#include "tsu/unit.h"

namespace {

using tsu::tb::Coverage;
using tsu::tb::Txn;
using tsu::tb::TxnClass;

struct DpiModel {
  tsu::SparseMemory mem;
  tsu::Unit unit{&mem};
  Coverage coverage;
  std::map<std::string, uint64_t> seen;  // bin counts after the previous request
  std::string last;                      // the bins the last request hit
  uint64_t pool_base = 0;
  uint64_t pool_entries = 0;
};

DpiModel* M(void* p) { return static_cast<DpiModel*>(p); }

uint64_t Word64(const svBitVecVal* v, int i) {
  return static_cast<uint64_t>(v[2 * i]) | (static_cast<uint64_t>(v[2 * i + 1]) << 32);
}

void PutWord64(svBitVecVal* v, int i, uint64_t x) {
  v[2 * i] = static_cast<svBitVecVal>(x);
  v[2 * i + 1] = static_cast<svBitVecVal>(x >> 32);
}

// The bins whose counts grew since the previous request.
void NoteBins(DpiModel* m) {
  m->last.clear();
  for (const auto& [bin, count] : m->coverage.bins()) {
    uint64_t& before = m->seen[bin];
    if (count != before) {
      if (!m->last.empty()) m->last += ' ';
      m->last += bin;
      before = count;
    }
  }
}

void PutResponse(const tsu::Response& r, int* count, svBitVecVal* rdata, int* flags) {
  *count = r.count;
  for (int i = 0; i < 4; ++i) PutWord64(rdata, i, i < r.count ? r.data[i] : 0);
  *flags = (r.misaligned ? 1 : 0) | (r.clamped ? 2 : 0) | (r.suppressed ? 4 : 0) | (r.pred ? 8 : 0);
}

}  // namespace

extern "C" {

void* tsu_dpi_new(int addr_bits, int fmt_norm, int fmt_half, int fmt_int, int tex) {
  auto* m = new DpiModel();
  tsu::FormatFamilies f;
  f.norm = fmt_norm != 0;
  f.half = fmt_half != 0;
  f.integer = fmt_int != 0;
  m->unit.set_format_families(f);
  m->coverage.SetFamilies(f);
  if (tex != 0) m->coverage.EnableTex();
  (void)addr_bits;  // the model addresses 64 bits; a unit's narrower port masks them
  return m;
}

void tsu_dpi_free(void* model) { delete M(model); }

void tsu_dpi_mem_write8(void* model, long long addr, unsigned char value) {
  M(model)->mem.Write(static_cast<uint64_t>(addr), &value, 1);
}

unsigned char tsu_dpi_mem_read8(void* model, long long addr) {
  return M(model)->mem.ReadByte(static_cast<uint64_t>(addr));
}

void tsu_dpi_mem_write_line(void* model, long long addr, const svBitVecVal* line, int mask) {
  const uint64_t base = static_cast<uint64_t>(addr) & ~15ull;
  for (int i = 0; i < 16; ++i) {
    if ((mask >> i) & 1) {
      const uint8_t b = static_cast<uint8_t>(line[i / 4] >> (8 * (i % 4)));
      M(model)->mem.Write(base + static_cast<uint64_t>(i), &b, 1);
    }
  }
}

void tsu_dpi_mem_read_line(void* model, long long addr, svBitVecVal* line) {
  uint8_t b[16];
  M(model)->mem.Read(static_cast<uint64_t>(addr) & ~15ull, b, 16);
  for (int w = 0; w < 4; ++w) {
    line[w] = static_cast<svBitVecVal>(b[4 * w]) | static_cast<svBitVecVal>(b[4 * w + 1]) << 8 |
              static_cast<svBitVecVal>(b[4 * w + 2]) << 16 | static_cast<svBitVecVal>(b[4 * w + 3]) << 24;
  }
}

void tsu_dpi_set_pool(void* model, long long base, long long entries) {
  M(model)->pool_base = static_cast<uint64_t>(base);
  M(model)->pool_entries = static_cast<uint64_t>(entries);
}

int tsu_dpi_bind(void* model, int kind, long long handle) {
  DpiModel* m = M(model);
  const tsu::tb::SlotKind k = kind == 1   ? tsu::tb::SlotKind::kTexture
                              : kind == 2 ? tsu::tb::SlotKind::kSampler
                                          : tsu::tb::SlotKind::kSurface;
  std::string why;
  return static_cast<int>(tsu::tb::BindPoolSlot(&m->unit, &m->mem, m->pool_base, m->pool_entries, k,
                                                static_cast<uint64_t>(handle), &why));
}

long long tsu_dpi_random_surface(void* model, long long handle, long long seed, long long base,
                                 long long max_bytes) {
  DpiModel* m = M(model);
  const uint64_t h = static_cast<uint64_t>(handle);
  if (h >= m->pool_entries) return 0;
  tsu::tb::Rng rng(static_cast<uint64_t>(seed));
  tsu::ResolvedSurface s;
  for (int tries = 0;; ++tries) {
    s = tsu::tb::RandomSurface(rng, 32);
    if (s.size_bytes <= static_cast<uint64_t>(max_bytes) || tries > 10000) break;
  }
  s.desc.base = static_cast<uint64_t>(base);
  std::string why;
  tsu::ResolvedSurface placed;
  if (!tsu::ResolveSurface(s.desc, &placed, &why)) return 0;
  const tsu::DescImage image = tsu::EncodeSurface(placed);
  m->mem.Write(m->pool_base + h * tsu::kDescBytes, image.data(), tsu::kDescBytes);
  for (uint64_t i = 0; i < placed.size_bytes; ++i) {
    const uint8_t b = static_cast<uint8_t>(rng());
    m->mem.Write(placed.desc.base + i, &b, 1);
  }
  tsu_dpi_bind(model, 0, handle);
  return static_cast<long long>(placed.size_bytes);
}

int tsu_dpi_surface_info(void* model, long long handle, int* geom, int* width, int* height,
                         int* depth, int* layers, int* texel_bytes) {
  const tsu::ResolvedSurface* s = M(model)->unit.FindSurface(static_cast<uint64_t>(handle));
  if (s == nullptr) return 0;
  *geom = static_cast<int>(s->desc.dim);
  *width = static_cast<int>(s->desc.width);
  *height = static_cast<int>(s->desc.height);
  *depth = static_cast<int>(s->desc.depth);
  *layers = static_cast<int>(s->desc.array_size);
  *texel_bytes = static_cast<int>(s->fmt.texel_bytes);
  return 1;
}

int tsu_dpi_execute(void* model, int opcode, int addressing, int geom, int vec, int type,
                    int clamp, int redop, int query, long long handle, const svBitVecVal* coords,
                    const svBitVecVal* data, int* count, svBitVecVal* rdata, int* oob, int* flags,
                    long long* wr_addr, int* wr_size, svBitVecVal* wr_data) {
  DpiModel* m = M(model);
  Txn t;
  t.in.opcode = static_cast<tsu::Opcode>(opcode);
  t.in.addressing = static_cast<tsu::Addressing>(addressing);
  t.in.geom = static_cast<tsu::Geometry>(geom);
  t.in.vec = static_cast<tsu::VecSize>(vec);
  t.in.type = static_cast<tsu::DataType>(type);
  t.in.clamp = static_cast<tsu::ClampMode>(clamp);
  t.in.clamp_explicit = true;
  t.in.red_op = static_cast<tsu::RedOp>(redop);
  t.in.query = static_cast<tsu::QueryKind>(query);
  t.req.handle = static_cast<uint64_t>(handle);
  for (int i = 0; i < 4; ++i) t.req.coords[i] = coords[i];
  for (int i = 0; i < 4; ++i) t.req.data[i] = Word64(data, i);
  t.cls = opcode == 1 ? TxnClass::kSuld : opcode == 2 ? TxnClass::kSust : opcode == 3 ? TxnClass::kSured
                                                                                       : TxnClass::kSuq;
  const tsu::Response r = m->unit.Execute(t.in, t.req);
  PutResponse(r, count, rdata, flags);
  *oob = static_cast<int>(r.oob_axes);
  *wr_size = r.write.valid ? static_cast<int>(r.write.size) : 0;
  *wr_addr = static_cast<long long>(r.write.addr);
  for (int w = 0; w < 4; ++w) wr_data[w] = 0;
  for (uint32_t i = 0; r.write.valid && i < r.write.size && i < 16; ++i) {
    wr_data[i / 4] |= static_cast<svBitVecVal>(r.write.data[i]) << (8 * (i % 4));
  }
  m->coverage.Sample(t, m->unit.FindSurface(t.req.handle), r);
  NoteBins(m);
  return static_cast<int>(r.trap);
}

int tsu_dpi_execute_tex(void* model, int geom, int vec, int type, int texmode, int coords_s32,
                        int has_sampler, long long sampler, int has_ref, int ref_bits,
                        long long handle, const svBitVecVal* coords, int lod_bits,
                        const svBitVecVal* dpdx, const svBitVecVal* dpdy, int offsets,
                        int offset_pins, int* count, svBitVecVal* rdata, int* flags) {
  DpiModel* m = M(model);
  Txn t;
  t.cls = TxnClass::kTex;
  t.in.opcode = tsu::Opcode::kTex;
  t.in.geom = static_cast<tsu::Geometry>(geom);
  t.in.vec = static_cast<tsu::VecSize>(vec);
  t.in.type = static_cast<tsu::DataType>(type);
  t.in.tex_mode = static_cast<tsu::TexMode>(texmode);
  t.in.has_lod = t.in.tex_mode == tsu::TexMode::kLevel;
  t.in.coord_type = coords_s32 != 0 ? tsu::DataType::kS32 : tsu::DataType::kF32;
  t.in.has_sampler = has_sampler != 0;
  t.in.has_depth_ref = has_ref != 0;
  t.in.offset.resize(static_cast<size_t>(offsets < 0 ? 0 : offsets > 3 ? 3 : offsets));
  t.req.handle = static_cast<uint64_t>(handle);
  t.req.sampler = static_cast<uint64_t>(sampler);
  t.req.depth_ref = static_cast<uint32_t>(ref_bits);
  t.req.lod = static_cast<uint32_t>(lod_bits);
  for (int i = 0; i < 4; ++i) t.req.coords[i] = coords[i];
  for (int a = 0; a < 3; ++a) {
    t.req.dpdx[a] = dpdx[a];
    t.req.dpdy[a] = dpdy[a];
    // The pins' 4-bit offsets, sign-extended as the unit reads them (docs/semantics.md).
    const int32_t o = static_cast<int32_t>((static_cast<uint32_t>(offset_pins) >> (4 * a)) & 15u);
    t.req.offset[a] = static_cast<uint32_t>(o >= 8 ? o - 16 : o);
  }
  const tsu::Response r = m->unit.Execute(t.in, t.req);
  PutResponse(r, count, rdata, flags);
  if (const tsu::ResolvedTexture* tex = m->unit.FindTexture(t.req.handle)) {
    tsu::tb::TexBinding b;
    b.tex = *tex;
    b.handle = t.req.handle;
    b.sampler = tex->sampler_slot;
    m->coverage.SampleTex(t, &b, m->unit.FindSampler(t.in.has_sampler ? t.req.sampler : b.sampler), r);
  } else {
    m->coverage.SampleTex(t, nullptr, nullptr, r);
  }
  NoteBins(m);
  return static_cast<int>(r.trap);
}

const char* tsu_dpi_coverage_last(void* model) { return M(model)->last.c_str(); }

int tsu_dpi_coverage_planned(void* model) { return static_cast<int>(M(model)->coverage.planned()); }

int tsu_dpi_coverage_hit(void* model) { return static_cast<int>(M(model)->coverage.planned_hit()); }

}  // extern "C"
