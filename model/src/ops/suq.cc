// suq: surface queries (PTX 9.7.11.4), returning OpenCL enumerations (semantics.md §9).
#include "ops/access_common.h"
#include "tsu/unit.h"

namespace tsu {

Response ExecSuq(const ResolvedSurface& s, const Instruction& in, const Request& /*req*/) {
  Response r = StartResponse();
  const SurfaceDesc& d = s.desc;
  uint32_t v = 0;
  switch (in.query) {
    case QueryKind::kWidth:
      v = d.width;
      break;
    case QueryKind::kHeight:
      v = d.height;
      break;
    case QueryKind::kDepth:
      v = d.depth;
      break;
    case QueryKind::kChannelDataType:
      v = kChannelTypeBase + static_cast<uint32_t>(d.type);
      break;
    case QueryKind::kChannelOrder:
      v = kChannelOrderBase + static_cast<uint32_t>(d.order);
      break;
    case QueryKind::kArraySize:
      v = d.array_size;  // 0 for non-array surfaces (validated at bind)
      break;
    case QueryKind::kMemoryLayout:
      v = static_cast<uint32_t>(d.layout);  // 1 pitch-linear, 0 block-linear
      break;
  }
  r.count = 1;
  r.data[0] = v;
  return r;
}

}  // namespace tsu
