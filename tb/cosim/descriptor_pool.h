// The bench's descriptor pool: what software puts in memory for the unit and binds in the model.
// The stimulus's surfaces in their slots, sets of random textures and samplers, and rebinding
// under traffic (a slot moved to another surface, corrupted, unbound or restored, always with an
// invalidation), each written into the unit's memory and the model's and bound in the model from
// the same bytes. Every write and binding goes into the stimulus record when one is written.
#ifndef TSU_TB_COSIM_DESCRIPTOR_POOL_H_
#define TSU_TB_COSIM_DESCRIPTOR_POOL_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "memory_model.h"
#include "rng.h"
#include "stimulus.h"
#include "stimulus_record.h"
#include "tsu/descriptor_words.h"
#include "tsu/memory.h"
#include "tsu/unit.h"

namespace tsu::tb {

// The layout (docs/descriptors.md): handles 0..kPoolEntries-1 name the 64-byte slots from
// kPoolBase, far above every surface (stimulus bases are 1 MiB apart from 1 MiB), so no surface
// access can reach a descriptor. Slots 0..kSurfaceSlots-2 hold the stimulus's surfaces
// (kSurfaceSlots-1 stays unbound); with the texture path, kTextures textures follow (header slot
// kTexSlot0 + 2k, its sampler the next), then kExtraSamplers samplers for independent mode; the
// last slot stays unbound.
inline constexpr int kPoolEntries = 32;
inline constexpr int kSurfaceSlots = 16;
inline constexpr uint64_t kPoolBase = 0xF000'0000ull;
// A unit with fewer than 32 address bits (docs/semantics.md H1: the bench keeps everything inside
// the 2^AddrW window) gets its pool below the first surface instead: surfaces take 1 MiB to
// 16 MiB, so 24 address bits hold them all.
inline constexpr uint64_t kPoolBaseNarrow = 0x8'0000ull;
inline constexpr int kPoolBaseNarrowBelowBits = 32;
inline constexpr int kTextures = 6;
inline constexpr uint64_t kTexSlot0 = kSurfaceSlots;
inline constexpr int kExtraSamplers = 3;
// Texture memory: the first kAliasedTextures textures start at a stimulus surface's base, so
// stores to that surface change their texels (the H11 ordering check); the rest get a 16 MiB
// region each from kTexBase. Level tables and residency maps sit below the pool.
inline constexpr int kAliasedTextures = 2;
inline constexpr uint64_t kTexBase = 0x4000'0000ull;
inline constexpr uint64_t kTexRegion = 16ull << 20;
inline constexpr uint64_t kLevelTables = 0xE000'0000ull;   // 0x400 per texture
inline constexpr uint64_t kResidencyMaps = 0xE100'0000ull;  // 1 MiB per texture

// A configuration-port command and what it stands for: software that rewrote a descriptor
// slot (image) and then invalidated it. The bench applies the memory write and the model's
// rebinding at the cycle the unit takes the command, so requests accepted before it see the old
// descriptor and requests after it the new one, in the model and in the unit alike.
struct CfgCommand {
  CfgOp op = CfgOp::kInvalidateAll;
  uint64_t data = 0;
  bool rewrite = false;  // write `image` to slot `data` when taken
  DescImage image{};
  std::string what;      // for the transaction log
};

class DescriptorPool {
 public:
  // unit_mem, model_mem: the memory behind the unit's ports and the model's; rng: the bench's
  // (rebinding under traffic draws from it); tex_seed: the textures' own generator.
  DescriptorPool(int addr_bits, bool has_tex, SparseMemory* unit_mem, SparseMemory* model_mem,
                 Unit* model, Stimulus* stim, Rng* rng, uint64_t tex_seed);

  // Where the pool is (a replay takes it from its record); forgets every rebinding.
  void Place(uint64_t base, uint64_t entries);
  uint64_t base() const { return pool_base_; }
  uint64_t entries() const { return pool_entries_; }
  void set_recorder(StimulusWriter* rec) { rec_ = rec; }
  void set_replaying(bool r) { replaying_ = r; }

  // The stimulus's surfaces in their slots; the other slots zero.
  void BindSurfaces();
  // A new set of textures (random geometry, cube maps and cube arrays included, format,
  // extents, mip chain, layout, residency, sampler) and independent samplers. The unit is empty
  // when this runs (the bench drains it), and an invalidate_all follows. False with *error if
  // the generator fails.
  bool BindTextures(std::string* error);
  uint64_t texture_sets() const { return tex_sets_; }

  // Software's slot write (recorded unless a configuration command carries it), a binding of a
  // slot from its bytes in memory, and both (as a surface).
  void WriteSlot(uint64_t handle, const DescImage& image, bool record = true);
  // alias: a texture's stimulus surface whose memory it shares (-1: none), for the record.
  TrapCause BindSlot(SlotKind kind, uint64_t handle, std::string* why, int alias = -1);
  void SetSlot(uint64_t handle, const DescImage& image, bool record = true);

  // Rebinding under traffic: the next command to send at `cycle`.
  CfgCommand RandomCfg(uint64_t cycle);
  // The unit took command c at `cycle`: its slot rewrite, in both memories and the model.
  void ApplyCfg(const CfgCommand& c, uint64_t cycle);
  // The earliest cycle a changed slot is due back (~0: none).
  uint64_t next_restore() const { return next_restore_; }

  // A descriptor-port read: empty if it is a line of a slot or (with the texture path) of a level
  // table, else the report. *level_record: it is a level record's line.
  std::string CheckDescRead(uint64_t cycle, uint64_t addr, bool* level_record) const;

 private:
  const bool has_tex_;
  SparseMemory& unit_mem_;
  SparseMemory& model_mem_;
  Unit& model_;
  Stimulus& stim_;
  Rng& rng_;
  Rng tex_rng_;  // textures and samplers (apart, so surface traffic stays the same)
  StimulusWriter* rec_ = nullptr;
  bool replaying_ = false;
  uint64_t pool_base_ = 0;
  uint64_t pool_entries_ = 0;
  std::array<uint32_t, 16> filter_turn_{};  // per geometry: the next (mag, mip) filter pair
  uint32_t srgb_turn_ = 0;                  // texture sets bound so far
  std::vector<std::vector<uint64_t>> residency_;  // per texture: the map bytes set now
  uint64_t tex_sets_ = 0;
  std::vector<bool> slot_changed_;  // slots that do not hold their stimulus surface now
  std::vector<uint64_t> restore_due_;
  uint64_t next_restore_ = ~0ull;   // the earliest restore_due_ of a changed slot (none: ~0)
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_DESCRIPTOR_POOL_H_
