// tsu_vk_oracle: runs the Vulkan counterparts of tex/suld/sust/sured on lavapipe for seeded
// random cases and compares every result with the golden model (docs/oracle.md).
//
//   tsu_vk_oracle [--seed N] [--scale X] [--only CATEGORY] [--log FILE] [--open-budget F]
//
// Prints the agreement table per category; exits 1 on any failure (or, with --open-budget, on
// more than that fraction of a tolerance category's cases), 77 when lavapipe is absent.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "categories.h"

int main(int argc, char** argv) {
  using tsu::vk::Options;
  Options opt;
  std::string log_path;
  double budget = 0;  // no open differences are known (docs/oracle.md)
  if (const char* s = std::getenv("TSU_ORACLE_SCALE")) opt.scale = std::atof(s);
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* name) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "tsu_vk_oracle: %s needs a value\n", name);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--seed") {
      opt.seed = std::strtoull(value("--seed"), nullptr, 0);
    } else if (a == "--scale") {
      opt.scale = std::atof(value("--scale"));
    } else if (a == "--only") {
      opt.only = value("--only");
    } else if (a == "--log") {
      log_path = value("--log");
    } else if (a == "--open-budget") {
      char* end = nullptr;
      const char* v = value("--open-budget");
      budget = std::strtod(v, &end);
      if (end == v || *end != '\0' || !(budget >= 0 && budget <= 1)) {
        std::fprintf(stderr, "tsu_vk_oracle: --open-budget must be a fraction in [0, 1], got '%s'\n", v);
        return 2;
      }
    } else {
      std::fprintf(stderr,
                   "usage: tsu_vk_oracle [--seed N] [--scale X] [--only CATEGORY] [--log FILE] "
                   "[--open-budget F]\n");
      return 2;
    }
  }
  if (!(opt.scale > 0 && opt.scale <= 1000)) {
    std::fprintf(stderr, "tsu_vk_oracle: --scale must be in (0, 1000]\n");
    return 2;
  }
  if (log_path.empty()) log_path = "lavapipe_oracle_seed" + std::to_string(opt.seed) + ".log";
  opt.log = std::fopen(log_path.c_str(), "w");
  if (!opt.log) {
    std::fprintf(stderr, "tsu_vk_oracle: cannot write %s\n", log_path.c_str());
    return 2;
  }

  tsu::vk::Context vk;
  std::string err;
  if (!vk.Open(&err)) {
    std::printf("lavapipe unavailable: %s: skipped\n", err.c_str());
    return 77;
  }
  std::printf("lavapipe oracle: %s; seed %llu, scale %g\n", vk.device_name().c_str(),
              static_cast<unsigned long long>(opt.seed), opt.scale);
  tsu::vk::Report report;
  tsu::vk::Oracle o{&vk, &report, opt, std::mt19937_64(opt.seed)};
  tsu::vk::SurfaceLoads(o);
  tsu::vk::SurfaceStores(o);
  tsu::vk::SurfaceAtomics(o);
  tsu::vk::TexelFetches(o);
  tsu::vk::Sampling(o);

  std::string repeat = std::string(argv[0]) + " --seed " + std::to_string(opt.seed);
  if (opt.scale != 1.0) repeat += " --scale " + std::to_string(opt.scale);
  if (!opt.only.empty()) repeat += " --only '" + opt.only + "'";
  report.Print(repeat);
  std::fclose(opt.log);
  std::printf("transaction log: %s\n", log_path.c_str());
  if (report.Empty()) {
    std::fprintf(stderr, "tsu_vk_oracle: no category matches --only '%s'\n", opt.only.c_str());
    return 2;
  }
  const unsigned long long f = report.Failures();
  std::printf("%llu failures\n", f);
  // Exact categories allow none; tolerance categories allow none unless --open-budget says
  // otherwise (docs/oracle.md, "Open differences": none are open now).
  return report.Passed(budget) ? 0 : 1;
}
