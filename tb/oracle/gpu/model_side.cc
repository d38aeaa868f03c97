#include "model_side.h"

#include <algorithm>

#include "tsu/encodings.h"
#include "tsu/packed_texels.h"
#include "tsu/ptx_parser.h"
#include "tsu/texture.h"

namespace tsu {
namespace gpu {
namespace {

constexpr uint64_t kBase = 0x100000;

template <typename T>
bool ParseField(const std::string& s, T* out, const char* what, std::string* err) {
  const auto v = Parse<T>(s);
  if (!v) {
    *err = std::string("resource: unknown ") + what + " '" + s + "'";
    return false;
  }
  *out = *v;
  return true;
}

}  // namespace

Request CaseRequest(const Case& c) {
  Request q;
  q.handle = kModelHandle;
  for (int k = 0; k < 4; ++k) {
    q.coords[k] = c.in[kInCoord + k];
    q.dpdx[k] = c.in[kInDpdx + k];
    q.dpdy[k] = c.in[kInDpdy + k];
    q.data[k] = c.in[kInData + 2 * k] | uint64_t{c.in[kInData + 2 * k + 1]} << 32;
  }
  for (int k = 0; k < 3; ++k) q.offset[k] = c.in[kInOffset + k];
  q.lod = c.in[kInLod];
  q.depth_ref = c.in[kInRef];
  return q;
}

bool ModelResource::Bind(const Resource& r, std::string* err) {
  res_ = &r;
  mem_ = std::make_unique<SparseMemory>();
  unit_ = std::make_unique<Unit>(mem_.get());
  Geometry g;
  ChannelOrder order;
  ChannelType type;
  if (!ParseField(r.dim, &g, "geometry", err) || !ParseField(r.order, &order, "order", err) ||
      !ParseField(r.type, &type, "type", err)) {
    return false;
  }
  if (r.texture) {
    TextureDesc d;
    d.base = kBase;
    d.dim = g;
    d.width = r.w;
    d.height = r.h;
    d.depth = r.d;
    d.array_size = r.layers;
    d.levels = r.levels;
    d.order = order;
    d.type = type;
    SamplerDesc& s = d.sampler;
    if (!ParseField(r.filter, &s.mag_filter, "filter", err) ||
        !ParseField(r.mip, &s.mip_filter, "mip filter", err) ||
        !ParseField(r.read, &s.read_mode, "read mode", err)) {
      return false;
    }
    s.min_filter = s.mag_filter;
    for (int a = 0; a < 3; ++a) {
      if (!ParseField(r.address[a], &s.address[a], "address mode", err)) return false;
    }
    s.normalized = r.norm;
    s.srgb = r.srgb;
    s.seamless_cube = r.seamless;
    std::copy(r.border, r.border + 4, s.border);
    s.lod_bias = r.bias;
    s.min_lod = r.min_lod;
    s.max_lod = r.max_lod;
    if (!unit_->BindTexture(kModelHandle, d, err)) return false;
    const ResolvedTexture& t = *unit_->FindTexture(kModelHandle);
    for (uint32_t lv = 0; lv < r.levels; ++lv) {
      if (lv >= r.texels.size() || r.texels[lv].size() != PackedLevelBytes(t, lv)) {
        *err = "resource " + std::to_string(r.id) + ": level " + std::to_string(lv) + " needs " +
               std::to_string(PackedLevelBytes(t, lv)) + " texel bytes";
        return false;
      }
      WritePackedLevel(t, lv, r.texels[lv].data(), mem_.get());
    }
    return true;
  }
  SurfaceDesc d;
  d.base = kBase;
  d.dim = g;
  d.width = r.w;
  d.height = r.h;
  d.depth = r.d;
  d.array_size = r.layers;
  d.order = order;
  d.type = type;
  if (r.levels != 1) {
    *err = "resource " + std::to_string(r.id) + ": a surface has one level";
    return false;
  }
  if (!unit_->BindSurface(kModelHandle, d, err)) return false;
  const ResolvedSurface& s = *unit_->FindSurface(kModelHandle);
  if (r.texels.empty() || r.texels[0].size() != PackedSurfaceBytes(s)) {
    *err = "resource " + std::to_string(r.id) + ": the surface needs " +
           std::to_string(PackedSurfaceBytes(s)) + " texel bytes";
    return false;
  }
  WritePackedSurface(s, r.texels[0].data(), mem_.get());
  return true;
}

std::vector<uint8_t> ModelResource::SurfaceBytes() const {
  return ReadPackedSurface(*unit_->FindSurface(kModelHandle), mem_.get());
}

Captured ModelResource::Run(const Case& c, const Instruction& in) {
  Captured out;
  out.id = c.id;
  const Response rsp = unit_->Execute(in, CaseRequest(c));
  if (rsp.trap != TrapCause::kNone) {
    out.outcome = "trap";
    return out;
  }
  for (int k = 0; k < 4; ++k) {
    const uint64_t v = k < rsp.count ? rsp.data[k] : 0;
    out.out[kOutData + 2 * k] = static_cast<uint32_t>(v);
    out.out[kOutData + 2 * k + 1] = static_cast<uint32_t>(v >> 32);
  }
  out.out[kOutPred] = in.has_pred_dst ? rsp.pred : 1;
  out.out[kOutDone] = kDoneMark;
  if (c.cls == "store") out.bytes = SurfaceBytes();
  return out;
}

bool ModelCapture(const CaseSet& cs, Capture* cap, std::string* err) {
  cap->device = "model";
  cap->sm = 0;
  std::vector<Instruction> kernels(cs.kernels.size());
  for (size_t k = 0; k < cs.kernels.size(); ++k) {
    if (!ParsePtx(cs.kernels[k], &kernels[k], err)) {
      *err = "kernel " + std::to_string(k) + " (" + cs.kernels[k] + "): " + *err;
      return false;
    }
  }
  std::map<int, ModelResource> bound;  // read-only resources, bound once
  for (const Case& c : cs.cases) {
    const Resource& r = *cs.FindResource(c.resource);
    ModelResource fresh;
    ModelResource* m = &fresh;
    if (c.cls == "store") {
      if (!fresh.Bind(r, err)) return false;
    } else {
      auto it = bound.find(c.resource);
      if (it == bound.end()) {
        it = bound.emplace(c.resource, ModelResource()).first;
        if (!it->second.Bind(r, err)) return false;
      }
      m = &it->second;
    }
    cap->cases[c.id] = m->Run(c, kernels[static_cast<size_t>(c.kernel)]);
  }
  return true;
}

}  // namespace gpu
}  // namespace tsu
