// The kernel executor's texture/surface instructions through a clocked unit (kernel_port.h).
#include "kernel_port.h"

#include <chrono>
#include <cstring>
#include <fstream>

#include "tsu/exec/address_map.h"
#include "tsu/hex.h"
#include "tsu/texture_words.h"

namespace tsu::tb {
namespace {

constexpr uint64_t kWatchdog = 200000;  // cycles without an answer: the unit is stuck
constexpr size_t kLogLines = 64;

std::string Where(const exec::RequestContext& w) {
  return (w.kernel != nullptr ? *w.kernel : std::string("?")) + " CTA (" + std::to_string(w.cta[0]) +
         "," + std::to_string(w.cta[1]) + "," + std::to_string(w.cta[2]) + ") warp " +
         std::to_string(w.warp) + " lane " + std::to_string(w.lane) + " at " +
         (w.file != nullptr ? *w.file : std::string("?")) + ":" + std::to_string(w.line) + ":" +
         std::to_string(w.column);
}

}  // namespace

// Kernel loads and stores during a launch: reads from the device's memory; writes to it and to
// the model's copy.
class KernelPort::Tee : public MemoryPort {
 public:
  Tee(MemoryPort* device, SparseMemory* mirror, std::vector<std::pair<uint64_t, uint64_t>> cached)
      : device_(device), mirror_(mirror), cached_(std::move(cached)) {}
  void Read(uint64_t addr, uint8_t* data, uint32_t n) override { device_->Read(addr, data, n); }
  void Write(uint64_t addr, const uint8_t* data, uint32_t n) override {
    device_->Write(addr, data, n);
    mirror_->Write(addr, data, n);
    for (const auto& [base, end] : cached_) {
      if (addr < end && addr + n > base) dirty = true;
    }
  }
  // A kernel store into a texture's bytes since the unit's texel cache was last invalidated.
  bool dirty = false;

 private:
  MemoryPort* device_;
  SparseMemory* mirror_;
  std::vector<std::pair<uint64_t, uint64_t>> cached_;  // what the texel cache may hold: [base, end)
};

std::unique_ptr<KernelPort> KernelPort::Over(exec::Device* dev, std::unique_ptr<UnitUnderTest> unit,
                                             const KernelPortOptions& opt, std::string* error) {
  const UnitTraits t = unit->Traits();
  if (!t.has_tex) {
    *error = "configuration '" + opt.config + "' has no texture path: kernels' tex would trap";
    return nullptr;
  }
  if (t.addr_bits < 48) {
    *error = "configuration '" + opt.config + "' has " + std::to_string(t.addr_bits) +
             " address bits; the executor's device memory needs 48 (docs/semantics.md X5)";
    return nullptr;
  }
  return std::make_unique<KernelPort>(dev, std::move(unit), opt);
}

KernelPort::KernelPort(exec::Device* dev, std::unique_ptr<UnitUnderTest> unit, const KernelPortOptions& opt)
    : dev_(dev), unit_(std::move(unit)), opt_(opt), shadow_(&mirror_), mport_(~0ull), dport_(~0ull) {
  const UnitTraits t = unit_->Traits();
  shadow_.set_format_families(t.families);
  shadow_.set_tex_features(t.ModelTexFeatures());
}

KernelPort::~KernelPort() = default;

Response KernelPort::Execute(const Instruction& in, const Request& req) {
  return shadow_.Execute(in, req);  // only the synchronous callers (none in a launch)
}

void KernelPort::BindShadow() {
  for (const exec::Device::PoolSlot& s : dev_->pool_slots()) {
    DescImage img{};
    mirror_.Read(exec::kPoolBase + 64 * s.handle, img.data(), 64);
    std::string why;
    switch (s.kind) {
      case exec::Device::PoolSlot::Kind::kTexture: shadow_.BindTextureImage(s.handle, img, &why); break;
      case exec::Device::PoolSlot::Kind::kSampler: shadow_.BindSamplerImage(s.handle, img, &why); break;
      case exec::Device::PoolSlot::Kind::kSurface: shadow_.BindSurfaceImage(s.handle, img, &why); break;
    }
  }
}

void KernelPort::BeginLaunch() {
  const auto t0 = std::chrono::steady_clock::now();
  mirror_ = dev_->memory();  // the model's copy: memory as the launch finds it
  BindShadow();
  stats_.check_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!reset_) {
    unit_->Reset();
    reset_ = true;
  }
  cfg_step_ = 0;  // set the pool and invalidate the texel cache: the host may have written memory
  writes_.clear();
}

MemoryPort* KernelPort::ThreadMemory(MemoryPort* device) {
  // The texel cache holds lines of textures only (H13); a store elsewhere needs no invalidation.
  std::vector<std::pair<uint64_t, uint64_t>> cached;
  for (const exec::Device::PoolSlot& s : dev_->pool_slots()) {
    if (s.kind != exec::Device::PoolSlot::Kind::kTexture) continue;
    if (const ResolvedTexture* t = shadow_.FindTexture(s.handle)) {
      cached.emplace_back(t->desc.base, t->desc.base + t->size_bytes);
    }
  }
  tee_ = std::make_unique<Tee>(device, &mirror_, std::move(cached));
  return tee_.get();
}

void KernelPort::Submit(uint64_t ticket, const Instruction& in, const Request& req,
                        const exec::RequestContext& where) {
  Pending p;
  p.ticket = ticket;
  p.seq = ++seq_;
  p.in = &in;
  p.req = req;
  p.where = where;
  const auto t0 = std::chrono::steady_clock::now();
  p.want = shadow_.Execute(in, req);  // in program order, on the model's memory
  if (p.seq - 1 == opt_.corrupt_expected) p.want.data[0] ^= 1;
  stats_.check_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (p.want.write.valid) writes_.push_back(p.want.write);
  queue_.push_back(p);
}

bool KernelPort::Mismatch(const Pending* p, const std::string& what, std::string* error) {
  *error = "RTL " + opt_.config + " disagrees with the model at cycle " + std::to_string(cycle_) +
           (p != nullptr ? ": " + Where(p->where) : std::string()) + ": " + what;
  if (!opt_.log.empty()) {
    std::ofstream f(opt_.log);
    f << *error << "\nthe latest transactions:\n";
    for (const std::string& l : log_) f << l << "\n";
    *error += " (log: " + opt_.log + (opt_.trace.empty() ? "" : ", waveform: " + opt_.trace + ".fst") + ")";
  }
  return false;
}

bool KernelPort::Collect(std::vector<exec::Completion>* done, std::string* error) {
  if (queue_.empty() && inflight_.empty()) {
    *error = "internal: the unit is asked for answers it was never asked";
    return false;
  }
  const uint64_t start = cycle_;
  const auto t0 = std::chrono::steady_clock::now();
  struct Clock {
    std::chrono::steady_clock::time_point t0;
    double* acc;
    ~Clock() { *acc += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); }
  } clock{t0, &stats_.unit_seconds};
  while (done->empty()) {
    if (cycle_ - start > kWatchdog) {
      return Mismatch(inflight_.empty() ? nullptr : &inflight_.front(),
                      "the unit answered nothing for " + std::to_string(kWatchdog) + " cycles (" +
                          std::to_string(queue_.size()) + " requests waiting, " +
                          std::to_string(inflight_.size()) + " taken)", error);
    }
    if (!Cycle(done, error)) return false;
  }
  return true;
}

bool KernelPort::Cycle(std::vector<exec::Completion>* done, std::string* error) {
  // Inputs: first the pool's configuration and an invalidation (also after kernel stores, which
  // the texel cache does not see: H13), then requests, each offered until taken.
  UnitIn& in = in_;
  in.cfg_valid = false;
  if (tee_ != nullptr && tee_->dirty && inflight_.empty() && cfg_step_ >= 3) {
    cfg_step_ = 2;  // kernel stores since the last invalidation: invalidate before the next request
    tee_->dirty = false;
  }
  if (cfg_step_ < 3) {
    in.cfg_valid = true;
    in.cfg_op = cfg_step_ == 0 ? CfgOp::kSetPoolBase : cfg_step_ == 1 ? CfgOp::kSetPoolEntries : CfgOp::kInvalidateAll;
    in.cfg_data = cfg_step_ == 0 ? exec::kPoolBase : cfg_step_ == 1 ? exec::kPoolEntries : 0;
  }
  const bool can_tag = inflight_.size() < 255;
  in.req_valid = !in.cfg_valid && !queue_.empty() && can_tag;
  if (!queue_.empty()) {
    in.req.seq = queue_.front().seq;
    in.req.tag = next_tag_;
    in.req.in = queue_.front().in;
    in.req.req = &queue_.front().req;
  }
  in.rsp_ready = true;
  in.mem_req_ready = true;
  in.dmem_req_ready = true;
  const uint8_t* ml = mport_.Due(cycle_);
  const uint8_t* dl = dport_.Due(cycle_);
  in.mem_rsp_valid = ml != nullptr;
  in.dmem_rsp_valid = dl != nullptr;
  if (ml != nullptr) std::memcpy(in.mem_rsp.b, ml, 16);
  if (dl != nullptr) std::memcpy(in.dmem_rsp.b, dl, 16);
  unit_->Eval(in, &out_);

  // What completes at this edge.
  if (in.cfg_valid && out_.cfg_ready) ++cfg_step_;
  // A request taken at this edge moves in flight after the edge: the unit reads it at Tick.
  const bool taken = in.req_valid && out_.req_ready;
  if (in.req_valid && !taken) ++stats_.stall_cycles;
  if (out_.rsp_valid) {
    if (inflight_.empty()) return Mismatch(nullptr, "a response with no request in flight", error);
    const Pending& p = inflight_.front();
    const UnitResponse& r = out_.rsp;
    const Response& w = p.want;
    auto field = [&](const char* name, uint64_t rtl, uint64_t model) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s: RTL %s, model %s", name, Hex(rtl).c_str(), Hex(model).c_str());
      return Mismatch(&p, buf, error);
    };
    if (r.tag != p.tag) return field("tag", r.tag, p.tag);
    if (r.trap != static_cast<uint32_t>(w.trap)) return field("trap", r.trap, static_cast<uint32_t>(w.trap));
    if (w.trap == TrapCause::kNone) {
      if (r.count != static_cast<uint32_t>(w.count)) return field("count", r.count, static_cast<uint64_t>(w.count));
      for (int i = 0; i < w.count; ++i) {
        if (r.data[i] != w.data[i]) return field(("data[" + std::to_string(i) + "]").c_str(), r.data[i], w.data[i]);
      }
      if (p.in->opcode == Opcode::kTex && r.pred != w.pred) return field("pred", r.pred, w.pred);
    }
    exec::Completion c;
    c.ticket = p.ticket;
    c.response = w;  // equal to the unit's in every field the executor uses
    done->push_back(c);
    ++stats_.requests;
    if (p.in->opcode == Opcode::kTex) ++stats_.tex;
    char line[200];
    std::snprintf(line, sizeof line, "cycle %llu: %s %s -> trap %u data %s (taken at %llu)",
                  static_cast<unsigned long long>(cycle_), tsu::Name(p.in->opcode).data(), Where(p.where).c_str(),
                  r.trap, Hex(r.data[0]).c_str(), static_cast<unsigned long long>(p.accepted));
    log_.push_back(line);
    if (log_.size() > kLogLines) log_.pop_front();
    inflight_.pop_front();
  }
  if (out_.mem_req_valid && in.mem_req_ready) {
    if (out_.mem_we) {
      ++stats_.mem_writes;
      if (writes_.empty()) return Mismatch(nullptr, "a memory write at " + Hex(out_.mem_addr) + " the model does not make", error);
      const MemAccess want = writes_.front();
      writes_.pop_front();
      const uint32_t mask = out_.mem_mask;
      const int first = mask == 0 ? 0 : __builtin_ctz(mask);
      const int n = __builtin_popcount(mask);
      const uint64_t addr = out_.mem_addr + static_cast<uint64_t>(first);
      if (addr != want.addr || static_cast<uint32_t>(n) != want.size ||
          std::memcmp(&out_.mem_wdata.b[first], want.data, want.size) != 0) {
        return Mismatch(nullptr, "memory write: RTL " + std::to_string(n) + " bytes at " + Hex(addr) +
                                     ", model " + std::to_string(want.size) + " bytes at " + Hex(want.addr), error);
      }
      dev_->memory().Write(addr, &out_.mem_wdata.b[first], static_cast<uint32_t>(n));
    } else {
      mport_.Accept(cycle_, opt_.mem_latency, out_.mem_addr, &dev_->memory());
      ++stats_.mem_reads;
    }
  }
  if (out_.dmem_req_valid && in.dmem_req_ready) {
    dport_.Accept(cycle_, opt_.mem_latency, out_.dmem_addr, &dev_->memory());
    ++stats_.desc_reads;
  }
  if (ml != nullptr && out_.mem_rsp_ready) mport_.Pop();
  if (dl != nullptr && out_.dmem_rsp_ready) dport_.Pop();
  unit_->Tick(cycle_, &out_);
  if (taken) {
    Pending p = queue_.front();
    queue_.pop_front();
    p.tag = next_tag_;
    p.accepted = cycle_;
    next_tag_ = (next_tag_ + 1) & 0xff;
    inflight_.push_back(p);
  }
  ++cycle_;
  ++stats_.cycles;
  if (unit_->AssertionFailed()) return Mismatch(nullptr, "an RTL assertion failed (stderr)", error);
  return true;
}

bool KernelPort::EndLaunch(std::string* error) {
  tee_.reset();
  const UnitPerf perf = unit_->Perf();
  stats_.cache_lookups = perf.tex_cache_lookups;
  stats_.cache_misses = perf.tex_cache_misses;
  if (!queue_.empty() || !inflight_.empty()) {
    *error = "internal: requests left in the unit at the end of a launch";
    queue_.clear();
    inflight_.clear();
    return false;
  }
  // Writes the unit still owes: let it drain (a store's response may precede its write).
  for (uint64_t k = 0; !writes_.empty() && k < kWatchdog; ++k) {
    std::vector<exec::Completion> none;
    if (!Cycle(&none, error)) return false;
  }
  if (!writes_.empty()) return Mismatch(nullptr, std::to_string(writes_.size()) + " memory writes never made", error);
  const auto t0 = std::chrono::steady_clock::now();
  const bool same = dev_->memory() == mirror_;
  stats_.check_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!same) {
    return Mismatch(nullptr, "device memory differs from the model's at the end of the launch", error);
  }
  return true;
}

}  // namespace tsu::tb
