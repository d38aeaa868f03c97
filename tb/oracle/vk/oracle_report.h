// The oracle's agreement table: per category, the cases run, exact matches, matches within the
// category's stated tolerance, and failures, with the measured distribution of differences.
#ifndef TSU_TB_ORACLE_VK_ORACLE_REPORT_H_
#define TSU_TB_ORACLE_VK_ORACLE_REPORT_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tsu {
namespace vk {

// Buckets of the largest per-component difference of a case, in units of the component's
// range (1.0 for normalized formats): 0, <=2^-20, 2^-16, 2^-12, 2^-10, 2^-8, 2^-6, 2^-4, more.
constexpr int kDiffBuckets = 9;
int DiffBucket(double diff);
const char* DiffBucketName(int b);

struct Category {
  std::string name;
  bool exact = true;           // exact categories allow no tolerance
  std::string tolerance;       // what "within tolerance" means here
  uint64_t cases = 0, exact_match = 0, within = 0, failures = 0;
  uint64_t refined = 0;  // of `within`: inside the envelope only once its kinks were evaluated
  uint64_t diff_hist[kDiffBuckets] = {};
  double max_diff = 0;
  std::vector<std::string> examples;  // the first failures, for the log
};

class Report {
 public:
  Category& Get(const std::string& name, bool exact, const std::string& tolerance = "");
  // Records one case: diff is the largest component difference (0 for an exact match).
  void Exact(Category& c) { ++c.cases, ++c.exact_match, ++c.diff_hist[0]; }
  void Within(Category& c, double diff);
  void Fail(Category& c, double diff, const std::string& what);
  // Marks a case about to be recorded as within: it needed the envelope's interior kinks.
  void Refined(Category& c) { ++c.refined; }
  void Print(const std::string& repeat) const;
  uint64_t Failures() const;
  // What fails the run: any failure in an exact category, or failures above `budget` (a
  // fraction of its cases) in a tolerance category. Prints which categories are over.
  bool Passed(double budget) const;
  bool Empty() const { return cats_.empty(); }

 private:
  std::map<std::string, Category> cats_;
  std::vector<std::string> order_;
};

}  // namespace vk
}  // namespace tsu

#endif  // TSU_TB_ORACLE_VK_ORACLE_REPORT_H_
