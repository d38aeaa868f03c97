// Texture headers, their level records, residency bitmaps and samplers as they sit in memory
// (layouts in tsu/descriptor_layout.def; docs/descriptors.md).
//
// Encode* is what a driver writes at bind time; Decode* is what the unit makes of the bytes it
// reads: the one definition of "a valid texture / sampler in memory" that the RTL reproduces.
// Like surfaces, the strides are taken as written (the driver resolved them); the rules are those
// a descriptor check can apply with shifts and compares.
#ifndef TSU_TEXTURE_WORDS_H_
#define TSU_TEXTURE_WORDS_H_

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tsu/descriptor_words.h"
#include "tsu/memory.h"
#include "tsu/texture.h"

namespace tsu {

inline constexpr uint32_t kTexLevelBytes = 16;  // one level record: one memory line
using TexLevelImage = std::array<uint8_t, kTexLevelBytes>;

// Where a texture's records go, chosen by whoever places it (a driver, the bench).
struct TexturePlacement {
  uint64_t level_table = 0;    // 16-byte aligned, levels x kTexLevelBytes
  uint64_t residency_map = 0;  // used only when the texture has non-resident tiles
  uint32_t sampler_slot = 0;   // unified mode: the slot of the texture's own sampler
};

// Everything a driver writes for one texture: its header slot, its level records (at
// placement.level_table) and the set bytes of its residency bitmap ((address, byte) pairs; the
// rest of the map is zero).
struct TextureImage {
  DescImage header{};
  std::vector<TexLevelImage> levels;
  std::vector<std::pair<uint64_t, uint8_t>> residency;
};

// The residency bitmap's index (docs/descriptors.md, "Residency"): tile (tx, ty, tz) of level l
// in layer L is bit ((((L << level_bits) | l) << (bx + by + bz)) | (tz << (bx + by)) |
// (ty << bx) | tx) of the map, where bx, by, bz are the log2 of level 0's tile counts rounded up
// to a power of two and level_bits that of `levels`. A set bit marks a tile not resident. Shifts
// and ORs only: the unit finds a tap's bit without a multiplier.
struct ResidencyIndex {
  uint8_t tile_bits[3] = {0, 0, 0};  // bx, by, bz
  uint8_t level_bits = 0;
};
ResidencyIndex MakeResidencyIndex(const TextureDesc& d);
uint64_t ResidencyBit(const ResidencyIndex& r, const TextureDesc& d, uint32_t level,
                      uint32_t layer, uint32_t x, uint32_t y, uint32_t z);

TextureImage EncodeTexture(const ResolvedTexture& t, const TexturePlacement& place);
TexLevelImage EncodeTexLevel(const ResolvedSurface& level);
DescImage EncodeSampler(const SamplerDesc& s);

// What the unit makes of a texture header slot, reading its level records through `mem`.
// Returns TrapCause::kNone and fills *out (its residency_map and sampler_slot set; the sampler
// itself is another slot) or kInvalidHandle naming the rule in *why.
TrapCause DecodeTexture(const DescImage& header, MemoryPort* mem, ResolvedTexture* out,
                        std::string* why);
// The level-record rules alone (level `k` of header `t`, whose other fields are decoded).
bool DecodeTexLevel(const TexLevelImage& rec, const ResolvedTexture& t, uint32_t k,
                    ResolvedSurface* out, std::string* why);
TrapCause DecodeSampler(const DescImage& d, SamplerDesc* out, std::string* why);

}  // namespace tsu

#endif  // TSU_TEXTURE_WORDS_H_
