#include "oracle_report.h"

#include <cmath>
#include <cstdio>

namespace tsu {
namespace vk {

int DiffBucket(double d) {
  if (d == 0) return 0;
  const int exps[] = {-20, -16, -12, -10, -8, -6, -4};
  for (int i = 0; i < 7; ++i) {
    if (d <= std::ldexp(1.0, exps[i])) return i + 1;
  }
  return 8;
}

const char* DiffBucketName(int b) {
  static const char* const kNames[] = {"0",     "<=2^-20", "<=2^-16", "<=2^-12", "<=2^-10",
                                       "<=2^-8", "<=2^-6", "<=2^-4",  ">2^-4"};
  return kNames[b];
}

Category& Report::Get(const std::string& name, bool exact, const std::string& tolerance) {
  auto it = cats_.find(name);
  if (it != cats_.end()) return it->second;
  order_.push_back(name);
  Category& c = cats_[name];
  c.name = name;
  c.exact = exact;
  c.tolerance = tolerance;
  return c;
}

void Report::Within(Category& c, double diff) {
  ++c.cases, ++c.within;
  ++c.diff_hist[DiffBucket(diff)];
  if (diff > c.max_diff) c.max_diff = diff;
}

void Report::Fail(Category& c, double diff, const std::string& what) {
  ++c.cases, ++c.failures;
  ++c.diff_hist[DiffBucket(std::isnan(diff) ? 1.0 : diff)];
  if (!std::isnan(diff) && diff > c.max_diff) c.max_diff = diff;
  if (c.examples.size() < 8) c.examples.push_back(what);
}

uint64_t Report::Failures() const {
  uint64_t n = 0;
  for (const auto& kv : cats_) n += kv.second.failures;
  return n;
}

bool Report::Passed(double budget) const {
  bool ok = true;
  for (const std::string& n : order_) {
    const Category& c = cats_.at(n);
    if (c.failures == 0) continue;
    const bool over = c.exact || c.failures > budget * static_cast<double>(c.cases);
    std::printf("%s: %llu failures of %llu cases%s\n", n.c_str(),
                static_cast<unsigned long long>(c.failures),
                static_cast<unsigned long long>(c.cases),
                over ? (c.exact ? " in an exact category: FAIL" : " over the open-difference budget (--open-budget): FAIL")
                     : " (open differences within the budget, listed above; docs/oracle.md)");
    if (over) ok = false;
  }
  return ok;
}

void Report::Print(const std::string& repeat) const {
  std::printf("\n| category | kind | cases | exact | within tolerance | failures | agreement |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  uint64_t tc = 0, te = 0, tw = 0, tf = 0;
  for (const std::string& n : order_) {
    const Category& c = cats_.at(n);
    const double pct = c.cases ? 100.0 * (c.exact_match + c.within) / c.cases : 100.0;
    std::printf("| %s | %s | %llu | %llu | %llu | %llu | %.2f%% |\n", n.c_str(),
                c.exact ? "exact" : "tolerance", static_cast<unsigned long long>(c.cases),
                static_cast<unsigned long long>(c.exact_match),
                static_cast<unsigned long long>(c.within),
                static_cast<unsigned long long>(c.failures), pct);
    tc += c.cases, te += c.exact_match, tw += c.within, tf += c.failures;
  }
  std::printf("| **all** | | %llu | %llu | %llu | %llu | %.2f%% |\n",
              static_cast<unsigned long long>(tc), static_cast<unsigned long long>(te),
              static_cast<unsigned long long>(tw), static_cast<unsigned long long>(tf),
              tc ? 100.0 * (te + tw) / tc : 100.0);
  std::printf("\nDifference distribution (largest component difference per case, in units of "
              "the component's range):\n\n| category | tolerance |");
  for (int b = 0; b < kDiffBuckets; ++b) std::printf(" %s |", DiffBucketName(b));
  std::printf(" max |\n|---|---|");
  for (int b = 0; b < kDiffBuckets; ++b) std::printf("---|");
  std::printf("---|\n");
  for (const std::string& n : order_) {
    const Category& c = cats_.at(n);
    std::printf("| %s | %s |", n.c_str(), c.exact ? "none (exact)" : c.tolerance.c_str());
    for (int b = 0; b < kDiffBuckets; ++b) {
      std::printf(" %llu |", static_cast<unsigned long long>(c.diff_hist[b]));
    }
    std::printf(" %.3g |\n", c.max_diff);
  }
  for (const std::string& n : order_) {
    const Category& c = cats_.at(n);
    if (c.refined == 0) continue;
    std::printf("%s: %llu of the cases within tolerance needed the envelope's interior kinks "
                "(texel centres, integer LODs) beside its corners\n",
                n.c_str(), static_cast<unsigned long long>(c.refined));
  }
  for (const std::string& n : order_) {
    const Category& c = cats_.at(n);
    for (const std::string& e : c.examples) std::printf("FAIL %s: %s\n", n.c_str(), e.c_str());
  }
  if (Failures()) std::printf("\nrepeat: %s\n", repeat.c_str());
}

}  // namespace vk
}  // namespace tsu
