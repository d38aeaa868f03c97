// The SIMT machine: runs one kernel launch of a Program, CTA by CTA, warps of 32 threads with a
// reconvergence stack at immediate post-dominators, shared memory per CTA, local memory per
// thread, and texture/surface instructions through a TexturePort (the golden model, or the
// Verilated unit). Deterministic: the same launch gives the same results and the same report.
#ifndef TSU_EXEC_MACHINE_H_
#define TSU_EXEC_MACHINE_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tsu/exec/device_memory.h"
#include "tsu/exec/program.h"
#include "tsu/instruction.h"
#include "tsu/transaction.h"
#include "tsu/unit.h"

namespace tsu::exec {

// Where a texture/surface request comes from, for a unit's reports.
struct RequestContext {
  const std::string* kernel = nullptr;
  const std::string* file = nullptr;
  int line = 0, column = 0;
  uint32_t cta[3] = {0, 0, 0};
  uint32_t warp = 0, lane = 0;
};

struct Completion {
  uint64_t ticket = 0;
  Response response;
};

// Where texture and surface instructions go, one lane's request at a time, in lane order.
// A synchronous port answers at once (Execute); an asynchronous one (a clocked unit) takes
// requests with Submit and answers them later through Collect, while the machine runs other warps.
class TexturePort {
 public:
  virtual ~TexturePort() = default;
  virtual Response Execute(const Instruction& in, const Request& req) = 0;

  virtual bool Async() const { return false; }
  // Async: queue one request (its warp waits for every lane's answer).
  virtual void Submit(uint64_t /*ticket*/, const Instruction& /*in*/, const Request& /*req*/,
                      const RequestContext& /*where*/) {}
  // Async: run the unit until at least one request is answered; false with *error on a failure
  // (a mismatch with the model, a hung unit).
  virtual bool Collect(std::vector<Completion>* /*done*/, std::string* /*error*/) { return false; }
  // Async: a launch begins (the port sees memory as it is) and ends (every request answered);
  // false with *error if the end finds the unit's results wrong.
  virtual void BeginLaunch() {}
  virtual bool EndLaunch(std::string* /*error*/) { return true; }
  // Async: the memory the kernel's own loads and stores go through during a launch (so a port
  // that keeps the model's copy of memory sees them too), or null for the device's.
  virtual MemoryPort* ThreadMemory(MemoryPort* /*device*/) { return nullptr; }
};

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t Count() const { return uint64_t{x} * y * z; }
};

struct LaunchLimits {
  uint32_t max_threads_per_block = 1024;
  uint64_t max_shared_bytes = 227 * 1024;  // static + dynamic, per CTA (sm_90's opt-in limit)
  uint64_t max_local_bytes = 512 * 1024;   // per thread, the call stack's frames included
  uint32_t max_call_depth = 256;
  uint64_t instruction_budget = uint64_t{1} << 36;  // warp-instructions per launch
  uint64_t max_grid_blocks = uint64_t{1} << 32;
};

struct LaunchConfig {
  Dim3 grid, block;
  uint32_t dynamic_shared_bytes = 0;
  std::vector<uint8_t> params;            // the kernel's parameter buffer, laid out by its .params
  std::vector<uint64_t> opaque_handles;   // per Program::opaque_names: the handle each names
  LaunchLimits limits;
  // With an asynchronous texture port: how many warps may wait for the unit at once, as an SM's
  // resident warps hide its latency (0: every warp of the CTA).
  uint32_t resident_warps = 0;
};

struct LaunchReport {
  bool ok = false;
  bool refused = false;  // the launch itself was invalid (limits, bindings): nothing ran
  std::string error;     // "FILE:LINE:COL: ..." naming the thread and block
  uint64_t thread_instructions = 0;
  uint64_t warp_instructions = 0;
  std::map<std::string, uint64_t> families;  // thread-instructions per family
  uint64_t texture_requests = 0;
  uint64_t surface_requests = 0;
  uint64_t ctas = 0;
  uint64_t threads = 0;
  uint64_t barriers = 0;
};

class Machine {
 public:
  // `bindings`: the model's texture bindings, for the instructions the executor runs itself
  // (tld4, txq: tsu/exec/texture_query.h).
  Machine(const Program& program, DeviceMemory* memory, TexturePort* tex, const Unit* bindings);

  // Runs the kernel. Global memory keeps whatever the launch wrote up to an error.
  LaunchReport Launch(int kernel, const LaunchConfig& config);

  void set_texture_port(TexturePort* tex) { tex_ = tex; }

  // The constant bank (module .const data; the host may write it between launches).
  std::vector<uint8_t>& constant_bank() { return const_bank_; }

 private:
  const Program& program_;
  DeviceMemory* memory_;
  TexturePort* tex_;
  const Unit* bindings_;
  std::vector<uint8_t> const_bank_;
};

}  // namespace tsu::exec

#endif  // TSU_EXEC_MACHINE_H_
