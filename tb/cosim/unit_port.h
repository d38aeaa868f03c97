// The unit under test as the co-simulation bench sees it: four valid/ready channels and two
// memory ports, one cycle at a time. The bench (stimulus, golden model, scoreboard, memory model,
// coverage, reports) drives only this interface; an implementation maps it onto a unit's pins.
//
// tsu's own RTL is one implementation (rtl_unit.h, the only bench file that knows tsu_top's
// pins); the golden model behind an in-order latency shim is another (model_unit.h). A team that
// verifies its own texture or surface unit with tsu writes a third (docs/verify-your-unit.md).
//
// A cycle is: the bench fills UnitIn, Eval() returns the unit's settled UnitOut (combinational
// outputs may depend on the inputs, e.g. a ready), the bench checks what completes, Tick() is the
// rising edge, after which the unit shows its outputs again. A channel's transfer happens at the
// edge where valid and ready are both high.
#ifndef TSU_TB_COSIM_UNIT_PORT_H_
#define TSU_TB_COSIM_UNIT_PORT_H_

#include <cstdint>
#include <string>

#include "tsu/encodings.h"
#include "tsu/instruction.h"
#include "tsu/transaction.h"
#include "tsu/unit.h"

namespace tsu::tb {

// What the bench must know of the unit before it starts: its address width (the bench keeps
// every address inside it) and what it implements (the model is configured alike, so a request
// for a left-out feature or format family is expected to trap; docs/semantics.md H15).
struct UnitTraits {
  int addr_bits = 64;
  bool has_tex = false;  // the tex class runs, and its coverage bins are planned
  FormatFamilies families;
  TexFeatures tex;
  // What the model is told the unit samples: `tex`, and no tex at all without the path (H15).
  TexFeatures ModelTexFeatures() const {
    TexFeatures f = tex;
    f.path = has_tex;
    return f;
  }
};

inline bool operator==(const UnitTraits& a, const UnitTraits& b) {
  return a.addr_bits == b.addr_bits && a.has_tex == b.has_tex &&
         a.families.norm == b.families.norm && a.families.half == b.families.half &&
         a.families.integer == b.families.integer && a.tex.grad == b.tex.grad &&
         a.tex.cube == b.tex.cube && a.tex.seamless == b.tex.seamless &&
         a.tex.compare == b.tex.compare && a.tex.multisample == b.tex.multisample &&
         a.tex.residency == b.tex.residency && a.tex.mip_linear == b.tex.mip_linear &&
         a.tex.norm == b.tex.norm && a.tex.half == b.tex.half && a.tex.integer == b.tex.integer;
}

// One request: a decoded instruction and its operands (tsu/instruction.h, tsu/transaction.h),
// with the bench's tag, returned with its response. `seq` numbers the requests the bench offers
// (it changes exactly when a new request is put on the channel), so an implementation can
// convert the request once, not every cycle.
struct UnitRequest {
  uint64_t seq = 0;
  uint32_t tag = 0;  // 8 bits
  const Instruction* in = nullptr;
  const Request* req = nullptr;
};

// A 16-byte line (memory responses, memory write data), byte i at address line + i.
struct Line {
  uint8_t b[16];
};

// Inputs, driven by the bench for one cycle.
struct UnitIn {
  bool req_valid = false;
  UnitRequest req;            // valid with req_valid (and held until taken)
  bool cfg_valid = false;     // configuration: pool base and size, invalidations (CfgOp)
  CfgOp cfg_op = CfgOp::kInvalidateAll;
  uint64_t cfg_data = 0;
  bool rsp_ready = false;
  bool mem_req_ready = false;   // data memory: request accepted
  bool mem_rsp_valid = false;   // data memory: the oldest outstanding read's line
  Line mem_rsp;
  bool dmem_req_ready = false;  // descriptor memory (a unit without one never requests)
  bool dmem_rsp_valid = false;
  Line dmem_rsp;
};

// A response: the model's Response fields a unit returns (tsu/transaction.h), with its tag.
struct UnitResponse {
  uint32_t tag = 0;
  uint32_t count = 0;  // elements written
  uint32_t trap = 0;   // TrapCause
  uint32_t oob = 0;    // out-of-bounds axes
  bool misaligned = false, clamped = false, suppressed = false, pred = false;
  uint64_t data[4] = {0, 0, 0, 0};
};

// Outputs, settled after Eval(). Payload fields are meaningful only while their valid is high.
struct UnitOut {
  bool req_ready = false;
  bool cfg_ready = false;
  bool rsp_valid = false;
  UnitResponse rsp;
  // Data memory requests: 16-byte lines (addr[3:0] = 0). A read is answered on mem_rsp, in
  // request order; a write carries the bytes under mask (one contiguous run).
  bool mem_req_valid = false;
  bool mem_we = false;
  uint64_t mem_addr = 0;
  uint32_t mem_mask = 0;
  Line mem_wdata;
  bool mem_rsp_ready = false;
  // Descriptor memory: line reads only, answered on dmem_rsp in order.
  bool dmem_req_valid = false;
  uint64_t dmem_addr = 0;
  bool dmem_rsp_ready = false;
};

// Counters a unit may report at the end of a run (zero when it has none).
struct UnitPerf {
  uint64_t tex_cache_lookups = 0;
  uint64_t tex_cache_misses = 0;
};

class UnitUnderTest {
 public:
  virtual ~UnitUnderTest() = default;
  virtual UnitTraits Traits() const = 0;
  // What the reports call it ("RTL", ...).
  virtual std::string Name() const = 0;
  // Reset, with every input idle; the unit then takes configuration and requests.
  virtual void Reset() = 0;
  // The low phase of a cycle: the inputs in, the settled outputs out.
  virtual void Eval(const UnitIn& in, UnitOut* out) = 0;
  // The rising edge that ends cycle `cycle`. After it, *out's three request valids (rsp_valid,
  // mem_req_valid, dmem_req_valid) must be the unit's, with that cycle's inputs still applied:
  // the bench reads them to see whether the unit has drained. The next Eval refreshes the rest.
  virtual void Tick(uint64_t cycle, UnitOut* out) = 0;
  // A check inside the unit (an RTL assertion) failed; it has said why on stderr.
  virtual bool AssertionFailed() const { return false; }
  virtual UnitPerf Perf() const { return {}; }
  // Where a waveform of the run goes, if the unit traces (empty: it does not).
  virtual std::string Waveform() const { return {}; }
  // Line and cover-point coverage of the run, if the unit has it.
  virtual void WriteCoverage(const std::string& /*path*/) {}
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_UNIT_PORT_H_
