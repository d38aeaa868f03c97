// The GPU oracle's case set (`tsu oracle gpu cases`): targeted sets where the model had to choose
// what the PTX text leaves open (filter weights, LOD boundaries, cube edges and corners, format
// extremes, every address and clamp mode at every bound, sRGB, borders, sured on formatted
// surfaces, misaligned accesses, suq) and random sets across what the CUDA runtime can express.
// docs/gpu-oracle.md lists the categories.
#ifndef TSU_TB_ORACLE_GPU_CASES_H_
#define TSU_TB_ORACLE_GPU_CASES_H_

#include <cstdint>

#include "case_format.h"

namespace tsu {
namespace gpu {

struct CaseOptions {
  uint64_t seed = 1;
  double scale = 1.0;  // multiplies every category's case count
};

CaseSet MakeCases(const CaseOptions& opt);

}  // namespace gpu
}  // namespace tsu

#endif  // TSU_TB_ORACLE_GPU_CASES_H_
