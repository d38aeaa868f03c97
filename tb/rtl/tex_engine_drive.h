// Driving the Verilated texture sampling pipeline (rtl/tex/tsu_tex_engine) and the tex unit
// around it (rtl/tex/tsu_tex_unit): a tex request's pins from its decoded instruction, request
// operands and descriptor slots or handles, and the in-order 16-byte read ports they talk to.
// Shared by the benches (tex_engine_test.cc, tex_unit_test.cc) and the throughput benchmarks
// (tb/bench/rtl_bench.cc), so all drive the blocks the same way.
#ifndef TSU_TB_RTL_TEX_ENGINE_DRIVE_H_
#define TSU_TB_RTL_TEX_ENGINE_DRIVE_H_

#include <cstdint>

#include "Vtsu_tex_engine.h"
#include "Vtsu_tex_engine_tsu_tex_engine.h"
#include "Vtsu_tex_unit.h"
#include "line_port.h"
#include "tex_gen.h"
#include "tsu/descriptor_words.h"
#include "tsu/instruction.h"
#include "tsu/memory.h"
#include "tsu/transaction.h"

namespace tsu::tb {

// The engine's address width, read from the Verilated model (its AddrWidth parameter).
constexpr uint64_t kEngineAddrMask =
    (uint64_t{1} << Vtsu_tex_engine_tsu_tex_engine::AddrWidth) - 1;

// The operand pins both blocks share: the instruction's modifiers and the request's operands.
template <typename Dut>
void DriveTexOperands(Dut* d, const Instruction& in, const Request& req) {
  d->req_geom_i = static_cast<uint8_t>(in.geom);
  d->req_mode_i = static_cast<uint8_t>(in.tex_mode);
  d->req_s32_i = in.coord_type == DataType::kS32;
  d->req_dtype_i = static_cast<uint8_t>(in.type);
  d->req_compare_i = in.has_depth_ref;
  for (int k = 0; k < 4; ++k) d->req_coords_i[k] = req.coords[k];
  d->req_lod_i = req.lod;
  d->req_offset_i = TexOffsetPins(in, req);
  d->req_ref_i = req.depth_ref;
  DriveTexGradPins(d, req);
}

// The engine's request: operands, the texture header slot and the sampler slot in force (the
// texture's own in unified mode, the named one otherwise).
// Dut: Vtsu_tex_engine or a variant of it (Vtsu_tex_engine_quad).
template <typename Dut>
void DriveTexRequest(Dut* d, const Instruction& in, const Request& req, const DescImage& tex,
                     const DescImage& smp) {
  DriveTexOperands(d, in, req);
  BytesToWords<64>(tex.data(), d->req_tex_i);
  BytesToWords<64>(smp.data(), d->req_smp_i);
}

// The tex unit's request: operands, the handles and the tag.
inline void DriveTexUnitRequest(Vtsu_tex_unit* d, const Instruction& in, const Request& req,
                                uint32_t tag) {
  DriveTexOperands(d, in, req);
  d->req_tag_i = tag;
  d->req_has_sampler_i = in.has_sampler;
  d->req_handle_i = req.handle;
  d->req_sampler_i = req.sampler;
}

// Presents both ports' due lines on the engine's response pins (before eval).
template <typename Dut>
void PresentLines(Dut* d, const LinePort& lvl, const LinePort& dat, uint64_t cycle) {
  const uint8_t* l = lvl.Due(cycle);
  const uint8_t* m = dat.Due(cycle);
  d->lvl_rsp_valid_i = l != nullptr;
  d->mem_rsp_valid_i = m != nullptr;
  if (l != nullptr) BytesToWords<16>(l, d->lvl_rsp_data_i);
  if (m != nullptr) BytesToWords<16>(m, d->mem_rsp_data_i);
}

// After eval, before the clock edge: the reads the engine issued this cycle are accepted and the
// lines it took are retired.
template <typename Dut>
void ExchangeLines(const Dut& d, LinePort* lvl, LinePort* dat, uint64_t cycle, uint64_t latency,
                   MemoryPort* mem) {
  if (d.lvl_req_valid_o && d.lvl_req_ready_i) lvl->Accept(cycle, latency, d.lvl_req_addr_o, mem);
  if (d.mem_req_valid_o && d.mem_req_ready_i) dat->Accept(cycle, latency, d.mem_req_addr_o, mem);
  if (d.lvl_rsp_valid_i && d.lvl_rsp_ready_o) lvl->Pop();
  if (d.mem_rsp_valid_i && d.mem_rsp_ready_o) dat->Pop();
}

}  // namespace tsu::tb

#endif  // TSU_TB_RTL_TEX_ENGINE_DRIVE_H_
