#include "cosim.h"

#include <verilated.h>
#include <verilated_cov.h>
#include <verilated_fst_c.h>

#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

#include "Vtsu_top.h"
#include "Vtsu_top_tsu_top.h"
#include "tsu/descriptor_words.h"
#include "tsu/hex.h"
#include "tsu/instruction.h"
#include "tsu/memory.h"
#include "tsu_tlm.h"

namespace tsu::tb {
namespace {

// The descriptor pool the bench sets up (docs/descriptors.md): handles 0..kPoolEntries-1 name
// the 64-byte slots from kPoolBase, far above every surface (stimulus bases are 1 MiB apart from
// 1 MiB), so no surface access can reach a descriptor.
constexpr int kPoolEntries = 16;
constexpr uint64_t kPoolBase = 0xF000'0000ull;
const int kAddrBits = static_cast<int>(Vtsu_top_tsu_top::AddrWidth);

// The golden model: one TLM system per process (SystemC cannot elaborate twice); a run resets
// its bindings and memory.
TlmSystem& Model() {
  static TlmSystem* sys = [] {
    auto* s = new TlmSystem();
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    return s;
  }();
  return *sys;
}

Response ModelExecute(const Txn& t) {
  tlm::tlm_generic_payload gp;
  InstrExtension ext;
  ext.instr = &t.in;
  ext.req = t.req;
  gp.set_extension(&ext);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  Model().cpu.Issue(gp, delay);
  gp.clear_extension(&ext);
  return ext.resp;
}

struct ExpectedResponse {
  uint64_t n;
  uint64_t cycle;  // accepted
  Txn txn;
  Response resp;
  uint32_t tag;
};

struct ExpectedWrite {
  uint64_t n;
  MemAccess w;
};

struct ReadReturn {
  uint64_t due;
  uint8_t data[16];
};

// A configuration-port command and what it stands for: software that rewrote a descriptor
// slot (image) and then invalidated it. The bench applies the memory write and the model's
// rebinding at the cycle the unit takes the command, so requests accepted before it see the old
// descriptor and requests after it the new one, in the model and in the unit alike.
struct CfgCommand {
  CfgOp op;
  uint64_t data = 0;
  bool rewrite = false;  // write `image` to slot `data` when taken
  DescImage image{};
  std::string what;      // for the transaction log
};

// What a valid/ready sender must hold while stalled.
struct Held {
  bool stalled = false;
  std::vector<uint32_t> payload;
};

class Bench {
 public:
  Bench(const CosimOptions& opt, CosimResult* res)
      : opt_(opt), res_(res), stim_(opt.seed, opt.mix, kPoolEntries), rng_(opt.seed ^ 0x5EEDull) {}

  void Run();

 private:
  void Fail(uint64_t cycle, const std::string& what);
  void Bind();
  void SetSlot(uint64_t handle, const DescImage& image);
  CfgCommand RandomCfg();
  void ApplyCfg(const CfgCommand& c);
  void CheckDescRead(uint64_t cycle, uint64_t addr);
  void DriveRequest(const Txn& t, uint32_t tag);
  void CheckResponse(uint64_t cycle);
  void CheckWrite(uint64_t cycle);
  void CheckHeld(uint64_t cycle, const char* ch, Held* h, bool valid, bool ready,
                 const std::vector<uint32_t>& payload);
  std::vector<uint32_t> RspPayload() const;
  std::vector<uint32_t> MemPayload() const;
  void Tick();
  void Eval();  // eval() that remembers whether the clock's low phase was evaluated

  const CosimOptions& opt_;
  CosimResult* res_;
  Stimulus stim_;
  std::mt19937_64 rng_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vtsu_top> dut_;
  std::unique_ptr<VerilatedFstC> fst_;
  bool low_evaluated_ = false;  // eval() has run since the clock fell
  uint64_t time_ = 0, cycle_ = 0;
  SparseMemory dut_mem_;
  std::deque<ExpectedResponse> rsp_q_;
  std::deque<ExpectedWrite> wr_q_;
  std::deque<ReadReturn> rd_q_;
  std::deque<ReadReturn> drd_q_;  // descriptor line reads in flight
  std::deque<CfgCommand> cfg_q_;
  std::vector<bool> slot_changed_;  // slots that do not hold their stimulus surface now
  std::vector<uint64_t> restore_due_;
  struct LogEntry {
    uint64_t cycle, n;
    uint32_t tag;
    Txn txn;
    Response resp;
    std::string cfg;  // a configuration command instead of a transaction
  };
  std::deque<LogEntry> log_;  // the last `window` transactions (formatted only on a mismatch)
  Held rsp_held_, mem_held_;
  bool failed_ = false;
  uint64_t desc_due_ = 0;
};

void Bench::Fail(uint64_t cycle, const std::string& what) {
  if (failed_) return;
  failed_ = true;
  res_->ok = false;
  res_->fail_cycle = cycle;
  res_->report = what;
}

// Writes a descriptor slot as software would: into the unit's memory and the model's (so the
// final images agree), and rebinds the model's handle from the same bytes.
void Bench::SetSlot(uint64_t handle, const DescImage& image) {
  const uint64_t addr = kPoolBase + handle * kDescBytes;
  dut_mem_.Write(addr, image.data(), kDescBytes);
  Model().mem.store().Write(addr, image.data(), kDescBytes);
  std::string why;
  Model().unit.unit().BindSurfaceImage(handle, image, &why);
}

void Bench::Bind() {
  Unit& u = Model().unit.unit();
  for (uint64_t h = 0; h < 1024; ++h) u.Unbind(h);
  Model().mem.store().Clear();
  const auto& surfs = stim_.surfaces();
  for (size_t h = 0; h < surfs.size(); ++h) SetSlot(h, EncodeSurface(surfs[h]));
  slot_changed_.assign(kPoolEntries, false);
  restore_due_.assign(kPoolEntries, 0);
  // Slots past the stimulus surfaces stay all zero: unbound (invalid_handle).
  for (const auto& [op, data] : {std::pair{CfgOp::kSetPoolBase, kPoolBase},
                                 std::pair{CfgOp::kSetPoolEntries, static_cast<uint64_t>(kPoolEntries)}}) {
    dut_->cfg_valid_i = 1;
    dut_->cfg_op_i = static_cast<uint8_t>(op);
    dut_->cfg_data_i = data;
    Eval();
    if (!dut_->cfg_ready_o) std::abort();  // idle after reset
    Tick();
  }
  dut_->cfg_valid_i = 0;
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> init;
  stim_.InitialMemory(&init);
  for (const auto& [addr, bytes] : init) {
    dut_mem_.Write(addr, bytes.data(), static_cast<uint32_t>(bytes.size()));
    Model().mem.store().Write(addr, bytes.data(), static_cast<uint32_t>(bytes.size()));
  }
}

// Rebinding under traffic: move another surface into a slot, corrupt a slot (a field outside its
// rule, so the model unbinds it and both trap invalid_handle), unbind one, restore one, or just
// invalidate. Every rewrite goes with an invalidate of that slot, as software must.
CfgCommand Bench::RandomCfg() {
  const auto& surfs = stim_.surfaces();
  CfgCommand c;
  uint64_t h = rng_() % surfs.size();
  int pick = static_cast<int>(rng_() % 100);
  // A changed slot goes back after 16..255 cycles, so most traffic still meets the stimulus's
  // surfaces (the bins of the surface classes stay reachable).
  for (uint64_t k = 0; k < surfs.size(); ++k) {
    if (slot_changed_[k] && restore_due_[k] <= cycle_) {
      h = k;
      pick = 30;
      break;
    }
  }
  c.op = CfgOp::kInvalidateHandle;
  c.data = h;
  if (pick < 10) {
    c.op = CfgOp::kInvalidateAll;
    c.data = 0;
    c.what = "invalidate all";
  } else if (pick < 20) {
    c.what = "invalidate h" + std::to_string(h);
  } else if (pick < 45 || slot_changed_[h]) {
    c.rewrite = true;
    c.image = EncodeSurface(surfs[h]);
    c.what = "restore h" + std::to_string(h);
    if (!slot_changed_[h]) {  // move another surface in
      const uint64_t other = rng_() % surfs.size();
      c.image = EncodeSurface(surfs[other]);
      c.what = "rebind h" + std::to_string(h) + " to surface " + std::to_string(other);
    }
  } else if (pick < 55) {
    c.rewrite = true;
    c.image = DescImage{};
    c.what = "unbind h" + std::to_string(h);
  } else {
    // Corrupt one field so that DecodeSurface rejects the slot (retry until it does).
    namespace L = desc_layout::Surface;
    static constexpr DescField kFields[] = {L::kind, L::dim, L::chorder, L::chtype, L::layout,
                                            L::block_height_log2, L::block_depth_log2, L::pitch,
                                            L::width, L::height, L::depth, L::array_size, L::base};
    ResolvedSurface r;
    std::string why;
    for (int tries = 0;; ++tries) {
      c.image = EncodeSurface(surfs[h]);
      const DescField f = kFields[rng_() % (sizeof(kFields) / sizeof(kFields[0]))];
      const uint64_t old = GetField(c.image, f);
      const int how = static_cast<int>(rng_() % 4);
      const uint64_t v = how == 0 ? 0 : how == 1 ? old + 1 + rng_() % 7 : how == 2 ? old ^ (1ull << (rng_() % f.bits)) : rng_();
      SetField(&c.image, f, v);
      if (DecodeSurface(c.image, &r, &why) != TrapCause::kNone) break;
      if (tries > 50) {
        SetField(&c.image, L::kind, 0);
        DecodeSurface(c.image, &r, &why);
        break;
      }
    }
    c.rewrite = true;
    c.what = "corrupt h" + std::to_string(h) + " (" + why + ")";
  }
  return c;
}

void Bench::ApplyCfg(const CfgCommand& c) {
  ++res_->cfg_commands;
  if (!c.rewrite) return;
  SetSlot(c.data, c.image);
  slot_changed_[c.data] = c.image != EncodeSurface(stim_.surfaces()[c.data]);
  restore_due_[c.data] = cycle_ + 16 + rng_() % 240;
}

// A descriptor read must be one of the four lines of an in-range slot.
void Bench::CheckDescRead(uint64_t cycle, uint64_t addr) {
  ++res_->desc_line_reads;
  const uint64_t end = kPoolBase + static_cast<uint64_t>(kPoolEntries) * kDescBytes;
  if (addr < kPoolBase || addr >= end || (addr & 15) != 0) {
    Fail(cycle, "descriptor read of " + Hex(addr) + " at cycle " + std::to_string(cycle) +
                    ": not a line of the descriptor pool [" + Hex(kPoolBase) + ", " + Hex(end) + ")");
  }
}

void Bench::DriveRequest(const Txn& t, uint32_t tag) {
  const Instruction& in = t.in;
  dut_->req_opcode_i = static_cast<uint8_t>(in.opcode);
  dut_->req_addressing_i = static_cast<uint8_t>(in.addressing);
  dut_->req_geom_i = static_cast<uint8_t>(in.geom);
  dut_->req_vec_i = static_cast<uint8_t>(in.vec);
  dut_->req_type_i = static_cast<uint8_t>(in.type);
  dut_->req_clamp_i = static_cast<uint8_t>(in.clamp);
  dut_->req_redop_i = static_cast<uint8_t>(in.red_op);
  dut_->req_query_i = static_cast<uint8_t>(in.query);
  dut_->req_handle_i = t.req.handle;
  dut_->req_tag_i = static_cast<uint8_t>(tag);
  for (int i = 0; i < 4; ++i) dut_->req_coords_i[i] = t.req.coords[i];
  for (int i = 0; i < 4; ++i) {
    dut_->req_data_i[2 * i] = static_cast<uint32_t>(t.req.data[i]);
    dut_->req_data_i[2 * i + 1] = static_cast<uint32_t>(t.req.data[i] >> 32);
  }
}

std::vector<uint32_t> Bench::RspPayload() const {
  std::vector<uint32_t> p = {dut_->rsp_tag_o, dut_->rsp_count_o, dut_->rsp_trap_o, dut_->rsp_oob_o,
                             dut_->rsp_misaligned_o, dut_->rsp_clamped_o, dut_->rsp_suppressed_o};
  for (int i = 0; i < 8; ++i) p.push_back(dut_->rsp_data_o[i]);
  return p;
}

std::vector<uint32_t> Bench::MemPayload() const {
  std::vector<uint32_t> p = {dut_->mem_req_we_o, static_cast<uint32_t>(dut_->mem_req_addr_o),
                             static_cast<uint32_t>(dut_->mem_req_addr_o >> 32), dut_->mem_req_mask_o};
  for (int i = 0; i < 4; ++i) p.push_back(dut_->mem_req_wdata_o[i]);
  return p;
}

void Bench::CheckHeld(uint64_t cycle, const char* ch, Held* h, bool valid, bool ready,
                      const std::vector<uint32_t>& payload) {
  if (h->stalled) {
    if (!valid) {
      Fail(cycle, std::string("protocol: ") + ch + " valid dropped at cycle " +
                      std::to_string(cycle) + " before ready");
    } else if (payload != h->payload) {
      Fail(cycle, std::string("protocol: ") + ch + " payload changed at cycle " +
                      std::to_string(cycle) + " while stalled");
    }
  }
  h->stalled = valid && !ready;
  if (h->stalled) h->payload = payload;
}

void Bench::CheckResponse(uint64_t cycle) {
  if (rsp_q_.empty()) {
    Fail(cycle, "response with tag " + std::to_string(dut_->rsp_tag_o) + " at cycle " +
                    std::to_string(cycle) + " but no request is outstanding");
    return;
  }
  const ExpectedResponse e = rsp_q_.front();
  rsp_q_.pop_front();
  const Response& m = e.resp;
  std::ostringstream d;
  auto field = [&](const char* name, uint64_t exp, uint64_t got) {
    if (exp != got) d << "\n    " << name << ": expected " << Hex(exp) << ", got " << Hex(got);
  };
  field("tag", e.tag, dut_->rsp_tag_o);
  field("count", static_cast<uint64_t>(m.count), dut_->rsp_count_o);
  field("trap", static_cast<uint64_t>(m.trap), dut_->rsp_trap_o);
  field("oob_axes", m.oob_axes, dut_->rsp_oob_o);
  field("misaligned", m.misaligned, dut_->rsp_misaligned_o);
  field("clamped", m.clamped, dut_->rsp_clamped_o);
  field("suppressed", m.suppressed, dut_->rsp_suppressed_o);
  for (int i = 0; i < m.count && i < 4; ++i) {
    const uint64_t got = (static_cast<uint64_t>(dut_->rsp_data_o[2 * i + 1]) << 32) | dut_->rsp_data_o[2 * i];
    const std::string n = "data[" + std::to_string(i) + "]";
    field(n.c_str(), m.data[i], got);
  }
  ClassStats& cs = res_->per_class[e.txn.cls];
  ++cs.checked;
  if (!d.str().empty()) {
    ++cs.mismatches;
    Fail(cycle, "response mismatch on transaction #" + std::to_string(e.n) + " (" +
                    Stimulus::Describe(e.txn) + "), accepted at cycle " + std::to_string(e.cycle) +
                    ", responded at cycle " + std::to_string(cycle) + ":" + d.str());
  }
}

void Bench::CheckWrite(uint64_t cycle) {
  const uint64_t line = dut_->mem_req_addr_o;
  const uint32_t mask = dut_->mem_req_mask_o;
  uint8_t line_data[16];
  for (int i = 0; i < 16; ++i) line_data[i] = static_cast<uint8_t>(dut_->mem_req_wdata_o[i / 4] >> (8 * (i % 4)));
  int first = 0;
  while (first < 16 && !(mask & (1u << first))) ++first;
  int n = 0;
  while (first + n < 16 && (mask & (1u << (first + n)))) ++n;
  if (n == 0 || (mask >> (first + n)) != 0 || (line & 15) != 0) {
    Fail(cycle, "memory write at cycle " + std::to_string(cycle) + " has address " + Hex(line) +
                    " and mask " + Hex(mask) + ": not one contiguous run in a 16-byte line");
    return;
  }
  const uint64_t addr = line + static_cast<uint64_t>(first);
  dut_mem_.Write(addr, line_data + first, static_cast<uint32_t>(n));
  ++res_->writes_checked;
  if (wr_q_.empty()) {
    Fail(cycle, "memory write to " + Hex(addr) + " (" + std::to_string(n) + " bytes) at cycle " +
                    std::to_string(cycle) + " that the model did not make");
    return;
  }
  const ExpectedWrite e = wr_q_.front();
  wr_q_.pop_front();
  const uint64_t mask48 = (1ull << kAddrBits) - 1;
  std::ostringstream d;
  if ((e.w.addr & mask48) != addr) d << "\n    address: expected " << Hex(e.w.addr & mask48) << ", got " << Hex(addr);
  if (e.w.size != static_cast<uint32_t>(n)) d << "\n    bytes: expected " << e.w.size << ", got " << n;
  for (int i = 0; i < n && i < static_cast<int>(e.w.size); ++i) {
    if (e.w.data[i] != line_data[first + i]) {
      d << "\n    byte " << i << ": expected " << Hex(e.w.data[i]) << ", got " << Hex(line_data[first + i]);
    }
  }
  if (!d.str().empty()) {
    Fail(cycle, "memory write mismatch (the model's write of transaction #" + std::to_string(e.n) +
                    ") at cycle " + std::to_string(cycle) + ":" + d.str());
  }
}

void Bench::Tick() {
  if (fst_ && cycle_ >= opt_.trace_from) fst_->dump(time_);
  ++time_;
  if (!low_evaluated_) dut_->eval();  // Verilator sees an edge only against an evaluated low
  dut_->clk_i = 1;
  dut_->eval();
  if (fst_ && cycle_ >= opt_.trace_from) fst_->dump(time_);
  ++time_;
  dut_->clk_i = 0;
  // Nothing in the unit is negedge-clocked, so the falling edge needs no evaluation of its own:
  // the next cycle's eval() (after the inputs are driven) sees it. Only the waveform wants it.
  low_evaluated_ = false;
  if (fst_) Eval();
}

void Bench::Eval() {
  dut_->eval();
  low_evaluated_ = dut_->clk_i == 0;
}

void Bench::Run() {
  ctx_ = std::make_unique<VerilatedContext>();
  ctx_->randReset(2);
  ctx_->randSeed(static_cast<int>(opt_.seed & 0x7FFFFFFF));
  ctx_->fatalOnError(false);
  const bool tracing = opt_.trace_from != ~0ull;
  if (tracing) ctx_->traceEverOn(true);
  dut_ = std::make_unique<Vtsu_top>(ctx_.get(), "tsu_top");
  if (tracing) {
    std::filesystem::create_directories(opt_.artifacts);
    fst_ = std::make_unique<VerilatedFstC>();
    dut_->trace(fst_.get(), 99);
    res_->waveform = opt_.artifacts + "/regress_seed" + std::to_string(opt_.seed) + ".fst";
    fst_->open(res_->waveform.c_str());
  }
  // Inputs start random (--x-initial unique): every handshake input idles low.
  dut_->req_valid_i = 0;
  dut_->mem_rsp_valid_i = 0;
  dut_->cfg_valid_i = 0;
  dut_->dmem_rsp_valid_i = 0;
  dut_->dmem_req_ready_i = 0;
  dut_->rsp_ready_i = 0;
  dut_->mem_req_ready_i = 0;
  dut_->rst_ni = 0;
  dut_->clk_i = 0;
  dut_->eval();
  Tick();
  Tick();
  dut_->rst_ni = 1;
  dut_->eval();
  Bind();

  Txn cur;
  bool have = false, offered = false;
  uint64_t sent = 0, last_progress = 0, idle = 0;
  uint32_t tag = 0;
  uint64_t read_due = 0;
  const uint64_t total = opt_.script.empty() ? opt_.ops : opt_.script.size();
  const uint64_t progress_step = total / 10 ? total / 10 : 1;
  for (cycle_ = 0;; ++cycle_) {
    const bool drained = sent == total && rsp_q_.empty() && wr_q_.empty() && rd_q_.empty() &&
                         drd_q_.empty() && cfg_q_.empty() && !dut_->mem_req_valid_o;
    if (drained || failed_) break;
    if (tracing && cycle_ > res_->fail_cycle + 2 && res_->fail_cycle != 0) break;
    if (++idle > 20000) {
      Fail(cycle_, "hang: no request accepted, response or memory request for 20000 cycles at cycle " +
                       std::to_string(cycle_) + " (" + std::to_string(rsp_q_.size()) +
                       " responses outstanding)");
      break;
    }
    // Drive the inputs for this cycle.
    if (!have && sent < total) {
      cur = opt_.script.empty() ? stim_.Next() : opt_.script[sent];
      have = true;
    }
    if (have && !offered) offered = static_cast<int>(rng_() % 100) >= opt_.req_gap_percent;
    dut_->req_valid_i = have && offered;
    if (have) DriveRequest(cur, tag);
    if (cfg_q_.empty() && sent < total && opt_.cfg_permille > 0) {
      bool due = false;
      for (size_t k = 0; k < slot_changed_.size(); ++k) due = due || (slot_changed_[k] && restore_due_[k] <= cycle_);
      if (due || static_cast<int>(rng_() % 1000) < opt_.cfg_permille) cfg_q_.push_back(RandomCfg());
    }
    dut_->cfg_valid_i = !cfg_q_.empty();
    if (!cfg_q_.empty()) {
      dut_->cfg_op_i = static_cast<uint8_t>(cfg_q_.front().op);
      dut_->cfg_data_i = cfg_q_.front().data;
    }
    dut_->dmem_req_ready_i = static_cast<int>(rng_() % 100) >= opt_.mem_stall_percent;
    const bool drd_valid = !drd_q_.empty() && drd_q_.front().due <= cycle_;
    dut_->dmem_rsp_valid_i = drd_valid;
    for (int i = 0; i < 4; ++i) {
      uint32_t w = 0;
      if (drd_valid) {
        for (int b = 0; b < 4; ++b) w |= static_cast<uint32_t>(drd_q_.front().data[4 * i + b]) << (8 * b);
      }
      dut_->dmem_rsp_rdata_i[i] = w;
    }
    dut_->mem_req_ready_i = static_cast<int>(rng_() % 100) >= opt_.mem_stall_percent;
    dut_->rsp_ready_i = static_cast<int>(rng_() % 100) >= opt_.rsp_stall_percent;
    const bool rd_valid = !rd_q_.empty() && rd_q_.front().due <= cycle_;
    dut_->mem_rsp_valid_i = rd_valid;
    for (int i = 0; i < 4; ++i) {
      uint32_t w = 0;
      if (rd_valid) {
        for (int b = 0; b < 4; ++b) w |= static_cast<uint32_t>(rd_q_.front().data[4 * i + b]) << (8 * b);
      }
      dut_->mem_rsp_rdata_i[i] = w;
    }
    Eval();

    // Protocol monitors on what the unit drives.
    CheckHeld(cycle_, "response", &rsp_held_, dut_->rsp_valid_o, dut_->rsp_ready_i, RspPayload());
    CheckHeld(cycle_, "memory request", &mem_held_, dut_->mem_req_valid_o, dut_->mem_req_ready_i,
              MemPayload());

    // Handshakes that complete at this clock edge. A configuration command goes first: the unit
    // takes no request in a cycle that offers one.
    if (dut_->cfg_valid_i && dut_->cfg_ready_o) {
      if (dut_->req_ready_o) Fail(cycle_, "request ready while a configuration command is offered at cycle " + std::to_string(cycle_));
      ApplyCfg(cfg_q_.front());
      if (log_.size() >= static_cast<size_t>(opt_.window)) log_.pop_front();
      log_.push_back({cycle_, 0, 0, Txn{}, Response{}, cfg_q_.front().what});
      cfg_q_.pop_front();
      idle = 0;
    }
    if (dut_->dmem_req_valid_o && dut_->dmem_req_ready_i) {
      idle = 0;
      CheckDescRead(cycle_, dut_->dmem_req_addr_o);
      ReadReturn rr;
      dut_mem_.Read(dut_->dmem_req_addr_o & ~15ull, rr.data, 16);
      const uint64_t lat = static_cast<uint64_t>(opt_.mem_latency_min) +
                           rng_() % static_cast<uint64_t>(opt_.mem_latency_max - opt_.mem_latency_min + 1);
      desc_due_ = std::max(desc_due_, cycle_ + lat);  // in order
      rr.due = desc_due_;
      drd_q_.push_back(rr);
    }
    if (drd_valid && dut_->dmem_rsp_ready_o) drd_q_.pop_front();
    if (dut_->req_valid_i && dut_->req_ready_o) {
      if (cur.req.handle < static_cast<uint64_t>(kPoolEntries)) ++res_->desc_lookups;
      const uint64_t n = res_->transactions++;
      if (!opt_.script.empty()) res_->accept_cycles.push_back(cycle_);
      const Response r = ModelExecute(cur);
      rsp_q_.push_back({n, cycle_, cur, r, tag});
      if (r.write.valid) wr_q_.push_back({n, r.write});
      res_->coverage.Sample(cur, Model().unit.unit().FindSurface(cur.req.handle), r);
      if (log_.size() >= static_cast<size_t>(opt_.window)) log_.pop_front();
      log_.push_back({cycle_, n, tag, cur, r, {}});
      tag = (tag + 1) & 0xFF;
      have = offered = false;
      ++sent;
      idle = 0;
      if (opt_.progress && sent % progress_step == 0 && sent != last_progress) {
        last_progress = sent;
        std::fprintf(stderr, "regress: %llu/%llu transactions, cycle %llu\n",
                     static_cast<unsigned long long>(sent), static_cast<unsigned long long>(total),
                     static_cast<unsigned long long>(cycle_));
      }
    }
    if (dut_->mem_req_valid_o && dut_->mem_req_ready_i) {
      idle = 0;
      if (dut_->mem_req_we_o) {
        CheckWrite(cycle_);
      } else {
        ReadReturn rr;
        dut_mem_.Read(dut_->mem_req_addr_o & ~15ull, rr.data, 16);
        const uint64_t lat = static_cast<uint64_t>(opt_.mem_latency_min) +
                             rng_() % static_cast<uint64_t>(opt_.mem_latency_max - opt_.mem_latency_min + 1);
        read_due = std::max(read_due, cycle_ + lat);  // in order
        rr.due = read_due;
        rd_q_.push_back(rr);
      }
    }
    if (rd_valid && dut_->mem_rsp_ready_o) rd_q_.pop_front();
    if (dut_->rsp_valid_o && dut_->rsp_ready_i) {
      idle = 0;
      CheckResponse(cycle_);
    }
    if (ctx_->gotError()) Fail(cycle_, "an RTL assertion failed at cycle " + std::to_string(cycle_) + " (message above)");
    Tick();
  }
  res_->cycles = cycle_;
  for (uint64_t a : opt_.probe_bytes) res_->probed[a] = dut_mem_.ReadByte(a);
  if (!failed_ && !(dut_mem_ == Model().mem.store())) {
    // Find the first differing byte for the report.
    std::string where;
    Model().mem.store().ForEachPage([&](uint64_t page, const uint8_t* bytes) {
      for (uint64_t i = 0; i < SparseMemory::kPageBytes && where.empty(); ++i) {
        if (dut_mem_.ReadByte(page + i) != bytes[i]) {
          where = Hex(page + i) + ": model " + Hex(bytes[i]) + ", RTL " + Hex(dut_mem_.ReadByte(page + i));
        }
      }
    });
    Fail(cycle_, "final memory images differ" + (where.empty() ? std::string() : " at " + where));
  }
  if (failed_ && !tracing) {
    std::filesystem::create_directories(opt_.artifacts);
    res_->log = opt_.artifacts + "/regress_seed" + std::to_string(opt_.seed) + ".log";
    std::ofstream f(res_->log);
    f << "# the last " << log_.size() << " transactions before the mismatch\n";
    for (const LogEntry& e : log_) {
      if (!e.cfg.empty()) {
        f << "cycle " << e.cycle << " cfg: " << e.cfg << "\n";
        continue;
      }
      f << "cycle " << e.cycle << " #" << e.n << " tag " << e.tag << ": " << Stimulus::Describe(e.txn)
        << "  -> trap " << Name(e.resp.trap)
        << (e.resp.read.valid ? ", read " + Hex(e.resp.read.addr) : "")
        << (e.resp.write.valid ? ", write " + Hex(e.resp.write.addr) : "") << "\n";
    }
    f << "# " << res_->report << "\n";
  }
  if (!opt_.coverage_dat.empty() && !failed_) ctx_->coveragep()->write(opt_.coverage_dat.c_str());
  if (fst_) fst_->close();
  dut_->final();
  Verilated::threadContextp(ctx_.get());
  dut_.reset();
}

}  // namespace

CosimResult RunCosim(const CosimOptions& opt) {
  CosimResult r;
  CosimOptions o = opt;
  if (o.waves) o.trace_from = 0;
  {
    Bench b(o, &r);
    b.Run();
  }
  if (!r.ok) {
    std::ostringstream rep;
    rep << r.report << "\n  seed " << opt.seed << "; repeat with: " << opt.repro;
    if (!o.waves) {  // replay deterministically with tracing over the last `window` cycles
      CosimResult again;
      CosimOptions t = o;
      t.trace_from = r.fail_cycle > static_cast<uint64_t>(o.window) ? r.fail_cycle - o.window : 0;
      t.progress = false;
      t.coverage_dat.clear();
      {
        Bench b(t, &again);
        again.fail_cycle = r.fail_cycle;
        b.Run();
      }
      r.waveform = again.waveform;
    }
    if (!r.waveform.empty()) rep << "\n  waveform: " << r.waveform;
    if (!r.log.empty()) rep << "\n  transaction log: " << r.log;
    r.report = rep.str();
  }
  return r;
}

std::string ResultTable(const CosimResult& r) {
  std::ostringstream o;
  char line[160];
  o << "| class | transactions checked | mismatches |\n|---|---:|---:|\n";
  uint64_t total = 0, bad = 0;
  for (const char* c : {"suld", "sust", "sured", "suq"}) {
    auto it = r.per_class.find(c);
    const ClassStats s = it == r.per_class.end() ? ClassStats{} : it->second;
    std::snprintf(line, sizeof line, "| %s | %llu | %llu |\n", c,
                  static_cast<unsigned long long>(s.checked), static_cast<unsigned long long>(s.mismatches));
    o << line;
    total += s.checked;
    bad += s.mismatches;
  }
  std::snprintf(line, sizeof line, "| all | %llu | %llu |\n\n", static_cast<unsigned long long>(total),
                static_cast<unsigned long long>(bad));
  o << line;
  std::snprintf(line, sizeof line,
                "RTL cycles %llu, %.3f cycles per transaction, %llu memory writes checked\n",
                static_cast<unsigned long long>(r.cycles),
                r.transactions ? static_cast<double>(r.cycles) / static_cast<double>(r.transactions) : 0.0,
                static_cast<unsigned long long>(r.writes_checked));
  o << line;
  const uint64_t fetches = r.desc_line_reads / 4;
  std::snprintf(line, sizeof line,
                "descriptor cache: %llu lookups, %llu fetches (%llu line reads checked), hit rate %.2f%%, "
                "%llu configuration commands\n",
                static_cast<unsigned long long>(r.desc_lookups), static_cast<unsigned long long>(fetches),
                static_cast<unsigned long long>(r.desc_line_reads),
                r.desc_lookups ? 100.0 * (1.0 - static_cast<double>(fetches) / static_cast<double>(r.desc_lookups)) : 0.0,
                static_cast<unsigned long long>(r.cfg_commands));
  o << line;
  std::snprintf(line, sizeof line, "functional coverage: %zu/%zu planned bins hit (%.1f%%)\n",
                r.coverage.planned_hit(), r.coverage.planned(),
                r.coverage.planned() ? 100.0 * static_cast<double>(r.coverage.planned_hit()) /
                                           static_cast<double>(r.coverage.planned())
                                     : 0.0);
  o << line;
  return o.str();
}

std::string JUnitXml(const CosimResult& r, const CosimOptions& opt) {
  std::ostringstream o;
  int failures = 0;
  std::ostringstream cases;
  auto esc = [](const std::string& s) {
    std::string e;
    for (char c : s) {
      if (c == '<') e += "&lt;";
      else if (c == '>') e += "&gt;";
      else if (c == '&') e += "&amp;";
      else if (c == '"') e += "&quot;";
      else e += c;
    }
    return e;
  };
  for (const char* c : {"suld", "sust", "sured", "suq"}) {
    auto it = r.per_class.find(c);
    const ClassStats s = it == r.per_class.end() ? ClassStats{} : it->second;
    cases << "  <testcase classname=\"tsu.regress\" name=\"" << c << "\">";
    if (s.mismatches) {
      ++failures;
      cases << "<failure message=\"" << s.mismatches << " mismatches\">" << esc(r.report) << "</failure>";
    }
    cases << "<system-out>" << s.checked << " transactions checked</system-out></testcase>\n";
  }
  const bool other_fail = !r.ok && failures == 0;
  cases << "  <testcase classname=\"tsu.regress\" name=\"protocol_memory_image\">";
  if (other_fail) {
    ++failures;
    cases << "<failure message=\"mismatch\">" << esc(r.report) << "</failure>";
  }
  cases << "</testcase>\n";
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"tsu regress seed "
    << opt.seed << "\" tests=\"5\" failures=\"" << failures << "\">\n"
    << cases.str() << "</testsuite>\n</testsuites>\n";
  return o.str();
}

}  // namespace tsu::tb
