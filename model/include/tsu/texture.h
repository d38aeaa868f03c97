// Texture and sampler descriptors: what a .texref / .samplerref (or the handle in a .u64
// register) names, validated and resolved once at bind time.
//
// Memory placement (docs/semantics.md T1): each layer (array element, cube face) holds its whole
// mip chain, level 0 first; every level and every layer starts on a kLevelAlign (512-byte)
// boundary. A pitch-linear level's rows are its width in bytes rounded up to 16; a
// block-linear level shrinks the block height and depth to fit (semantics.md §10). A
// multisample texel's samples are adjacent: sample s of texel x sits at texel column
// x * samples + s of the level's rows.
#ifndef TSU_TEXTURE_H_
#define TSU_TEXTURE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tsu/descriptor.h"
#include "tsu/encodings.h"
#include "tsu/format.h"

namespace tsu {

struct SamplerDesc {
  FilterMode mag_filter = FilterMode::kNearest;  // used when lambda <= 0
  FilterMode min_filter = FilterMode::kNearest;  // used when lambda > 0
  MipFilter mip_filter = MipFilter::kNone;
  AddressMode address[3] = {AddressMode::kClamp, AddressMode::kClamp, AddressMode::kClamp};
  bool normalized = false;        // coordinates in [0,1) rather than texels
  uint32_t border[4] = {};        // f32 bits (integer formats: the bits as integers)
  ReadMode read_mode = ReadMode::kElementType;
  bool srgb = true;               // decode sRGB formats (the driver flag SRGB)
  float lod_bias = 0.0f;
  float min_lod = -1000.0f;
  float max_lod = 1000.0f;
  CompareOp compare = CompareOp::kLessEqual;  // used when tex has a depth compare operand f
  bool seamless_cube = false;     // filter across cube faces (the driver flag SEAMLESS_CUBEMAP)
  uint32_t max_anisotropy = 1;    // only 1 (isotropic) is supported
};

// A sparse-residency tile that is not resident: (level, layer, tile x, tile y, tile z).
struct TileId {
  uint32_t level = 0, layer = 0, x = 0, y = 0, z = 0;
  bool operator<(const TileId& o) const;
};

struct TextureDesc {
  uint64_t base = 0;               // 16-byte aligned (pitch) or 512-byte aligned (block-linear)
  Geometry dim = Geometry::k2d;    // any tex geometry
  uint32_t width = 1, height = 1, depth = 1;
  uint32_t array_size = 0;         // layers (a1d, a2d, a2dms) or cubes (acube); 0 otherwise
  uint32_t levels = 1;             // mip levels, 1..floor(log2(max extent))+1
  uint32_t samples = 1;            // 2dms/a2dms: 1, 2, 4 or 8
  ChannelOrder order = ChannelOrder::kRGBA;
  ChannelType type = ChannelType::kUnormInt8;
  Layout layout = Layout::kPitch;
  uint8_t block_height_log2 = 0;
  uint8_t block_depth_log2 = 0;
  // Residency: tiles of 2^tile_log2 texels per axis; the listed tiles are not resident.
  uint8_t tile_log2[3] = {6, 6, 0};
  std::vector<TileId> non_resident;
  SamplerDesc sampler;             // unified mode: the texture's own sampler
};

struct ResolvedTexture {
  TextureDesc desc;
  FormatInfo fmt;
  uint32_t layers = 1;             // array layers x faces
  std::vector<ResolvedSurface> level;  // one 1d/2d/3d image per level (base = offset in layer)
  uint64_t layer_stride = 0;
  uint64_t size_bytes = 0;
  std::vector<TileId> non_resident;  // sorted
  // Bound from a header slot (tsu/texture_words.h DecodeTexture): the residency bitmap in memory
  // (0: every tile resident; otherwise it, not non_resident, decides) and, for unified mode, the
  // slot of the texture's own sampler (desc.sampler is then unused).
  uint64_t residency_map = 0;
  std::vector<std::string> level_error;  // per level: why its record is unusable ("" if it is)
  bool sampler_in_slot = false;
  uint32_t sampler_slot = 0;
  bool IsResident(uint32_t level, uint32_t layer, uint32_t x, uint32_t y, uint32_t z) const;
};

bool ResolveTexture(const TextureDesc& d, ResolvedTexture* out, std::string* error);
// Address of sample `sample` of texel (x, y, z) of a level in a layer (all in range).
uint64_t TexelAddress(const ResolvedTexture& t, uint32_t level, uint32_t layer, uint32_t x,
                      uint32_t y, uint32_t z, uint32_t sample);
bool ValidateSampler(const SamplerDesc& s, std::string* error);

}  // namespace tsu

#endif  // TSU_TEXTURE_H_
