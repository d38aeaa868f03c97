// tsu: the command-line front door to the golden model.
//   tsu ptx 'INSTRUCTION'   decode one instruction, print JSON (exit 0) or an error (exit 2)
//   tsu ptx -               one instruction per stdin line → one JSON line each (always exit 0)
//   tsu ptx FILE.ptx        a whole module: one JSON line per texture/surface instruction
//                           (also --module -); exit 0 iff all are valid
//   tsu run FILE...         run directed scripts (docs/run-scripts.md); exit 0 iff all hold
//   tsu render [...]        draw PNGs through the model's tex (filtering, mipmaps, cube maps)
//   tsu regress [...]       co-simulate the RTL against the model (tb/cosim); exit 0 iff no mismatch
//   tsu regress --seeds A-B many seeds, on this machine or Slurm, merged (tb/dse/seeds.py)
//   tsu dse [...]           sweep tsu_top's parameters: area, Fmax, throughput (tb/dse/dse.py)
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "gpu_cli.h"
#include "guarded_main.h"
#include "launch_cli.h"
#include "regress_cli.h"
#include "render.h"
#include "render_rtl.h"
#include "tsu/instruction_json.h"
#include "tsu/ptx_module.h"
#include "tsu/ptx_parser.h"
#include "tsu/read_file.h"
#include "tsu/script.h"
#include "tsu/text.h"

namespace {

constexpr int kExitUsage = 2;

// `tsu ptx FILE.ptx` / `tsu ptx --module -`: every texture/surface instruction of the module as
// one JSON line with its line number; errors as file:line:column: error: ... on stderr.
int CmdPtxModule(const std::string& path, tsu::Dialect dialect) {
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::string why;
    if (!tsu::ReadRegularFile(path, tsu::kMaxModuleBytes, &text, &why)) {
      std::cerr << "error: " << why << "\n";
      return kExitUsage;
    }
  }
  const std::string name = path == "-" ? "<stdin>" : path;
  const tsu::PtxModule m = tsu::ReadPtxModule(text, dialect);
  size_t valid = 0;
  for (const tsu::ModuleInstruction& mi : m.instructions) {
    nlohmann::ordered_json j;
    j["line"] = mi.line;
    j["column"] = mi.column;
    j["function"] = mi.function;
    if (mi.valid) {
      ++valid;
      const nlohmann::ordered_json decoded = tsu::ToJson(mi.in);
      for (auto it = decoded.begin(); it != decoded.end(); ++it) j[it.key()] = it.value();
    } else {
      j["valid"] = false;
      j["error"] = mi.error;
      j["text"] = mi.text;
      std::cerr << name << ':' << mi.line << ':' << mi.column << ": error: " << mi.error << '\n';
    }
    std::cout << j.dump() << '\n';
  }
  for (const tsu::ModuleDiagnostic& d : m.errors) {
    std::cerr << name << ':' << d.line << ':' << d.column << ": error: " << d.message << '\n';
  }
  std::cerr << name << ": " << m.instructions.size() << " texture/surface instructions, " << valid
            << " valid; " << m.skipped_instructions << " other instructions skipped; "
            << m.errors.size() << " module errors (dialect " << tsu::DialectName(dialect) << ")\n";
  return m.ok() ? 0 : 1;
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int CmdPtx(const std::vector<std::string>& words, tsu::Dialect dialect, bool module) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  // A lone argument ending in .ptx names a module (an instruction never ends so).
  if (module || (words.size() == 1 && EndsWith(text, ".ptx"))) {
    return CmdPtxModule(text, dialect);
  }
  tsu::ParseOptions opt;
  opt.dialect = dialect;
  if (text == "-") {
    for (std::string line; std::getline(std::cin, line);) {
      tsu::Instruction in;
      std::string err;
      if (tsu::ParsePtx(line, &in, &err, opt)) {
        std::cout << tsu::ToJson(in).dump() << '\n';
      } else {
        nlohmann::ordered_json j;
        j["valid"] = false;
        j["error"] = err;
        // The line as read, unless it is too long or not UTF-8 (then a safe excerpt).
        const bool quotable = line.size() <= tsu::kMaxInstructionBytes &&
                              tsu::FirstInvalidUtf8(line) == std::string::npos;
        j["text"] = quotable ? line : tsu::Excerpt(line, 80);
        std::cout << j.dump() << '\n';
      }
    }
    if (std::cin.bad()) {
      std::cerr << "error: cannot read standard input\n";
      return kExitUsage;
    }
    return 0;
  }
  tsu::Instruction in;
  std::string err;
  if (!tsu::ParsePtx(text, &in, &err, opt)) {
    std::cerr << "error: " << err << '\n';
    return kExitUsage;
  }
  std::cout << tsu::ToJson(in).dump() << '\n';
  return 0;
}

int CmdRun(const std::vector<std::string>& files, bool quiet, const tsu::ScriptOptions& opt) {
  int failed_files = 0, checks = 0, execs = 0;
  bool malformed = false;
  for (const std::string& f : files) {
    tsu::ScriptResult r = tsu::RunScriptFile(f, opt);
    for (const std::string& m : r.messages) std::cerr << m << '\n';
    checks += r.checks;
    execs += r.execs;
    malformed |= r.malformed;
    if (r.failures != 0) ++failed_files;
    if (!quiet) {
      std::cout << (r.failures == 0 ? "PASS " : "FAIL ") << f << "  (" << r.execs
                << " instructions, " << r.checks << " checks, " << r.failures << " failures)\n";
    }
  }
  std::cout << "run: " << files.size() - static_cast<size_t>(failed_files) << " passed, "
            << failed_files << " failed (" << execs << " instructions, " << checks
            << " checks)\n";
  if (failed_files == 0) return 0;
  return malformed ? kExitUsage : 1;
}

}  // namespace

// libsystemc (linked for the TLM model behind `tsu regress`) references sc_main from its own
// main(); this binary has its own main, so sc_main is never called.
extern "C" int sc_main(int /*argc*/, char** /*argv*/) { return 2; }

// The farm and the sweep are Python (tb/dse): they start processes, submit to Slurm and plot.
// `tsu dse ...` and `tsu regress --seeds ...` hand over to them, with this binary and its build.
int ExecPython(const char* script, const std::vector<std::string>& args) {
  std::vector<std::string> words = {TSU_PYTHON, std::string(TSU_SOURCE_DIR) + "/tb/dse/" + script};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (std::string& w : words) cargv.push_back(w.data());
  cargv.push_back(nullptr);
  setenv("TSU_BUILD_DIR", TSU_BUILD_DIR, 0);
  execvp(cargv[0], cargv.data());
  std::cerr << "error: cannot run " << TSU_PYTHON << " for tb/dse/" << script << ": "
            << std::strerror(errno) << " (scripts/setup.sh installs python3)\n";
  return kExitUsage;
}

int Main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "dse") {
    return ExecPython("dse.py", std::vector<std::string>(argv + 2, argv + argc));
  }
  if (argc >= 2 && std::string(argv[1]) == "regress") {
    for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--seeds" || a.rfind("--seeds=", 0) == 0) {
        std::vector<std::string> rest = {"--tsu", std::filesystem::weakly_canonical(std::filesystem::absolute(argv[0])).string()};
        rest.insert(rest.end(), argv + 2, argv + argc);
        return ExecPython("seeds.py", rest);
      }
    }
  }
  CLI::App app{"tsu: golden model and tools for a PTX texture/surface unit"};
  app.require_subcommand(1);

  std::vector<std::string> ptx_words;
  auto* ptx = app.add_subcommand("ptx", "Decode one PTX instruction and print it as JSON");
  ptx->add_option("instruction", ptx_words, "The instruction (quote it), or - to read lines from stdin")
      ->required();
  std::string dialect_name = "ptxas";
  bool ptx_module = false;
  ptx->add_option("--dialect", dialect_name,
                  "ptxas (default): ptxas 13.0's verdicts; text: the PTX text's examples as "
                  "written (docs/semantics.md, Dialects)")
      ->check(CLI::IsMember({"ptxas", "text"}));
  ptx->add_flag("--module", ptx_module, "Read the argument (a file, or - for stdin) as a PTX module");
  ptx->footer("Exit 0 and one JSON line for a valid instruction; 'error: ...' on stderr and exit 2\n"
              "for an invalid one. With -, every line gets a JSON line with \"valid\" and exit is 0.\n"
              "An existing FILE.ptx (or --module) is read as a module: one JSON line per\n"
              "texture/surface instruction with its \"line\", errors as file:line:column: error: ...,\n"
              "exit 0 iff every one is valid.");
  ptx->allow_extras(false);

  std::vector<std::string> run_files;
  bool quiet = false;
  auto* run = app.add_subcommand("run", "Run directed test scripts through the model");
  run->add_option("files", run_files, "Script files (docs/run-scripts.md)")->required()->check(CLI::ExistingFile);
  run->add_flag("-q,--quiet", quiet, "Print only failures and the summary");
  tsu::ScriptOptions run_opt;
  run->add_flag("--strict", run_opt.strict,
                "A script that checks nothing fails (by default it is a warning)");
  std::string run_dialect = "ptxas";
  run->add_option("--dialect", run_dialect,
                  "ptxas (default) or text: how instructions are judged (a script's `dialect` "
                  "line overrides it)")
      ->check(CLI::IsMember({"ptxas", "text"}));
  run->add_option("--max-fill-bytes", run_opt.max_fill_bytes,
                  "Largest footprint `fill` writes (default 268435456 = 256 MiB)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 32));

  tsu::RenderOptions ropt;
  auto* render = app.add_subcommand("render", "Draw PNGs through the model's tex: a mipmapped plane "
                                              "(nearest vs trilinear) and a cube-map environment");
  render->add_option("--scene", ropt.scene,
                     "plane, cube, cubegrad, all (those three; default) or cubeclamp (the cube "
                     "without seamless filtering)");
  render->add_option("--out", ropt.out_dir,
                     "Directory for tsu_plane.png / tsu_cube.png (default .; created if missing)");
  render->add_option("--width", ropt.width, "Image width (default 640)")->check(CLI::Range(16, 8192));
  render->add_option("--height", ropt.height, "Image height (default 360)")->check(CLI::Range(16, 8192));
  bool render_rtl = false;
  tsu::tb::RenderRtlOptions rtl_opt;
  render->add_flag("--rtl", render_rtl,
                   "Execute the tex through the Verilated unit (the default configuration) "
                   "instead of the model: the same PNGs, byte for byte; prints cycles and samples "
                   "per clock");
  render->add_option("--config", rtl_opt.config,
                     "With --rtl: the unit's configuration, default (also named tex: one tap a "
                     "cycle), texquad (a bilinear footprint a cycle: fpga/configs/texquad.cfg) or "
                     "tex_hx8k (features left out, shared arithmetic: the plane scene)");
  render->add_option("--mem-latency", rtl_opt.mem_latency,
                     "With --rtl: cycles from a read to its line (default 20)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1000}));
  render->add_option("--mem-interval", rtl_opt.mem_interval,
                     "With --rtl: the texel read port takes a read every N cycles (its bandwidth; "
                     "default 1)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{64}));

  auto* launch = tsu::tb::AddLaunchCommand(app);
  auto* regress = tsu::tb::AddRegressCommand(app);
  auto* replay = tsu::tb::AddReplayCommand(app);
  auto* oracle = tsu::gpu::AddGpuCommand(app);
  regress->footer("Many seeds, merged (JUnit, functional and line coverage, failures grouped):\n"
                  "  tsu regress --seeds 1-64 [--jobs N | --slurm [--partition P] [--time T]] [options]");
  // Listed for --help; `tsu dse ...` is handed to tb/dse/dse.py before parsing (see main).
  app.add_subcommand("dse", "Sweep tsu_top's parameters: area, Fmax and cycles per transaction per "
                            "point, and their Pareto front (tsu dse --help)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  }
  if (ptx->parsed()) return CmdPtx(ptx_words, *tsu::ParseDialect(dialect_name), ptx_module);
  if (render->parsed()) {
    if (render_rtl) {
      ropt.execute = tsu::tb::RtlTexExecutor(rtl_opt);
    }
    return tsu::Render(ropt);
  }
  if (launch->parsed()) return tsu::tb::RunLaunchCommand();
  if (regress->parsed()) return tsu::tb::RunRegressCommand(argc, argv);
  if (replay->parsed()) return tsu::tb::RunReplayCommand(argc, argv);
  if (oracle->parsed()) return tsu::gpu::RunGpuCommand();
  run_opt.dialect = *tsu::ParseDialect(run_dialect);
  return CmdRun(run_files, quiet, run_opt);
}

int main(int argc, char** argv) { return tsu::tb::GuardedMain(Main, argc, argv); }
