#include "coverage.h"

#include <algorithm>
#include <iterator>

#include "surface_gen.h"
#include "tsu/float_bits.h"
#include "tsu/instruction.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

constexpr Geometry kDims[] = {Geometry::k1d, Geometry::k2d, Geometry::k3d, Geometry::kA1d,
                              Geometry::kA2d};

std::string S(std::string_view v) { return std::string(v); }

// sust.p bins: one per surface format, named by what the store must do. A format the unit
// converts is hit by a store that executes; an sRGB surface (docs/semantics.md R5) or a format
// whose conversion family the configuration left out (H3) by a store that traps
// format_mismatch.
std::string SustBin(const FormatInfo& f, const FormatFamilies& fam) {
  const std::string name = S(Name(f.order)) + "/" + S(Name(f.type));
  if (f.srgb) return "format.sust.p_srgb." + name;
  if (!fam.Converts(f.kind)) return "format.sust.p_left_out." + name;
  return "format.sust.p." + name;
}

constexpr const char* kKindNames[] = {"unorm", "snorm", "uint", "sint", "half", "float"};  // ChannelKind

// Four-channel formats with an alpha field: a sust.p of fewer than four components stores the
// default alpha (0, 0, 0, 1) there.
bool HasAlphaField(const FormatInfo& f) {
  for (int i = 0; i < f.num_fields; ++i) {
    if (f.fields[i].comp == 3) return f.num_fields == 4;
  }
  return false;
}

}  // namespace

Coverage::Coverage() {
  // instruction x geometry x clamp x in/out of bounds x layout
  for (const char* op : {"suld.b", "sust.b", "sust.p", "sured.b", "sured.p"}) {
    for (Geometry g : kDims) {
      for (int c = 0; c < kCount<ClampMode>; ++c) {
        for (const char* where : {"in", "oob"}) {
          for (int l = 0; l < kCount<Layout>; ++l) {
            planned_.push_back(std::string("cross.") + op + "." + S(Name(g)) + "." +
                               S(Name(static_cast<ClampMode>(c))) + "." + where + "." +
                               S(Name(static_cast<Layout>(l))));
          }
        }
      }
    }
  }
  // .b element types and vector widths
  for (const char* op : {"suld.b", "sust.b"}) {
    for (const char* t : {"b8", "b16", "b32", "b64"}) planned_.push_back(std::string("type.") + op + "." + t);
    for (const char* v : {"v1", "v2", "v4"}) planned_.push_back(std::string("vec.") + op + "." + v);
    planned_.push_back(std::string("misaligned.") + op);
  }
  // sured op x type
  for (const char* ot : {"add.u32", "add.u64", "add.s32", "min.u32", "min.s32", "min.u64",
                         "min.s64", "max.u32", "max.s32", "max.u64", "max.s64", "and.b32",
                         "or.b32"}) {
    planned_.push_back(std::string("redop.b.") + ot);
  }
  for (const char* ot : {"add", "min", "max", "and", "or"}) planned_.push_back(std::string("redop.p.") + ot);
  for (const FormatInfo& f : SurfaceFormats()) planned_.push_back(SustBin(f, families_));
  for (const char* k : kKindNames) planned_.push_back(std::string("format.sust.p.default_alpha.") + k);
  // Block-linear surfaces taller or deeper than one block: an access in the third row of blocks
  // or later, and one past the first block of slices.
  planned_.push_back("layout.block_linear.third_block_row");
  planned_.push_back("layout.block_linear.second_block_slice");
  for (const char* f : kReservedFieldNames) planned_.push_back(std::string("illegal.reserved.") + f);
  for (int q = 0; q < kCount<QueryKind>; ++q) planned_.push_back("suq." + S(Name(static_cast<QueryKind>(q))));
  for (int c = 1; c < kCount<TrapCause>; ++c) planned_.push_back("trap." + S(Name(static_cast<TrapCause>(c))));
  for (const char* h : {"hazard.sured_after_sured_same_address", "hazard.load_after_sured_same_line",
                        "hazard.load_after_store_same_bytes", "hazard.store_after_sured",
                        "handle.indirect", "handle.direct"}) {
    planned_.push_back(h);
  }
  for (const std::string& b : planned_) bins_[b] = 0;
}

constexpr Geometry kTexDims[] = {Geometry::k1d, Geometry::k2d, Geometry::k3d, Geometry::kA1d,
                                 Geometry::kA2d};
// The geometries of the filter cross and of .grad: every sampled geometry but multisample.
constexpr Geometry kTexCrossDims[] = {Geometry::k1d,  Geometry::k2d,  Geometry::k3d,
                                      Geometry::kA1d, Geometry::kA2d, Geometry::kCube,
                                      Geometry::kACube};
constexpr DataType kTexDst[] = {DataType::kU32, DataType::kS32, DataType::kF16, DataType::kF32,
                                DataType::kF16x2};
constexpr const char* kTexModes[] = {"plain", "base", "level", "grad"};

namespace {

// Whether a tex bin needs a feature that `f` leaves out (so a configuration without it never hits
// the bin: such tex trap).
bool NeedsLeftOut(const std::string& bin, const TexFeatures& f) {
  auto starts = [&bin](const char* p) { return bin.rfind(p, 0) == 0; };
  auto ends = [&bin](const char* p) {
    const std::string e(p);
    return bin.size() >= e.size() && bin.compare(bin.size() - e.size(), e.size(), e) == 0;
  };
  return (!f.grad && (starts("tex.grad.") || bin == "tex.mode.grad")) ||
         (!f.cube && (starts("tex.cube.") || starts("tex.cross.cube") || starts("tex.cross.acube") ||
                      bin == "tex.grad.cube" || bin == "tex.grad.acube")) ||
         (!f.seamless && starts("tex.cube.seamless")) ||
         (!f.compare && bin == "tex.depth_compare") ||
         (!f.multisample && (bin == "tex.cross.2dms" || bin == "tex.cross.a2dms")) ||
         (!f.residency && bin == "tex.nonresident") ||
         (!f.mip_linear && ((starts("tex.cross.") && ends(".linear")) || bin == "tex.grad.mip_linear")) ||
         (!f.norm && (bin == "tex.format.unorm" || bin == "tex.format.snorm" ||
                      bin == "tex.format.srgb")) ||
         (!f.half && bin == "tex.format.half") ||
         (!f.integer && (bin == "tex.format.uint" || bin == "tex.format.sint"));
}

constexpr const char* kTexFeatureNames[] = {"grad",      "cube",       "seamless", "compare",
                                            "multisample", "residency", "mip_linear", "norm",
                                            "half",      "integer"};

}  // namespace

void Coverage::EnableTex(const TexFeatures& f) {
  tex_features_ = f;
  std::vector<std::string> add;
  // geometry x filter x mip filter (the sampler's mag filter: what .base and plain tex use)
  for (Geometry g : kTexCrossDims) {
    for (int f = 0; f < kCount<FilterMode>; ++f) {
      for (int m = 0; m < kCount<MipFilter>; ++m) {
        add.push_back("tex.cross." + S(Name(g)) + "." + S(Name(static_cast<FilterMode>(f))) + "." +
                      S(Name(static_cast<MipFilter>(m))));
      }
    }
  }
  // Cube maps: every face, seamless on and off, directions within half a texel of a face's edge
  // (level 0: a linear tap off the face) and of a corner (off both edges), layers past the first.
  for (int f = 0; f < 6; ++f) add.push_back("tex.cube.face." + std::to_string(f));
  for (const char* b : {"tex.cube.seamless", "tex.cube.clamped", "tex.cube.seamless_edge",
                        "tex.cube.seamless_corner", "tex.cube.clamped_edge", "tex.cube.array_layer"}) {
    add.push_back(b);
  }
  for (Geometry g : {Geometry::k2dms, Geometry::kA2dms}) add.push_back("tex.cross." + S(Name(g)));
  for (int a = 0; a < kCount<AddressMode>; ++a) add.push_back("tex.address." + S(Name(static_cast<AddressMode>(a))));
  for (DataType d : kTexDst) add.push_back("tex.dtype." + S(Name(d)));
  for (const char* k : {"unorm", "snorm", "uint", "sint", "half", "float", "srgb"}) {
    add.push_back(std::string("tex.format.") + k);
  }
  for (const char* m : kTexModes) add.push_back(std::string("tex.mode.") + m);
  // .grad: every geometry (cube maps through the quotient rule), integer coordinates, a linear
  // mip filter between the levels its gradients select, and NaN or infinite partials (lambda
  // saturated).
  for (Geometry g : kTexCrossDims) add.push_back("tex.grad." + S(Name(g)));
  for (const char* b : {"tex.grad.s32", "tex.grad.mip_linear", "tex.grad.special"}) add.push_back(b);
  for (const char* b : {"tex.coords.s32", "tex.coords.f32", "tex.offsets", "tex.depth_compare",
                        "tex.nonresident", "tex.unified", "tex.independent", "tex.normalized",
                        "tex.unnormalized", "tex.trap.invalid_handle", "tex.trap.geometry_mismatch",
                        "tex.trap.illegal_instruction",
                        "order.tex_after_store_to_its_surface", "order.store_after_tex_of_its_surface"}) {
    add.push_back(b);
  }
  // A left-out feature: a tex that needs it traps (H15). Seamless filtering is of cube maps: it
  // has a bin of its own only where cube maps are in.
  const bool on[] = {f.grad, f.cube, f.seamless || !f.cube, f.compare, f.multisample, f.residency,
                     f.mip_linear, f.norm, f.half, f.integer};
  static_assert(std::size(on) == std::size(kTexFeatureNames));
  for (size_t k = 0; k < std::size(on); ++k) {
    if (!on[k]) add.push_back(std::string("tex.left_out.") + kTexFeatureNames[k]);
  }
  add.erase(std::remove_if(add.begin(), add.end(),
                           [&f](const std::string& b) { return NeedsLeftOut(b, f); }),
            add.end());
  for (const std::string& b : add) {
    if (bins_.count(b) == 0) {
      planned_.push_back(b);
      bins_[b] = 0;
    }
  }
}

void Coverage::NoTexturePath() {
  tex_features_.path = false;
  planned_.push_back("illegal.no_texture_path");
  bins_["illegal.no_texture_path"] = 0;
}

void Coverage::SampleTex(const Txn& t, const TexBinding* b, const SamplerDesc* smp_in,
                         const Response& r) {
  if (!tex_features_.path) {  // no texture path: the tex's only outcome is this trap
    if (r.trap == TrapCause::kIllegalInstruction) Hit("illegal.no_texture_path");
    return;
  }
  const Instruction& in = t.in;
  auto u = [](auto e) { return static_cast<unsigned>(e); };
  if (r.trap != TrapCause::kNone) {
    Hit(Key({20, u(r.trap)}), [&] { return "tex.trap." + S(Name(r.trap)); });
    // A trap for a left-out feature (H15): the model's rule names the feature.
    if (!tex_features_.All() && b != nullptr && smp_in != nullptr && in.geom == b->tex.desc.dim) {
      std::string why;
      if (TexFeatureTrap(tex_features_, in, b->tex, *smp_in, &why) == r.trap) {
        Hit("tex.left_out." + why);
      }
    }
  }
  const uint64_t store_before = last_store_base_;
  last_store_base_ = kNoBase;
  last_tex_base_ = b != nullptr && b->alias_surface >= 0 ? b->tex.desc.base : kNoBase;
  if (b == nullptr || smp_in == nullptr || r.trap != TrapCause::kNone) return;
  if (store_before != kNoBase && store_before == b->tex.desc.base) {
    Hit(Key({21, 0}), [] { return std::string("order.tex_after_store_to_its_surface"); });
  }
  const SamplerDesc& smp = *smp_in;
  if (IsMultisample(in.geom)) {
    Hit(Key({22, u(in.geom)}), [&] { return "tex.cross." + S(Name(in.geom)); });
  } else {
    Hit(Key({23, u(in.geom), u(smp.mag_filter), u(smp.mip_filter)}), [&] {
      return "tex.cross." + S(Name(in.geom)) + "." + S(Name(smp.mag_filter)) + "." +
             S(Name(smp.mip_filter));
    });
  }
  for (AddressMode a : {smp.address[0], smp.address[1], smp.address[2]}) {
    Hit(Key({24, u(a)}), [&] { return "tex.address." + S(Name(a)); });
  }
  Hit(Key({25, u(in.type)}), [&] { return "tex.dtype." + S(Name(in.type)); });
  static const char* const kKinds[] = {"unorm", "snorm", "uint", "sint", "half", "float"};
  Hit(Key({26, u(b->tex.fmt.kind)}), [&] { return std::string("tex.format.") + kKinds[u(b->tex.fmt.kind)]; });
  if (b->tex.fmt.srgb) Hit(Key({26, 99}), [] { return std::string("tex.format.srgb"); });
  Hit(Key({27, u(in.tex_mode)}), [&] { return std::string("tex.mode.") + kTexModes[u(in.tex_mode)]; });
  const bool s32 = in.coord_type == DataType::kS32;
  if (IsCube(in.geom)) {
    const int first = in.geom == Geometry::kACube ? 1 : 0;
    const CubeFace f = SelectCubeFace(AsFloat(t.req.coords[first]), AsFloat(t.req.coords[first + 1]),
                                      AsFloat(t.req.coords[first + 2]));
    Hit(Key({40, u(f.face)}), [&] { return "tex.cube.face." + std::to_string(f.face); });
    const bool seam = smp.seamless_cube;
    Hit(Key({41, seam}), [&] { return std::string(seam ? "tex.cube.seamless" : "tex.cube.clamped"); });
    const float n = static_cast<float>(b->tex.level[0].desc.width);
    auto near = [n](float c) { return c * n < 0.5f || c * n > n - 0.5f; };
    if (near(f.s) || near(f.t)) {
      Hit(Key({42, seam}), [&] { return std::string(seam ? "tex.cube.seamless_edge" : "tex.cube.clamped_edge"); });
    }
    if (seam && near(f.s) && near(f.t)) Hit(Key({43, 0}), [] { return std::string("tex.cube.seamless_corner"); });
    if (first == 1 && t.req.coords[0] > 0 && b->tex.desc.array_size > 1) {
      Hit(Key({44, 0}), [] { return std::string("tex.cube.array_layer"); });
    }
  }
  if (in.tex_mode == TexMode::kGrad) {
    Hit(Key({30, u(in.geom)}), [&] { return "tex.grad." + S(Name(in.geom)); });
    if (s32) Hit(Key({31, 0}), [] { return std::string("tex.grad.s32"); });
    if (smp.mip_filter == MipFilter::kLinear && b->tex.desc.levels > 1) {
      Hit(Key({31, 1}), [] { return std::string("tex.grad.mip_linear"); });
    }
    for (int a = 0; a < 3; ++a) {
      for (uint32_t v : {t.req.dpdx[a], t.req.dpdy[a]}) {
        if ((v & 0x7F800000u) == 0x7F800000u) Hit(Key({31, 2}), [] { return std::string("tex.grad.special"); });
      }
    }
  }
  Hit(Key({28, s32}), [&] { return std::string(s32 ? "tex.coords.s32" : "tex.coords.f32"); });
  if (!in.offset.empty()) Hit(Key({29, 0}), [] { return std::string("tex.offsets"); });
  if (in.has_depth_ref) Hit(Key({29, 1}), [] { return std::string("tex.depth_compare"); });
  if (!r.pred) Hit(Key({29, 2}), [] { return std::string("tex.nonresident"); });
  Hit(Key({29, 3u + in.has_sampler}), [&] { return std::string(in.has_sampler ? "tex.independent" : "tex.unified"); });
  Hit(Key({29, 5u + smp.normalized}), [&] { return std::string(smp.normalized ? "tex.normalized" : "tex.unnormalized"); });
}

void Coverage::SetFamilies(const FormatFamilies& f) {
  by_key_.m.clear();  // bins may be renamed below
  std::vector<std::pair<std::string, std::string>> renamed;
  for (const FormatInfo& fi : SurfaceFormats()) {
    const std::string was = SustBin(fi, families_), now = SustBin(fi, f);
    if (was != now) renamed.emplace_back(was, now);
  }
  for (size_t k = 0; k < std::size(kKindNames); ++k) {  // default alpha of a left-out family
    if (f.Converts(static_cast<ChannelKind>(k))) continue;
    renamed.emplace_back(std::string("format.sust.p.default_alpha.") + kKindNames[k], "");
  }
  families_ = f;
  for (const auto& [was, now] : renamed) {
    planned_.erase(std::remove(planned_.begin(), planned_.end(), was), planned_.end());
    bins_.erase(was);
    if (now.empty()) continue;
    planned_.push_back(now);
    bins_[now] += 0;
  }
}

void Coverage::Sample(const Txn& t, const ResolvedSurface* s, const Response& r) {
  const Instruction& in = t.in;
  auto u = [](auto e) { return static_cast<unsigned>(e); };
  // Store/tex ordering: a store or reduction right after a tex of a texture sharing its surface.
  const uint64_t tex_before = last_tex_base_;
  last_tex_base_ = kNoBase;
  last_store_base_ = kNoBase;
  if ((in.opcode == Opcode::kSust || in.opcode == Opcode::kSured) && r.trap == TrapCause::kNone &&
      r.write.valid) {
    // The surface the slot holds now (rebinding moves surfaces between slots): its bytes are the
    // texture's when both start at the same base.
    last_store_base_ = s != nullptr ? s->desc.base : kNoBase;
    if (tex_before != kNoBase && tex_before == last_store_base_) {
      Hit(Key({21, 1}), [] { return std::string("order.store_after_tex_of_its_surface"); });
    }
  }
  Hit(Key({1, in.resource_is_symbol}),
      [&] { return std::string(in.resource_is_symbol ? "handle.direct" : "handle.indirect"); });
  if (r.trap != TrapCause::kNone) Hit(Key({2, u(r.trap)}), [&] { return "trap." + S(Name(r.trap)); });
  if (in.opcode == Opcode::kSuq) {
    if (r.trap == TrapCause::kNone) {
      Hit(Key({3, u(in.query)}), [&] { return "suq." + S(Name(in.query)); });
    }
    return;
  }
  if (r.trap == TrapCause::kIllegalInstruction) {
    const int reserved = ReservedField(in);
    if (reserved >= 0) {
      Hit(Key({12, static_cast<unsigned>(reserved)}),
          [&] { return std::string("illegal.reserved.") + kReservedFieldNames[reserved]; });
    }
  }
  if (s == nullptr || r.trap == TrapCause::kIllegalInstruction ||
      r.trap == TrapCause::kInvalidHandle) {
    return;
  }
  const unsigned op_code = u(in.opcode) << 1 | u(in.addressing);
  auto op = [&] { return S(Name(in.opcode)) + "." + S(Name(in.addressing)); };
  if (r.trap != TrapCause::kFormatMismatch && r.trap != TrapCause::kGeometryMismatch) {
    const bool oob = r.oob_axes != 0;
    Hit(Key({4, op_code, u(in.geom), u(in.clamp), oob, u(s->desc.layout)}), [&] {
      return "cross." + op() + "." + S(Name(in.geom)) + "." + S(Name(in.clamp)) + "." +
             (oob ? "oob" : "in") + "." + S(Name(s->desc.layout));
    });
  }
  if (in.addressing == Addressing::kByte && in.opcode != Opcode::kSured) {
    Hit(Key({5, op_code, u(in.type)}), [&] { return "type." + op() + "." + S(Name(in.type)); });
    Hit(Key({6, op_code, u(in.vec)}), [&] {
      return "vec." + op() + "." + (in.vec == VecSize::kV1 ? std::string("v1") : S(Name(in.vec)));
    });
    if (r.misaligned) Hit(Key({7, op_code}), [&] { return "misaligned." + op(); });
  }
  if (in.opcode == Opcode::kSured && r.trap == TrapCause::kNone) {
    const bool b = in.addressing == Addressing::kByte;
    Hit(Key({8, b, u(in.red_op), b ? u(in.type) : 0u}), [&] {
      return b ? "redop.b." + S(Name(in.red_op)) + "." + S(Name(in.type))
               : "redop.p." + S(Name(in.red_op));
    });
  }
  if (in.opcode == Opcode::kSust && in.addressing == Addressing::kSample) {
    const bool converts = !s->fmt.srgb && families_.Converts(s->fmt.kind);
    if (converts ? r.trap == TrapCause::kNone : r.trap == TrapCause::kFormatMismatch) {
      Hit(Key({9, u(s->desc.order), u(s->desc.type)}), [&] { return SustBin(s->fmt, families_); });
    }
    if (converts && r.trap == TrapCause::kNone && in.vec != VecSize::kV4 && HasAlphaField(s->fmt)) {
      Hit(Key({10, u(s->fmt.kind)}),
          [&] { return std::string("format.sust.p.default_alpha.") + kKindNames[u(s->fmt.kind)]; });
    }
  }
  // Rows and slices of blocks past the first (operand b's layout: {x,y,z} or {layer,x,y}).
  if (s->desc.layout == Layout::kBlockLinear && r.trap == TrapCause::kNone && r.oob_axes == 0) {
    const uint32_t y = in.geom == Geometry::k2d || in.geom == Geometry::k3d ? t.req.coords[1]
                       : in.geom == Geometry::kA2d                          ? t.req.coords[2]
                                                                            : 0;
    if (y / (kGobRows << s->desc.block_height_log2) >= 2) {  // rows of a block: GOB rows x 2^bh
      Hit(Key({13, 0}), [] { return std::string("layout.block_linear.third_block_row"); });
    }
    if (in.geom == Geometry::k3d && (t.req.coords[2] >> s->desc.block_depth_log2) >= 1) {
      Hit(Key({13, 1}), [] { return std::string("layout.block_linear.second_block_slice"); });
    }
  }
  // Hazards: this access against the recent ones (the unit's pipeline holds about 8).
  const MemAccess& a = r.write.valid ? r.write : r.read;
  if (!a.valid) return;
  for (const Recent& p : recent_) {
    const bool same_line = (p.addr >> 4) == (a.addr >> 4);
    const bool same_bytes = p.addr == a.addr && p.size == a.size;
    if (p.op == Opcode::kSured && in.opcode == Opcode::kSured && same_bytes) {
      Hit(Key({11, 0}), [] { return std::string("hazard.sured_after_sured_same_address"); });
    }
    if (p.op == Opcode::kSured && in.opcode == Opcode::kSuld && same_line) {
      Hit(Key({11, 1}), [] { return std::string("hazard.load_after_sured_same_line"); });
    }
    if (p.op == Opcode::kSust && in.opcode == Opcode::kSuld && same_bytes) {
      Hit(Key({11, 2}), [] { return std::string("hazard.load_after_store_same_bytes"); });
    }
    if (p.op == Opcode::kSured && in.opcode == Opcode::kSust) {
      Hit(Key({11, 3}), [] { return std::string("hazard.store_after_sured"); });
    }
  }
  recent_.push_back({in.opcode, a.addr, a.size});
  if (recent_.size() > 8) recent_.pop_front();
}

std::vector<std::string> Coverage::Missing() const {
  std::vector<std::string> m;
  for (const std::string& b : planned_) {
    auto it = bins_.find(b);
    if (it == bins_.end() || it->second == 0) m.push_back(b);
  }
  return m;
}

}  // namespace tsu::tb
