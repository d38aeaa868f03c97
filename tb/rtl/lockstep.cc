#include "lockstep.h"

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
  *total_points = 0;
  std::ifstream in(dat_path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("C '", 0) != 0) continue;
    const size_t close = line.rfind('\'');
    const std::string keys = line.substr(3, close - 3);
    const uint64_t count = std::strtoull(line.c_str() + close + 1, nullptr, 10);
    std::string hier, label;
    size_t pos = 0;
    while (pos < keys.size()) {
      const size_t k0 = keys.find('\001', pos);
      if (k0 == std::string::npos) break;
      const size_t v0 = keys.find('\002', k0);
      if (v0 == std::string::npos) break;
      size_t v1 = keys.find('\001', v0);
      if (v1 == std::string::npos) v1 = keys.size();
      const std::string key = keys.substr(k0 + 1, v0 - k0 - 1);
      const std::string val = keys.substr(v0 + 1, v1 - v0 - 1);
      if (key == "h") hier = val;
      if (key == "o") label = val;
      pos = v1;
    }
    ++*total_points;
    if (count == 0) missing.push_back(hier + ": " + label);
  }
  return missing;
}

std::string LockstepResult::Summary(const char* block) const {
  std::ostringstream s;
  s << "[" << block << "] " << cycles << " cycles, " << checked << " outputs checked, "
    << (cover_points - uncovered.size()) << "/" << cover_points << " cover points hit";
  return s.str();
}

void LockstepResult::ReportCoverage(const char* block) const {
  std::printf("%s\n", Summary(block).c_str());
  for (const std::string& p : uncovered) ADD_FAILURE() << "cover point never hit: " << p;
}

}  // namespace tsu::tb
