// The kernel executor's program: a PTX module's functions as decoded instructions over register
// slots, ready to run (tsu/exec/loader.h builds it; tsu/exec/machine.h runs it). Names are gone:
// a register is a slot in its function's frame, a variable an offset in its state space, a label
// an instruction index.
#ifndef TSU_EXEC_PROGRAM_H_
#define TSU_EXEC_PROGRAM_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tsu/exec/types.h"
#include "tsu/instruction.h"

namespace tsu::exec {

// Special registers a warp materializes once (kSpecial operands index them).
enum class Special : uint8_t {
  kTidX, kTidY, kTidZ, kNtidX, kNtidY, kNtidZ,
  kCtaidX, kCtaidY, kCtaidZ, kNctaidX, kNctaidY, kNctaidZ,
  kLaneid, kWarpid, kNwarpid, kSmid, kNsmid, kGridid,
  kLanemaskEq, kLanemaskLe, kLanemaskLt, kLanemaskGe, kLanemaskGt,
  kDynamicSmemSize, kTotalSmemSize,
  kCount,
  // Read at execution, not materialized.
  kClock, kClock64, kGlobaltimer,
};

struct XOperand {
  enum class Kind : uint8_t {
    kNone,
    kReg,      // slot
    kImm,      // imm (already converted to the instruction's type)
    kSpecial,  // special
    kSink,     // `_`
    kFrameLocal,  // a .local variable's address: imm + the frame's local base
    kFrameParam,  // a function's .param variable's address: imm in the frame's parameter area
  };
  Kind kind = Kind::kNone;
  Special special = Special::kTidX;
  bool negate = false;  // `!p` as a predicate source
  uint8_t bits = 64;    // kReg: the register's declared width (writes are masked to it)
  uint32_t slot = 0;
  uint64_t imm = 0;
};

// An address operand: [base + offset], base a register, a variable (its offset in a space) or none.
struct XAddress {
  XOperand base;       // kReg or kNone
  int64_t offset = 0;  // a variable's address in its space plus the written offset
  bool frame_local = false;  // a .local variable: offset is relative to the frame's local base
  bool frame_param = false;  // a function's .param variable: the frame's parameter area
  bool kernel_param = false;  // an entry's parameter: the launch's parameter buffer
};

struct XInst {
  Op op = Op::kNop;
  DType type = DType::kB32;   // the instruction's (destination) type
  DType stype = DType::kB32;  // cvt's source type; mul/mad.wide's operand type; video: a's type
  DType btype = DType::kB32;  // video: b's type
  Geometry geom = Geometry::k2d;  // tld4
  Rnd rnd = Rnd::kNone;
  Cmp cmp = Cmp::kEq;
  BoolOp boolop = BoolOp::kNone;
  Space space = Space::kGeneric;
  uint16_t flags = 0;  // XFlag bits
  uint8_t sub = 0;     // a per-opcode selector (shfl mode, vote mode, atom op, prmt mode, ...)
  uint8_t nd = 0, ns = 0;
  XOperand guard;  // kNone: unguarded
  XOperand d[4];   // destinations (vector elements; d|p: d[1] is the predicate)
  XOperand s[5];   // sources in written order
  XAddress addr;
  uint32_t target = 0;            // bra: instruction index; call: function index
  std::vector<uint32_t> targets;  // brx.idx: the label list
  std::vector<XOperand> args;     // call: argument param variables (kImm: frame param offsets)
  std::vector<XOperand> rets;     // call: return param variables
  int indirect_proto = -1;        // call through a register: the prototype's function shape
  int line = 0, column = 0;
  int tex_index = -1;             // a texture/surface instruction: its decode (ModuleInstruction)
  uint32_t rpc = 0;               // a branch: its reconvergence point (immediate post-dominator)
  uint8_t fast = 0;               // a whole-warp fast path of the ALU (alu.h ChooseFast), 0: none
};

enum XFlag : uint16_t {
  kFtz = 1 << 0, kSat = 1 << 1, kApprox = 1 << 2, kHi = 1 << 3, kWide = 1 << 4, kCc = 1 << 5,
  kUni = 1 << 6, kNan = 1 << 7, kFull = 1 << 8, kClamp = 1 << 9, kShiftLeft = 1 << 10,
  kPredDst = 1 << 11, kXorSign = 1 << 12, kAbs = 1 << 13, kRelu = 1 << 14,
  kAccumulate = 1 << 15,  // video .add: the elements' results summed into c
};

// A parameter of a function or a kernel: its bytes in the function's parameter area.
struct XParam {
  std::string name;
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t align = 1;
  DType type = DType::kB32;  // its scalar type (kB8 for a byte array)
  bool is_array = false;
};

struct XFunction {
  std::string name;
  bool entry = false;
  int line = 0;
  std::vector<XParam> params;    // in order; offsets in the parameter area
  std::vector<XParam> returns;   // .func return parameters
  uint32_t param_bytes = 0;      // params + returns + the body's .param variables
  uint32_t local_bytes = 0;      // .local variables
  uint32_t local_align = 1;
  uint32_t slots = 0;            // register slots
  std::vector<XInst> code;
  std::vector<uint32_t> label_pcs;  // per label index, for brx/diagnostics
  bool defined = false;          // a body was read (false: an .extern prototype)
  uint32_t max_ntid = 0;         // .maxntid product, 0 if none
};

// A module-scope variable placed by the loader.
struct XVariable {
  std::string name;
  Space space = Space::kGlobal;
  uint64_t offset = 0;  // global: the device address; const/shared: the offset in the bank/window
  uint64_t size = 0;
  uint32_t align = 1;
  std::vector<uint8_t> init;  // initial bytes (global/const), empty: zeros
};

// A texture/surface instruction: its decode (the module reader's, checked as ptxas checks it) and
// its operands resolved to slots. A resource or sampler named by a .texref/.surfref/.samplerref is
// an opaque index the launch maps to a handle.
struct XTexOp {
  Instruction in;
  XOperand resource, sampler;
  int resource_opaque = -1, sampler_opaque = -1;
  std::vector<XOperand> coords, dst, src, dpdx, dpdy, offset;
  XOperand lod, depth_ref, pred_dst;
};

struct Program {
  std::string file;  // for diagnostics
  std::vector<XFunction> functions;
  std::map<std::string, int> function_index;
  std::vector<XVariable> globals;  // .global and .const variables (addresses assigned at load)
  uint64_t const_bytes = 0;         // the constant bank's size
  uint64_t static_shared_bytes = 0;  // module-scope and in-function .shared variables
  uint64_t global_bytes = 0;        // device memory the module's .global variables take
  std::map<std::string, int> opaques;  // .texref/.surfref/.samplerref names → opaque index
  std::vector<std::string> opaque_names;
  std::vector<XTexOp> tex;  // XInst::tex_index indexes it
  std::vector<uint8_t> const_init;  // the constant bank's initial bytes
};

}  // namespace tsu::exec

#endif  // TSU_EXEC_PROGRAM_H_
