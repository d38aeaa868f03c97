#include "descriptor_pool.h"

#include <algorithm>

#include "tex_gen.h"
#include "tsu/hex.h"
#include "tsu/texture_words.h"

namespace tsu::tb {

DescriptorPool::DescriptorPool(int addr_bits, bool has_tex, SparseMemory* unit_mem, SparseMemory* model_mem,
                               Unit* model, Stimulus* stim, Rng* rng, uint64_t tex_seed)
    : has_tex_(has_tex), unit_mem_(*unit_mem), model_mem_(*model_mem), model_(*model), stim_(*stim),
      rng_(*rng), tex_rng_(tex_seed) {
  Place(addr_bits < kPoolBaseNarrowBelowBits ? kPoolBaseNarrow : kPoolBase, kPoolEntries);
}

// Writes a descriptor slot as software would: into the unit's memory and the model's (so the
// final images agree).
void DescriptorPool::WriteSlot(uint64_t handle, const DescImage& image, bool record) {
  const uint64_t addr = pool_base_ + handle * kDescBytes;
  unit_mem_.Write(addr, image.data(), kDescBytes);
  model_mem_.Write(addr, image.data(), kDescBytes);
  if (record && rec_) rec_->Memory(addr, image.data(), kDescBytes);
}

// Binds the model's handle from its slot's bytes in memory, as `kind`.
TrapCause DescriptorPool::BindSlot(SlotKind kind, uint64_t handle, std::string* why, int alias) {
  if (rec_) rec_->Bind(kind, handle, alias);
  return BindPoolSlot(&model_, &model_mem_, pool_base_, pool_entries_, kind, handle, why);
}

// A slot rewritten to a surface descriptor (or anything else, which then traps invalid_handle),
// and the model's handle rebound from it.
void DescriptorPool::SetSlot(uint64_t handle, const DescImage& image, bool record) {
  WriteSlot(handle, image, record);
  std::string why;
  if (record) {
    BindSlot(SlotKind::kSurface, handle, &why);
  } else {
    model_.BindSurfaceImage(handle, image, &why);
  }
}

// A new set of textures (random geometry, cube maps and cube arrays included, format, extents,
// mip chain, layout, residency, sampler) and independent samplers, written as a driver would into both memories and
// bound in the model from the same slot bytes. The unit is empty when this runs (the bench
// drains it), and an invalidate_all follows.
bool DescriptorPool::BindTextures(std::string* error) {
  BothMemories both(&unit_mem_, &model_mem_, rec_);
  const auto& surfs = stim_.surfaces();
  residency_.resize(kTextures);
  std::vector<TexBinding> set;
  for (int k = 0; k < kTextures; ++k) {
    TexBinding b;
    b.handle = kTexSlot0 + 2 * static_cast<uint64_t>(k);
    b.sampler = b.handle + 1;
    TexturePlacement place;
    place.level_table = kLevelTables + 0x400 * static_cast<uint64_t>(k);
    place.residency_map = kResidencyMaps + (1ull << 20) * static_cast<uint64_t>(k);
    place.sampler_slot = static_cast<uint32_t>(b.sampler);
    TextureImage img;
    for (int tries = 0;; ++tries) {
      if (tries > 1000) {
        *error = "bench: no random texture fits its memory region";
        return false;
      }
      const ResolvedTexture r0 = RandomTexture(tex_rng_, 32, /*allow_cube=*/true);
      if (r0.size_bytes > kTexRegion) continue;
      TextureDesc d = r0.desc;
      // Each geometry takes the sampler's (mag filter, mip filter) pairs in turn, so that the
      // tex.cross bins (geometry x filter x mip filter) close in a short run.
      const uint32_t turn = filter_turn_[static_cast<size_t>(d.dim)]++;
      d.sampler.mag_filter = static_cast<FilterMode>(turn % static_cast<uint32_t>(kCount<FilterMode>));
      d.sampler.mip_filter = static_cast<MipFilter>(turn / static_cast<uint32_t>(kCount<FilterMode>) %
                                                  static_cast<uint32_t>(kCount<MipFilter>));
      // Every other set's first texture is sRGBA8 (sRGB decode is one format pair in a hundred).
      if (k == 0 && (srgb_turn_ & 1) == 0) {
        d.order = ChannelOrder::kSRGBA;
        d.type = ChannelType::kUnormInt8;
      }
      b.alias_surface = k < kAliasedTextures ? static_cast<int>(tex_rng_() % surfs.size()) : -1;
      d.base = b.alias_surface >= 0 ? surfs[b.alias_surface].desc.base
                                    : kTexBase + kTexRegion * static_cast<uint64_t>(k);
      std::string err;
      if (!ResolveTexture(d, &b.tex, &err) || b.tex.size_bytes > kTexRegion) continue;
      img = EncodeTexture(b.tex, place);
      bool fits = true;
      for (const auto& [addr, byte] : img.residency) fits &= addr < place.residency_map + (1ull << 20);
      if (fits) break;
    }
    const uint8_t zero = 0;
    for (uint64_t a : residency_[k]) both.Write(a, &zero, 1);
    residency_[k].clear();
    FillTexture(tex_rng_, b.tex, &both);
    for (size_t l = 0; l < img.levels.size(); ++l) both.Write(place.level_table + 16 * l, img.levels[l].data(), 16);
    for (const auto& [addr, byte] : img.residency) {
      both.Write(addr, &byte, 1);
      residency_[k].push_back(addr);
    }
    const DescImage smp = EncodeSampler(b.tex.desc.sampler);
    WriteSlot(b.handle, img.header);
    WriteSlot(b.sampler, smp);
    std::string why;
    if (BindSlot(SlotKind::kTexture, b.handle, &why, b.alias_surface) != TrapCause::kNone ||
        BindSlot(SlotKind::kSampler, b.sampler, &why) != TrapCause::kNone) {
      *error = "bench: a generated texture or sampler does not bind: " + why;
      return false;
    }
    set.push_back(std::move(b));
  }
  ++srgb_turn_;
  std::vector<uint64_t> samplers;
  for (int k = 0; k < kExtraSamplers; ++k) {
    const uint64_t h = kTexSlot0 + 2 * kTextures + static_cast<uint64_t>(k);
    const DescImage smp = EncodeSampler(RandomSampler(tex_rng_));
    WriteSlot(h, smp);
    std::string why;
    if (BindSlot(SlotKind::kSampler, h, &why) != TrapCause::kNone) {
      *error = "bench: a generated sampler does not bind: " + why;
      return false;
    }
    samplers.push_back(h);
  }
  stim_.SetTextures(std::move(set), std::move(samplers), kPoolEntries);
  ++tex_sets_;
  return true;
}

// Rebinding under traffic: move another surface into a slot, corrupt a slot (a field outside its
// rule, so the model unbinds it and both trap invalid_handle), unbind one, restore one, or just
// invalidate. Every rewrite goes with an invalidate of that slot, as software must.
CfgCommand DescriptorPool::RandomCfg(uint64_t cycle) {
  const auto& surfs = stim_.surfaces();
  CfgCommand c;
  uint64_t h = rng_() % surfs.size();
  int pick = static_cast<int>(rng_() % 100);
  // A changed slot goes back after 16..255 cycles, so most traffic still meets the stimulus's
  // surfaces (the bins of the surface classes stay reachable).
  for (uint64_t k = 0; k < surfs.size(); ++k) {
    if (slot_changed_[k] && restore_due_[k] <= cycle) {
      h = k;
      pick = 30;
      break;
    }
  }
  c.op = CfgOp::kInvalidateHandle;
  c.data = h;
  if (pick < 10) {
    c.op = CfgOp::kInvalidateAll;
    c.data = 0;
    c.what = "invalidate all";
  } else if (pick < 20) {
    if (pick < 15) c.data = h = rng_() % kPoolEntries;  // texture and sampler slots too
    c.what = "invalidate h" + std::to_string(h);
  } else if (pick < 45 || slot_changed_[h]) {
    c.rewrite = true;
    c.image = EncodeSurface(surfs[h]);
    c.what = "restore h" + std::to_string(h);
    if (!slot_changed_[h]) {  // move another surface in
      const uint64_t other = rng_() % surfs.size();
      c.image = EncodeSurface(surfs[other]);
      c.what = "rebind h" + std::to_string(h) + " to surface " + std::to_string(other);
    }
  } else if (pick < 55) {
    c.rewrite = true;
    c.image = DescImage{};
    c.what = "unbind h" + std::to_string(h);
  } else {
    // Corrupt one field so that DecodeSurface rejects the slot (retry until it does).
    namespace L = desc_layout::Surface;
    static constexpr DescField kFields[] = {L::kind, L::dim, L::chorder, L::chtype, L::layout,
                                            L::block_height_log2, L::block_depth_log2, L::pitch,
                                            L::width, L::height, L::depth, L::array_size, L::base};
    ResolvedSurface r;
    std::string why;
    for (int tries = 0;; ++tries) {
      c.image = EncodeSurface(surfs[h]);
      const DescField f = kFields[rng_() % (sizeof(kFields) / sizeof(kFields[0]))];
      const uint64_t old = GetField(c.image, f);
      const int how = static_cast<int>(rng_() % 4);
      const uint64_t v = how == 0 ? 0 : how == 1 ? old + 1 + rng_() % 7 : how == 2 ? old ^ (1ull << (rng_() % f.bits)) : rng_();
      SetField(&c.image, f, v);
      if (DecodeSurface(c.image, &r, &why) != TrapCause::kNone) break;
      if (tries > 50) {
        SetField(&c.image, L::kind, 0);
        DecodeSurface(c.image, &r, &why);
        break;
      }
    }
    c.rewrite = true;
    c.what = "corrupt h" + std::to_string(h) + " (" + why + ")";
  }
  return c;
}

void DescriptorPool::ApplyCfg(const CfgCommand& c, uint64_t cycle) {
  if (rec_) rec_->Cfg(c.op, c.data, c.rewrite ? &c.image : nullptr);
  if (!c.rewrite) return;
  SetSlot(c.data, c.image, /*record=*/false);
  if (replaying_) return;
  slot_changed_[c.data] = c.image != EncodeSurface(stim_.surfaces()[c.data]);
  restore_due_[c.data] = cycle + 16 + rng_() % 240;
  next_restore_ = ~0ull;
  for (size_t k = 0; k < slot_changed_.size(); ++k) {
    if (slot_changed_[k]) next_restore_ = std::min(next_restore_, restore_due_[k]);
  }
}

// A descriptor-port read must be a line of an in-range slot or, with the texture path, of a
// texture's level records.
std::string DescriptorPool::CheckDescRead(uint64_t cycle, uint64_t addr, bool* level_record) const {
  const uint64_t end = pool_base_ + pool_entries_ * kDescBytes;
  const bool in_pool = addr >= pool_base_ && addr < end;
  // (A replayed record may place level records anywhere outside the pool.)
  *level_record = has_tex_ && (replaying_ ? !in_pool
                                          : addr >= kLevelTables &&
                                                addr < kLevelTables + 0x400 * static_cast<uint64_t>(kTextures));
  if ((!in_pool && !*level_record) || (addr & 15) != 0) {
    return "descriptor read of " + Hex(addr) + " at cycle " + std::to_string(cycle) +
           ": not a line of the descriptor pool [" + Hex(pool_base_) + ", " + Hex(end) + ")" +
           (has_tex_ ? " or of a level table" : "");
  }
  return {};
}

// The stimulus's surfaces in their slots (the rest all zero: unbound, invalid_handle).
void DescriptorPool::BindSurfaces() {
  const auto& surfs = stim_.surfaces();
  for (size_t h = 0; h < surfs.size(); ++h) SetSlot(h, EncodeSurface(surfs[h]));
  for (uint64_t h = surfs.size(); h < pool_entries_; ++h) WriteSlot(h, DescImage{});
}

void DescriptorPool::Place(uint64_t base, uint64_t entries) {
  pool_base_ = base;
  pool_entries_ = entries;
  slot_changed_.assign(pool_entries_, false);
  restore_due_.assign(pool_entries_, 0);
  next_restore_ = ~0ull;
}

}  // namespace tsu::tb
