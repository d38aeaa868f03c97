// Descriptors as they sit in memory: kDescBytes-byte slots of a descriptor pool, laid out by
// tsu/descriptor_layout.def (the same table generates the RTL's packed structs).
//
// The unit reads a slot by handle (docs/descriptors.md): DecodeSurface is what it makes of the
// bytes it finds there, the one definition of "a valid surface descriptor in memory" that the
// RTL's descriptor stage reproduces. EncodeSurface is what a driver writes at bind time.
#ifndef TSU_DESCRIPTOR_WORDS_H_
#define TSU_DESCRIPTOR_WORDS_H_

#include <array>
#include <cstdint>
#include <string>

#include "tsu/descriptor.h"
#include "tsu/encodings.h"

namespace tsu {

using DescImage = std::array<uint8_t, kDescBytes>;

// One field of a layout: bits [lsb, lsb + bits) of the little-endian slot.
struct DescField {
  int lsb;
  int bits;
};

// Field positions, one namespace per layout: desc_layout::Surface::kWidth, ...
namespace desc_layout {
#define TSU_DESC_BEGIN(L, sv, record_bits) \
  namespace L {                            \
  inline constexpr int kBits = record_bits;
#define TSU_DESC_FIELD(L, name, lsb, bits) inline constexpr DescField name{lsb, bits};
#define TSU_DESC_END(L) }
#include "tsu/descriptor_layout.def"
#undef TSU_DESC_BEGIN
#undef TSU_DESC_FIELD
#undef TSU_DESC_END
}  // namespace desc_layout

// Reads / writes one field (bits <= 64 at a time; wider fields are read in 64-bit pieces) of a
// little-endian record: a slot, or a smaller record such as a texture's level record.
uint64_t GetBits(const uint8_t* record, DescField f);
void SetBits(uint8_t* record, DescField f, uint64_t value);
inline uint64_t GetField(const DescImage& d, DescField f) { return GetBits(d.data(), f); }
inline void SetField(DescImage* d, DescField f, uint64_t value) { SetBits(d->data(), f, value); }

// The slot a driver writes for a resolved (validated) surface.
DescImage EncodeSurface(const ResolvedSurface& s);

// What the unit makes of a slot for suld/sust/sured/suq. Returns TrapCause::kNone and fills *out
// for a valid surface descriptor. Otherwise returns kInvalidHandle (an unbound slot, another
// kind, or a field outside its rule) and names the rule in *why. The rules are the field rules
// of ResolveSurface that need no arithmetic beyond a shift; the strides are taken as written
// (the driver resolved them), as hardware does: docs/descriptors.md, "Validation".
TrapCause DecodeSurface(const DescImage& d, ResolvedSurface* out, std::string* why);

}  // namespace tsu

#endif  // TSU_DESCRIPTOR_WORDS_H_
