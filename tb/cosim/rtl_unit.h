// tsu's own RTL as the unit under test: a Verilated configuration of rtl/top/tsu_top behind the
// bench's interface (unit_port.h). This file (with tb/rtl/unit_drive.h, which maps a request onto
// the request pins for every RTL tool) is the only part of the co-simulation that knows
// tsu_top's pins and parameters.
#ifndef TSU_TB_COSIM_RTL_UNIT_H_
#define TSU_TB_COSIM_RTL_UNIT_H_

#include <cstdint>
#include <memory>
#include <string>

#include "sim_run.h"
#include "unit_drive.h"
#include "unit_port.h"

namespace tsu::tb {

// The traits of a configuration from its Verilated parameters (Root: the model's root class).
template <class Root>
UnitTraits RtlTraits() {
  UnitTraits t;
  t.addr_bits = static_cast<int>(Root::AddrWidth);
  t.has_tex = Root::HasTex != 0;
  t.families.norm = Root::FmtNorm != 0;
  t.families.half = Root::FmtHalf != 0;
  t.families.integer = Root::FmtInt != 0;
  t.tex.grad = Root::HasTexGrad != 0;
  t.tex.cube = Root::HasTexCube != 0;
  t.tex.seamless = Root::HasTexSeamless != 0;
  t.tex.compare = Root::HasTexCompare != 0;
  t.tex.multisample = Root::HasTexMultisample != 0;
  t.tex.residency = Root::HasTexResidency != 0;
  t.tex.mip_linear = Root::HasTexMipLinear != 0;
  t.tex.norm = Root::HasTexNorm != 0;
  t.tex.half = Root::HasTexHalf != 0;
  t.tex.integer = Root::HasTexInt != 0;
  return t;
}

// Dut: a Verilated tsu_top; Root: its root class (public parameters).
template <class Dut, class Root>
class RtlUnit final : public UnitUnderTest {
 public:
  // Traced to trace_base.fst from cycle trace_from on when trace_base is set (a replay).
  RtlUnit(uint64_t seed, const std::string* trace_base, uint64_t trace_from)
      : run_(seed, "tsu_top", trace_base, trace_from), dut_(run_.get()),
        waveform_(trace_base != nullptr ? *trace_base + ".fst" : std::string()) {}

  UnitTraits Traits() const override { return RtlTraits<Root>(); }
  std::string Name() const override { return "RTL"; }

  void Reset() override {
    // Inputs start random (--x-initial unique): every handshake input idles low.
    dut_->req_valid_i = 0;
    dut_->mem_rsp_valid_i = 0;
    dut_->cfg_valid_i = 0;
    dut_->dmem_rsp_valid_i = 0;
    dut_->dmem_req_ready_i = 0;
    dut_->rsp_ready_i = 0;
    dut_->mem_req_ready_i = 0;
    run_.Reset();
  }

  void Eval(const UnitIn& in, UnitOut* out) override {
    // The request pins change only with a new request (driving them is most of a cycle's input).
    // They are driven as soon as the bench has a request, offered or not (as a sender would).
    if (in.req.in != nullptr && (!driven_ || in.req.seq != driven_seq_)) {
      DriveUnitRequest(dut_, *in.req.in, *in.req.req, in.req.tag);
      driven_ = true;
      driven_seq_ = in.req.seq;
    }
    dut_->req_valid_i = in.req_valid;
    dut_->cfg_valid_i = in.cfg_valid;
    if (in.cfg_valid) {
      dut_->cfg_op_i = static_cast<uint8_t>(in.cfg_op);
      dut_->cfg_data_i = in.cfg_data;
    }
    dut_->rsp_ready_i = in.rsp_ready;
    dut_->mem_req_ready_i = in.mem_req_ready;
    dut_->mem_rsp_valid_i = in.mem_rsp_valid;
    DriveLine(in.mem_rsp_valid ? &in.mem_rsp : nullptr, dut_->mem_rsp_rdata_i);
    dut_->dmem_req_ready_i = in.dmem_req_ready;
    dut_->dmem_rsp_valid_i = in.dmem_rsp_valid;
    DriveLine(in.dmem_rsp_valid ? &in.dmem_rsp : nullptr, dut_->dmem_rsp_rdata_i);
    run_.Eval();
    Sample(out);
  }

  void Tick(uint64_t cycle, UnitOut* out) override {
    run_.Tick(cycle);
    // What the bench reads after the edge: the valids (the next Eval samples the rest).
    out->rsp_valid = dut_->rsp_valid_o;
    out->mem_req_valid = dut_->mem_req_valid_o;
    out->dmem_req_valid = dut_->dmem_req_valid_o;
  }
  bool AssertionFailed() const override { return run_.AssertionFailed(); }
  UnitPerf Perf() const override {
    UnitPerf p;
    p.tex_cache_lookups = run_.dut().perf_tex_lookups_o;
    p.tex_cache_misses = run_.dut().perf_tex_misses_o;
    return p;
  }
  std::string Waveform() const override { return waveform_; }
  void WriteCoverage(const std::string& path) override { run_.WriteCoverage(path); }

 private:
  void Sample(UnitOut* out) const {
    out->req_ready = dut_->req_ready_o;
    out->cfg_ready = dut_->cfg_ready_o;
    out->rsp_valid = dut_->rsp_valid_o;
    if (out->rsp_valid) {
      UnitResponse& r = out->rsp;
      r.tag = dut_->rsp_tag_o;
      r.count = dut_->rsp_count_o;
      r.trap = dut_->rsp_trap_o;
      r.oob = dut_->rsp_oob_o;
      r.misaligned = dut_->rsp_misaligned_o;
      r.clamped = dut_->rsp_clamped_o;
      r.suppressed = dut_->rsp_suppressed_o;
      r.pred = dut_->rsp_pred_o;
      for (int i = 0; i < 4; ++i) {
        r.data[i] = (static_cast<uint64_t>(dut_->rsp_data_o[2 * i + 1]) << 32) | dut_->rsp_data_o[2 * i];
      }
    }
    out->mem_req_valid = dut_->mem_req_valid_o;
    if (out->mem_req_valid) {
      out->mem_we = dut_->mem_req_we_o;
      out->mem_addr = dut_->mem_req_addr_o;
      out->mem_mask = dut_->mem_req_mask_o;
      for (int i = 0; i < 16; ++i) {
        out->mem_wdata.b[i] = static_cast<uint8_t>(dut_->mem_req_wdata_o[i / 4] >> (8 * (i % 4)));
      }
    }
    out->mem_rsp_ready = dut_->mem_rsp_ready_o;
    out->dmem_req_valid = dut_->dmem_req_valid_o;
    if (out->dmem_req_valid) out->dmem_addr = dut_->dmem_req_addr_o;
    out->dmem_rsp_ready = dut_->dmem_rsp_ready_o;
  }

  // A line onto a 128-bit port as four little-endian words (zeros when there is none).
  template <typename Words>
  static void DriveLine(const Line* line, Words& words) {
    for (int i = 0; i < 4; ++i) {
      uint32_t w = 0;
      if (line != nullptr) {
        for (int b = 0; b < 4; ++b) w |= static_cast<uint32_t>(line->b[4 * i + b]) << (8 * b);
      }
      words[i] = w;
    }
  }

  SimRun<Dut> run_;  // context, model, clock, trace: the harness every RTL bench shares
  Dut* dut_;
  std::string waveform_;
  bool driven_ = false;
  uint64_t driven_seq_ = 0;
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_RTL_UNIT_H_
