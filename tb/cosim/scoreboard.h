// The co-simulation's scoreboard: what the model expects of the unit (each response, in request
// order; each memory write, in the order the model made them) and the comparison of what the
// unit does against it, field by field, with a report that names the transaction, the field and
// the cycle. It knows the unit only through unit_port.h's response record.
#ifndef TSU_TB_COSIM_SCOREBOARD_H_
#define TSU_TB_COSIM_SCOREBOARD_H_

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>

#include "cosim.h"
#include "stimulus.h"
#include "tsu/transaction.h"
#include "unit_port.h"

namespace tsu::tb {

class Scoreboard {
 public:
  // addr_bits: the unit's address width; expected write addresses are compared within it.
  explicit Scoreboard(int addr_bits) : addr_bits_(addr_bits) {}

  // Request n of class cls, accepted at `cycle` with `tag`: the model's response r, and its
  // memory write, if it made one.
  void Expect(uint64_t n, uint64_t cycle, uint32_t tag, TxnClass cls, const Response& r);
  // Checker self-tests: the last expected response's trap cause, or the last expected write's
  // first byte, changed (so the run must fail there). False if there is no such write.
  void CorruptLastTrap();
  bool CorruptLastWrite();

  // A response from the unit. Empty when it matches; else the report. describe(n) names request n.
  std::string CheckResponse(uint64_t cycle, const UnitResponse& got,
                            const std::function<std::string(uint64_t)>& describe);

  // A line write from the unit: where it writes (first byte and count), and the verdict.
  struct Write {
    bool well_formed = false;  // one contiguous run of mask bits in an aligned line
    uint64_t addr = 0;
    int bytes = 0;
    std::string error;  // empty when it is the model's next write
  };
  Write CheckWrite(uint64_t cycle, uint64_t line, uint32_t mask, const uint8_t* data);

  bool empty() const { return rsp_.empty() && wr_.empty(); }
  size_t responses_outstanding() const { return rsp_.size(); }
  // The oldest request whose response is still expected (UINT64_MAX: none).
  uint64_t oldest() const { return rsp_.empty() ? UINT64_MAX : rsp_.front().n; }
  // Responses checked and mismatched per class, added into *per_class.
  void AddStats(std::map<std::string, ClassStats>* per_class) const;

 private:
  struct ExpectedResponse {
    uint64_t n;      // the transaction
    uint64_t cycle;  // accepted
    Response resp;
    uint32_t tag;
    TxnClass cls;
  };
  struct ExpectedWrite {
    uint64_t n;
    MemAccess w;
  };
  const int addr_bits_;
  std::deque<ExpectedResponse> rsp_;
  std::deque<ExpectedWrite> wr_;
  std::array<ClassStats, kTxnClasses> stats_{};
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_SCOREBOARD_H_
