#include "regress_cli.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "cosim.h"
#include "cover_points.h"
#include "stimulus_record.h"
#include "tsu/output_path.h"

namespace tsu::tb {
namespace {

// A seed is a decimal number from 0 to 2^64 - 1. Checked on the text, because the conversion
// alone wraps "-1" and saturates 2^64 to 2^64 - 1, which would run a seed nobody asked for.
std::string CheckSeed(std::string& text) {
  const char* kRange = "a seed is a decimal number from 0 to 18446744073709551615";
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos) {
    return kRange;
  }
  errno = 0;
  std::strtoull(text.c_str(), nullptr, 10);
  return errno == ERANGE ? kRange : "";
}

struct RegressArgs {
  uint64_t seed = 1;
  uint64_t ops = 200000;
  std::string mix;
  bool waves = false;
  std::string config = "default";
  std::string unit = "rtl";
  std::string junit;
  std::string json;
  std::string artifacts = "regress_artifacts";
  std::string coverage_dat;
  bool require_coverage = false;
  bool quiet = false;
  bool list_bins = false;
  int mem_stall = 20, rsp_stall = 15, req_gap = 10, lat_max = 12, cfg_rate = 3;
  std::string dump_stimulus;
  std::string replay;  // tsu replay: the record to run
  std::string replay_config;  // tsu replay --config (default: the record's)
};

// The unit and timing options `tsu regress` and `tsu replay` share.
void AddTimingOptions(CLI::App* r, RegressArgs& a) {
  r->add_option("--unit", a.unit,
                "What is checked: 'rtl', the Verilated unit (default), or 'model', the golden "
                "model behind an in-order latency shim with the configuration's features "
                "(tb/cosim/model_unit.h; checks the bench itself)")
      ->check(CLI::IsMember({"rtl", "model"}));
  r->add_option("--mem-stall", a.mem_stall, "Percent of cycles memory refuses a request (default 20)")
      ->check(CLI::Range(0, 95));
  r->add_option("--rsp-stall", a.rsp_stall, "Percent of cycles the response is not taken (default 15)")
      ->check(CLI::Range(0, 95));
  r->add_option("--req-gap", a.req_gap, "Percent of cycles no request is offered (default 10)")
      ->check(CLI::Range(0, 95));
  r->add_option("--mem-latency", a.lat_max, "Largest memory read latency in cycles (default 12)")
      ->check(CLI::Range(1, 1000));
  r->add_flag("--waves", a.waves, "Trace the whole run to <artifacts>/regress_seed<N>.fst");
  r->add_option("--junit", a.junit, "Write a JUnit XML report to this file");
  r->add_option("--json", a.json,
                 "Write the run's summary (counts, cycles, descriptor cache, verdict, first mismatch) "
                 "as JSON to this file: what tsu dse and the seed farm read");
  r->add_option("--artifacts", a.artifacts, "Directory for waveforms and logs (default regress_artifacts)");
  r->add_flag("-q,--quiet", a.quiet, "No progress lines");
}

RegressArgs& Args() {
  static RegressArgs a;
  return a;
}

}  // namespace

CLI::App* AddRegressCommand(CLI::App& app) {
  RegressArgs& a = Args();
  auto* r = app.add_subcommand(
      "regress", "Co-simulate the RTL unit against the golden model on constrained-random "
                 "instructions: tex, suld, sust, sured and suq (no tex in a configuration "
                 "without the texture path, e.g. surface) (the main job)");
  r->add_option("--seed", a.seed, "Random seed, 0 to 2^64 - 1 (default 1)")
      ->check(CLI::Validator(CheckSeed, "SEED"));
  r->add_option("--config", a.config,
                "The unit's configuration, fpga/configs/NAME.cfg (default 'default', the texture/surface "
                "unit; e.g. surface, texquad, hx8k)")
      ->check(CLI::IsMember(CosimConfigs()));
  r->add_option("--ops", a.ops, "Transactions to run (default 200000)")->check(CLI::Range(1ull, 100000000ull));
  r->add_option("--mix", a.mix,
                "Weights, e.g. 'suld=3,sust=3,sured=2,suq=1,chain=1,store_load=1,bad_handle=1,"
                "illegal=1' (with the texture path also tex=W and store_tex=W, default 25 and 4), or "
                "@FILE with one name=weight per line");
  AddTimingOptions(r, a);
  r->add_option("--dump-stimulus", a.dump_stimulus,
                "Write every event of the run (memory set-up, bindings, configuration commands, "
                "requests with the model's responses) to this file as JSON Lines "
                "(docs/stimulus-format.md); tsu replay runs it again");
  r->add_option("--coverage-dat", a.coverage_dat, "Write Verilator line and cover-point coverage here");
  r->add_flag("--require-coverage", a.require_coverage,
              "Fail unless every planned functional-coverage bin and every cover point of the "
              "unit top (tsu_top c_*) is hit");
  r->add_option("--cfg-rate", a.cfg_rate,
                "Cycles per 1000 that start a configuration command under traffic: rebind, "
                "corrupt, unbind or restore a descriptor slot with an invalidate, or invalidate "
                "the cache (default 3; 0 keeps the descriptor cache warm)")
      ->check(CLI::Range(0, 1000));
  r->add_flag("--list-bins", a.list_bins,
              "Print every planned functional-coverage bin, one per line, including the "
              "left-out-format bins of reduced configurations, and exit (read by "
              "scripts/testplan.py)");
  r->footer("Exit 0 iff every response, every memory write and the final memory image match the "
            "model.\nA mismatch prints what differed, the seed and the command that repeats it, "
            "and leaves\na waveform and a transaction log in the artifacts directory.");
  return r;
}

CLI::App* AddReplayCommand(CLI::App& app) {
  RegressArgs& a = Args();
  auto* r = app.add_subcommand(
      "replay", "Run a stimulus record (tsu regress --dump-stimulus) again: its requests and "
                "configuration commands in order, checked against the golden model and against "
                "the responses the record holds, on the RTL or on the model behind its shim");
  r->add_option("FILE", a.replay, "The record (JSON Lines, docs/stimulus-format.md)")->required();
  r->add_option("--config", a.replay_config,
                "The unit's configuration (default: the record's; it must have the same address "
                "width, formats and texture features)")
      ->check(CLI::IsMember(CosimConfigs()));
  r->add_option("--seed", a.seed, "Seed of the timing: latency and backpressure (default 1)")
      ->check(CLI::Validator(CheckSeed, "SEED"));
  AddTimingOptions(r, a);
  r->footer("Exit 0 iff every response, memory write and the final memory image match the model, "
            "and the model answers every request as the record says; 2 for a malformed record.");
  return r;
}

int RunReplayCommand(int argc, char** argv) {
  RegressArgs& a = Args();
  std::ifstream f(a.replay);
  if (!f) {
    std::cerr << "error: cannot read '" << a.replay << "'\n";
    return 2;
  }
  StimulusReader reader;
  StimulusHeader h;
  std::string why;
  if (!reader.Open(&f, &h, &why)) {
    std::cerr << "error: " << a.replay << ": " << why << "\n";
    return 2;
  }
  // The whole record is read once before the run, so that a malformed one is a usage error.
  uint64_t txns = 0;
  StimulusEvent e;
  while (reader.Next(&e, &why)) txns += e.type == StimulusEvent::Type::kTxn;
  if (!why.empty()) {
    std::cerr << "error: " << a.replay << ": " << why << "\n";
    return 2;
  }
  if (txns == 0) {
    std::cerr << "error: " << a.replay << ": no requests in the record\n";
    return 2;
  }
  a.config = a.replay_config.empty() ? h.config : a.replay_config;
  UnitTraits traits;
  if (!CosimTraits(a.config, &traits)) {
    std::cerr << "error: the record's configuration '" << a.config
              << "' is not in this build; name one with --config\n";
    return 2;
  }
  if (!(traits == h.traits)) {
    std::cerr << "error: configuration '" << a.config << "' differs from the record's ('" << h.config
              << "') in address width, formats or texture features\n";
    return 2;
  }
  a.ops = txns;
  return RunRegressCommand(argc, argv);
}

int RunRegressCommand(int argc, char** argv) {
  const RegressArgs& a = Args();
  if (a.list_bins) {
    std::set<std::string> bins;
    Coverage full, reduced, lean, lean_cube;
    full.EnableTex();
    reduced.SetFamilies(FormatFamilies{false, false, false});
    reduced.NoTexturePath();
    TexFeatures none;
    none.grad = none.cube = none.seamless = none.compare = none.multisample = none.residency =
        none.mip_linear = none.norm = none.half = none.integer = false;
    lean.EnableTex(none);  // every tex.left_out bin (seamless: with cube maps in)
    none.cube = true;
    lean_cube.EnableTex(none);
    for (const Coverage* c : {&full, &reduced, &lean, &lean_cube}) {
      bins.insert(c->planned_bins().begin(), c->planned_bins().end());
    }
    for (const std::string& b : bins) std::cout << b << "\n";
    return 0;
  }
  {
    std::string why;
    // --waves and --require-coverage write there from the start: make it now; otherwise only a
    // failure writes its log there, so it must merely be makeable.
    const bool now = a.waves || (a.require_coverage && a.coverage_dat.empty());
    if (!(now ? PrepareOutputDir(a.artifacts, &why) : CheckOutputDir(a.artifacts, &why))) {
      std::cerr << "error: --artifacts: " << why << "\n";
      return 2;
    }
    for (const auto& [opt, path] : {std::pair<const char*, const std::string&>{"--junit", a.junit},
                                    {"--coverage-dat", a.coverage_dat},
                                    {"--json", a.json},
                                    {"--dump-stimulus", a.dump_stimulus}}) {
      if (!path.empty() && !PrepareOutputFile(path, &why)) {
        std::cerr << "error: " << opt << ": " << why << "\n";
        return 2;
      }
    }
  }
  if (a.unit == "model" && (a.waves || !a.coverage_dat.empty())) {
    std::cerr << "error: --unit model has no waveform or line coverage (--waves, --coverage-dat)\n";
    return 2;
  }
  CosimOptions o;
  o.config = a.config;
  o.unit = a.unit == "model" ? CosimUnit::kModel : CosimUnit::kRtl;
  o.seed = a.seed;
  o.ops = a.ops;
  std::string err;
  if (!a.mix.empty() && !o.mix.Parse(a.mix, &err)) {
    std::cerr << "error: --mix: " << err << "\n";
    return 2;
  }
  if (o.mix.HasTex() && !CosimHasTex(a.config)) {
    std::cerr << "error: --mix: configuration '" << a.config << "' has no texture path "
                 "(EnableTex=0); tex and store_tex need one, e.g. the default\n";
    return 2;
  }
  o.waves = a.waves;
  o.artifacts = a.artifacts;
  o.coverage_dat = a.coverage_dat;
  if (a.require_coverage && o.coverage_dat.empty() && o.unit == CosimUnit::kRtl) {
    o.coverage_dat = a.artifacts + "/regress_seed" + std::to_string(a.seed) + ".cov.dat";
  }
  o.mem_stall_percent = a.mem_stall;
  o.rsp_stall_percent = a.rsp_stall;
  o.req_gap_percent = a.req_gap;
  o.mem_latency_max = a.lat_max;
  o.cfg_permille = a.cfg_rate;
  o.progress = !a.quiet;
  o.dump_stimulus = a.dump_stimulus;
  o.replay = a.replay;
  std::string repro = argc > 0 ? argv[0] : "tsu";
  if (a.replay.empty()) {
    repro += " regress --seed " + std::to_string(a.seed) + " --ops " + std::to_string(a.ops);
  } else {
    repro += " replay " + a.replay + " --seed " + std::to_string(a.seed);
  }
  if (a.config != "default") repro += " --config " + a.config;
  if (a.unit != "rtl") repro += " --unit " + a.unit;
  if (!a.mix.empty()) repro += " --mix '" + a.mix + "'";
  if (a.mem_stall != 20) repro += " --mem-stall " + std::to_string(a.mem_stall);
  if (a.rsp_stall != 15) repro += " --rsp-stall " + std::to_string(a.rsp_stall);
  if (a.req_gap != 10) repro += " --req-gap " + std::to_string(a.req_gap);
  if (a.lat_max != 12) repro += " --mem-latency " + std::to_string(a.lat_max);
  if (a.cfg_rate != 3) repro += " --cfg-rate " + std::to_string(a.cfg_rate);
  o.repro = repro;
  std::fprintf(stderr, "regress: configuration %s, seed %llu, %llu transactions (repeat: %s)\n",
               a.config.c_str(), static_cast<unsigned long long>(a.seed),
               static_cast<unsigned long long>(a.ops), repro.c_str());
  if (o.unit == CosimUnit::kModel) {
    std::fprintf(stderr, "regress: the unit under test is the golden model behind a latency shim\n");
  } else if (o.coverage_dat.empty() && !o.waves && CosimHasFastModel(a.config)) {
    std::fprintf(stderr, "regress: RTL model without coverage instrumentation or tracing "
                         "(--coverage-dat, --require-coverage or --waves runs the instrumented "
                         "one; a failure is replayed on it)\n");
  }
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);  // the model's banner is noise here
  const CosimResult r = RunCosim(o);
  std::cout << ResultTable(r);
  auto missing = r.coverage.Missing();
  if (a.require_coverage && r.ok && o.unit == CosimUnit::kRtl) {
    // The cover points of the top and its stages (hazards, backpressure, traps) belong to this
    // regression; the blocks' points (inside the stages) are closed by their unit benches
    // (tsu_rtl_tests).
    static const char* const kStages[] = {"",
                                          "u_accept.",
                                          "u_surface.",
                                          "u_surface.g_addr_pack_wait.",
                                          "u_surface.u_desc.",
                                          "u_surface.u_decode.",
                                          "u_surface.u_address.",
                                          "u_surface.u_issue.",
                                          "u_surface.u_complete.",
                                          "u_surface.u_respond.",
                                          "g_tex.u_order.",
                                          "g_tex.u_mem_arb.",
                                          "g_tex.u_dmem_arb."};
    auto is_top_point = [](const std::string& hier) {
      for (const char* stage : kStages) {
        if (hier.rfind(std::string("tsu_top.tsu_top.") + stage + "c_", 0) == 0) return true;
      }
      return false;
    };
    size_t top_points = 0, top_hit = 0;
    for (const CoverPoint& p : ReadCoverPoints(o.coverage_dat)) {
      if (!is_top_point(p.hier)) continue;
      ++top_points;
      if (p.count > 0) ++top_hit;
      else missing.push_back("cover point " + p.hier);
    }
    std::cout << "RTL cover points of tsu_top: " << top_hit << "/" << top_points << " hit\n";
    if (top_points == 0) missing.push_back("cover points: none found in " + o.coverage_dat);
  }
  if (a.require_coverage && !missing.empty()) {
    std::cout << "planned bins never hit:\n";
    for (const std::string& b : missing) std::cout << "  " << b << "\n";
  }
  if (!a.junit.empty()) {
    std::ofstream f(a.junit);
    f << JUnitXml(r, o);
    f.close();
    if (!f) {
      std::cerr << "error: --junit: could not write '" << a.junit << "'\n";
      return 2;
    }
  }
  const bool coverage_ok = !a.require_coverage || missing.empty();
  if (!a.json.empty()) {
    std::ofstream f(a.json);
    f << RunJson(r, o, coverage_ok) << "\n";
    f.close();
    if (!f) {
      std::cerr << "error: --json: could not write '" << a.json << "'\n";
      return 2;
    }
  }
  if (!r.ok) {
    std::cout << "\nFAIL: " << r.report << "\n";
    return 1;
  }
  if (a.require_coverage && !missing.empty()) return 1;
  std::cout << "PASS\n";
  return 0;
}

}  // namespace tsu::tb
