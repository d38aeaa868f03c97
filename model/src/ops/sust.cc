// sust.b (unformatted) and sust.p (formatted) stores (PTX 9.7.11.2).
#include "ops/access_common.h"
#include "tsu/format.h"
#include "tsu/unit.h"

namespace tsu {

Response ExecSust(const ResolvedSurface& s, const Instruction& in, const Request& req,
                  MemoryPort* mem, const FormatFamilies& families) {
  Response r = StartResponse();
  const int n = in.VecCount();
  uint8_t bytes[16] = {};
  uint32_t size = 0;
  uint32_t scale = 1;
  if (in.addressing == Addressing::kByte) {
    const int elem = DataTypeBytes(in.type);
    size = static_cast<uint32_t>(n * elem);
    if (size > sizeof bytes) {  // a form wider than 128 bits (Unit::Execute rejects it first)
      r.trap = TrapCause::kIllegalInstruction;
      return r;
    }
    for (uint32_t k = 0; k < size; ++k) {
      const uint32_t e = static_cast<uint32_t>(elem);
      bytes[k] = static_cast<uint8_t>(req.data[k / e] >> (8 * (k % e)));
    }
  } else {
    // sust.p: elements are R, G, B, A in order; components not given take (0, 0, 0, 1)
    // (docs/semantics.md). sRGB encoding is not provided: such surfaces are .b-only.
    // A configuration without the format's converter traps the same way (semantics.md H3).
    const FormatInfo& f = s.fmt;
    if (f.srgb || !families.Converts(f.kind)) {
      r.trap = TrapCause::kFormatMismatch;
      return r;
    }
    uint32_t comps[4];
    for (int c = 0; c < 4; ++c) {
      comps[c] = c < n ? static_cast<uint32_t>(req.data[c]) : DefaultComponent(f, c);
    }
    PackTexel(f, comps, bytes);
    size = static_cast<uint32_t>(f.texel_bytes);
    scale = size;
  }
  const AccessPlan p = PlanAccess(s, MakeAccess(in, req, scale, size));
  CopyPlanFlags(p, &r);
  if (p.trap != TrapCause::kNone || p.suppressed) return r;
  r.write.valid = true;
  r.write.addr = p.address;
  r.write.size = size;
  for (uint32_t i = 0; i < size; ++i) r.write.data[i] = bytes[i];
  mem->Write(p.address, bytes, size);
  return r;
}

}  // namespace tsu
