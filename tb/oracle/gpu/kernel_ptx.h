// The one kernel every GPU oracle case runs in: a PTX module around one instruction, with the
// registers case_format.h lists, that loads a thread's input block, executes the instruction and
// stores its output block. Shared by the capture harness (which JIT-loads it on the GPU) and by
// `tsu oracle gpu kernels` (whose modules ptxas assembles in the tests). C++17, no tsu dependency.
#ifndef TSU_TB_ORACLE_GPU_KERNEL_PTX_H_
#define TSU_TB_ORACLE_GPU_KERNEL_PTX_H_

#include <string>

#include "case_format.h"

namespace tsu {
namespace gpu {

constexpr const char* kKernelName = "tsu_case";

// The module for `instruction` on target sm_<sm> (PTX ISA 8.1, for sured.b.min/max on 64-bit types: drivers of CUDA 12.1 and newer).
inline std::string KernelPtx(const std::string& instruction, int sm) {
  const bool has_pred = instruction.find("|%p") != std::string::npos;
  std::string k;
  k += "// tsu GPU oracle case kernel (tb/oracle/gpu/kernel_ptx.h)\n";
  k += ".version 8.1\n.target sm_" + std::to_string(sm) + "\n.address_size 64\n\n";
  k += std::string(".visible .entry ") + kKernelName +
       "(.param .u64 in_p, .param .u64 out_p, .param .u32 n_p)\n{\n";
  k += "  .reg .b32 %c<4>, %lod, %gx<4>, %gy<4>, %e<3>, %ref, %d<4>, %s<4>, %sw<8>, %tw<2>;\n";
  k += "  .reg .b32 %i, %n, %w;\n";
  k += "  .reg .b64 %t, %dd<4>, %sd<4>, %in, %out, %off, %x, %y;\n";
  k += "  .reg .b16 %dh<4>, %sh<4>;\n  .reg .pred %p, %q;\n";
  k += "  mov.u32 %i, %ctaid.x;\n  mov.u32 %w, %ntid.x;\n  mov.u32 %n, %tid.x;\n";
  k += "  mad.lo.u32 %i, %i, %w, %n;\n  ld.param.u32 %n, [n_p];\n";
  k += "  setp.ge.u32 %q, %i, %n;\n  @%q bra DONE;\n";
  k += "  ld.param.u64 %in, [in_p];\n  ld.param.u64 %out, [out_p];\n";
  k += "  cvta.to.global.u64 %in, %in;\n  cvta.to.global.u64 %out, %out;\n";
  k += "  mul.wide.u32 %off, %i, " + std::to_string(4 * kInWords) + ";\n  add.u64 %in, %in, %off;\n";
  k += "  mul.wide.u32 %off, %i, " + std::to_string(4 * kOutWords) + ";\n  add.u64 %out, %out, %off;\n";
  auto load = [&](const std::string& reg, int word) {
    k += "  ld.global.u32 " + reg + ", [%in+" + std::to_string(4 * word) + "];\n";
  };
  for (int a = 0; a < 4; ++a) load("%c" + std::to_string(a), kInCoord + a);
  load("%lod", kInLod);
  for (int a = 0; a < 4; ++a) load("%gx" + std::to_string(a), kInDpdx + a);
  for (int a = 0; a < 4; ++a) load("%gy" + std::to_string(a), kInDpdy + a);
  for (int a = 0; a < 3; ++a) load("%e" + std::to_string(a), kInOffset + a);
  load("%ref", kInRef);
  for (int a = 0; a < 8; ++a) load("%sw" + std::to_string(a), kInData + a);
  load("%tw0", kInHandle);
  load("%tw1", kInHandle + 1);
  k += "  mov.b64 %t, {%tw0, %tw1};\n";
  for (int a = 0; a < 4; ++a) {
    const std::string n = std::to_string(a), lo = std::to_string(2 * a), hi = std::to_string(2 * a + 1);
    k += "  mov.b32 %s" + n + ", %sw" + lo + ";\n";
    k += "  mov.b64 %sd" + n + ", {%sw" + lo + ", %sw" + hi + "};\n";
    k += "  cvt.u16.u32 %sh" + n + ", %sw" + lo + ";\n";
    k += "  mov.b32 %d" + n + ", 0;\n  mov.b64 %dd" + n + ", 0;\n  mov.b16 %dh" + n + ", 0;\n";
  }
  k += "  setp.ne.u32 %p, %n, %n;\n";
  k += "  " + instruction + "\n";
  for (int a = 0; a < 4; ++a) {
    const std::string n = std::to_string(a);
    k += "  cvt.u64.u32 %x, %d" + n + ";\n  or.b64 %x, %x, %dd" + n + ";\n";
    k += "  cvt.u64.u16 %y, %dh" + n + ";\n  or.b64 %x, %x, %y;\n";
    k += "  st.global.u64 [%out+" + std::to_string(4 * (kOutData + 2 * a)) + "], %x;\n";
  }
  k += has_pred ? "  selp.u32 %w, 1, 0, %p;\n" : "  mov.u32 %w, 1;\n";
  k += "  st.global.u32 [%out+" + std::to_string(4 * kOutPred) + "], %w;\n";
  k += "  st.global.u32 [%out+" + std::to_string(4 * kOutDone) + "], " + std::to_string(kDoneMark) + ";\n";
  k += "DONE:\n  ret;\n}\n";
  return k;
}

}  // namespace gpu
}  // namespace tsu

#endif  // TSU_TB_ORACLE_GPU_KERNEL_PTX_H_
