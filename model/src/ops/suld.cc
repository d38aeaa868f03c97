// suld.b: unformatted load (PTX 9.7.11.1). x is a byte offset; the transfer is vec * dtype bytes.
#include "ops/access_common.h"
#include "tsu/unit.h"

namespace tsu {

Response ExecSuld(const ResolvedSurface& s, const Instruction& in, const Request& req,
                  MemoryPort* mem) {
  Response r = StartResponse();
  const int n = in.VecCount();
  const int elem = DataTypeBytes(in.type);
  const AccessPlan p = PlanAccess(s, MakeAccess(in, req, 1, static_cast<uint32_t>(n * elem)));
  CopyPlanFlags(p, &r);
  if (p.trap != TrapCause::kNone) return r;
  r.count = n;
  if (p.suppressed) return r;  // .zero: every element reads as 0
  r.read.valid = true;
  r.read.addr = p.address;
  r.read.size = static_cast<uint32_t>(n * elem);
  mem->Read(p.address, r.read.data, r.read.size);
  for (int i = 0; i < n; ++i) {
    uint64_t v = 0;
    for (int b = 0; b < elem; ++b) v |= static_cast<uint64_t>(r.read.data[i * elem + b]) << (8 * b);
    r.data[i] = v;
  }
  return r;
}

}  // namespace tsu
