#include "stimulus.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <type_traits>

#include "surface_gen.h"
#include "tsu/read_file.h"
#include "tex_gen.h"

namespace tsu::tb {
namespace {

constexpr Geometry kSurfaceDims[] = {Geometry::k1d, Geometry::k2d, Geometry::k3d, Geometry::kA1d,
                                     Geometry::kA2d};

uint32_t FloatBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// The pool: a 32-bit integer surface for every geometry x layout (so sured.p reaches every
// cell), then the rotating slots, which cycle through every surface format.
constexpr size_t kFixedSlots = 10;

// A field of the request port and the codes its width allows beyond the defined ones.
template <typename T>
constexpr int kReservedCodes = (1 << kBits<T>) - kCount<T>;

}  // namespace

bool Mix::Parse(const std::string& spec_in, std::string* error) {
  std::string spec = spec_in;
  if (!spec.empty() && spec[0] == '@') {
    std::string text, why;
    if (!ReadRegularFile(spec.substr(1), kMaxMixFileBytes, &text, &why)) {
      *error = "cannot read the mix file: " + why;
      return false;
    }
    std::istringstream f(text);
    std::string line, all;
    while (std::getline(f, line)) {
      const size_t hash = line.find('#');
      if (hash != std::string::npos) line.resize(hash);
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      all += (all.empty() ? "" : ",") + line;
    }
    spec = all;
  }
  std::stringstream ss(spec);
  std::string item;
  while (std::getline(ss, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string::npos) {
      *error = "mix item '" + item + "' is not name=weight";
      return false;
    }
    const std::string name = item.substr(0, eq);
    if (weights.count(name) == 0) {
      *error = "unknown mix name '" + name + "' (suld, sust, sured, suq, tex, chain, "
               "store_load, store_tex, bad_handle, illegal)";
      return false;
    }
    char* end = nullptr;
    const long w = std::strtol(item.c_str() + eq + 1, &end, 10);
    if (end == item.c_str() + eq + 1 || *end != '\0' || w < 0 || w > 1000000) {
      *error = "weight of '" + name + "' must be an integer 0..1000000";
      return false;
    }
    weights[name] = static_cast<int>(w);
    given.insert(name);
  }
  int total = 0;
  for (const auto& [n, w] : weights) total += w;
  if (total == 0) {
    *error = "every mix weight is zero";
    return false;
  }
  return true;
}

Stimulus::Stimulus(uint64_t seed, const Mix& mix, int table_entries)
    : rng_(seed), mix_(mix), entries_(table_entries) {
  static const std::map<std::string, Kind> kKinds = {
      {"suld", Kind::kSuld},       {"sust", Kind::kSust},           {"sured", Kind::kSured},
      {"suq", Kind::kSuq},         {"tex", Kind::kTex},             {"chain", Kind::kChain},
      {"store_load", Kind::kStoreLoad}, {"store_tex", Kind::kStoreTex},
      {"bad_handle", Kind::kBadHandle}, {"illegal", Kind::kIllegal}};
  for (const auto& [name, w] : mix_.weights) {  // the map's order: a seed draws as before
    const auto k = kKinds.find(name);
    if (k == kKinds.end()) std::abort();  // a mix name without a Kind: add it above
    if (w <= 0) continue;
    picks_.push_back({k->second, w});
    pick_total_ += w;
  }
  if (picks_.empty()) picks_.push_back({Kind::kSuld, pick_total_ = 1});  // Mix::Parse refuses this
  // Small surfaces (so random accesses collide often), bases 1 MiB apart; the last handle of
  // the table stays unbound.
  const size_t n = table_entries - 1 > 0 ? static_cast<size_t>(table_entries - 1) : 1;
  const auto& formats = SurfaceFormats();
  for (size_t k = 0; k < formats.size(); ++k) format_cycle_.push_back(k);
  std::shuffle(format_cycle_.begin(), format_cycle_.end(), rng_);
  rotating0_ = n > kFixedSlots ? kFixedSlots : n;
  sust_p_seen_.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    if (i >= rotating0_) {
      surfaces_.push_back(RotatingSurface(i, formats[format_cycle_[format_pos_++ % formats.size()]]));
      continue;
    }
    SurfaceDesc d;
    d.dim = kSurfaceDims[i % 5];
    d.layout = i < 5 ? Layout::kPitch : Layout::kBlockLinear;
    d.order = ChannelOrder::kR;
    d.type = i % 2 == 0 ? ChannelType::kUnsignedInt32 : ChannelType::kSignedInt32;
    const bool has_y = d.dim == Geometry::k2d || d.dim == Geometry::k3d || d.dim == Geometry::kA2d;
    d.width = static_cast<uint32_t>(Uniform(rng_, 1, 40));
    d.height = has_y ? static_cast<uint32_t>(Uniform(rng_, 1, 12)) : 1;
    d.depth = d.dim == Geometry::k3d ? static_cast<uint32_t>(Uniform(rng_, 1, 4)) : 1;
    d.array_size = IsArray(d.dim) ? static_cast<uint32_t>(Uniform(rng_, 1, 4)) : 0;
    if (d.layout == Layout::kBlockLinear) {
      d.block_height_log2 = static_cast<uint8_t>(Uniform(rng_, 0, 2));
      d.block_depth_log2 = d.dim == Geometry::k3d ? static_cast<uint8_t>(Uniform(rng_, 0, 1)) : 0;
    } else if (Chance(rng_, 30)) {
      d.pitch = static_cast<uint32_t>((d.width * 16 + 15) / 16 * 16 + 16 * Uniform(rng_, 0, 4));
    }
    d.base = (static_cast<uint64_t>(i) + 1) << 20;
    ResolvedSurface r;
    std::string err;
    if (!ResolveSurface(d, &r, &err)) std::abort();  // the fixed shapes always resolve
    surfaces_.push_back(r);
  }
}

// A fresh shape for a rotating slot in format f: any geometry and layout; two in five
// block-linear surfaces with a y axis are tall (several rows of blocks: 17..64 rows against
// blocks of 8 or 16), and 3D ones have 1..4 slices against blocks of 1 or 2.
ResolvedSurface Stimulus::RotatingSurface(size_t slot, const FormatInfo& f) {
  for (int attempt = 0;; ++attempt) {
    SurfaceDesc d;
    d.order = f.order;
    d.type = f.type;
    d.dim = kSurfaceDims[Uniform(rng_, 0, 4)];
    d.layout = Chance(rng_, 50) ? Layout::kPitch : Layout::kBlockLinear;
    const bool has_y = d.dim == Geometry::k2d || d.dim == Geometry::k3d || d.dim == Geometry::kA2d;
    const bool tall = d.layout == Layout::kBlockLinear && has_y && Chance(rng_, 40);
    d.width = static_cast<uint32_t>(Uniform(rng_, 1, 40));
    d.height = !has_y ? 1 : static_cast<uint32_t>(tall ? Uniform(rng_, 17, 64) : Uniform(rng_, 1, 12));
    d.depth = d.dim == Geometry::k3d ? static_cast<uint32_t>(Uniform(rng_, 1, 4)) : 1;
    d.array_size = IsArray(d.dim) ? static_cast<uint32_t>(Uniform(rng_, 1, 4)) : 0;
    if (d.layout == Layout::kBlockLinear) {
      d.block_height_log2 = static_cast<uint8_t>(Uniform(rng_, 0, tall ? 1 : 2));
      d.block_depth_log2 = d.dim == Geometry::k3d ? static_cast<uint8_t>(Uniform(rng_, 0, 1)) : 0;
    } else if (Chance(rng_, 30)) {
      d.pitch = static_cast<uint32_t>((d.width * 16 + 15) / 16 * 16 + 16 * Uniform(rng_, 0, 4));
    }
    d.base = (static_cast<uint64_t>(slot) + 1) << 20;
    ResolvedSurface r;
    std::string err;
    if (!ResolveSurface(d, &r, &err)) {  // e.g. the extra pitch was too small for wide texels
      d.pitch = 0;
      if (!ResolveSurface(d, &r, &err)) continue;
    }
    if (r.size_bytes <= kRotatingBytes) return r;
    if (attempt > 100) std::abort();  // a 1x1 surface of any format fits
  }
}

std::vector<uint64_t> Stimulus::TakeRotation() {
  std::vector<uint64_t> out;
  out.swap(rotated_);
  return out;
}

void Stimulus::InitialMemory(std::vector<std::pair<uint64_t, std::vector<uint8_t>>>* out) {
  for (size_t h = 0; h < surfaces_.size(); ++h) {
    const ResolvedSurface& s = surfaces_[h];
    // A rotating slot's later shapes reach further: random bytes up to the limit.
    std::vector<uint8_t> bytes(h >= rotating0_ ? kRotatingBytes : s.size_bytes);
    for (size_t i = 0; i < bytes.size(); i += 8) {  // eight bytes per draw
      const uint64_t r = rng_();
      std::memcpy(&bytes[i], &r, std::min<size_t>(8, bytes.size() - i));
    }
    out->emplace_back(s.desc.base, std::move(bytes));
  }
}

void Stimulus::Coords(const ResolvedSurface& s, Geometry g, uint32_t x_unit, uint32_t size,
                      Request* r) {
  // x in steps of the access size, edges favoured; .b forms sometimes misaligned.
  const int64_t steps = static_cast<int64_t>(s.row_bytes / size);
  int64_t xb = static_cast<int64_t>(BoundaryCoord(rng_, steps > 0 ? steps : 1)) * size;
  if (x_unit == 1 && size > 1 && Chance(rng_, 10)) xb += Uniform(rng_, 1, size - 1);
  const uint32_t x = static_cast<uint32_t>(static_cast<int32_t>(xb / static_cast<int64_t>(x_unit)));
  const uint32_t y = static_cast<uint32_t>(BoundaryCoord(rng_, s.desc.height));
  const uint32_t z = static_cast<uint32_t>(BoundaryCoord(rng_, s.desc.depth));
  const uint32_t layer = static_cast<uint32_t>(BoundaryCoord(rng_, s.desc.array_size ? s.desc.array_size : 1));
  for (uint32_t& c : r->coords) c = static_cast<uint32_t>(rng_());  // unused lanes: garbage
  PlaceCoords(g, x, y, z, layer, r->coords);
}

void Stimulus::SetTextures(std::vector<TexBinding> textures, std::vector<uint64_t> samplers,
                           uint64_t pool_entries) {
  textures_ = std::move(textures);
  samplers_ = std::move(samplers);
  pool_entries_ = pool_entries;
}

// A tex of texture `texture` (or a random one), now and then with a bad handle: an unbound slot,
// one past the pool, a sampler slot as the texture, an unbound or non-sampler independent
// sampler, or another texture's form (a geometry mismatch when the geometries differ).
Txn Stimulus::Tex(int texture) {
  const int n = static_cast<int>(textures_.size());
  const int i = texture >= 0 ? texture : static_cast<int>(Uniform(rng_, 0, n - 1));
  const bool independent = !samplers_.empty() && Chance(rng_, 30);
  uint64_t handle = textures_[i].handle;
  uint64_t sampler = independent ? samplers_[Uniform(rng_, 0, samplers_.size() - 1)] : 0;
  int source = i;
  std::string how;
  const int pick = texture >= 0 ? 99 : static_cast<int>(Uniform(rng_, 0, 99));
  if (pick < 2) {
    handle = Chance(rng_, 50) ? pool_entries_ - 1 : 0x0Full << 20;  // unbound; past the pool
    how = " (unbound or out-of-pool texture handle)";
  } else if (pick < 4) {
    handle = textures_[i].sampler;
    how = " (a sampler slot as the texture)";
  } else if (pick < 6 && independent) {
    sampler = Chance(rng_, 50) ? pool_entries_ - 1 : textures_[i].handle;
    how = " (unbound or non-sampler independent sampler)";
  } else if (pick < 10) {
    source = static_cast<int>(Uniform(rng_, 0, n - 1));
    if (source != i) how = " (the form of texture " + std::to_string(source) + ")";
  }
  TexOp op = RandomTexOp(rng_, textures_[source].tex, independent, handle, sampler);
  if (IsCube(op.in.geom) && Chance(rng_, 3)) {
    // .s32 coordinates on a cube map: the front end refuses them; on the pins, illegal (H12).
    op.in.coord_type = DataType::kS32;
    how += " (.s32 coordinates on a cube: illegal)";
  }
  Txn t;
  t.in = op.in;
  t.req = op.req;
  t.cls = TxnClass::kTex;
  t.texture = how.empty() ? i : -1;
  std::ostringstream d;
  d << op.ptx << "  texture h" << handle;
  if (independent) d << ", sampler h" << sampler;
  d << how;
  t.text = d.str();
  return t;
}

void Stimulus::Random(Kind kind, int surface, Txn* out) {
  if (kind == Kind::kTex && !textures_.empty()) {
    *out = Tex();
    return;
  }
  Txn& t = *out;
  t.Reset();
  Instruction& in = t.in;
  Request& rq = t.req;
  const bool sust_p = kind == Kind::kSust && Chance(rng_, 40);
  // Most sust.p go to the rotating slots, which cycle through every format.
  const bool rotating = sust_p && rotating0_ < surfaces_.size() && Chance(rng_, kRotatingSustPercent);
  const size_t h = surface >= 0 ? static_cast<size_t>(surface)
                   : rotating   ? static_cast<size_t>(Uniform(rng_, rotating0_, surfaces_.size() - 1))
                                : static_cast<size_t>(Uniform(rng_, 0, surfaces_.size() - 1));
  const ResolvedSurface& s = surfaces_[h];
  if (sust_p) ++sust_p_seen_[h];
  rq.handle = h;
  in.resource_is_symbol = Chance(rng_, 70);  // else a .u64 register holds the handle (indirect)
  in.geom = Chance(rng_, 95) ? s.desc.dim : kSurfaceDims[Uniform(rng_, 0, 4)];
  in.clamp = static_cast<ClampMode>(Uniform(rng_, 0, 2));
  in.clamp_explicit = true;
  const bool int_fmt = s.fmt.value_class() != ValueClass::kF32;
  auto data32 = [&](bool as_int) -> uint64_t {
    if (as_int) {
      static const uint32_t kInts[] = {0, 1, 0xFFFFFFFF, 255, 256, 65535, 65536, 0x7FFFFFFF,
                                       0x80000000, 127, 0xFFFFFF80};
      return Chance(rng_, 50) ? kInts[Uniform(rng_, 0, 10)] : static_cast<uint32_t>(rng_());
    }
    static const float kFloats[] = {0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 65504.0f, 1e-8f, 2.0f};
    if (Chance(rng_, 30)) return FloatBits(kFloats[Uniform(rng_, 0, 7)]);
    if (Chance(rng_, 5)) return 0x7FC00000u;
    return FloatBits(static_cast<float>(Uniform(rng_, -1500000, 1500000)) / 1000000.0f);
  };
  if (kind == Kind::kSuq) {
    in.opcode = Opcode::kSuq;
    in.query = static_cast<QueryKind>(Uniform(rng_, 0, kCount<QueryKind> - 1));
    in.type = DataType::kB32;
  } else if (kind == Kind::kSured) {
    in.opcode = Opcode::kSured;
    in.addressing = Chance(rng_, 60) ? Addressing::kByte : Addressing::kSample;
    in.red_op = static_cast<RedOp>(Uniform(rng_, 0, kCount<RedOp> - 1));
    if (in.addressing == Addressing::kByte) {
      static const DataType kAdd[] = {DataType::kU32, DataType::kU64, DataType::kS32};
      static const DataType kMinMax[] = {DataType::kU32, DataType::kS32, DataType::kU64,
                                         DataType::kS64};
      in.type = in.red_op == RedOp::kAdd ? kAdd[Uniform(rng_, 0, 2)]
                : (in.red_op == RedOp::kMin || in.red_op == RedOp::kMax) ? kMinMax[Uniform(rng_, 0, 3)]
                                                                         : DataType::kB32;
    } else {
      const bool wide = (in.red_op == RedOp::kMin || in.red_op == RedOp::kMax) && Chance(rng_, 40);
      in.type = wide ? DataType::kB64 : DataType::kB32;
      if (Chance(rng_, 20) && in.red_op != RedOp::kAnd && in.red_op != RedOp::kOr) {
        in.type = wide ? (Chance(rng_, 50) ? DataType::kU64 : DataType::kS64)
                       : (Chance(rng_, 50) ? DataType::kU32 : DataType::kS32);
      }
    }
    const uint32_t size = static_cast<uint32_t>(DataTypeBytes(in.type));
    Coords(s, in.geom, in.addressing == Addressing::kByte ? 1 : size, size, &rq);
    rq.data[0] = (static_cast<uint64_t>(data32(true)) << 32) | data32(true);
  } else if (sust_p) {
    in.opcode = Opcode::kSust;
    in.addressing = Addressing::kSample;
    in.vec = static_cast<VecSize>(Uniform(rng_, 0, 2));
    in.type = DataType::kB32;
    const uint32_t tb = static_cast<uint32_t>(s.fmt.texel_bytes);
    Coords(s, in.geom, tb, tb, &rq);
    for (int i = 0; i < 4; ++i) rq.data[i] = data32(int_fmt);
  } else {  // suld.b / sust.b (and tex without textures: suld)
    in.opcode = kind == Kind::kSust ? Opcode::kSust : Opcode::kSuld;
    in.addressing = Addressing::kByte;
    static const DataType kTypes[] = {DataType::kB8, DataType::kB16, DataType::kB32, DataType::kB64};
    do {
      in.vec = static_cast<VecSize>(Uniform(rng_, 0, 2));
      in.type = kTypes[Uniform(rng_, 0, 3)];
    } while (in.VecCount() * DataTypeBytes(in.type) > 16);
    const uint32_t size = static_cast<uint32_t>(in.VecCount() * DataTypeBytes(in.type));
    Coords(s, in.geom, 1, size, &rq);
    for (int i = 0; i < 4; ++i) rq.data[i] = (static_cast<uint64_t>(rng_()) << 32) ^ rng_();
  }
  t.cls = in.opcode == Opcode::kSust    ? TxnClass::kSust
          : in.opcode == Opcode::kSured ? TxnClass::kSured
          : in.opcode == Opcode::kSuq   ? TxnClass::kSuq
                                        : TxnClass::kSuld;
}

void Stimulus::Next(Txn* out) {
  // A slot that has had its share of sust.p moves to the next format before this request is
  // drawn (so the request sees the new shape, and the bench rebinds the slot ahead of it).
  for (size_t h = rotating0_; h < surfaces_.size(); ++h) {
    if (sust_p_seen_[h] < kSustPerFormat) continue;
    const auto& formats = SurfaceFormats();
    surfaces_[h] = RotatingSurface(h, formats[format_cycle_[format_pos_++ % formats.size()]]);
    sust_p_seen_[h] = 0;
    rotated_.push_back(h);
  }
  if (queued_head_ < queued_.size()) {
    *out = std::move(queued_[queued_head_++]);
    if (queued_head_ == queued_.size()) {
      queued_.clear();
      queued_head_ = 0;
    }
    return;
  }
  int pick = static_cast<int>(Uniform(rng_, 0, pick_total_ - 1));
  Kind kind = Kind::kSuld;
  for (const auto& [k, w] : picks_) {
    if (pick < w) {
      kind = k;
      break;
    }
    pick -= w;
  }
  // Scenarios queue their later requests in the order they go out.
  if (kind == Kind::kSuld && Chance(rng_, kSuldBurstPercent)) {
    // Now and then a burst of 8 to 12 suld of one surface, back to back (its descriptor cached
    // after the first): enough reads to reach the unit's outstanding-read limit (MaxReads 8,
    // cover point tsu_issue.c_reads_full) while memory answers late.
    Random(Kind::kSuld, -1, out);
    const uint64_t h = out->req.handle;
    if (h < surfaces_.size()) {
      const int n = static_cast<int>(Uniform(rng_, 8, 12));
      for (int i = 1; i < n; ++i) queued_.push_back(Random(Kind::kSuld, static_cast<int>(h)));
    }
    return;
  }
  if (kind == Kind::kChain) {  // 2..8 sureds to one address, back to back
    Random(Kind::kSured, -1, out);
    const int n = static_cast<int>(Uniform(rng_, 2, 8));
    for (int i = 1; i < n; ++i) {
      queued_.push_back(*out);
      queued_.back().req.data[0] = (static_cast<uint64_t>(rng_()) << 32) ^ rng_();
    }
    return;
  }
  if (kind == Kind::kStoreLoad) {  // sust.b then suld.b of the same bytes
    Random(Kind::kSust, -1, out);
    if (out->in.addressing == Addressing::kSample) return;
    queued_.push_back(*out);
    queued_.back().in.opcode = Opcode::kSuld;
    queued_.back().cls = TxnClass::kSuld;
    return;
  }
  if (kind == Kind::kStoreTex) {  // a store to a surface and a tex of a texture sharing its bytes
    std::vector<int> aliased;
    for (size_t k = 0; k < textures_.size(); ++k) {
      if (textures_[k].alias_surface >= 0) aliased.push_back(static_cast<int>(k));
    }
    if (aliased.empty()) return Random(Kind::kSust, -1, out);
    const int k = aliased[Uniform(rng_, 0, aliased.size() - 1)];
    Txn st = Random(Chance(rng_, 75) ? Kind::kSust : Kind::kSured, textures_[k].alias_surface);
    st.in.geom = surfaces_[textures_[k].alias_surface].desc.dim;  // no geometry trap
    Txn tx = Tex(k);
    if (Chance(rng_, 50)) std::swap(st, tx);
    *out = std::move(st);
    queued_.push_back(std::move(tx));
    return;
  }
  if (kind == Kind::kBadHandle) {
    Random(Chance(rng_, 50) ? Kind::kSuld : Kind::kSuq, -1, out);
    Txn& t = *out;
    const int pickh = static_cast<int>(Uniform(rng_, 0, 2));
    t.req.handle = pickh == 0 ? surfaces_.size() + static_cast<uint64_t>(Uniform(rng_, 0, entries_ - 1 - static_cast<int>(surfaces_.size())))
                   : pickh == 1 ? static_cast<uint64_t>(entries_) + static_cast<uint64_t>(Uniform(rng_, 0, 1000))
                                : rng_() | (1ull << 63);
    t.in.resource_is_symbol = false;
    return;
  }
  if (kind == Kind::kIllegal) {  // forms only a hand-built instruction can have
    if (!texture_path_ && Chance(rng_, 20)) {
      *out = TexWithoutPath();
      return;
    }
    if (Chance(rng_, 60)) {
      *out = Reserved();
      return;
    }
    Random(Kind::kSuld, -1, out);
    Txn& t = *out;
    if (Chance(rng_, 50)) {
      t.in.vec = VecSize::kV4;
      t.in.type = DataType::kB64;  // 256 bits
    } else {
      t.in.opcode = Opcode::kSured;
      t.in.type = DataType::kB16;  // sured needs 32 or 64 bits
      t.cls = TxnClass::kSured;
    }
    return;
  }
  Random(kind, -1, out);
}

// A tex to a unit without the texture path: any form (RandomTexOp on a random texture, which is
// not bound: the unit must not look the handle up) naming any handle.
Txn Stimulus::TexWithoutPath() {
  const ResolvedTexture tex = RandomTexture(rng_, 48, true);
  const bool independent = Chance(rng_, 30);
  const auto handle = static_cast<uint64_t>(Uniform(rng_, 0, entries_ - 1));
  TexOp op = RandomTexOp(rng_, tex, independent, handle, independent ? handle + 1 : 0);
  Txn t;
  t.in = op.in;
  t.req = op.req;
  t.cls = TxnClass::kTex;
  t.text = op.ptx + "  handle h" + std::to_string(handle) + " (a unit without the texture path)";
  return t;
}

// A request whose pins carry a code the encodings table leaves reserved in one field (what the
// field's width allows past its last defined value): the unit must trap illegal_instruction.
Txn Stimulus::Reserved() {
  static constexpr Kind kKinds[] = {Kind::kSuld, Kind::kSust, Kind::kSured, Kind::kSuq};
  Txn t = Random(kKinds[Uniform(rng_, 0, 3)]);
  const std::string was = Describe(t);
  Instruction& in = t.in;
  auto reserved = [&](auto* field) {
    using T = std::remove_pointer_t<decltype(field)>;
    *field = static_cast<T>(kCount<T> + Uniform(rng_, 0, kReservedCodes<T> - 1));
    return static_cast<int>(*field);
  };
  static_assert(kReservedCodes<Opcode> > 0 && kReservedCodes<Geometry> > 0 &&
                    kReservedCodes<VecSize> > 0 && kReservedCodes<DataType> > 0 &&
                    kReservedCodes<ClampMode> > 0 && kReservedCodes<RedOp> > 0 &&
                    kReservedCodes<QueryKind> > 0,
                "every field below has reserved codes");
  const int pick = static_cast<int>(Uniform(rng_, 0, 6));  // kReservedFieldNames' order
  int code = 0;
  switch (pick) {
    case 0: code = reserved(&in.opcode); break;
    case 1: code = reserved(&in.geom); break;
    case 2: code = reserved(&in.vec); break;
    case 3: code = reserved(&in.type); break;
    case 4: code = reserved(&in.clamp); break;
    case 5: code = reserved(&in.red_op); break;
    default: code = reserved(&in.query); break;
  }
  if (ReservedField(in) != pick) std::abort();  // the table and the switch disagree
  t.text = was + "  with reserved " + kReservedFieldNames[pick] + " code " + std::to_string(code);
  return t;
}

int ReservedField(const Instruction& in) {
  return ToInt(in.opcode) >= kCount<Opcode>     ? 0
         : ToInt(in.geom) >= kCount<Geometry>   ? 1
         : ToInt(in.vec) >= kCount<VecSize>     ? 2
         : ToInt(in.type) >= kCount<DataType>   ? 3
         : ToInt(in.clamp) >= kCount<ClampMode> ? 4
         : ToInt(in.red_op) >= kCount<RedOp>    ? 5
         : ToInt(in.query) >= kCount<QueryKind> ? 6
                                                : -1;
}

std::string Stimulus::Describe(const Txn& t) {
  if (!t.text.empty()) return t.text;
  const Instruction& in = t.in;
  std::ostringstream o;
  o << Name(in.opcode);
  if (in.opcode == Opcode::kSuq) {
    o << "." << Name(in.query) << ".b32 [h" << t.req.handle << "]";
    return o.str();
  }
  o << "." << Name(in.addressing);
  if (in.opcode == Opcode::kSured) o << "." << Name(in.red_op);
  o << "." << Name(in.geom);
  if (in.opcode != Opcode::kSured && in.vec != VecSize::kV1) o << "." << Name(in.vec);
  o << "." << Name(in.type) << "." << Name(in.clamp) << " [" << (in.resource_is_symbol ? "h" : "%rd=")
    << t.req.handle << ", {";
  const int n = in.geom == Geometry::k1d ? 1 : (in.geom == Geometry::k2d || in.geom == Geometry::kA1d) ? 2 : 3;
  for (int i = 0; i < n; ++i) o << (i ? ", " : "") << static_cast<int32_t>(t.req.coords[i]);
  o << "}]";
  if (in.opcode != Opcode::kSuld) {
    o << std::hex << ", 0x" << t.req.data[0];
    if (in.opcode == Opcode::kSust) {
      for (int i = 1; i < in.VecCount(); ++i) o << ", 0x" << t.req.data[i];
    }
    o << std::dec;
  }
  return o.str();
}

}  // namespace tsu::tb
