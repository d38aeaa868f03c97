// Functional coverage of the co-simulation, counted in C++: named bins over instruction x
// geometry x type/format x clamp mode x in/out of bounds x layout, traps, reduction ops, queries
// and the ordering hazards seen in the transaction stream. The planned bins are enumerated here;
// docs/testplan.md says which feature each family covers.
#ifndef TSU_TB_COSIM_COVERAGE_H_
#define TSU_TB_COSIM_COVERAGE_H_

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "stimulus.h"
#include "tsu/descriptor.h"
#include "tsu/transaction.h"
#include "tsu/unit.h"

namespace tsu::tb {

class Coverage {
 public:
  Coverage();
  // A configuration that leaves format families out: their sust.p bins become
  // format.sust.p_left_out.<format>, hit when such a store traps format_mismatch.
  void SetFamilies(const FormatFamilies& f);
  // Counts one executed transaction (the surface it named may be null: invalid handle).
  void Sample(const Txn& t, const ResolvedSurface* s, const Response& r);
  const std::map<std::string, uint64_t>& bins() const { return bins_; }
  uint64_t Count(const std::string& bin) const {
    const auto it = bins_.find(bin);
    return it == bins_.end() ? 0 : it->second;
  }
  // Planned bins never hit.
  std::vector<std::string> Missing() const;
  size_t planned() const { return planned_.size(); }
  size_t planned_hit() const { return planned_.size() - Missing().size(); }

 private:
  void Hit(const std::string& bin) { ++bins_[bin]; }
  std::vector<std::string> planned_;
  FormatFamilies families_;
  std::map<std::string, uint64_t> bins_;
  struct Recent {
    Opcode op;
    uint64_t addr;
    uint32_t size;
  };
  std::deque<Recent> recent_;  // the last few memory accesses, for hazard bins
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_COVERAGE_H_
