// The SIMT machine (tsu/exec/machine.h).
//
// Each warp keeps a stack of frames (one per active call) and, per frame, a reconvergence stack of
// {pc, rpc, mask} entries: the top entry runs; a divergent branch sets the top entry's pc to the
// branch's immediate post-dominator and pushes one entry per side, each popped when it reaches
// that point. A frame ends when its bottom entry reaches the function's exit.
#include "tsu/exec/machine.h"

#include <algorithm>
#include <cstring>

#include "alu.h"
#include "tsu/exec/address_map.h"
#include "tsu/exec/texture_query.h"
#include "tsu/hex.h"
#include "tsu/tex_math.h"

namespace tsu::exec {
namespace {

constexpr int kWarp = 32;
constexpr int kSlice = 128;  // warp-instructions a warp runs before the next one gets a turn

struct Entry {
  uint32_t pc, rpc, mask;
};

struct Frame {
  uint32_t fn = 0;
  uint32_t mask = 0;  // the lanes that called in
  uint64_t local_base = 0;
  std::vector<uint64_t> regs;   // slot * 32 + lane
  std::vector<uint8_t> params;  // lane * param_bytes
  std::vector<Entry> stack;
  uint32_t call_pc = 0;  // in the caller: the call instruction
};

enum class WarpState : uint8_t { kReady, kBarrier, kTexWait, kDone };

struct Warp {
  uint32_t index = 0;
  uint32_t live = 0;  // threads that exist and have not exited
  WarpState state = WarpState::kReady;
  uint32_t barrier = 0;
  const XInst* barrier_inst = nullptr;  // where it waits
  uint32_t carry = 0;  // per-lane carry flags
  std::vector<Frame> frames;
  std::vector<uint8_t> local;  // lane * local_stride
  uint64_t local_stride = 0;
  uint32_t special[static_cast<int>(Special::kCount)][kWarp] = {};
  uint64_t clock = 0;
  // An asynchronous texture port: the instruction whose lanes are still unanswered.
  const XInst* tex_inst = nullptr;
  uint32_t tex_pending = 0;
  // bar.red: the destination waiting for the barrier's result.
  const XInst* red_inst = nullptr;
  uint32_t red_mask = 0;
};

struct BarrierState {
  uint32_t arrived = 0;
  uint32_t expected = 0;  // 0: every live thread of the CTA
  uint32_t popc = 0;
  bool all = true, any = false;
  bool red = false;
};

struct Fault {
  std::string what;
};

class CtaRun {
 public:
  CtaRun(const Program& p, const XFunction& kernel, const LaunchConfig& cfg, DeviceMemory* mem,
         TexturePort* tex, const Unit* bindings, std::vector<uint8_t>* const_bank,
         LaunchReport* report, uint64_t* budget)
      : p_(p), kernel_(kernel), cfg_(cfg), mem_(mem), tex_(tex), bindings_(bindings),
        const_(const_bank), report_(report), budget_(budget) {}

  // Runs CTA (cx, cy, cz); false with report_->error on a fault.
  bool Run(uint32_t cx, uint32_t cy, uint32_t cz) {
    ctaid_[0] = cx;
    ctaid_[1] = cy;
    ctaid_[2] = cz;
    const uint64_t threads = cfg_.block.Count();
    const uint32_t nwarps = static_cast<uint32_t>((threads + kWarp - 1) / kWarp);
    shared_.assign(p_.static_shared_bytes + cfg_.dynamic_shared_bytes +
                       (cfg_.dynamic_shared_bytes ? 16 : 0), 0);
    shared_size_ = shared_.size();
    warps_.clear();
    warps_.resize(nwarps);
    for (auto& b : barriers_) b = BarrierState{};
    live_threads_ = static_cast<uint32_t>(threads);
    for (uint32_t w = 0; w < nwarps; ++w) InitWarp(&warps_[w], w, threads);
    // Round robin until every warp is done; barriers block, a deadlock is a fault.
    const bool async = tex_->Async();
    const uint32_t resident = cfg_.resident_warps;
    for (;;) {
      bool progress = false, all_done = true;
      for (Warp& w : warps_) {
        if (w.state == WarpState::kDone) continue;
        all_done = false;
        if (w.state != WarpState::kReady) continue;
        if (async && resident != 0 && tex_waiting_ >= resident && AtTex(w)) continue;
        progress = true;
        for (int k = 0; k < kSlice && w.state == WarpState::kReady; ++k) {
          if (async && resident != 0 && tex_waiting_ >= resident && AtTex(w)) break;
          if (!Step(&w)) return false;
        }
      }
      if (all_done) return true;
      if (!progress && tex_waiting_ > 0) {  // every runnable warp waits for the unit: run it
        if (!CollectTex()) return false;
        continue;
      }
      if (!progress && !ReleaseBarriers()) {
        for (const Warp& w : warps_) {
          if (w.state != WarpState::kBarrier) continue;
          return Error(&w, w.barrier_inst,
                       "deadlock: every live warp waits at a barrier that not all threads reach "
                       "(warp " + std::to_string(w.index) + " waits at barrier " +
                           std::to_string(w.barrier) + ": " +
                           std::to_string(barriers_[w.barrier].arrived) + " of " +
                           std::to_string(Expected(w.barrier)) + " threads arrived)");
        }
        return Error(nullptr, nullptr, "deadlock");
      }
    }
  }

 private:
  void InitWarp(Warp* w, uint32_t index, uint64_t threads) {
    w->index = index;
    const uint64_t first = uint64_t{index} * kWarp;
    const uint64_t n = std::min<uint64_t>(kWarp, threads - first);
    w->live = n == 32 ? ~0u : (1u << n) - 1;
    w->local_stride = 0;
    w->local.clear();
    for (int l = 0; l < kWarp; ++l) {
      const uint64_t t = first + static_cast<uint64_t>(l);
      auto set = [&](Special s, uint32_t v) { w->special[static_cast<int>(s)][l] = v; };
      set(Special::kTidX, static_cast<uint32_t>(t % cfg_.block.x));
      set(Special::kTidY, static_cast<uint32_t>((t / cfg_.block.x) % cfg_.block.y));
      set(Special::kTidZ, static_cast<uint32_t>(t / (uint64_t{cfg_.block.x} * cfg_.block.y)));
      set(Special::kNtidX, cfg_.block.x);
      set(Special::kNtidY, cfg_.block.y);
      set(Special::kNtidZ, cfg_.block.z);
      set(Special::kCtaidX, ctaid_[0]);
      set(Special::kCtaidY, ctaid_[1]);
      set(Special::kCtaidZ, ctaid_[2]);
      set(Special::kNctaidX, cfg_.grid.x);
      set(Special::kNctaidY, cfg_.grid.y);
      set(Special::kNctaidZ, cfg_.grid.z);
      set(Special::kLaneid, static_cast<uint32_t>(l));
      set(Special::kWarpid, index);
      set(Special::kNwarpid, static_cast<uint32_t>((threads + kWarp - 1) / kWarp));
      set(Special::kSmid, 0);
      set(Special::kNsmid, 1);
      set(Special::kGridid, 1);
      set(Special::kLanemaskEq, 1u << l);
      set(Special::kLanemaskLe, l == 31 ? ~0u : (2u << l) - 1);
      set(Special::kLanemaskLt, (1u << l) - 1);
      set(Special::kLanemaskGe, ~((1u << l) - 1));
      set(Special::kLanemaskGt, l == 31 ? 0 : ~((2u << l) - 1));
      set(Special::kDynamicSmemSize, cfg_.dynamic_shared_bytes);
      set(Special::kTotalSmemSize, static_cast<uint32_t>(shared_size_));
    }
    w->frames.clear();
    w->state = WarpState::kReady;
    w->carry = 0;
    PushFrame(w, static_cast<uint32_t>(&kernel_ - p_.functions.data()), w->live, 0);
  }

  bool PushFrame(Warp* w, uint32_t fn, uint32_t mask, uint32_t call_pc) {
    const XFunction& f = p_.functions[fn];
    uint64_t base = 0;
    if (!w->frames.empty()) {
      const Frame& caller = w->frames.back();
      base = caller.local_base + p_.functions[caller.fn].local_bytes;
    }
    base = (base + f.local_align - 1) / f.local_align * f.local_align;
    const uint64_t top = base + f.local_bytes;
    if (top > cfg_.limits.max_local_bytes) {
      return Error(w, nullptr, "local memory overflow: the call stack needs " + std::to_string(top) +
                                   " bytes per thread; the limit is " +
                                   std::to_string(cfg_.limits.max_local_bytes));
    }
    if (top > w->local_stride) GrowLocal(w, top);
    Frame& fr = w->frames.emplace_back();
    fr.fn = fn;
    fr.mask = mask;
    fr.local_base = base;
    fr.call_pc = call_pc;
    fr.regs.assign(size_t{f.slots} * kWarp, 0);
    fr.params.assign(size_t{f.param_bytes} * kWarp, 0);
    fr.stack.push_back(Entry{0, static_cast<uint32_t>(f.code.size()), mask});
    return true;
  }

  void GrowLocal(Warp* w, uint64_t need) {
    uint64_t stride = std::max<uint64_t>(need, w->local_stride * 2);
    stride = std::min<uint64_t>(std::max<uint64_t>(stride, 64), cfg_.limits.max_local_bytes);
    std::vector<uint8_t> grown(stride * kWarp, 0);
    for (int l = 0; l < kWarp && w->local_stride > 0; ++l) {
      std::memcpy(&grown[static_cast<size_t>(l) * stride], &w->local[static_cast<size_t>(l) * w->local_stride],
                  w->local_stride);
    }
    w->local.swap(grown);
    w->local_stride = stride;
  }

  // --- Errors ---

  bool Error(const Warp* w, const XInst* x, const std::string& what, int lane = -1) {
    std::string msg;
    if (x != nullptr) {
      msg = p_.file + ":" + std::to_string(x->line) + ":" + std::to_string(x->column) + ": ";
    }
    msg += what;
    if (w != nullptr) {
      int l = lane;
      if (l < 0) {
        const uint32_t m = w->frames.empty() || w->frames.back().stack.empty()
                               ? 0 : w->frames.back().stack.back().mask;
        l = m != 0 ? __builtin_ctz(m) : 0;
      }
      msg += " (thread (" + std::to_string(w->special[0][l]) + "," + std::to_string(w->special[1][l]) +
             "," + std::to_string(w->special[2][l]) + ")";
    } else {
      msg += " (";
    }
    msg += std::string(w != nullptr ? ", " : "") + "block (" + std::to_string(ctaid_[0]) + "," +
           std::to_string(ctaid_[1]) + "," + std::to_string(ctaid_[2]) + "))";
    if (w != nullptr && !w->frames.empty()) {
      msg += " in " + p_.functions[w->frames.back().fn].name;
    }
    report_->error = msg;
    return false;
  }

  // --- Operands ---

  uint64_t Read(const Warp& w, const Frame& fr, const XOperand& o, int l) const {
    switch (o.kind) {
      case XOperand::Kind::kReg: {
        const uint64_t v = fr.regs[size_t{o.slot} * kWarp + static_cast<size_t>(l)];
        return o.negate ? (v & 1) ^ 1 : v;
      }
      case XOperand::Kind::kImm: return o.imm;
      case XOperand::Kind::kSpecial:
        if (o.special == Special::kClock) return static_cast<uint32_t>(w.clock);
        if (o.special == Special::kClock64 || o.special == Special::kGlobaltimer) return w.clock;
        return w.special[static_cast<int>(o.special)][l];
      case XOperand::Kind::kFrameLocal: return fr.local_base + o.imm;
      case XOperand::Kind::kFrameParam: return o.imm;
      default: return 0;
    }
  }

  static void Write(Frame* fr, const XOperand& o, int l, uint64_t v) {
    if (o.kind != XOperand::Kind::kReg) return;
    fr->regs[size_t{o.slot} * kWarp + static_cast<size_t>(l)] = v & Mask(o.bits);
  }

  uint32_t GuardMask(const Warp& w, const Frame& fr, const XInst& x, uint32_t mask) const {
    if (x.guard.kind == XOperand::Kind::kNone) return mask;
    uint32_t g = 0;
    for (uint32_t m = mask; m != 0; m &= m - 1) {
      const int l = __builtin_ctz(m);
      if (Read(w, fr, x.guard, l) & 1) g |= 1u << l;
    }
    return g;
  }

  // --- Control ---

  // Pops entries that reached their reconvergence point or have no lanes; ends frames whose
  // bottom entry reached the exit. Returns false on a fault.
  bool Settle(Warp* w) {
    while (!w->frames.empty()) {
      Frame& fr = w->frames.back();
      while (!fr.stack.empty() && (fr.stack.back().mask == 0 ||
                                   (fr.stack.size() > 1 && fr.stack.back().pc == fr.stack.back().rpc))) {
        fr.stack.pop_back();
      }
      const uint32_t end = static_cast<uint32_t>(p_.functions[fr.fn].code.size());
      if (!fr.stack.empty() && !(fr.stack.size() == 1 && fr.stack.back().pc >= end)) return true;
      // The frame is over: return (copying results) or, for the kernel, the warp is done.
      Frame done = std::move(w->frames.back());
      w->frames.pop_back();
      if (w->frames.empty()) {
        w->state = WarpState::kDone;
        return true;
      }
      Frame& caller = w->frames.back();
      const XFunction& callee = p_.functions[done.fn];
      const XInst& call = p_.functions[caller.fn].code[done.call_pc];
      const uint32_t cpb = p_.functions[caller.fn].param_bytes;
      for (uint32_t m = done.mask & w->live; m != 0; m &= m - 1) {
        const int l = __builtin_ctz(m);
        for (size_t j = 0; j < call.rets.size(); ++j) {
          const XParam& r = callee.returns[j];
          std::memcpy(&caller.params[static_cast<size_t>(l) * cpb + call.rets[j].imm],
                      &done.params[static_cast<size_t>(l) * callee.param_bytes + r.offset], r.size);
        }
      }
    }
    w->state = WarpState::kDone;
    return true;
  }

  void Advance(Frame* fr, uint32_t next) {
    fr->stack.back().pc = next;
  }

  // A branch of `taken` lanes (of the top entry) to `target`; the others go to `fallthrough`.
  void Branch(Frame* fr, const XInst& x, uint32_t taken, uint32_t target, uint32_t fallthrough) {
    Entry& e = fr->stack.back();
    const uint32_t rest = e.mask & ~taken;
    if (rest == 0) {
      e.pc = target;
    } else if (taken == 0) {
      e.pc = fallthrough;
    } else {
      const uint32_t rpc = x.rpc;
      e.pc = rpc;
      fr->stack.push_back(Entry{fallthrough, rpc, rest});
      fr->stack.push_back(Entry{target, rpc, taken});
    }
  }

  void Kill(Warp* w, uint32_t lanes) {
    w->live &= ~lanes;
    live_threads_ -= static_cast<uint32_t>(__builtin_popcount(lanes));
    for (Frame& fr : w->frames) {
      fr.mask &= ~lanes;
      for (Entry& e : fr.stack) e.mask &= ~lanes;
    }
  }

  uint32_t Expected(uint32_t id) const {
    return barriers_[id].expected != 0 ? barriers_[id].expected : live_threads_;
  }

  // Releases every complete barrier; true if one was.
  bool ReleaseBarriers() {
    bool any = false;
    for (uint32_t id = 0; id < 16; ++id) {
      BarrierState& b = barriers_[id];
      if (b.arrived == 0 || b.arrived < Expected(id)) continue;
      for (Warp& w : warps_) {
        if (w.state != WarpState::kBarrier || w.barrier != id) continue;
        w.state = WarpState::kReady;
        if (w.red_inst != nullptr) {
          Frame& fr = w.frames.back();
          const XInst& x = *w.red_inst;
          uint64_t v = x.boolop == BoolOp::kPopc ? b.popc : x.boolop == BoolOp::kAnd ? b.all : b.any;
          for (uint32_t m = w.red_mask; m != 0; m &= m - 1) Write(&fr, x.d[0], __builtin_ctz(m), v);
          w.red_inst = nullptr;
        }
      }
      ++report_->barriers;
      b = BarrierState{};
      any = true;
    }
    return any;
  }

  bool Arrive(Warp* w, const Frame& fr, const XInst& x, uint32_t mask, bool wait) {
    const uint64_t id = Read(*w, fr, x.s[0], __builtin_ctz(mask));
    if (id >= 16) return Error(w, &x, "barrier " + std::to_string(id) + " is out of range (0-15)");
    BarrierState& b = barriers_[id];
    if (x.ns >= 2 && x.s[1].kind != XOperand::Kind::kNone) {
      const uint64_t n = Read(*w, fr, x.s[1], __builtin_ctz(mask));
      if (n == 0 || n % kWarp != 0 || n > cfg_.block.Count() + kWarp) {
        return Error(w, &x, "barrier thread count " + std::to_string(n) + " is not a positive multiple of 32");
      }
      b.expected = static_cast<uint32_t>(n);
    }
    b.arrived += static_cast<uint32_t>(__builtin_popcount(mask));
    if (x.op == Op::kBarRed) {
      for (uint32_t m = mask; m != 0; m &= m - 1) {
        const bool p = (Read(*w, fr, x.s[2], __builtin_ctz(m)) & 1) != 0;
        b.popc += p ? 1 : 0;
        b.all = b.all && p;
        b.any = b.any || p;
      }
      w->red_inst = &x;
      w->red_mask = mask;
    }
    if (wait) {
      w->state = WarpState::kBarrier;
      w->barrier = static_cast<uint32_t>(id);
      w->barrier_inst = &x;
    }
    if (b.arrived >= Expected(static_cast<uint32_t>(id))) ReleaseBarriers();
    return true;
  }

  // --- Memory ---

  struct Target {
    uint8_t* bytes = nullptr;  // shared, local, param, const
    bool global = false;
    uint64_t addr = 0;
  };

  bool Locate(Warp* w, Frame* fr, const XInst& x, int l, uint64_t addr, Space space, uint32_t size,
              bool write, Target* t) {
    auto fail = [&](const std::string& why) {
      return Error(w, &x, std::string(write ? "invalid write" : "invalid read") + " of " +
                              std::to_string(size) + " bytes at " + Hex(addr) + " (" +
                              SpaceName(space) + "): " + why, l);
    };
    if (size > 1 && addr % size != 0) return fail("misaligned address");
    if (space == Space::kGeneric) {
      if (addr < kGlobalLimit) {
        space = Space::kGlobal;
      } else if (addr >= kSharedWindow && addr < kLocalWindow) {
        space = Space::kShared;
        addr -= kSharedWindow;
      } else if (addr >= kLocalWindow && addr < kParamWindow) {
        space = Space::kLocal;
        addr -= kLocalWindow;
      } else if (addr >= kParamWindow && addr < kConstWindow) {
        space = Space::kParam;
        addr -= kParamWindow;
      } else if (addr >= kConstWindow && addr < kWindowEnd) {
        space = Space::kConst;
        addr -= kConstWindow;
      } else {
        return fail("the address is in no state space");
      }
    }
    switch (space) {
      case Space::kGlobal:
        if (!mem_->Contains(addr, size)) return fail(mem_->Describe(addr));
        t->global = true;
        t->addr = addr;
        return true;
      case Space::kShared:
        if (addr + size > shared_size_ || addr + size < addr) {
          return fail("outside the CTA's " + std::to_string(shared_size_) + " bytes of shared memory");
        }
        t->bytes = &shared_[addr];
        return true;
      case Space::kLocal: {
        const uint64_t top = fr->local_base + p_.functions[fr->fn].local_bytes;
        if (addr + size > top || addr + size < addr) {
          return fail("outside the thread's " + std::to_string(top) + " bytes of local memory");
        }
        t->bytes = &w->local[static_cast<size_t>(l) * w->local_stride + addr];
        return true;
      }
      case Space::kConst:
        if (write) return fail("the constant space is read-only");
        if (addr + size > const_->size() || addr + size < addr) {
          return fail("outside the " + std::to_string(const_->size()) + "-byte constant bank");
        }
        t->bytes = &(*const_)[addr];
        return true;
      case Space::kParam:
        return fail("internal: parameter addresses are resolved by the caller");
      default:
        return fail("unknown state space");
    }
  }

  bool Access(Warp* w, Frame* fr, const XInst& x, int l, uint64_t addr, uint32_t size, bool write,
              uint8_t* data) {
    // Parameter space: the launch's buffer (an entry's parameters) or the frame's area.
    if (x.space == Space::kParam || (x.space == Space::kGeneric && addr >= kParamWindow && addr < kConstWindow)) {
      const bool generic = x.space == Space::kGeneric;
      if (generic) addr -= kParamWindow;
      const bool kernel = generic || x.addr.kernel_param;
      if (size > 1 && addr % size != 0) {
        return Error(w, &x, "misaligned parameter access at offset " + std::to_string(addr), l);
      }
      if (kernel) {
        if (write) return Error(w, &x, "a kernel's parameters are read-only", l);
        if (addr + size > cfg_.params.size()) {
          return Error(w, &x, "parameter read of " + std::to_string(size) + " bytes at offset " +
                                  std::to_string(addr) + " beyond the " +
                                  std::to_string(cfg_.params.size()) + "-byte parameter buffer", l);
        }
        std::memcpy(data, &cfg_.params[addr], size);
        return true;
      }
      const uint32_t pb = p_.functions[fr->fn].param_bytes;
      if (addr + size > pb) return Error(w, &x, "parameter access beyond the function's parameters", l);
      uint8_t* p = &fr->params[static_cast<size_t>(l) * pb + addr];
      if (write) std::memcpy(p, data, size); else std::memcpy(data, p, size);
      return true;
    }
    Target t;
    if (!Locate(w, fr, x, l, addr, x.space, size, write, &t)) return false;
    if (t.global) {
      if (write) mem_->port()->Write(t.addr, data, size); else mem_->port()->Read(t.addr, data, size);
    } else if (write) {
      std::memcpy(t.bytes, data, size);
    } else {
      std::memcpy(data, t.bytes, size);
    }
    return true;
  }

  uint64_t AddressOf(const Warp& w, const Frame& fr, const XInst& x, int l) const {
    uint64_t a = static_cast<uint64_t>(x.addr.offset);
    if (x.addr.base.kind == XOperand::Kind::kReg) a += Read(w, fr, x.addr.base, l);
    if (x.addr.frame_local) a += fr.local_base;
    return a;
  }

  static uint64_t Extend(uint64_t v, DType t) {
    const int b = Bits(t);
    if (IsSigned(t) && b < 64) {
      const uint64_t m = 1ull << (b - 1);
      v &= Mask(b);
      return (v ^ m) - m;
    }
    return v & Mask(b);
  }

  bool LoadStore(Warp* w, Frame* fr, const XInst& x, uint32_t mask) {
    const uint32_t eb = static_cast<uint32_t>(Bits(x.type) / 8);
    const uint32_t n = x.op == Op::kSt ? x.ns : x.nd;
    for (uint32_t m = mask; m != 0; m &= m - 1) {
      const int l = __builtin_ctz(m);
      const uint64_t addr = AddressOf(*w, *fr, x, l);
      uint8_t buf[64] = {};
      if (x.op == Op::kSt) {
        for (uint32_t i = 0; i < n; ++i) {
          const uint64_t v = Read(*w, *fr, x.s[i], l);
          std::memcpy(&buf[i * eb], &v, eb);
        }
      }
      // One access of the whole vector: its alignment is the vector's size.
      if (!Access(w, fr, x, l, addr, eb * n, x.op == Op::kSt, buf)) return false;
      if (x.op == Op::kLd) {
        for (uint32_t i = 0; i < n; ++i) {
          uint64_t v = 0;
          std::memcpy(&v, &buf[i * eb], eb);
          Write(fr, x.d[i], l, Extend(v, x.type));
        }
      }
    }
    return true;
  }

  bool Atomic(Warp* w, Frame* fr, const XInst& x, uint32_t mask);

  // --- Texture and surface ---

  bool TexSurf(Warp* w, Frame* fr, const XInst& x, uint32_t mask) {
    const XTexOp& t = p_.tex[static_cast<size_t>(x.tex_index)];
    const bool is_tex = t.in.opcode == Opcode::kTex;
    const bool async = tex_->Async();
    for (uint32_t m = mask; m != 0; m &= m - 1) {
      const int l = __builtin_ctz(m);
      Request req;
      req.handle = t.resource_opaque >= 0 ? cfg_.opaque_handles[static_cast<size_t>(t.resource_opaque)]
                                          : Read(*w, *fr, t.resource, l);
      if (t.in.has_sampler) {
        req.sampler = t.sampler_opaque >= 0 ? cfg_.opaque_handles[static_cast<size_t>(t.sampler_opaque)]
                                            : Read(*w, *fr, t.sampler, l);
      }
      for (size_t i = 0; i < t.coords.size() && i < 4; ++i) req.coords[i] = static_cast<uint32_t>(Read(*w, *fr, t.coords[i], l));
      for (size_t i = 0; i < t.src.size() && i < 4; ++i) req.data[i] = Read(*w, *fr, t.src[i], l);
      for (size_t i = 0; i < t.dpdx.size() && i < 4; ++i) req.dpdx[i] = static_cast<uint32_t>(Read(*w, *fr, t.dpdx[i], l));
      for (size_t i = 0; i < t.dpdy.size() && i < 4; ++i) req.dpdy[i] = static_cast<uint32_t>(Read(*w, *fr, t.dpdy[i], l));
      for (size_t i = 0; i < t.offset.size() && i < 4; ++i) req.offset[i] = static_cast<uint32_t>(Read(*w, *fr, t.offset[i], l));
      if (t.in.has_lod) req.lod = static_cast<uint32_t>(Read(*w, *fr, t.lod, l));
      if (t.in.has_depth_ref) req.depth_ref = static_cast<uint32_t>(Read(*w, *fr, t.depth_ref, l));
      req.guard = true;  // the machine applied the guard (t.in carries none)
      if (is_tex) ++report_->texture_requests; else ++report_->surface_requests;
      if (async) {
        RequestContext where;
        where.kernel = &kernel_.name;
        where.file = &p_.file;
        where.line = x.line;
        where.column = x.column;
        std::copy(ctaid_, ctaid_ + 3, where.cta);
        where.warp = w->index;
        where.lane = static_cast<uint32_t>(l);
        tex_->Submit(uint64_t{w->index} * kWarp + static_cast<uint64_t>(l), t.in, req, where);
        continue;
      }
      const Response r = tex_->Execute(t.in, req);
      if (r.trap != TrapCause::kNone) {
        return Error(w, &x, std::string("the ") + (is_tex ? "texture" : "surface") +
                                " instruction trapped: " + std::string(Name(r.trap)), l);
      }
      for (size_t i = 0; i < t.dst.size() && static_cast<int>(i) < r.count; ++i) Write(fr, t.dst[i], l, r.data[i]);
      if (t.in.has_pred_dst) Write(fr, t.pred_dst, l, r.pred ? 1 : 0);
    }
    if (async) {
      w->state = WarpState::kTexWait;
      w->tex_inst = &x;
      w->tex_pending = static_cast<uint32_t>(__builtin_popcount(mask));
      ++tex_waiting_;
    }
    return true;
  }

  bool AtTex(const Warp& w) const {
    if (w.frames.empty() || w.frames.back().stack.empty()) return false;
    const Frame& fr = w.frames.back();
    const XFunction& f = p_.functions[fr.fn];
    const uint32_t pc = fr.stack.back().pc;
    return pc < f.code.size() && f.code[pc].op == Op::kTexSurf;
  }

  // Answers from an asynchronous port: each lane's destinations, then its warp runs again once
  // every lane is answered.
  bool CollectTex() {
    std::vector<Completion> done;
    std::string err;
    if (!tex_->Collect(&done, &err)) return Error(nullptr, nullptr, err);
    for (const Completion& c : done) {
      const uint64_t wi = c.ticket / kWarp;
      const int l = static_cast<int>(c.ticket % kWarp);
      if (wi >= warps_.size() || warps_[wi].state != WarpState::kTexWait) {
        return Error(nullptr, nullptr, "internal: an answer for no waiting warp (ticket " + std::to_string(c.ticket) + ")");
      }
      Warp& w = warps_[wi];
      const XInst& x = *w.tex_inst;
      const XTexOp& t = p_.tex[static_cast<size_t>(x.tex_index)];
      const Response& r = c.response;
      if (r.trap != TrapCause::kNone) {
        return Error(&w, &x, std::string("the ") + (t.in.opcode == Opcode::kTex ? "texture" : "surface") +
                                 " instruction trapped: " + std::string(Name(r.trap)), l);
      }
      Frame* fr = &w.frames.back();
      for (size_t i = 0; i < t.dst.size() && static_cast<int>(i) < r.count; ++i) Write(fr, t.dst[i], l, r.data[i]);
      if (t.in.has_pred_dst) Write(fr, t.pred_dst, l, r.pred ? 1 : 0);
      if (--w.tex_pending == 0) {
        w.state = WarpState::kReady;
        --tex_waiting_;
      }
    }
    return true;
  }

  // tld4 and txq, on the model's bindings (the unit executes neither).
  bool TextureQuery(Warp* w, Frame* fr, const XInst& x, uint32_t mask) {
    for (uint32_t m = mask; m != 0; m &= m - 1) {
      const int l = __builtin_ctz(m);
      const uint64_t h = Read(*w, *fr, x.s[0], l);
      const ResolvedTexture* t = bindings_ != nullptr ? bindings_->FindTexture(h) : nullptr;
      const SamplerDesc* s = t == nullptr ? nullptr
                             : t->sampler_in_slot ? bindings_->FindSampler(t->sampler_slot)
                                                  : bindings_->FindSampler(h);
      if (t == nullptr || s == nullptr) {
        return Error(w, &x, std::string(OpName(x.op)) + " on " + Hex(h) + ", which names no texture", l);
      }
      ++report_->texture_requests;
      if (x.op == Op::kTxq) {
        const uint32_t level = x.ns > 1 ? static_cast<uint32_t>(std::max<int64_t>(0, static_cast<int32_t>(Read(*w, *fr, x.s[1], l)))) : 0;
        Write(fr, x.d[0], l, Txq(*t, *s, static_cast<TexQuery>(x.sub), level));
        continue;
      }
      uint32_t coords[4] = {};
      const int nc = x.geom == Geometry::k2d ? 2 : 3;
      for (int i = 0; i < nc; ++i) coords[i] = static_cast<uint32_t>(Read(*w, *fr, x.s[1 + i], l));
      int32_t off[2] = {0, 0};
      const bool has_offsets = x.args.size() == 2;
      if (has_offsets) {
        off[0] = TexOffset(static_cast<uint32_t>(Read(*w, *fr, x.args[0], l)));
        off[1] = TexOffset(static_cast<uint32_t>(Read(*w, *fr, x.args[1], l)));
      }
      const Response r = Tld4(*t, *s, x.geom, x.sub, coords, has_offsets ? off : nullptr,
                              x.type == DType::kF32, mem_->port());
      if (r.trap != TrapCause::kNone) {
        return Error(w, &x, "tld4 trapped: " + std::string(Name(r.trap)), l);
      }
      for (int i = 0; i < 4; ++i) Write(fr, x.d[i], l, r.data[i]);
    }
    return true;
  }

  // --- Warp-wide ---

  bool WarpOp(Warp* w, Frame* fr, const XInst& x, uint32_t mask) {
    uint64_t vals[kWarp] = {};
    switch (x.op) {
      case Op::kShfl: {
        for (int l = 0; l < kWarp; ++l) vals[l] = Read(*w, *fr, x.s[0], l);
        for (uint32_t m = mask; m != 0; m &= m - 1) {
          const int l = __builtin_ctz(m);
          const int b = static_cast<int>(Read(*w, *fr, x.s[1], l) & 31);
          const uint32_t c = static_cast<uint32_t>(Read(*w, *fr, x.s[2], l));
          const int cval = static_cast<int>(c & 31);
          const int seg = static_cast<int>((c >> 8) & 31);
          const int max_lane = (l & seg) | (cval & ~seg);
          const int min_lane = l & seg;
          int j = l;
          bool ok = false;
          switch (x.sub) {
            case 0: j = l - b; ok = j >= max_lane; break;
            case 1: j = l + b; ok = j <= max_lane; break;
            case 2: j = l ^ b; ok = j <= max_lane; break;
            default: j = min_lane | (b & ~seg); ok = j <= max_lane; break;
          }
          if (!ok || j < 0 || j > 31) j = l;
          Write(fr, x.d[0], l, vals[j]);
          if (x.nd == 2) Write(fr, x.d[1], l, ok ? 1 : 0);
        }
        return true;
      }
      case Op::kVote: {
        uint32_t ballot = 0;
        for (uint32_t m = mask; m != 0; m &= m - 1) {
          const int l = __builtin_ctz(m);
          if (Read(*w, *fr, x.s[0], l) & 1) ballot |= 1u << l;
        }
        uint64_t v;
        switch (x.sub) {
          case 0: v = ballot == mask; break;
          case 1: v = ballot != 0; break;
          case 2: v = ballot == 0 || ballot == mask; break;
          default: v = ballot; break;
        }
        for (uint32_t m = mask; m != 0; m &= m - 1) Write(fr, x.d[0], __builtin_ctz(m), v);
        return true;
      }
      case Op::kMatch: {
        for (uint32_t m = mask; m != 0; m &= m - 1) {
          const int l = __builtin_ctz(m);
          vals[l] = Read(*w, *fr, x.s[0], l) & Mask(Bits(x.type));
        }
        bool all = true;
        const uint64_t first = vals[__builtin_ctz(mask)];
        for (uint32_t m = mask; m != 0; m &= m - 1) all = all && vals[__builtin_ctz(m)] == first;
        for (uint32_t m = mask; m != 0; m &= m - 1) {
          const int l = __builtin_ctz(m);
          uint32_t same = 0;
          for (uint32_t k = mask; k != 0; k &= k - 1) {
            if (vals[__builtin_ctz(k)] == vals[l]) same |= 1u << __builtin_ctz(k);
          }
          const uint64_t v = x.sub == 0 ? same : (all ? mask : 0);
          Write(fr, x.d[0], l, v);
          if (x.nd == 2) Write(fr, x.d[1], l, all ? 1 : 0);
        }
        return true;
      }
      case Op::kRedux: {
        const bool sgn = IsSigned(x.type);
        uint64_t acc = 0;
        bool first = true;
        for (uint32_t m = mask; m != 0; m &= m - 1) {
          const uint64_t v = Read(*w, *fr, x.s[0], __builtin_ctz(m)) & 0xffffffffu;
          if (first) {
            acc = v;
            first = false;
            continue;
          }
          const int64_t sa = static_cast<int32_t>(acc), sv = static_cast<int32_t>(v);
          switch (x.sub) {
            case 0: acc = (acc + v) & 0xffffffffu; break;
            case 1: acc = sgn ? (sv < sa ? v : acc) : std::min(acc, v); break;
            case 2: acc = sgn ? (sv > sa ? v : acc) : std::max(acc, v); break;
            case 3: acc &= v; break;
            case 4: acc |= v; break;
            default: acc ^= v; break;
          }
        }
        for (uint32_t m = mask; m != 0; m &= m - 1) Write(fr, x.d[0], __builtin_ctz(m), acc);
        return true;
      }
      default:
        return true;
    }
  }

  // --- One instruction ---

  bool Step(Warp* w) {
    Frame* fr = &w->frames.back();
    Entry& e = fr->stack.back();
    const XFunction& f = p_.functions[fr->fn];
    const XInst& x = f.code[e.pc];
    const uint32_t pc = e.pc;
    const uint32_t mask = GuardMask(*w, *fr, x, e.mask);
    if (++report_->warp_instructions > *budget_) {
      return Error(w, &x, "the instruction budget (" + std::to_string(*budget_) +
                              " warp-instructions) is exhausted: the kernel does not end");
    }
    ++w->clock;
    const uint64_t active = static_cast<uint64_t>(__builtin_popcount(mask));
    report_->thread_instructions += active;
    family_threads_[static_cast<int>(x.op)][IsFloat(x.type) ? 1 : 0] += active;
    if (IsAluOp(x.op)) {
      e.pc = pc + 1;
      if (mask != 0) Alu(w, fr, x, mask);
      return Settle(w);
    }
    switch (x.op) {
      case Op::kLd: case Op::kSt:
        e.pc = pc + 1;
        if (!LoadStore(w, fr, x, mask)) return false;
        break;
      case Op::kAtom: case Op::kRed:
        e.pc = pc + 1;
        if (!Atomic(w, fr, x, mask)) return false;
        break;
      case Op::kCvta:
        e.pc = pc + 1;
        for (uint32_t m = mask; m != 0; m &= m - 1) {
          const int l = __builtin_ctz(m);
          Write(fr, x.d[0], l, Cvta(x, Read(*w, *fr, x.s[0], l)));
        }
        break;
      case Op::kIsspacep:
        e.pc = pc + 1;
        for (uint32_t m = mask; m != 0; m &= m - 1) {
          const int l = __builtin_ctz(m);
          const uint64_t a = Read(*w, *fr, x.s[0], l);
          bool in = false;
          switch (x.space) {
            case Space::kGlobal: in = a < kGlobalLimit; break;
            case Space::kShared: in = a >= kSharedWindow && a < kLocalWindow; break;
            case Space::kLocal: in = a >= kLocalWindow && a < kParamWindow; break;
            case Space::kParam: in = a >= kParamWindow && a < kConstWindow; break;
            case Space::kConst: in = a >= kConstWindow && a < kWindowEnd; break;
            default: break;
          }
          Write(fr, x.d[0], l, in ? 1 : 0);
        }
        break;
      case Op::kTexSurf:
        e.pc = pc + 1;
        if (mask != 0 && !TexSurf(w, fr, x, mask)) return false;
        break;
      case Op::kTld4: case Op::kTxq:
        e.pc = pc + 1;
        if (mask != 0 && !TextureQuery(w, fr, x, mask)) return false;
        break;
      case Op::kBra:
        Branch(fr, x, (x.flags & kUni) != 0 && x.guard.kind == XOperand::Kind::kNone ? e.mask : mask,
               x.target, pc + 1);
        break;
      case Op::kBrx: {
        // Lanes grouped by target: one entry per group.
        uint32_t left = mask;
        const uint32_t rest = e.mask & ~mask;
        std::vector<Entry> groups;
        while (left != 0) {
          const int l = __builtin_ctz(left);
          const uint64_t idx = Read(*w, *fr, x.s[0], l) & 0xffffffffu;
          if (idx >= x.targets.size()) {
            return Error(w, &x, "brx.idx index " + std::to_string(idx) + " is beyond its " +
                                    std::to_string(x.targets.size()) + " targets", l);
          }
          uint32_t group = 0;
          for (uint32_t m = left; m != 0; m &= m - 1) {
            const int k = __builtin_ctz(m);
            if ((Read(*w, *fr, x.s[0], k) & 0xffffffffu) == idx) group |= 1u << k;
          }
          groups.push_back(Entry{x.targets[idx], x.rpc, group});
          left &= ~group;
        }
        if (groups.size() == 1 && rest == 0) {
          e.pc = groups[0].pc;
        } else {
          e.pc = x.rpc;
          if (rest != 0) fr->stack.push_back(Entry{pc + 1, x.rpc, rest});
          for (auto it = groups.rbegin(); it != groups.rend(); ++it) fr->stack.push_back(*it);
        }
        break;
      }
      case Op::kCall:
        if (!Call(w, fr, x, pc, mask)) return false;
        break;
      case Op::kRet:
        if (w->frames.size() == 1) {
          e.pc = pc + 1;
          Kill(w, mask);  // a kernel's ret ends its threads
        } else {
          Branch(fr, x, mask, static_cast<uint32_t>(f.code.size()), pc + 1);
        }
        break;
      case Op::kExit:
        e.pc = pc + 1;
        Kill(w, mask);
        break;
      case Op::kTrap:
        if (mask != 0) return Error(w, &x, "trap: the kernel executed trap", __builtin_ctz(mask));
        e.pc = pc + 1;
        break;
      case Op::kBrkpt:
        if (mask != 0) return Error(w, &x, "brkpt: the kernel executed a breakpoint", __builtin_ctz(mask));
        e.pc = pc + 1;
        break;
      case Op::kBar: case Op::kBarRed:
        e.pc = pc + 1;
        if (mask != 0 && !Arrive(w, *fr, x, mask, true)) return false;
        break;
      case Op::kBarArrive:
        e.pc = pc + 1;
        if (mask != 0 && !Arrive(w, *fr, x, mask, false)) return false;
        break;
      case Op::kShfl: case Op::kVote: case Op::kMatch: case Op::kRedux:
        e.pc = pc + 1;
        if (mask != 0 && !WarpOp(w, fr, x, mask)) return false;
        break;
      case Op::kActivemask:
        e.pc = pc + 1;
        for (uint32_t m = mask; m != 0; m &= m - 1) Write(fr, x.d[0], __builtin_ctz(m), e.mask);
        break;
      default:  // nop, membar/fence, bar.warp.sync, nanosleep, prefetch
        e.pc = pc + 1;
        break;
    }
    if (!Settle(w)) return false;
    // A barrier some threads can no longer reach (they exited) may now be complete.
    if (x.op == Op::kExit || x.op == Op::kRet) ReleaseBarriers();
    return true;
  }

  uint64_t Cvta(const XInst& x, uint64_t a) const {
    uint64_t window = 0;
    switch (x.space) {
      case Space::kShared: window = kSharedWindow; break;
      case Space::kLocal: window = kLocalWindow; break;
      case Space::kParam: window = kParamWindow; break;
      case Space::kConst: window = kConstWindow; break;
      default: break;
    }
    const bool to = (x.flags & kHi) != 0;
    return (to ? a - window : a + window) & Mask(Bits(x.type));
  }

  // Source i's value in all 32 lanes: the register's row itself, or a row filled here.
  const uint64_t* Row(const Warp& w, Frame* fr, const XOperand& o, uint64_t* tmp) const {
    if (o.kind == XOperand::Kind::kReg && !o.negate) return &fr->regs[size_t{o.slot} * kWarp];
    for (int l = 0; l < kWarp; ++l) tmp[l] = Read(w, *fr, o, l);
    return tmp;
  }

  static uint64_t* DstRow(Frame* fr, const XOperand& o, uint64_t* sink) {
    return o.kind == XOperand::Kind::kReg ? &fr->regs[size_t{o.slot} * kWarp] : sink;
  }

  void Alu(Warp* w, Frame* fr, const XInst& x, uint32_t mask) {
    if (x.fast != 0) {
      uint64_t tmp[5][kWarp];
      uint64_t sink[2][kWarp];
      const uint64_t* rows[5] = {nullptr, nullptr, nullptr, nullptr, nullptr};
      for (int i = 0; i < x.ns; ++i) rows[i] = Row(*w, fr, x.s[i], tmp[i]);
      uint64_t* d1 = x.nd == 2 ? DstRow(fr, x.d[1], sink[1]) : nullptr;
      RunFast(x, rows, DstRow(fr, x.d[0], sink[0]), d1, mask);
      return;
    }
    uint64_t s[5];
    for (uint32_t m = mask; m != 0; m &= m - 1) {
      const int l = __builtin_ctz(m);
      for (int i = 0; i < x.ns; ++i) s[i] = Read(*w, *fr, x.s[i], l);
      bool carry = (w->carry >> l) & 1;
      const uint64_t v = EvalAlu(x, s, &carry);
      w->carry = (w->carry & ~(1u << l)) | (carry ? 1u << l : 0);
      if (x.op == Op::kMovUnpack) {
        const int eb = Bits(x.stype);
        for (int i = 0; i < x.nd; ++i) Write(fr, x.d[i], l, (s[0] >> (eb * i)) & Mask(eb));
      } else if (x.op == Op::kSetp) {
        Write(fr, x.d[0], l, v & 1);
        if (x.nd == 2) Write(fr, x.d[1], l, (v >> 1) & 1);
      } else {
        Write(fr, x.d[0], l, v);
      }
    }
  }

  bool Call(Warp* w, Frame* fr, const XInst& x, uint32_t pc, uint32_t mask) {
    Entry& e = fr->stack.back();
    uint32_t target = x.target;
    if (target == ~0u) {  // through a register: lanes with one target at a time
      if (mask == 0) {
        e.pc = pc + 1;
        return true;
      }
      const int l0 = __builtin_ctz(mask);
      const uint64_t v = Read(*w, *fr, x.s[0], l0);
      uint32_t same = 0;
      for (uint32_t m = mask; m != 0; m &= m - 1) {
        if (Read(*w, *fr, x.s[0], __builtin_ctz(m)) == v) same |= 1u << __builtin_ctz(m);
      }
      if (same != mask) {
        // Split: each group runs the call on its own and meets the others after it.
        e.pc = pc + 1;
        fr->stack.push_back(Entry{pc, pc + 1, mask & ~same});
        fr->stack.push_back(Entry{pc, pc + 1, same});
        return true;
      }
      if (v < kFunctionBase || v - kFunctionBase >= p_.functions.size() ||
          !p_.functions[v - kFunctionBase].defined || p_.functions[v - kFunctionBase].entry) {
        return Error(w, &x, "call through " + Hex(v) + ", which is no function of the module", l0);
      }
      target = static_cast<uint32_t>(v - kFunctionBase);
      const XFunction& callee = p_.functions[target];
      if (callee.params.size() != x.args.size() || callee.returns.size() != x.rets.size()) {
        return Error(w, &x, "call through a register: " + callee.name + " takes " +
                                std::to_string(callee.params.size()) + " argument(s)", l0);
      }
    }
    fr->stack.back().pc = pc + 1;
    if (mask == 0) return true;
    if (w->frames.size() >= cfg_.limits.max_call_depth) {
      return Error(w, &x, "call-stack overflow: " + std::to_string(w->frames.size()) +
                              " nested calls (the limit is " +
                              std::to_string(cfg_.limits.max_call_depth) + ")");
    }
    const uint32_t caller_fn = fr->fn;
    if (!PushFrame(w, target, mask, pc)) return false;
    Frame& callee_fr = w->frames.back();
    Frame& caller = w->frames[w->frames.size() - 2];
    const XFunction& callee = p_.functions[target];
    const uint32_t cpb = p_.functions[caller_fn].param_bytes;
    for (uint32_t m = mask; m != 0; m &= m - 1) {
      const int l = __builtin_ctz(m);
      for (size_t i = 0; i < x.args.size(); ++i) {
        const XParam& p = callee.params[i];
        std::memcpy(&callee_fr.params[static_cast<size_t>(l) * callee.param_bytes + p.offset],
                    &caller.params[static_cast<size_t>(l) * cpb + x.args[i].imm], p.size);
      }
    }
    return true;
  }

 public:
  uint64_t family_threads_[static_cast<int>(Op::kCount)][2] = {};

 private:
  const Program& p_;
  const XFunction& kernel_;
  const LaunchConfig& cfg_;
  DeviceMemory* mem_;
  TexturePort* tex_;
  const Unit* bindings_;
  std::vector<uint8_t>* const_;
  LaunchReport* report_;
  uint64_t* budget_;
  uint32_t ctaid_[3] = {};
  std::vector<uint8_t> shared_;
  uint64_t shared_size_ = 0;
  std::vector<Warp> warps_;
  BarrierState barriers_[16];
  uint32_t live_threads_ = 0;
  uint32_t tex_waiting_ = 0;  // warps waiting for an asynchronous port
};

// Atomics: lanes in order, each a read-modify-write of one location.
bool CtaRun::Atomic(Warp* w, Frame* fr, const XInst& x, uint32_t mask) {
  const uint32_t eb = static_cast<uint32_t>(Bits(x.type) / 8);
  for (uint32_t m = mask; m != 0; m &= m - 1) {
    const int l = __builtin_ctz(m);
    const uint64_t addr = AddressOf(*w, *fr, x, l);
    uint8_t buf[8] = {};
    if (!Access(w, fr, x, l, addr, eb, false, buf)) return false;
    uint64_t old = 0;
    std::memcpy(&old, buf, eb);
    const uint64_t b = Read(*w, *fr, x.s[0], l);
    const uint64_t c = x.ns > 1 ? Read(*w, *fr, x.s[1], l) : 0;
    const uint64_t msk = Mask(Bits(x.type));
    uint64_t v = old;
    const bool sgn = IsSigned(x.type);
    auto sext = [&](uint64_t u) {
      const int bits = Bits(x.type);
      return bits >= 64 ? static_cast<int64_t>(u) : static_cast<int64_t>((u ^ (1ull << (bits - 1))) - (1ull << (bits - 1)));
    };
    switch (x.sub) {
      case 0: v = old & b; break;
      case 1: v = old | b; break;
      case 2: v = old ^ b; break;
      case 3: v = (old & msk) == (b & msk) ? c : old; break;
      case 4: v = b; break;
      case 5: {
        if (IsFloat(x.type)) {
          XInst add;
          add.op = Op::kAdd;
          add.type = x.type;
          add.rnd = Rnd::kRn;
          if (x.type == DType::kF32) add.flags = kFtz;  // PTX: atom.add.f32 flushes subnormals
          uint64_t s[3] = {old, b, 0};
          bool carry = false;
          v = EvalAlu(add, s, &carry);
        } else {
          v = old + b;
        }
        break;
      }
      case 6: v = (old & msk) >= (b & msk) ? 0 : old + 1; break;  // inc
      case 7: v = ((old & msk) == 0 || (old & msk) > (b & msk)) ? b : old - 1; break;  // dec
      case 8: case 9: {
        const bool mx = x.sub == 9;
        bool less;
        if (IsFloat(x.type)) {
          XInst mm;
          mm.op = mx ? Op::kMax : Op::kMin;
          mm.type = x.type;
          uint64_t s[3] = {old, b, 0};
          bool carry = false;
          v = EvalAlu(mm, s, &carry);
          break;
        }
        less = sgn ? sext(old) < sext(b) : (old & msk) < (b & msk);
        v = mx ? (less ? b : old) : (less ? old : b);
        break;
      }
      default: break;
    }
    v &= msk;
    std::memcpy(buf, &v, eb);
    if (!Access(w, fr, x, l, addr, eb, true, buf)) return false;
    if (x.op == Op::kAtom) Write(fr, x.d[0], l, old & msk);
  }
  return true;
}

}  // namespace

Machine::Machine(const Program& program, DeviceMemory* memory, TexturePort* tex, const Unit* bindings)
    : program_(program), memory_(memory), tex_(tex), bindings_(bindings), const_bank_(program.const_init) {
  const_bank_.resize(program.const_bytes, 0);
}

LaunchReport Machine::Launch(int kernel, const LaunchConfig& cfg) {
  LaunchReport r;
  if (kernel < 0 || static_cast<size_t>(kernel) >= program_.functions.size() ||
      !program_.functions[static_cast<size_t>(kernel)].entry) {
    r.error = "no such kernel";
    r.refused = true;
    return r;
  }
  const XFunction& k = program_.functions[static_cast<size_t>(kernel)];
  const uint64_t threads = cfg.block.Count();
  if (threads == 0 || cfg.grid.Count() == 0) {
    r.error = "a launch needs at least one block of one thread";
    r.refused = true;
    return r;
  }
  if (threads > cfg.limits.max_threads_per_block) {
    r.error = "a block of " + std::to_string(threads) + " threads is over the limit of " +
              std::to_string(cfg.limits.max_threads_per_block);
    r.refused = true;
    return r;
  }
  if (k.max_ntid != 0 && threads > k.max_ntid) {
    r.error = "a block of " + std::to_string(threads) + " threads is over the kernel's .maxntid/.reqntid (" +
              std::to_string(k.max_ntid) + ")";
    r.refused = true;
    return r;
  }
  if (cfg.grid.Count() > cfg.limits.max_grid_blocks) {
    r.error = "a grid of " + std::to_string(cfg.grid.Count()) + " blocks is over the limit";
    r.refused = true;
    return r;
  }
  const uint64_t shared = program_.static_shared_bytes + cfg.dynamic_shared_bytes;
  if (shared > cfg.limits.max_shared_bytes) {
    r.error = "the launch needs " + std::to_string(shared) + " bytes of shared memory per block (" +
              std::to_string(program_.static_shared_bytes) + " static + " +
              std::to_string(cfg.dynamic_shared_bytes) + " dynamic); the limit is " +
              std::to_string(cfg.limits.max_shared_bytes);
    r.refused = true;
    return r;
  }
  if (cfg.opaque_handles.size() != program_.opaque_names.size()) {
    r.error = "the launch binds " + std::to_string(cfg.opaque_handles.size()) +
              " texture/surface references; the module declares " +
              std::to_string(program_.opaque_names.size());
    r.refused = true;
    return r;
  }
  if (k.code.empty()) {
    r.ok = true;
    return r;
  }
  uint64_t budget = cfg.limits.instruction_budget;
  MemoryPort* const device_port = memory_->port();
  if (tex_->Async()) {
    tex_->BeginLaunch();
    if (MemoryPort* m = tex_->ThreadMemory(device_port)) memory_->set_port(m);
  }
  CtaRun run(program_, k, cfg, memory_, tex_, bindings_, &const_bank_, &r, &budget);
  for (uint32_t z = 0; z < cfg.grid.z; ++z) {
    for (uint32_t y = 0; y < cfg.grid.y; ++y) {
      for (uint32_t x = 0; x < cfg.grid.x; ++x) {
        ++r.ctas;
        if (!run.Run(x, y, z)) goto done;
      }
    }
  }
  r.ok = true;
done:
  if (tex_->Async()) {
    memory_->set_port(device_port);
    std::string err;
    if (!tex_->EndLaunch(&err) && r.ok) {
      r.ok = false;
      r.error = err;
    }
  }
  r.threads = r.ctas * threads;
  for (int op = 0; op < static_cast<int>(Op::kCount); ++op) {
    for (int fl = 0; fl < 2; ++fl) {
      if (run.family_threads_[op][fl] == 0) continue;
      const char* fam = fl == 1 && OpFamily(static_cast<Op>(op)) == std::string("integer") ? "float" : OpFamily(static_cast<Op>(op));
      r.families[fam] += run.family_threads_[op][fl];
    }
  }
  return r;
}

}  // namespace tsu::exec
