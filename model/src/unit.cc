#include "tsu/unit.h"

#include "tsu/descriptor_words.h"
#include "tsu/texture_words.h"

namespace tsu {

bool FormatFamilies::Converts(ChannelKind k) const {
  switch (k) {
    case ChannelKind::kUnorm:
    case ChannelKind::kSnorm:
      return norm;
    case ChannelKind::kHalf:
      return half;
    case ChannelKind::kUint:
    case ChannelKind::kSint:
      return integer;
    default:
      return true;
  }
}

bool Unit::BindSurface(uint64_t handle, const SurfaceDesc& desc, std::string* error) {
  ResolvedSurface r;
  if (!ResolveSurface(desc, &r, error)) return false;
  Place(handle, r);
  return true;
}

TrapCause Unit::BindSurfaceImage(uint64_t handle, const DescImage& image, std::string* why) {
  ResolvedSurface r;
  const TrapCause c = DecodeSurface(image, &r, why);
  if (c == TrapCause::kNone) {
    Place(handle, r);
  } else {
    Unbind(handle);
  }
  return c;
}

void Unit::Place(uint64_t handle, const ResolvedSurface& r) {
  if (handle < kDirectHandles) {
    if (direct_.size() <= handle) direct_.resize(handle + 1);
    direct_[handle] = std::make_unique<ResolvedSurface>(r);
  } else {
    others_[handle] = r;
  }
}

void Unit::Unbind(uint64_t handle) {
  if (handle < direct_.size()) {
    direct_[handle].reset();
  } else {
    others_.erase(handle);
  }
}

const ResolvedSurface* Unit::FindSurface(uint64_t handle) const {
  if (handle < kDirectHandles) return handle < direct_.size() ? direct_[handle].get() : nullptr;
  auto it = others_.find(handle);
  return it == others_.end() ? nullptr : &it->second;
}

bool Unit::BindTexture(uint64_t handle, const TextureDesc& desc, std::string* error) {
  ResolvedTexture r;
  if (!ResolveTexture(desc, &r, error)) return false;
  textures_[handle] = std::move(r);
  return true;
}

bool Unit::BindSampler(uint64_t handle, const SamplerDesc& desc, std::string* error) {
  if (!ValidateSampler(desc, error)) return false;
  samplers_[handle] = desc;
  return true;
}

void Unit::UnbindSlot(uint64_t handle) {
  Unbind(handle);
  textures_.erase(handle);
  samplers_.erase(handle);
}

TrapCause Unit::BindTextureImage(uint64_t handle, const DescImage& image, std::string* why) {
  UnbindSlot(handle);
  ResolvedTexture r;
  const TrapCause c = DecodeTexture(image, mem_, &r, why);
  if (c == TrapCause::kNone) textures_[handle] = std::move(r);
  return c;
}

TrapCause Unit::BindSamplerImage(uint64_t handle, const DescImage& image, std::string* why) {
  UnbindSlot(handle);
  SamplerDesc s;
  const TrapCause c = DecodeSampler(image, &s, why);
  if (c == TrapCause::kNone) samplers_[handle] = s;
  return c;
}

const ResolvedTexture* Unit::FindTexture(uint64_t handle) const {
  auto it = textures_.find(handle);
  return it == textures_.end() ? nullptr : &it->second;
}

const SamplerDesc* Unit::FindSampler(uint64_t handle) const {
  auto it = samplers_.find(handle);
  return it == samplers_.end() ? nullptr : &it->second;
}

namespace {

// Invariants the front end guarantees; a hand-built Instruction that breaks them is reported as
// an illegal instruction instead of being executed.
bool WellFormed(const Instruction& in) {
  if (ToInt(in.opcode) >= kCount<Opcode> || ToInt(in.geom) >= kCount<Geometry> ||
      ToInt(in.vec) >= kCount<VecSize> || ToInt(in.type) >= kCount<DataType> ||
      ToInt(in.clamp) >= kCount<ClampMode> || ToInt(in.red_op) >= kCount<RedOp> ||
      ToInt(in.query) >= kCount<QueryKind> || ToInt(in.addressing) >= kCount<Addressing>) {
    return false;
  }
  if (in.opcode == Opcode::kTex) {
    return ToInt(in.tex_mode) < kCount<TexMode> &&
           (in.coord_type == DataType::kS32 || in.coord_type == DataType::kF32) &&
           // A cube direction is three floats: .s32 on cube or acube has no meaning (H12).
           !(IsCube(in.geom) && in.coord_type != DataType::kF32) &&
           (in.type == DataType::kU32 || in.type == DataType::kS32 || in.type == DataType::kF16 ||
            in.type == DataType::kF32 || in.type == DataType::kF16x2) &&
           in.offset.size() <= 4;
  }
  if (in.opcode == Opcode::kSuq) return true;
  if (!IsSurfaceGeom(in.geom)) return false;
  if (in.opcode == Opcode::kSured) return DataTypeBytes(in.type) >= 4;
  return in.VecCount() * DataTypeBytes(in.type) <= static_cast<int>(kMaxAccessBytes);
}

}  // namespace

Response Unit::Execute(const Instruction& in, const Request& req) {
  if (!req.guard) return Response{};
  // A unit without the texture path takes no tex at all: illegal, as a reserved opcode (H15).
  if (!WellFormed(in) || (in.opcode == Opcode::kTex && !tex_features_.path)) {
    Response r;
    r.executed = true;
    r.trap = TrapCause::kIllegalInstruction;
    return r;
  }
  if (in.opcode == Opcode::kTex) {
    const ResolvedTexture* t = FindTexture(req.handle);
    // Unified mode: the texture's own sampler, embedded (BindTexture) or the slot its header
    // names (BindTextureImage); independent mode: operand b's handle.
    const SamplerDesc* smp = t == nullptr         ? nullptr
                             : in.has_sampler     ? FindSampler(req.sampler)
                             : t->sampler_in_slot ? FindSampler(t->sampler_slot)
                                                  : &t->desc.sampler;
    if (smp == nullptr) {
      Response r;
      r.executed = true;
      r.trap = TrapCause::kInvalidHandle;
      return r;
    }
    // A left-out feature traps after the geometry check (ExecTex's first), before sampling.
    if (in.geom == t->desc.dim) {
      const TrapCause c = TexFeatureTrap(tex_features_, in, *t, *smp);
      if (c != TrapCause::kNone) {
        Response r;
        r.executed = true;
        r.trap = c;
        return r;
      }
    }
    return ExecTex(*t, *smp, in, req, mem_);
  }
  const ResolvedSurface* s = FindSurface(req.handle);
  if (s == nullptr) {
    Response r;
    r.executed = true;
    r.trap = TrapCause::kInvalidHandle;
    return r;
  }
  switch (in.opcode) {
    case Opcode::kSuld:
      return ExecSuld(*s, in, req, mem_);
    case Opcode::kSust:
      return ExecSust(*s, in, req, mem_, families_);
    case Opcode::kSured:
      return ExecSured(*s, in, req, mem_);
    default:
      return ExecSuq(*s, in, req);
  }
}

}  // namespace tsu
