#include "model_unit.h"

#include <algorithm>
#include <cstring>

#include "pool_binding.h"
#include "tsu/descriptor_words.h"
#include "tsu/texture_words.h"

namespace tsu::tb {

void ModelUnit::View::Read(uint64_t addr, uint8_t* data, uint32_t n) {
  memory_->Read(addr, data, n);
  for (const Pending& p : pending_) {  // oldest first, so the newest write wins
    const uint64_t lo = std::max(addr, p.w.addr);
    const uint64_t hi = std::min(addr + n, p.w.addr + p.w.size);
    for (uint64_t a = lo; a < hi; ++a) data[a - addr] = p.w.data[a - p.w.addr];
  }
}

void ModelUnit::View::Write(uint64_t addr, const uint8_t* data, uint32_t n) {
  // The model writes at most a line's worth per request (a store or a reduction's result).
  Pending p{seq_, 0, MemAccess{}};
  p.w.valid = true;
  p.w.addr = addr;
  p.w.size = std::min<uint32_t>(n, sizeof(p.w.data));
  std::memcpy(p.w.data, data, p.w.size);
  pending_.push_back(p);
}

ModelUnit::ModelUnit(const UnitTraits& traits, MemoryPort* memory, uint64_t seed,
                     const ModelUnitOptions& options)
    : traits_(traits), opt_(options), view_(memory), model_(&view_), rng_(seed ^ 0x5A1Dull) {
  model_.set_format_families(traits_.families);
  model_.set_tex_features(traits_.ModelTexFeatures());
}

void ModelUnit::Reset() {
  q_.clear();
  view_.pending().clear();
  pool_base_ = pool_entries_ = 0;
  accepted_ = last_due_ = cycle_ = 0;
  stall_ = false;
  in_ = UnitIn{};
}

void ModelUnit::BindFromPool(const Instruction& in, const Request& req) {
  std::string why;
  const auto bind = [&](SlotKind kind, uint64_t handle) {
    BindPoolSlot(&model_, &view_, pool_base_, pool_entries_, kind, handle, &why);
  };
  if (in.opcode != Opcode::kTex) {
    bind(SlotKind::kSurface, req.handle);
    return;
  }
  bind(SlotKind::kTexture, req.handle);
  if (in.has_sampler) {
    bind(SlotKind::kSampler, req.sampler);
  } else if (const ResolvedTexture* t = model_.FindTexture(req.handle); t != nullptr && t->sampler_in_slot) {
    bind(SlotKind::kSampler, t->sampler_slot);
  }
}

void ModelUnit::Accept(const UnitRequest& r) {
  BindFromPool(*r.in, *r.req);
  view_.set_seq(accepted_);
  const size_t writes_before = view_.pending().size();
  const Response m = model_.Execute(*r.in, *r.req);
  const int span = opt_.latency_max - opt_.latency_min + 1;
  const uint64_t lat = static_cast<uint64_t>(opt_.latency_min) + rng_() % static_cast<uint64_t>(span);
  last_due_ = std::max(last_due_, cycle_ + lat);  // in order
  for (size_t i = writes_before; i < view_.pending().size(); ++i) view_.pending()[i].due = last_due_;
  InFlight f{accepted_, last_due_, UnitResponse{}};
  f.rsp.tag = r.tag;
  f.rsp.count = static_cast<uint32_t>(m.count);
  f.rsp.trap = static_cast<uint32_t>(m.trap);
  f.rsp.oob = m.oob_axes;
  f.rsp.misaligned = m.misaligned;
  f.rsp.clamped = m.clamped;
  f.rsp.suppressed = m.suppressed;
  f.rsp.pred = m.pred;
  for (int i = 0; i < 4; ++i) f.rsp.data[i] = i < m.count ? m.data[i] : 0;
  if (accepted_ == opt_.fault_at) {
    if (opt_.fault == ModelUnitFault::kFlipData) {
      if (m.count > 0) {
        f.rsp.data[0] ^= 1;
      } else {
        f.rsp.pred = !f.rsp.pred;
      }
    }
  }
  // The first write at or after fault_at never reaches the memory (the model went on reading it).
  if (opt_.fault == ModelUnitFault::kDropWrite && accepted_ >= opt_.fault_at && !faulted_ &&
      view_.pending().size() > writes_before) {
    view_.pending().pop_back();
    faulted_ = true;
  }
  q_.push_back(f);
  if (opt_.fault == ModelUnitFault::kSwapResponses && accepted_ == opt_.fault_at + 1) {
    std::swap(q_[q_.size() - 1].rsp, q_[q_.size() - 2].rsp);
  }
  ++accepted_;
}

void ModelUnit::Outputs(UnitOut* out) const {
  *out = UnitOut{};
  out->cfg_ready = true;
  // No request in a cycle that offers a configuration command (the bench's rule for every unit).
  out->req_ready = !in_.cfg_valid && !stall_ && q_.size() < static_cast<size_t>(opt_.depth);
  if (opt_.fault == ModelUnitFault::kReadyUnderCfg && accepted_ >= opt_.fault_at && in_.cfg_valid) {
    out->req_ready = !stall_ && q_.size() < static_cast<size_t>(opt_.depth);
  }
  out->rsp_valid = !q_.empty() && q_.front().due <= cycle_;
  if (out->rsp_valid) out->rsp = q_.front().rsp;
  // The handshake faults strike the first response at or after fault_at that waits for ready.
  const bool held_fault = out->rsp_valid && !faulted_ && q_.front().seq >= opt_.fault_at && held_cycles_ == 1;
  if (held_fault && opt_.fault == ModelUnitFault::kChangeWhileHeld) out->rsp.data[0] ^= 1ull << 63;
  if (held_fault && opt_.fault == ModelUnitFault::kDropValid) out->rsp_valid = false;
  const auto& pending = view_.pending();
  out->mem_req_valid = !pending.empty() && pending.front().due <= cycle_;
  if (out->mem_req_valid) {
    const MemAccess& w = pending.front().w;
    const uint64_t mask = traits_.addr_bits >= 64 ? ~0ull : (1ull << traits_.addr_bits) - 1;
    const uint32_t first = static_cast<uint32_t>(w.addr & 15);
    out->mem_we = true;
    out->mem_addr = (w.addr & ~15ull) & mask;
    out->mem_mask = 0;
    for (uint32_t i = 0; i < w.size && first + i < 16; ++i) {
      out->mem_mask |= 1u << (first + i);
      out->mem_wdata.b[first + i] = w.data[i];
    }
  }
  out->mem_rsp_ready = true;
  out->dmem_rsp_ready = true;
}

void ModelUnit::Eval(const UnitIn& in, UnitOut* out) {
  in_ = in;
  Outputs(out);
}

void ModelUnit::Tick(uint64_t /*cycle*/, UnitOut* out) {
  UnitOut now;
  Outputs(&now);
  if (in_.cfg_valid && now.cfg_ready) {
    if (in_.cfg_op == CfgOp::kSetPoolBase) pool_base_ = in_.cfg_data;
    if (in_.cfg_op == CfgOp::kSetPoolEntries) pool_entries_ = in_.cfg_data;
    // Invalidations: nothing is cached (every request decodes its slots).
  }
  if (now.rsp_valid && in_.rsp_ready) {
    q_.pop_front();
    held_cycles_ = 0;
  } else if (!q_.empty() && q_.front().due <= cycle_) {
    if (held_cycles_ == 1 && q_.front().seq >= opt_.fault_at) faulted_ = true;
    ++held_cycles_;
  }
  if (now.mem_req_valid && in_.mem_req_ready) view_.pending().pop_front();  // the memory has it
  if (in_.req_valid && now.req_ready) Accept(in_.req);
  ++cycle_;
  stall_ = static_cast<int>(rng_() % 100) < opt_.req_stall_percent;
  Outputs(out);
}

}  // namespace tsu::tb
