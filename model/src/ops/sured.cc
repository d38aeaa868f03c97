// sured.b and sured.p: read-modify-write reductions (PTX 9.7.11.3). The read and the write
// happen inside one Execute call, so a reduction is atomic with respect to every other access
// of the unit.
#include "ops/access_common.h"
#include "tsu/reduce.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

// The type a reduction really operates on. sured.b: the instruction type. sured.p: UINT or SINT
// from the surface format (.b32 → u32/s32, .b64 → u64/s64); an explicit signed/unsigned type
// must agree with the format. Returns false if the format cannot be used.
bool ResolveType(const ResolvedSurface& s, const Instruction& in, DataType* out) {
  if (in.addressing == Addressing::kByte) {
    *out = in.type;
    return true;
  }
  const ChannelKind k = s.fmt.kind;
  const int bytes = DataTypeBytes(in.type);
  if ((k != ChannelKind::kUint && k != ChannelKind::kSint) || s.fmt.texel_bytes != bytes) {
    return false;
  }
  const bool is_signed = k == ChannelKind::kSint;
  const DataType resolved = bytes == 8 ? (is_signed ? DataType::kS64 : DataType::kU64)
                                       : (is_signed ? DataType::kS32 : DataType::kU32);
  if (in.type != DataType::kB32 && in.type != DataType::kB64 && in.type != resolved) return false;
  *out = resolved;
  return true;
}

}  // namespace

Response ExecSured(const ResolvedSurface& s, const Instruction& in, const Request& req,
                   MemoryPort* mem) {
  Response r = StartResponse();
  DataType type;
  if (!ResolveType(s, in, &type)) {
    r.trap = TrapCause::kFormatMismatch;
    return r;
  }
  const uint32_t size = static_cast<uint32_t>(DataTypeBytes(type));
  const uint32_t scale = in.addressing == Addressing::kByte ? 1 : size;
  const AccessPlan p = PlanAccess(s, MakeAccess(in, req, scale, size));
  CopyPlanFlags(p, &r);
  if (p.trap != TrapCause::kNone || p.suppressed) return r;
  r.read.valid = true;
  r.read.addr = p.address;
  r.read.size = size;
  mem->Read(p.address, r.read.data, size);
  uint64_t old = 0;
  for (uint32_t b = 0; b < size; ++b) old |= static_cast<uint64_t>(r.read.data[b]) << (8 * b);
  const uint64_t result = Reduce(in.red_op, type, old, req.data[0]);
  r.write.valid = true;
  r.write.addr = p.address;
  r.write.size = size;
  for (uint32_t b = 0; b < size; ++b) r.write.data[b] = static_cast<uint8_t>(result >> (8 * b));
  mem->Write(p.address, r.write.data, size);
  return r;
}

}  // namespace tsu
