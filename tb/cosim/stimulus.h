// Constrained-random surface instructions for the co-simulation: every surface form (geometry,
// vec, type, format, layout, clamp mode), in- and out-of-bounds, aligned and misaligned
// accesses, same-address reduction chains, store-then-load pairs, indirect and invalid handles.
#ifndef TSU_TB_COSIM_STIMULUS_H_
#define TSU_TB_COSIM_STIMULUS_H_

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tsu/descriptor.h"
#include "tsu/instruction.h"
#include "tsu/transaction.h"

namespace tsu::tb {

// Relative weights of what the generator emits. Classes: suld, sust, sured, suq; scenarios:
// chain (a burst of sureds to one address), store_load (sust then suld of the same bytes),
// bad_handle (an unbound or out-of-table handle), illegal (a hand-built form the unit rejects).
struct Mix {
  std::map<std::string, int> weights = {{"suld", 30}, {"sust", 30}, {"sured", 20}, {"suq", 6},
                                        {"chain", 6}, {"store_load", 6}, {"bad_handle", 1},
                                        {"illegal", 1}};
  // "suld=3,sust=1" (names above); unnamed keep their defaults; "@file" reads the same from a
  // file (one name=weight per line, '#' comments). Returns false with a message on error.
  bool Parse(const std::string& spec, std::string* error);
};

struct Txn {
  Instruction in;
  Request req;
  std::string cls;  // suld, sust, sured, suq (the opcode), for the closing table
};

class Stimulus {
 public:
  Stimulus(uint64_t seed, const Mix& mix, int table_entries);
  // The surfaces to bind: handle i is surfaces()[i] (fewer than table_entries, so some handles
  // stay unbound for the invalid-handle cases).
  const std::vector<ResolvedSurface>& surfaces() const { return surfaces_; }
  // Initial memory contents: (address, bytes) for each surface's footprint.
  void InitialMemory(std::vector<std::pair<uint64_t, std::vector<uint8_t>>>* out);
  Txn Next();
  static std::string Describe(const Txn& t);

 private:
  Txn Random(const std::string& kind);
  void Coords(const ResolvedSurface& s, Geometry g, uint32_t x_unit, uint32_t size, Request* r);

  std::mt19937_64 rng_;
  Mix mix_;
  int entries_;
  std::vector<ResolvedSurface> surfaces_;
  std::vector<Txn> queued_;  // the rest of a scenario
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_STIMULUS_H_
