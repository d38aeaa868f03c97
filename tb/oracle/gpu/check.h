// The GPU oracle's checker: the model's answer to every case against a capture's, bit for bit,
// by category, with a minimal repro per category and the departures a documented file excuses.
#ifndef TSU_TB_ORACLE_GPU_CHECK_H_
#define TSU_TB_ORACLE_GPU_CHECK_H_

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "case_format.h"

namespace tsu {
namespace gpu {

// A known, explained difference: cases of `category` whose instruction contains `ptx` ("*": any).
struct Departure {
  std::string category, ptx, reason;
};
// Lines `CATEGORY | PTX-SUBSTRING or * | REASON`; # comments. False with *err on a bad line.
bool ReadDepartures(const std::string& path, std::vector<Departure>* out, std::string* err);

struct CategoryTally {
  uint64_t cases = 0, agree = 0, differ = 0, departed = 0, missing = 0;
  uint64_t repro = ~uint64_t{0};  // the case shown for this category's differences
  uint64_t repro_bytes = 0;       // its resource's texel bytes
  std::string repro_text;
};

struct CheckResult {
  std::map<std::string, CategoryTally> categories;
  std::vector<uint64_t> differing;  // ids, departures excluded
  uint64_t Differences() const { return differing.size(); }
};

// Compares `got` (a capture) with `want` (the model's) over every case of `cs`.
CheckResult Check(const CaseSet& cs, const Capture& want, const Capture& got,
                  const std::vector<Departure>& departures, const std::string& repeat);

void PrintCheck(const CheckResult& r, const Capture& got, std::ostream& o);

// What a difference is, field by field: "outcome: model ok, capture trap", "element 1: ...".
std::string DescribeDifference(const Captured& want, const Captured& got);

}  // namespace gpu
}  // namespace tsu

#endif  // TSU_TB_ORACLE_GPU_CHECK_H_
