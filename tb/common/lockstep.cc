#include "lockstep.h"

#include "cover_points.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <verilated_cov.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace tsu::tb {

uint64_t SeedFromEnv(uint64_t default_seed) {
  const char* s = std::getenv("TSU_SEED");
  if (s == nullptr || *s == '\0') return default_seed;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(s, &end, 0);
  if (end == nullptr || *end != '\0') {
    ADD_FAILURE() << "TSU_SEED='" << s << "' is not a number; using " << default_seed;
    return default_seed;
  }
  return v;
}

uint64_t ScaledCount(uint64_t n) {
  const char* s = std::getenv("TSU_BENCH_SCALE");
  const uint64_t pct = s != nullptr && *s != '\0' ? std::strtoull(s, nullptr, 10) : 100;
  const uint64_t v = n * pct / 100;
  return v < 1000 ? 1000 : v;
}

std::string CurrentTestName() {
  const testing::TestInfo* t = testing::UnitTest::GetInstance()->current_test_info();
  if (t == nullptr) return "lockstep";
  std::string name = std::string(t->test_suite_name()) + "." + t->name();
  for (char& c : name) {
    if (c == '/') c = '_';
  }
  return name;
}

std::string ReproCommand(uint64_t seed) {
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  const std::string bin = n > 0 ? std::string(exe, static_cast<size_t>(n)) : "tsu_rtl_tests";
  const testing::TestInfo* t = testing::UnitTest::GetInstance()->current_test_info();
  std::string filter = t != nullptr ? std::string(t->test_suite_name()) + "." + t->name() : "*";
  return "TSU_SEED=" + std::to_string(seed) + " " + bin + " --gtest_filter='" + filter + "'";
}

std::string ArtifactDir() {
  const char* d = std::getenv("TSU_ARTIFACTS");
  const std::string dir = d != nullptr && *d != '\0' ? d : "artifacts";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return dir;
}

// Verilator's coverage file: one line per point, "C '<\001key\002value...>' count".
std::vector<std::string> UncoveredPoints(VerilatedContext* ctx, const std::string& dat_path,
                                         size_t* total_points) {
  ctx->coveragep()->write(dat_path.c_str());
  std::vector<std::string> missing;
  const std::vector<CoverPoint> points = ReadCoverPoints(dat_path);
  *total_points = points.size();
  for (const CoverPoint& p : points) {
    if (p.count == 0) missing.push_back(p.hier);
  }
  return missing;
}

std::string LockstepResult::Summary(const char* block) const {
  std::ostringstream s;
  s << "[" << block << "] " << cycles << " cycles, " << checked << " outputs checked, "
    << (cover_points - uncovered.size()) << "/" << cover_points << " cover points hit";
  return s.str();
}

void LockstepResult::ReportCoverage(const char* block) const { ReportCoverage(block, {}); }

void LockstepResult::ReportCoverage(
    const char* block, const std::vector<std::pair<std::string, std::string>>& unreachable) const {
  std::printf("%s\n", Summary(block).c_str());
  for (const std::string& p : uncovered) {
    bool excused = false;
    for (const auto& [name, why] : unreachable) {
      if (p.find(name) != std::string::npos) {
        std::printf("  cover point %s unreachable here: %s\n", p.c_str(), why.c_str());
        excused = true;
      }
    }
    if (!excused) ADD_FAILURE() << "cover point never hit: " << p;
  }
}

}  // namespace tsu::tb
