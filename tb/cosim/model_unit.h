// The golden model as a unit under test: a second implementation of the bench's interface
// (unit_port.h) that holds nothing of tsu_top. It runs the C++ model (a Unit of its own, apart
// from the bench's TLM model) behind a shim that takes requests with random backpressure,
// answers them in order after random delays, and puts each store's bytes on the data-memory port
// as a line write, as a unit would.
//
// What it shows: the bench's driver, scoreboard, memory model, protocol monitors, descriptor-pool
// rebinding and reports work against a unit whose timing is nothing like tsu's RTL. Run it with
// `tsu regress --unit model`.
//
// Where it departs from a unit: it reads memory (descriptor slots, level records, texels, the
// read of a reduction) directly from the memory behind its ports at the cycle it accepts a
// request, with its own writes not yet taken by the memory laid on top, instead of through the
// read ports, which it never uses. It keeps no descriptor cache: a request decodes the slots it
// names then, which is what the bench's invalidate-with-every-rewrite discipline makes
// equivalent to a cache.
#ifndef TSU_TB_COSIM_MODEL_UNIT_H_
#define TSU_TB_COSIM_MODEL_UNIT_H_

#include <cstdint>
#include <deque>
#include <random>

#include "tsu/memory.h"
#include "tsu/unit.h"
#include "unit_port.h"

namespace tsu::tb {

// A bug the shim can be told to have, at request `at`, so that a test can watch the bench
// catch each kind: a wrong response, lost or reordered traffic, a broken handshake.
enum class ModelUnitFault {
  kNone,
  kFlipData,        // bit 0 of the response's first element (or its pred) flipped
  kSwapResponses,   // request `at`'s response goes out after the next one's
  kDropWrite,       // the first memory write from request `at` on never goes out
  kChangeWhileHeld, // the response's data changes while it waits for ready
  kDropValid,       // the response's valid falls for a cycle while it waits for ready
  kReadyUnderCfg,   // ready to take a request in a cycle that offers a configuration command
};

struct ModelUnitOptions {
  int latency_min = 1;         // cycles from acceptance to the response, at least
  int latency_max = 24;
  int depth = 16;              // requests in flight
  int req_stall_percent = 20;  // cycles the unit refuses a request it has room for
  ModelUnitFault fault = ModelUnitFault::kNone;
  uint64_t fault_at = 0;       // the request (in acceptance order) the fault hits, or from
};

class ModelUnit final : public UnitUnderTest {
 public:
  // memory: the memory behind the unit's ports (the bench's model of it).
  ModelUnit(const UnitTraits& traits, MemoryPort* memory, uint64_t seed,
            const ModelUnitOptions& options = {});

  UnitTraits Traits() const override { return traits_; }
  std::string Name() const override { return "model shim"; }
  void Reset() override;
  void Eval(const UnitIn& in, UnitOut* out) override;
  void Tick(uint64_t cycle, UnitOut* out) override;

 private:
  // The memory as the model sees it: the bench's, with this unit's writes that the memory has
  // not yet taken on top (oldest first). The model's own writes go on the pending list.
  class View : public MemoryPort {
   public:
    struct Pending {
      uint64_t seq;  // the request that made it
      uint64_t due;  // the cycle it goes on the port (its request's response's)
      MemAccess w;
    };
    explicit View(MemoryPort* memory) : memory_(memory) {}
    void Read(uint64_t addr, uint8_t* data, uint32_t n) override;
    void Write(uint64_t addr, const uint8_t* data, uint32_t n) override;
    std::deque<Pending>& pending() { return pending_; }
    const std::deque<Pending>& pending() const { return pending_; }
    void set_seq(uint64_t seq) { seq_ = seq; }

   private:
    MemoryPort* memory_;
    std::deque<Pending> pending_;
    uint64_t seq_ = 0;
  };

  struct InFlight {
    uint64_t seq;
    uint64_t due;
    UnitResponse rsp;
  };

  void Accept(const UnitRequest& r);
  // Binds the slots a request names from the pool in memory, as a unit's descriptor fetch would.
  void BindFromPool(const Instruction& in, const Request& req);
  void Outputs(UnitOut* out) const;

  const UnitTraits traits_;
  const ModelUnitOptions opt_;
  View view_;
  Unit model_;
  std::mt19937_64 rng_;
  uint64_t cycle_ = 0;
  uint64_t pool_base_ = 0;
  uint64_t pool_entries_ = 0;
  uint64_t accepted_ = 0;
  uint64_t last_due_ = 0;
  bool stall_ = false;  // refuses requests this cycle
  bool faulted_ = false;  // the one-shot faults have happened
  uint64_t held_cycles_ = 0;  // cycles the head response has waited for ready
  std::deque<InFlight> q_;
  UnitIn in_;  // this cycle's inputs (the outputs after the edge are formed against them)
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_MODEL_UNIT_H_
