#include "gpu_cli.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "case_format.h"
#include "cases.h"
#include "check.h"
#include "kernel_ptx.h"
#include "model_side.h"
#include "tsu/output_path.h"
#include "tsu/ptx_parser.h"

namespace tsu {
namespace gpu {
namespace {

constexpr int kExitBad = 2;

struct Args {
  CLI::App* cases = nullptr;
  CLI::App* model = nullptr;
  CLI::App* check = nullptr;
  CLI::App* kernels = nullptr;
  CaseOptions case_opt;
  std::string out, case_file, capture_file, departures, differing, ledger;
  uint64_t inject_every = 0, inject_seed = 1, only_case = ~uint64_t{0};
  int sm = 90;
};
Args& A() {
  static Args a;
  return a;
}

bool LoadCases(const std::string& path, CaseSet* cs) {
  std::ifstream in(path);
  std::string err;
  if (!in) {
    std::cerr << "error: cannot read case set " << path << "\n";
    return false;
  }
  if (!ReadCaseSet(in, cs, &err)) {
    std::cerr << "error: " << path << ": " << err << "\n";
    return false;
  }
  return true;
}

bool WriteText(const std::string& path, const std::string& text) {
  std::string err;
  if (!PrepareOutputFile(path, &err)) {
    std::cerr << "error: " << err << "\n";
    return false;
  }
  std::ofstream o(path);
  o << text;
  o.close();
  if (!o) {
    std::cerr << "error: cannot write " << path << "\n";
    return false;
  }
  return true;
}

int CmdCases() {
  Args& a = A();
  std::string err;
  if (!PrepareOutputDir(a.out, &err)) {
    std::cerr << "error: " << err << "\n";
    return kExitBad;
  }
  const CaseSet cs = MakeCases(a.case_opt);
  std::ostringstream o;
  WriteCaseSet(cs, o);
  const std::string path = a.out + "/cases.txt";
  if (!WriteText(path, o.str())) return kExitBad;
  std::map<std::string, int> per;
  for (const Case& c : cs.cases) ++per[c.category];
  std::cout << "wrote " << path << ": " << cs.cases.size() << " cases, " << cs.resources.size()
            << " resources, " << cs.kernels.size() << " kernels (seed " << cs.seed << ")\n";
  for (const auto& [name, n] : per) std::cout << "  " << name << " " << n << "\n";
  std::cout << "  listed as not expressible: " << cs.unexpressible.size() << "\n";
  return 0;
}

// Changes one compared field of `c` (the capture the model wrote) and says which.
std::string Inject(std::mt19937_64& rng, Captured* c) {
  const int kind = static_cast<int>(rng() % 4);
  if (c->outcome != "ok" || kind == 0) {
    c->outcome = c->outcome == "ok" ? "trap" : "ok";
    if (c->outcome == "ok") c->out[kOutDone] = kDoneMark;
    return "outcome";
  }
  if (kind == 1) {
    c->out[kOutPred] ^= 1;
    return "pred";
  }
  if (kind == 2 && !c->bytes.empty()) {
    c->bytes[rng() % c->bytes.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
    return "surface byte";
  }
  c->out[kOutData + rng() % 8] ^= 1u << (rng() % 32);
  return "data bit";
}

// Refuses an output path before any work is done.
bool OutputsWritable(const std::vector<std::string>& paths) {
  for (const std::string& p : paths) {
    std::string err;
    if (!p.empty() && !PrepareOutputFile(p, &err)) {
      std::cerr << "error: " << err << "\n";
      return false;
    }
  }
  return true;
}

int CmdModel() {
  Args& a = A();
  if (!OutputsWritable({a.capture_file, a.ledger})) return kExitBad;
  CaseSet cs;
  if (!LoadCases(a.case_file, &cs)) return kExitBad;
  Capture cap;
  std::string err;
  if (!ModelCapture(cs, &cap, &err)) {
    std::cerr << "error: " << a.case_file << ": " << err << "\n";
    return kExitBad;
  }
  std::ostringstream ledger;
  uint64_t injected = 0;
  if (a.inject_every) {
    std::mt19937_64 rng(a.inject_seed);
    for (const Case& c : cs.cases) {
      if (rng() % a.inject_every != 0) continue;
      const std::string what = Inject(rng, &cap.cases[c.id]);
      ledger << c.id << " " << c.category << " " << what << "\n";
      ++injected;
    }
  }
  std::ostringstream o;
  WriteCaptureHeader(cap, o);
  for (const auto& [id, c] : cap.cases) WriteCaptured(c, o);
  if (!WriteText(a.capture_file, o.str())) return kExitBad;
  if (!a.ledger.empty() && !WriteText(a.ledger, ledger.str())) return kExitBad;
  std::cout << "wrote " << a.capture_file << ": the model's answers to " << cap.cases.size()
            << " cases";
  if (a.inject_every) std::cout << ", " << injected << " of them changed (ledger " << a.ledger << ")";
  std::cout << "\n";
  return 0;
}

int CmdKernels() {
  Args& a = A();
  CaseSet cs;
  if (!LoadCases(a.case_file, &cs)) return kExitBad;
  std::string err;
  if (!PrepareOutputDir(a.out, &err)) {
    std::cerr << "error: " << err << "\n";
    return kExitBad;
  }
  for (size_t k = 0; k < cs.kernels.size(); ++k) {
    if (!WriteText(a.out + "/kernel_" + std::to_string(k) + ".ptx", KernelPtx(cs.kernels[k], a.sm))) {
      return kExitBad;
    }
  }
  std::cout << "wrote " << cs.kernels.size() << " kernel modules for sm_" << a.sm << " to " << a.out << "\n";
  return 0;
}

int CmdCheck() {
  Args& a = A();
  if (!OutputsWritable({a.differing})) return kExitBad;
  CaseSet cs;
  if (!LoadCases(a.case_file, &cs)) return kExitBad;
  Capture got;
  {
    std::ifstream in(a.capture_file);
    std::string err;
    if (!in) {
      std::cerr << "error: cannot read capture " << a.capture_file << "\n";
      return kExitBad;
    }
    if (!ReadCapture(in, &got, &err)) {
      std::cerr << "error: " << a.capture_file << ": " << err << "\n";
      return kExitBad;
    }
  }
  std::vector<Departure> departures;
  std::string err;
  if (!a.departures.empty() && !ReadDepartures(a.departures, &departures, &err)) {
    std::cerr << "error: " << err << "\n";
    return kExitBad;
  }
  Capture want;
  if (!ModelCapture(cs, &want, &err)) {
    std::cerr << "error: " << a.case_file << ": " << err << "\n";
    return kExitBad;
  }
  if (a.only_case != ~uint64_t{0}) {
    auto c = std::find_if(cs.cases.begin(), cs.cases.end(), [&](const Case& x) { return x.id == a.only_case; });
    if (c == cs.cases.end()) {
      std::cerr << "error: no case " << a.only_case << " in " << a.case_file << "\n";
      return kExitBad;
    }
    std::ostringstream w, g;
    WriteCaptured(want.cases.at(c->id), w);
    std::cout << "case " << c->id << " (" << c->category << "): " << cs.kernels[static_cast<size_t>(c->kernel)]
              << "\n  operands " << HexWords(c->in, kInHandle) << "\n  model:   " << w.str();
    auto it = got.cases.find(c->id);
    if (it == got.cases.end()) {
      std::cout << "  capture: none\n";
      return 1;
    }
    WriteCaptured(it->second, g);
    const std::string diff = DescribeDifference(want.cases.at(c->id), it->second);
    std::cout << "  capture: " << g.str() << "  " << (diff.empty() ? "agree" : diff) << "\n";
    return diff.empty() ? 0 : 1;
  }
  const std::string repeat = "tsu oracle gpu check " + a.case_file + " " + a.capture_file +
                             (a.departures.empty() ? "" : " --departures " + a.departures);
  const CheckResult r = Check(cs, want, got, departures, repeat);
  PrintCheck(r, got, std::cout);
  if (!a.differing.empty()) {
    std::ostringstream o;
    for (uint64_t id : r.differing) o << id << "\n";
    if (!WriteText(a.differing, o.str())) return kExitBad;
  }
  return r.Differences() ? 1 : 0;
}

}  // namespace

CLI::App* AddGpuCommand(CLI::App& app) {
  Args& a = A();
  auto* oracle = app.add_subcommand("oracle", "Independent oracles: gpu (real NVIDIA hardware's captured answers)");
  oracle->require_subcommand(1);
  auto* gpu = oracle->add_subcommand("gpu", "Cases for a GPU, the model's answers, and the check of a capture "
                                            "(docs/gpu-oracle.md)");
  gpu->require_subcommand(1);
  a.cases = gpu->add_subcommand("cases", "Write a case set: DIR/cases.txt");
  a.cases->add_option("--seed", a.case_opt.seed, "Random seed (default 1)");
  a.cases->add_option("--scale", a.case_opt.scale, "Multiplies every category's case count (default 1)")
      ->check(CLI::Range(0.01, 100.0));
  a.cases->add_option("--out", a.out, "Directory (created)")->required();
  a.model = gpu->add_subcommand("model", "Write the model's answers to a case set as a capture");
  a.model->add_option("cases", a.case_file, "The case set")->required();
  a.model->add_option("capture", a.capture_file, "The capture to write")->required();
  a.model->add_option("--inject-every", a.inject_every,
                      "Change one compared field in about one case of N (a checker's self-test)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 20));
  a.model->add_option("--inject-seed", a.inject_seed, "Seed of the injection (default 1)");
  a.model->add_option("--ledger", a.ledger, "Where to list the changed cases (id, category, field)");
  a.kernels = gpu->add_subcommand("kernels", "Write each kernel of a case set as a PTX module");
  a.kernels->add_option("cases", a.case_file, "The case set")->required();
  a.kernels->add_option("--out", a.out, "Directory (created)")->required();
  a.kernels->add_option("--sm", a.sm, "Target (default 90)")->check(CLI::Range(50, 200));
  a.check = gpu->add_subcommand("check", "Compare a capture with the model, case by case, bit for bit");
  a.check->add_option("cases", a.case_file, "The case set")->required();
  a.check->add_option("capture", a.capture_file, "The capture (tb/oracle/gpu/capture.sh's, or tsu oracle gpu model's)")
      ->required();
  a.check->add_option("--departures", a.departures,
                      "Known differences with their reasons (CATEGORY | PTX-SUBSTRING | REASON)");
  a.check->add_option("--case", a.only_case, "Show one case: the model's answer and the capture's");
  a.check->add_option("--differing", a.differing, "Write the ids of the differing cases here");
  a.check->footer("Exit 0 when every captured case agrees (departures excused), 1 on a difference, 2 on bad input.");
  return oracle;
}

int RunGpuCommand() {
  Args& a = A();
  if (a.cases->parsed()) return CmdCases();
  if (a.model->parsed()) return CmdModel();
  if (a.kernels->parsed()) return CmdKernels();
  return CmdCheck();
}

}  // namespace gpu
}  // namespace tsu
