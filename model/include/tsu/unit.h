// The golden model of the texture/surface unit: a descriptor table plus the semantics of every
// instruction, over a MemoryPort. Instruction semantics live one per file in model/src/ops/.
#ifndef TSU_UNIT_H_
#define TSU_UNIT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "tsu/descriptor.h"
#include "tsu/descriptor_words.h"
#include "tsu/instruction.h"
#include "tsu/memory.h"
#include "tsu/tex_features.h"
#include "tsu/texture.h"
#include "tsu/transaction.h"

namespace tsu {

// The format families a hardware configuration converts for sust.p (tsu_top's EnableNorm,
// EnableHalf, EnableInt). sust.p to a format outside them traps format_mismatch, like an sRGB
// surface (docs/semantics.md H3). The full unit converts every family.
struct FormatFamilies {
  bool norm = true;     // UNORM/SNORM, including the packed types
  bool half = true;     // HALF_FLOAT
  bool integer = true;  // SIGNED_INT*/UNSIGNED_INT*
  bool Converts(ChannelKind k) const;
};

class Unit {
 public:
  explicit Unit(MemoryPort* mem) : mem_(mem) {}

  // Descriptor table. A handle is what a .surfref resolves to and what a .u64 register holds for
  // indirect access. Binding validates the descriptor; on error nothing changes.
  bool BindSurface(uint64_t handle, const SurfaceDesc& desc, std::string* error);
  // The same from a descriptor slot's bytes as the unit reads them from memory (tsu/descriptor_words.h):
  // a valid surface is bound; anything else leaves the handle unbound, so instructions on it
  // trap with the returned cause (kInvalidHandle), and *why names the broken rule.
  TrapCause BindSurfaceImage(uint64_t handle, const DescImage& image, std::string* why);
  void Unbind(uint64_t handle);
  const ResolvedSurface* FindSurface(uint64_t handle) const;
  // Texture and sampler tables (tex). A .texref handle selects a texture; in independent mode
  // operand b's handle selects a sampler, otherwise the texture's own sampler applies.
  bool BindTexture(uint64_t handle, const TextureDesc& desc, std::string* error);
  bool BindSampler(uint64_t handle, const SamplerDesc& desc, std::string* error);
  const ResolvedTexture* FindTexture(uint64_t handle) const;
  const SamplerDesc* FindSampler(uint64_t handle) const;
  // The same from descriptor slots in memory (tsu/texture_words.h): a texture header (whose level
  // records are read through memory()) or a sampler. Handles are slots of one pool: binding a slot
  // from its image first unbinds whatever the handle named (UnbindSlot); an invalid image leaves
  // it unbound and returns the cause instructions on it trap with.
  TrapCause BindTextureImage(uint64_t handle, const DescImage& image, std::string* why);
  TrapCause BindSamplerImage(uint64_t handle, const DescImage& image, std::string* why);
  void UnbindSlot(uint64_t handle);

  // Executes one decoded instruction. Never throws for runtime conditions: traps are reported in
  // the Response, and a trapping instruction writes nothing.
  Response Execute(const Instruction& in, const Request& req);

  void set_format_families(const FormatFamilies& f) { families_ = f; }
  const FormatFamilies& format_families() const { return families_; }
  // The texture features the configuration samples (docs/semantics.md H15): a tex that needs one
  // it leaves out traps. Default: all.
  void set_tex_features(const TexFeatures& f) { tex_features_ = f; }
  const TexFeatures& tex_features() const { return tex_features_; }

  MemoryPort* memory() { return mem_; }
  void set_memory(MemoryPort* mem) { mem_ = mem; }

 private:
  static constexpr uint64_t kDirectHandles = 1024;  // handles below this use a flat table

  void Place(uint64_t handle, const ResolvedSurface& r);

  MemoryPort* mem_;
  FormatFamilies families_;
  TexFeatures tex_features_;
  std::vector<std::unique_ptr<ResolvedSurface>> direct_;
  std::unordered_map<uint64_t, ResolvedSurface> others_;
  std::unordered_map<uint64_t, ResolvedTexture> textures_;
  std::unordered_map<uint64_t, SamplerDesc> samplers_;
};

// Per-opcode semantics (model/src/ops/*.cc), called with the surface the handle names.
Response ExecSuld(const ResolvedSurface& s, const Instruction& in, const Request& req,
                  MemoryPort* mem);
// `families`: what the hardware configuration converts for sust.p (default: every family).
Response ExecSust(const ResolvedSurface& s, const Instruction& in, const Request& req,
                  MemoryPort* mem, const FormatFamilies& families = FormatFamilies{});
Response ExecSured(const ResolvedSurface& s, const Instruction& in, const Request& req,
                   MemoryPort* mem);
Response ExecSuq(const ResolvedSurface& s, const Instruction& in, const Request& req);
Response ExecTex(const ResolvedTexture& t, const SamplerDesc& s, const Instruction& in,
                 const Request& req, MemoryPort* mem);

}  // namespace tsu

#endif  // TSU_UNIT_H_
