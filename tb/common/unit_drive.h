// The request pins of the unit (rtl/top/tsu_top) from a decoded instruction and its request
// operands: one function for every bench and tool that drives the Verilated unit (the
// co-simulation, the unit's throughput benchmark, `tsu render --rtl`), so all drive it alike.
#ifndef TSU_TB_COMMON_UNIT_DRIVE_H_
#define TSU_TB_COMMON_UNIT_DRIVE_H_

#include <cstdint>
#include <type_traits>

#include "tex_gen.h"
#include "tsu/instruction.h"
#include "tsu/transaction.h"

namespace tsu::tb {

// Dut: any configuration of Vtsu_top (every one has every request pin).
template <typename Dut>
void DriveUnitRequest(Dut* d, const Instruction& in, const Request& req, uint32_t tag) {
  d->req_opcode_i = static_cast<uint8_t>(in.opcode);
  d->req_addressing_i = static_cast<uint8_t>(in.addressing);
  d->req_geom_i = static_cast<uint8_t>(in.geom);
  d->req_vec_i = static_cast<uint8_t>(in.vec);
  d->req_type_i = static_cast<uint8_t>(in.type);
  d->req_clamp_i = static_cast<uint8_t>(in.clamp);
  d->req_redop_i = static_cast<uint8_t>(in.red_op);
  d->req_query_i = static_cast<uint8_t>(in.query);
  d->req_handle_i = req.handle;
  d->req_tag_i = static_cast<std::remove_reference_t<decltype(d->req_tag_i)>>(tag);
  for (int i = 0; i < 4; ++i) d->req_coords_i[i] = req.coords[i];
  for (int i = 0; i < 4; ++i) {
    d->req_data_i[2 * i] = static_cast<uint32_t>(req.data[i]);
    d->req_data_i[2 * i + 1] = static_cast<uint32_t>(req.data[i] >> 32);
  }
  d->req_texmode_i = static_cast<uint8_t>(in.tex_mode);
  d->req_s32_i = in.coord_type == DataType::kS32;
  d->req_compare_i = in.has_depth_ref;
  d->req_has_sampler_i = in.has_sampler;
  d->req_sampler_i = req.sampler;
  d->req_lod_i = req.lod;
  d->req_offset_i = static_cast<std::remove_reference_t<decltype(d->req_offset_i)>>(
      TexOffsetPins(in, req));
  d->req_ref_i = req.depth_ref;
  DriveTexGradPins(d, req);
}

}  // namespace tsu::tb

#endif  // TSU_TB_COMMON_UNIT_DRIVE_H_
