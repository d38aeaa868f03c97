// SystemC TLM-2.0 wrapper of the golden model, loosely timed.
//
// TsuTlm takes instruction transactions on `target`: a generic payload carrying an
// InstrExtension (instruction, operand values; the response comes back in the same extension).
// It reaches memory through `mem`, an initiator socket bound to any TLM target, for example
// TlmMemory. Each b_transport adds the unit's latency and the memory's to the delay; nothing
// calls wait(), so transactions can be issued from outside any SystemC process once elaborated.
#ifndef TSU_TLM_TSU_TLM_H_
#define TSU_TLM_TSU_TLM_H_

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "tsu/memory.h"
#include "tsu/unit.h"

namespace tsu {

struct InstrExtension : tlm::tlm_extension<InstrExtension> {
  const Instruction* instr = nullptr;
  Request req;
  Response resp;

  tlm::tlm_extension_base* clone() const override { return new InstrExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& e) override {
    *this = static_cast<const InstrExtension&>(e);
  }
};

class TsuTlm : public sc_core::sc_module, private MemoryPort {
 public:
  tlm_utils::simple_target_socket<TsuTlm> target;
  tlm_utils::simple_initiator_socket<TsuTlm> mem;

  TsuTlm(const sc_core::sc_module_name& name, sc_core::sc_time op_latency);

  Unit& unit() { return unit_; }
  uint64_t transactions() const { return transactions_; }

 private:
  void BTransport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  void Read(uint64_t addr, uint8_t* data, uint32_t n) override;
  void Write(uint64_t addr, const uint8_t* data, uint32_t n) override;
  void Access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n);

  Unit unit_;
  sc_core::sc_time op_latency_;
  tlm::tlm_generic_payload mem_gp_;
  sc_core::sc_time* delay_ = nullptr;  // the delay of the transaction being served
  uint64_t transactions_ = 0;
};

// An initiator for issuing instruction transactions from C++ (tests, benches, co-simulation).
class TlmIssuer : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<TlmIssuer> socket;
  explicit TlmIssuer(const sc_core::sc_module_name& name) : sc_core::sc_module(name), socket("socket") {}
  void Issue(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) { socket->b_transport(gp, delay); }
};

class TlmMemory;
// A memory target over SparseMemory with a fixed access latency.
class TlmMemory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<TlmMemory> socket;

  TlmMemory(const sc_core::sc_module_name& name, sc_core::sc_time latency);
  SparseMemory& store() { return store_; }

 private:
  void BTransport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned int TransportDbg(tlm::tlm_generic_payload& gp);

  SparseMemory store_;
  sc_core::sc_time latency_;
};

// A ready-bound system: issuer → unit → memory. Construct before sc_start; after elaboration
// (sc_start(SC_ZERO_TIME)) issue transactions with cpu.Issue from plain C++.
struct TlmSystem {
  TsuTlm unit{"unit", sc_core::sc_time(4, sc_core::SC_NS)};
  TlmMemory mem{"mem", sc_core::sc_time(10, sc_core::SC_NS)};
  TlmIssuer cpu{"cpu"};
  TlmSystem() {
    unit.mem.bind(mem.socket);
    cpu.socket.bind(unit.target);
  }
};

}  // namespace tsu

#endif  // TSU_TLM_TSU_TLM_H_
