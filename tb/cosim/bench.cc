#include "bench.h"

#include <array>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

#include "descriptor_pool.h"
#include "memory_model.h"
#include "scoreboard.h"
#include "stimulus_record.h"
#include "tex_gen.h"
#include "tsu/descriptor_words.h"
#include "tsu/hex.h"
#include "tsu/instruction.h"
#include "tsu/memory.h"
#include "tsu/texture_words.h"
#include "tsu_tlm.h"

namespace tsu::tb {
namespace {

// tex requests per texture set: then the bench drains the unit and binds a new set, so one run
// meets many formats, geometries and samplers.
constexpr uint64_t kTexEpochOps = 400;

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
  // One payload for the process, as the model itself is: building a tlm_generic_payload
  // allocates its extension array.
  static tlm::tlm_generic_payload gp;
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  InstrExtension ext;
  ext.instr = &t.in;
  ext.req = t.req;
  gp.set_extension(&ext);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  Model().cpu.Issue(gp, delay);
  gp.clear_extension(&ext);
  return ext.resp;
}

// What a valid/ready sender must hold while stalled (a fixed array: built every cycle, so no
// allocation).
using Payload = std::array<uint32_t, 16>;
struct Held {
  bool stalled = false;
  Payload payload{};
};

// One run against one unit (unit_port.h).
class Bench {
 public:
  // memory: the memory behind the unit's ports, empty (the bench models it).
  Bench(const CosimOptions& opt, UnitUnderTest* unit, SparseMemory* memory, CosimResult* res)
      : opt_(opt), res_(res), unit_(unit), traits_(unit->Traits()),
        stim_(opt.seed, opt.mix, kSurfaceSlots), rng_(opt.seed ^ 0x5EEDull), dut_mem_(*memory),
        pool_(traits_.addr_bits, traits_.has_tex, memory, &Model().mem.store(), &Model().unit.unit(),
              &stim_, &rng_, opt.seed ^ 0x7E8ull) {}

  void Run();

 private:
  void Fail(uint64_t cycle, const std::string& what);
  void Bind();
  bool BindTextures();
  void ApplyCfg(const CfgCommand& c);
  void CheckDescRead(uint64_t cycle, uint64_t addr);
  void CheckWrite(uint64_t cycle);
  // payload() is called only while valid (building it every cycle cost more than the check).
  template <typename PayloadFn>
  void CheckHeld(uint64_t cycle, const char* ch, Held* h, bool valid, bool ready,
                 PayloadFn payload);
  Payload RspPayload() const;
  Payload MemPayload() const;
  void Tick() { unit_->Tick(cycle_, &out_); }  // the rising edge
  void Eval() { unit_->Eval(in_, &out_); }   // the low phase, after the inputs are driven
  void IssueRead(ReadChannel* ch, uint64_t addr);

  const CosimOptions& opt_;
  CosimResult* res_;
  UnitUnderTest* unit_;
  const UnitTraits traits_;
  UnitIn in_;    // what the bench drives this cycle
  UnitOut out_;  // what the unit shows
  Stimulus stim_;
  Rng rng_;
  const int addr_bits_ = traits_.addr_bits;
  uint64_t cycle_ = 0;
  SparseMemory& dut_mem_;  // the unit's memory
  DescriptorPool pool_;    // descriptors and textures in both memories, bound in the model
  Scoreboard board_{addr_bits_};
  ReadChannel rd_;   // data reads in flight
  ReadChannel drd_;  // descriptor line reads in flight
  std::deque<CfgCommand> cfg_q_;
  struct LogEntry {
    uint64_t cycle, n;  // n: the transaction (TxnOf), unless cfg is set
    uint32_t tag;
    Response resp;
    std::string cfg;  // a configuration command instead of a transaction
  };
  std::deque<LogEntry> log_;  // the last `window` entries (formatted only on a mismatch)
  // Each accepted transaction is stored once, here, from its acceptance until it has left both
  // the response queue and the log's window; rsp_q_ and log_ name it by number.
  // A ring indexed by transaction number (n & mask): a Txn is larger than a deque node, so a
  // deque allocated and freed one node per transaction. Grows (doubling) when full. The request
  // on offer is drawn straight into the slot of the number it will have (SlotFor), so a
  // request is never moved: accepting it only extends the stored range (Stored).
  std::vector<Txn> txns_ = std::vector<Txn>(64);
  uint64_t txn_base_ = 0;  // the oldest stored transaction's number
  uint64_t txn_end_ = 0;   // one past the newest
  const Txn& TxnOf(uint64_t n) const { return txns_[n & (txns_.size() - 1)]; }
  Txn& SlotFor(uint64_t n);  // n: the next number (txn_end_, or any when none is stored)
  void Stored(uint64_t n) { txn_end_ = n + 1; }
  void ReleaseTxns(uint64_t next_n);
  Held rsp_held_, mem_held_;
  bool failed_ = false;
  // The stimulus record being written (--dump-stimulus), or being replayed (tsu replay).
  std::unique_ptr<StimulusWriter> rec_;
  std::ifstream src_file_;
  StimulusReader src_;
  StimulusHeader src_header_;
  StimulusEvent next_;             // the record's next event, read ahead
  bool next_valid_ = false;
  bool src_done_ = false;
  Response replay_expect_;         // the record's response for the request on offer
  uint64_t replay_n_ = 0;          // and its number in the record
  std::map<uint64_t, TexBinding> replay_textures_;  // bound textures, for coverage
  bool replaying() const { return !opt_.replay.empty(); }
  bool OpenRecord();
  bool NextRecordEvent();
  bool ReplayUntilRequest(Txn* slot, bool unit_empty);
  void CheckAgainstRecord(uint64_t n, const Txn& t, const Response& r);
  bool write_corrupted_ = false;  // opt_.corrupt_write has been applied
};

void Bench::Fail(uint64_t cycle, const std::string& what) {
  if (failed_) return;
  failed_ = true;
  res_->ok = false;
  res_->fail_cycle = cycle;
  res_->report = what;
}

// A new texture set (docs in descriptor_pool.h).
bool Bench::BindTextures() {
  std::string error;
  if (!pool_.BindTextures(&error)) {
    Fail(cycle_, error);
    return false;
  }
  return true;
}

void Bench::Bind() {
  Unit& u = Model().unit.unit();
  u.set_format_families(traits_.families);
  res_->coverage.SetFamilies(traits_.families);
  // The texture features the unit samples (H15): the model traps what it leaves out.
  u.set_tex_features(traits_.ModelTexFeatures());
  if (traits_.has_tex) {
    res_->coverage.EnableTex(traits_.tex);
  } else {  // the illegal class sends tex too, which must trap (H15)
    res_->coverage.NoTexturePath();
    stim_.set_texture_path(false);
  }
  for (uint64_t h = 0; h < 1024; ++h) u.Unbind(h);
  Model().mem.store().Clear();
  pool_.set_recorder(rec_.get());
  pool_.set_replaying(replaying());
  if (replaying()) {
    pool_.Place(src_header_.pool_base, src_header_.pool_entries);
  } else {
    pool_.BindSurfaces();
  }
  for (const auto& [op, data] : {std::pair{CfgOp::kSetPoolBase, pool_.base()},
                                 std::pair{CfgOp::kSetPoolEntries, pool_.entries()}}) {
    in_.cfg_valid = true;
    in_.cfg_op = op;
    in_.cfg_data = data;
    Eval();
    if (!out_.cfg_ready) Fail(cycle_, "configuration port not ready after reset");
    Tick();
  }
  in_.cfg_valid = false;
  if (replaying()) return;  // the record's events set up memory and bindings
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> init;
  stim_.InitialMemory(&init);
  BothMemories both(&dut_mem_, &Model().mem.store(), rec_.get());
  for (const auto& [addr, bytes] : init) both.Write(addr, bytes.data(), static_cast<uint32_t>(bytes.size()));
  if (traits_.has_tex) BindTextures();  // after the surfaces: aliased textures overwrite them
}

void Bench::ApplyCfg(const CfgCommand& c) {
  ++res_->cfg_commands;
  pool_.ApplyCfg(c, cycle_);
}

void Bench::CheckDescRead(uint64_t cycle, uint64_t addr) {
  ++res_->desc_line_reads;
  bool level_record = false;
  const std::string bad = pool_.CheckDescRead(cycle, addr, &level_record);
  if (level_record) ++res_->level_record_reads;
  if (!bad.empty()) Fail(cycle, bad);
}

Payload Bench::RspPayload() const {
  const UnitResponse& r = out_.rsp;
  Payload p = {r.tag, r.count, r.trap, r.oob, r.misaligned, r.clamped, r.suppressed, r.pred};
  for (int i = 0; i < 4; ++i) {
    p[8 + 2 * i] = static_cast<uint32_t>(r.data[i]);
    p[9 + 2 * i] = static_cast<uint32_t>(r.data[i] >> 32);
  }
  return p;
}

Payload Bench::MemPayload() const {
  Payload p = {out_.mem_we, static_cast<uint32_t>(out_.mem_addr),
               static_cast<uint32_t>(out_.mem_addr >> 32), out_.mem_mask};
  std::memcpy(&p[4], out_.mem_wdata.b, 16);
  return p;
}

template <typename PayloadFn>
void Bench::CheckHeld(uint64_t cycle, const char* ch, Held* h, bool valid, bool ready,
                                 PayloadFn payload_fn) {
  if (!h->stalled && !(valid && !ready)) return;  // nothing held, nothing to hold
  const Payload payload = valid ? payload_fn() : Payload{};
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

// Drops the stored transactions that no queue or log entry can name any more.
void Bench::ReleaseTxns(uint64_t next_n) {
  const uint64_t keep_log = next_n > static_cast<uint64_t>(opt_.window) ? next_n - opt_.window : 0;
  const uint64_t keep = std::min(keep_log, board_.oldest());
  // Released slots are reused as they are (overwritten by the next StoreTxn).
  if (keep > txn_base_) txn_base_ = std::min(keep, txn_end_);
}

Txn& Bench::SlotFor(uint64_t n) {
  if (txn_base_ == txn_end_) txn_base_ = txn_end_ = n;  // empty: start at n
  if (txn_end_ - txn_base_ == txns_.size()) {  // full: double, keeping each at n & mask
    std::vector<Txn> grown(2 * txns_.size());
    for (uint64_t k = txn_base_; k < txn_end_; ++k) {
      grown[k & (grown.size() - 1)] = std::move(txns_[k & (txns_.size() - 1)]);
    }
    txns_.swap(grown);
  }
  return txns_[n & (txns_.size() - 1)];
}

// A write the unit makes: checked by the scoreboard, and applied to the unit's memory when it is
// a well-formed line write.
void Bench::CheckWrite(uint64_t cycle) {
  const Scoreboard::Write w = board_.CheckWrite(cycle, out_.mem_addr, out_.mem_mask, out_.mem_wdata.b);
  if (w.well_formed) {
    dut_mem_.Write(w.addr, out_.mem_wdata.b + (w.addr & 15), static_cast<uint32_t>(w.bytes));
    ++res_->writes_checked;
  }
  if (!w.error.empty()) Fail(cycle, w.error);
}

// A line read through one of the memory model's channels, after a seeded random latency.
void Bench::IssueRead(ReadChannel* ch, uint64_t addr) {
  const uint64_t lat = static_cast<uint64_t>(opt_.mem_latency_min) +
                       rng_() % static_cast<uint64_t>(opt_.mem_latency_max - opt_.mem_latency_min + 1);
  ch->Issue(dut_mem_, addr, cycle_, lat);
}

// Opens the record to replay and checks it was made for a unit like this one.
bool Bench::OpenRecord() {
  src_file_.open(opt_.replay);
  std::string why;
  if (!src_file_) {
    Fail(0, "replay: cannot read '" + opt_.replay + "'");
    return false;
  }
  if (!src_.Open(&src_file_, &src_header_, &why)) {
    Fail(0, "replay: " + opt_.replay + ": " + why);
    return false;
  }
  if (!(src_header_.traits == traits_)) {
    Fail(0, "replay: the record was made for configuration '" + src_header_.config +
                "', whose address width, formats or texture features differ from this unit's");
    return false;
  }
  return NextRecordEvent();
}

// Reads the record's next event into next_ (src_done_ at its end; a bad line fails the run).
bool Bench::NextRecordEvent() {
  std::string why;
  next_valid_ = src_.Next(&next_, &why);
  if (!next_valid_) {
    if (!why.empty()) {
      Fail(cycle_, "replay: " + opt_.replay + ": " + why);
      return false;
    }
    src_done_ = true;
  }
  return true;
}

// Applies the record's events up to its next request, which goes into *slot (true). Software's
// memory writes and bindings wait until the unit is empty, as the recorded run's did; a
// configuration command is queued and goes on the port before the request.
bool Bench::ReplayUntilRequest(Txn* slot, bool unit_empty) {
  while (next_valid_) {
    StimulusEvent& e = next_;
    if (e.type == StimulusEvent::Type::kTxn) {
      *slot = std::move(e.txn);
      replay_expect_ = e.expect;
      replay_n_ = e.n;
      NextRecordEvent();
      return true;
    }
    if (e.type == StimulusEvent::Type::kCfg) {
      CfgCommand c;
      c.op = e.op;
      c.data = e.data;
      c.rewrite = e.rewrite;
      c.image = e.image;
      if (c.rewrite && c.data >= pool_.entries()) {
        Fail(cycle_, "replay: line " + std::to_string(src_.line()) + ": a rewrite of slot " +
                         std::to_string(c.data) + ", outside the pool of " + std::to_string(pool_.entries()));
        return false;
      }
      c.what = std::string(Name(c.op)) + " " + std::to_string(c.data) + (c.rewrite ? " with a slot rewrite" : "");
      cfg_q_.push_back(c);
    } else {
      if (!unit_empty) return false;  // software waits for the unit to drain
      if (e.type == StimulusEvent::Type::kMemory) {
        BothMemories both(&dut_mem_, &Model().mem.store(), nullptr);
        both.Write(e.addr, e.bytes.data(), static_cast<uint32_t>(e.bytes.size()));
      } else {
        std::string why;
        pool_.BindSlot(e.kind, e.handle, &why);
        replay_textures_.erase(e.handle);
        if (e.kind == SlotKind::kTexture) {
          if (const ResolvedTexture* t = Model().unit.unit().FindTexture(e.handle)) {
            TexBinding b;
            b.tex = *t;
            b.handle = e.handle;
            b.sampler = t->sampler_slot;
            b.alias_surface = e.alias;
            replay_textures_[e.handle] = std::move(b);
          }
        }
      }
    }
    if (!NextRecordEvent()) return false;
  }
  return false;
}

// A replay's model must answer each request as the record says it did.
void Bench::CheckAgainstRecord(uint64_t n, const Txn& t, const Response& r) {
  const Response& e = replay_expect_;
  std::ostringstream d;
  if (r.executed != e.executed) d << "\n    executed: record " << e.executed << ", model " << r.executed;
  if (r.trap != e.trap) d << "\n    trap: record " << Name(e.trap) << ", model " << Name(r.trap);
  if (r.count != e.count) d << "\n    count: record " << e.count << ", model " << r.count;
  for (int i = 0; i < 4 && i < r.count; ++i) {
    if (r.data[i] != e.data[i]) d << "\n    data[" << i << "]: record " << Hex(e.data[i]) << ", model " << Hex(r.data[i]);
  }
  if (r.oob_axes != e.oob_axes || r.misaligned != e.misaligned || r.clamped != e.clamped ||
      r.suppressed != e.suppressed || r.pred != e.pred) {
    d << "\n    flags (oob, misaligned, clamped, suppressed, pred) differ";
  }
  if (r.write.valid != e.write.valid || (r.write.valid && (r.write.addr != e.write.addr || r.write.size != e.write.size ||
                                                           std::memcmp(r.write.data, e.write.data, r.write.size) != 0))) {
    d << "\n    memory write differs";
  }
  if (!d.str().empty()) {
    Fail(cycle_, "replay: the model's response to transaction #" + std::to_string(n) + " (record #" +
                     std::to_string(replay_n_) + ", " + Stimulus::Describe(t) + ") differs from the record's:" + d.str());
  }
}

void Bench::Run() {
  const bool tracing = opt_.trace_from != ~0ull;
  res_->unit = unit_->Name();
  if (tracing) res_->waveform = unit_->Waveform();
  if (traits_.has_tex && addr_bits_ < kPoolBaseNarrowBelowBits) {
    // The texture layout (kTexBase, kLevelTables, kResidencyMaps) needs 32 address bits.
    Fail(0, "bench: the co-simulation's texture memory layout needs 32 address bits; the unit has " +
                std::to_string(addr_bits_));
    return;
  }
  if (replaying() && !OpenRecord()) return;
  if (!opt_.dump_stimulus.empty() && !tracing) {
    StimulusHeader h;
    h.config = opt_.config;
    h.seed = opt_.seed;
    h.ops = opt_.script.empty() ? opt_.ops : opt_.script.size();
    for (const auto& [name, weight] : opt_.mix.weights) {
      h.mix += (h.mix.empty() ? "" : ",") + name + "=" + std::to_string(weight);
    }
    h.traits = traits_;
    h.pool_base = pool_.base();
    h.pool_entries = pool_.entries();
    rec_ = std::make_unique<StimulusWriter>();
    std::string why;
    if (!rec_->Open(opt_.dump_stimulus, h, &why)) {
      Fail(0, "--dump-stimulus: " + why);
      return;
    }
  }
  unit_->Reset();
  Eval();
  Bind();

  Txn* cur = nullptr;  // the request on offer, in its ring slot (SlotFor)
  bool have = false, offered = false, tex_rebind = false;
  uint64_t sent = 0, last_progress = 0, idle = 0, tex_since = 0;
  uint32_t tag = 0;
  // A replay runs to the end of its record.
  uint64_t total = replaying() ? ~0ull : opt_.script.empty() ? opt_.ops : opt_.script.size();
  const uint64_t planned = replaying() ? src_header_.ops : total;
  const uint64_t progress_step = planned / 10 ? planned / 10 : 1;
  for (cycle_ = 0;; ++cycle_) {
    const bool drained = sent == total && board_.empty() && rd_.empty() &&
                         drd_.empty() && cfg_q_.empty() && !out_.mem_req_valid;
    if (drained || failed_) break;
    if (tracing && cycle_ > res_->fail_cycle + 2 && res_->fail_cycle != 0) break;
    if (++idle > 20000) {
      Fail(cycle_, "hang: no request accepted, response or memory request for 20000 cycles at cycle " +
                       std::to_string(cycle_) + " (" + std::to_string(board_.responses_outstanding()) +
                       " responses outstanding)");
      break;
    }
    // A new texture set every kTexEpochOps tex requests: offer nothing until the unit is empty,
    // rebind, and invalidate the descriptor caches (the command goes before any request).
    if (tex_rebind && !have && board_.empty() && rd_.empty() && drd_.empty() &&
        cfg_q_.empty() && !out_.mem_req_valid && !out_.dmem_req_valid) {
      if (!BindTextures()) break;
      CfgCommand c;
      c.op = CfgOp::kInvalidateAll;
      c.what = "new texture set " + std::to_string(pool_.texture_sets());
      cfg_q_.push_back(c);
      tex_rebind = false;
      tex_since = 0;
    }
    // Drive the inputs for this cycle.
    bool fresh = false;  // a new request goes on the channel this cycle
    if (!have && sent < total && !tex_rebind) {
      cur = &SlotFor(sent);
      if (replaying()) {
        const bool unit_empty = board_.empty() && rd_.empty() && drd_.empty() &&
                                cfg_q_.empty() && !out_.mem_req_valid && !out_.dmem_req_valid;
        have = ReplayUntilRequest(cur, unit_empty);
        if (src_done_) total = sent + (have ? 1 : 0);  // the record has no more requests
        if (failed_) break;
      } else {
        if (opt_.script.empty()) {
          stim_.Next(cur);
        } else {
          *cur = opt_.script[sent];
        }
        have = true;
      }
      fresh = have;
    }
    if (fresh) {
      // The request is held on the channel until it is taken (the tag changes only then).
      in_.req.seq = sent;
      in_.req.tag = tag;
      in_.req.in = &cur->in;
      in_.req.req = &cur->req;
      // A format rotation rebinds its slots before this request (configuration goes first; a
      // replay's record has these commands as events of its own).
      for (uint64_t h : replaying() ? std::vector<uint64_t>{} : stim_.TakeRotation()) {
        const ResolvedSurface& s = stim_.surfaces()[h];
        CfgCommand c;
        c.op = CfgOp::kInvalidateHandle;
        c.data = h;
        c.rewrite = true;
        c.image = EncodeSurface(s);
        c.what = "format rotation: h" + std::to_string(h) + " = " + std::string(Name(s.desc.order)) + "/" +
                 std::string(Name(s.desc.type)) + " " + std::string(Name(s.desc.dim)) + " " +
                 std::string(Name(s.desc.layout)) + " " + std::to_string(s.desc.width) + "x" +
                 std::to_string(s.desc.height) + "x" + std::to_string(s.desc.depth) +
                 (s.desc.array_size ? " [" + std::to_string(s.desc.array_size) + "]" : std::string());
        cfg_q_.push_back(c);
      }
    }
    if (have && !offered) offered = static_cast<int>(rng_() % 100) >= opt_.req_gap_percent;
    in_.req_valid = have && offered;
    if (cfg_q_.empty() && sent < total && opt_.cfg_permille > 0 && !replaying()) {
      const bool due = pool_.next_restore() <= cycle_;
      if (due || static_cast<int>(rng_() % 1000) < opt_.cfg_permille) cfg_q_.push_back(pool_.RandomCfg(cycle_));
    }
    in_.cfg_valid = !cfg_q_.empty();
    if (!cfg_q_.empty()) {
      in_.cfg_op = cfg_q_.front().op;
      in_.cfg_data = cfg_q_.front().data;
    }
    in_.dmem_req_ready = static_cast<int>(rng_() % 100) >= opt_.mem_stall_percent;
    drd_.Drive(cycle_, &in_.dmem_rsp_valid, &in_.dmem_rsp);
    in_.mem_req_ready = static_cast<int>(rng_() % 100) >= opt_.mem_stall_percent;
    in_.rsp_ready = static_cast<int>(rng_() % 100) >= opt_.rsp_stall_percent;
    rd_.Drive(cycle_, &in_.mem_rsp_valid, &in_.mem_rsp);
    Eval();

    // Protocol monitors on what the unit drives.
    CheckHeld(cycle_, "response", &rsp_held_, out_.rsp_valid, in_.rsp_ready,
              [this] { return RspPayload(); });
    CheckHeld(cycle_, "memory request", &mem_held_, out_.mem_req_valid, in_.mem_req_ready,
              [this] { return MemPayload(); });

    // Handshakes that complete at this clock edge. A configuration command goes first: the unit
    // takes no request in a cycle that offers one.
    if (in_.cfg_valid && out_.cfg_ready) {
      if (out_.req_ready) Fail(cycle_, "request ready while a configuration command is offered at cycle " + std::to_string(cycle_));
      ApplyCfg(cfg_q_.front());
      if (log_.size() >= static_cast<size_t>(opt_.window)) log_.pop_front();
      log_.push_back({cycle_, 0, 0, Response{}, cfg_q_.front().what});
      cfg_q_.pop_front();
      idle = 0;
    }
    if (out_.dmem_req_valid && in_.dmem_req_ready) {
      idle = 0;
      CheckDescRead(cycle_, out_.dmem_addr);
      IssueRead(&drd_, out_.dmem_addr);
    }
    if (in_.dmem_rsp_valid && out_.dmem_rsp_ready) drd_.Pop();
    if (in_.req_valid && out_.req_ready) {
      // A tex looks up its header and then its sampler (two caches).
      if (cur->req.handle < pool_.entries()) res_->desc_lookups += cur->in.opcode == Opcode::kTex ? 2 : 1;
      const uint64_t n = res_->transactions++;
      if (!opt_.script.empty()) res_->accept_cycles.push_back(cycle_);
      const Response r = ModelExecute(*cur);
      if (rec_) rec_->Transaction(n, *cur, r);
      if (replaying()) CheckAgainstRecord(n, *cur, r);
      board_.Expect(n, cycle_, tag, cur->cls, r);
      if (n == opt_.corrupt_expected) board_.CorruptLastTrap();
      if (r.write.valid && n >= opt_.corrupt_write && !write_corrupted_) {
        write_corrupted_ = board_.CorruptLastWrite();
      }
      if (cur->in.opcode == Opcode::kTex) {
        const auto& set = stim_.textures();
        const TexBinding* b = cur->texture >= 0 ? &set[cur->texture] : nullptr;
        if (replaying()) {  // the record's textures, as bound by its events
          const auto it = replay_textures_.find(cur->req.handle);
          b = it == replay_textures_.end() ? nullptr : &it->second;
        }
        // The sampler in force: the named one (independent mode) or the texture's own.
        const SamplerDesc* smp = b == nullptr ? nullptr
                                 : Model().unit.unit().FindSampler(cur->in.has_sampler ? cur->req.sampler : b->sampler);
        res_->coverage.SampleTex(*cur, b, smp, r);
        if (++tex_since >= kTexEpochOps && sent + 1 < total && opt_.script.empty() && !replaying() &&
            traits_.has_tex) {  // a unit without the path has no textures to rebind
          tex_rebind = true;
        }
      } else {
        res_->coverage.Sample(*cur, Model().unit.unit().FindSurface(cur->req.handle), r);
      }
      if (log_.size() >= static_cast<size_t>(opt_.window)) log_.pop_front();
      log_.push_back({cycle_, n, tag, r, {}});
      Stored(n);
      ReleaseTxns(n + 1);
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
    if (out_.mem_req_valid && in_.mem_req_ready) {
      idle = 0;
      if (out_.mem_we) {
        CheckWrite(cycle_);
      } else {
        IssueRead(&rd_, out_.mem_addr);
      }
    }
    if (in_.mem_rsp_valid && out_.mem_rsp_ready) rd_.Pop();
    if (out_.rsp_valid && in_.rsp_ready) {
      idle = 0;
      const std::string bad = board_.CheckResponse(cycle_, out_.rsp, [this](uint64_t k) {
        return Stimulus::Describe(TxnOf(k));
      });
      if (!bad.empty()) Fail(cycle_, bad);
    }
    if (unit_->AssertionFailed()) Fail(cycle_, "an assertion in the unit failed at cycle " + std::to_string(cycle_) + " (message above)");
    Tick();
  }
  res_->cycles = cycle_;
  if (rec_) {
    std::string why;
    if (!rec_->Close(&why)) Fail(cycle_, "--dump-stimulus: " + why);
  }
  board_.AddStats(&res_->per_class);
  const UnitPerf perf = unit_->Perf();
  res_->tex_cache_lookups = perf.tex_cache_lookups;
  res_->tex_cache_misses = perf.tex_cache_misses;
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
    std::error_code ec;  // if it cannot be made, the log's name says so
    std::filesystem::create_directories(opt_.artifacts, ec);
    res_->log = opt_.artifacts + "/regress_seed" + std::to_string(opt_.seed) + ".log";
    std::ofstream f(res_->log);
    if (!f) res_->log += " (not written: " + ec.message() + ")";
    f << "# the last " << log_.size() << " transactions before the mismatch\n";
    for (const LogEntry& e : log_) {
      if (!e.cfg.empty()) {
        f << "cycle " << e.cycle << " cfg: " << e.cfg << "\n";
        continue;
      }
      f << "cycle " << e.cycle << " #" << e.n << " tag " << e.tag << ": " << Stimulus::Describe(TxnOf(e.n))
        << "  -> trap " << Name(e.resp.trap)
        << (e.resp.read.valid ? ", read " + Hex(e.resp.read.addr) : "")
        << (e.resp.write.valid ? ", write " + Hex(e.resp.write.addr) : "") << "\n";
    }
    f << "# " << res_->report << "\n";
  }
  if (!opt_.coverage_dat.empty() && !failed_) unit_->WriteCoverage(opt_.coverage_dat);
}

}  // namespace

std::string TraceBase(const CosimOptions& opt) {
  return opt.artifacts + "/regress_seed" + std::to_string(opt.seed);
}

CosimResult RunBench(const CosimOptions& opt, const UnitFactory& make) {
  CosimResult r;
  CosimOptions o = opt;
  if (o.waves) o.trace_from = 0;
  const auto run = [&make](const CosimOptions& ro, CosimResult* res) {
    SparseMemory memory;
    std::unique_ptr<UnitUnderTest> unit;
    if (ro.trace_from != ~0ull) {
      std::error_code ec;  // made and checked by the caller (tsu regress); a test may not have
      std::filesystem::create_directories(ro.artifacts, ec);
      const std::string base = TraceBase(ro);
      unit = make(ro.seed, &base, ro.trace_from, &memory);
    } else {
      unit = make(ro.seed, nullptr, ~0ull, &memory);
    }
    Bench b(ro, unit.get(), &memory, res);
    b.Run();
  };
  run(o, &r);
  if (!r.ok) {
    std::ostringstream rep;
    rep << r.report << "\n  seed " << opt.seed << "; repeat with: " << opt.repro;
    if (!o.waves) {  // replay deterministically with tracing over the last `window` cycles
      CosimResult again;
      CosimOptions t = o;
      t.trace_from = r.fail_cycle > static_cast<uint64_t>(o.window) ? r.fail_cycle - o.window : 0;
      t.progress = false;
      t.coverage_dat.clear();
      again.fail_cycle = r.fail_cycle;
      run(t, &again);
      r.waveform = again.waveform;
    }
    if (!r.waveform.empty()) rep << "\n  waveform: " << r.waveform;
    if (!r.log.empty()) rep << "\n  transaction log: " << r.log;
    r.report = rep.str();
  }
  return r;
}

}  // namespace tsu::tb
