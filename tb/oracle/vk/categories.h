// The oracle's categories; each runs its seeded cases on lavapipe and the model and records
// them in the report (docs/oracle.md lists what each compares and why).
#ifndef TSU_TB_ORACLE_VK_CATEGORIES_H_
#define TSU_TB_ORACLE_VK_CATEGORIES_H_

#include "oracle_common.h"

namespace tsu {
namespace vk {

void SurfaceLoads(Oracle& o);    // imageLoad vs suld.b .zero
void SurfaceStores(Oracle& o);   // imageStore vs sust.p .zero
void SurfaceAtomics(Oracle& o);  // imageAtomic* vs sured.b / sured.p .zero
void TexelFetches(Oracle& o);    // texelFetch vs tex with .s32 coordinates
void Sampling(Oracle& o);        // texture/Lod/Grad/Offset and shadow vs tex .f32

}  // namespace vk
}  // namespace tsu

#endif  // TSU_TB_ORACLE_VK_CATEGORIES_H_
