// tsu_point: `tsu regress` for one design-space point (tb/dse/point/CMakeLists.txt), whose only
// configuration, "point", is tsu_top Verilated with the point's parameters; and `render`, a
// render workload: the plane drawn through the point's unit (it needs EnableTex), compared with
// the model's picture byte for byte, its cycles written as JSON for tsu dse.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include "guarded_main.h"
#include "regress_cli.h"
#include "render_rtl.h"
#include "tsu/output_path.h"

// libsystemc references sc_main from its own main(); this binary has its own.
extern "C" int sc_main(int /*argc*/, char** /*argv*/) { return 2; }

namespace {

// The fields tsu dse reads of a workload (those of `tsu regress --json`): one transaction is one
// tex, one pixel of the scene's ground.
int RunRender(const tsu::RenderOptions& scene, const tsu::tb::RenderRtlOptions& rtl,
              const std::string& json) {
  std::string msg;
  if (!json.empty() && !tsu::PrepareOutputFile(json, &msg)) {
    std::fprintf(stderr, "error: render --json: %s\n", msg.c_str());
    return 2;
  }
  tsu::tb::RenderRtlStats st;
  const int rc = tsu::tb::RenderAndCompare(scene, rtl, &st, &msg);
  if (rc != 0) std::fprintf(stderr, "render: %s\n", msg.c_str());
  if (!json.empty()) {
    nlohmann::json j;
    j["pass"] = rc == 0;
    j["transactions"] = st.tex;
    j["cycles"] = st.cycles;
    j["cycles_per_txn"] = st.tex ? static_cast<double>(st.cycles) / static_cast<double>(st.tex) : 0.0;
    j["checked"] = rc == 0 ? st.tex : 0;
    j["mismatches"] = rc == 0 ? 0 : 1;
    j["texel_reads"] = st.texel_reads;
    j["desc_reads"] = st.desc_reads;
    j["cache_lookups"] = st.cache_lookups;
    j["cache_misses"] = st.cache_misses;
    j["cache_hit_rate"] = st.cache_lookups ? 1.0 - static_cast<double>(st.cache_misses) /
                                                     static_cast<double>(st.cache_lookups) : 0.0;
    j["first_message"] = msg;
    std::ofstream(json) << j.dump() << "\n";
  }
  return rc;
}

}  // namespace

int Main(int argc, char** argv) {
  CLI::App app{"tsu_point: the co-simulation regression of one design-space point of tsu_top"};
  app.require_subcommand(1);
  auto* regress = tsu::tb::AddRegressCommand(app);
  tsu::RenderOptions scene;
  scene.scene = "plane";
  scene.out_dir = "render";
  tsu::tb::RenderRtlOptions rtl;
  rtl.config = "point";
  std::string json;
  auto* render = app.add_subcommand(
      "render", "The plane through this point's unit (EnableTex), compared with the model's PNG");
  render->add_option("--scene", scene.scene, "plane (default), cube, cubegrad or all");
  render->add_option("--out", scene.out_dir, "Directory for model/ and rtl/ (default render)");
  render->add_option("--width", scene.width, "Image width (default 640)")->check(CLI::Range(16, 8192));
  render->add_option("--height", scene.height, "Image height (default 360)")->check(CLI::Range(16, 8192));
  render->add_option("--mem-latency", rtl.mem_latency, "Cycles from a read to its line (default 20)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1000}));
  render->add_option("--mem-interval", rtl.mem_interval,
                     "The texel read port takes a read every N cycles (default 1)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{64}));
  render->add_option("--json", json, "Write the figures as JSON (tsu dse)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  if (render->parsed()) return RunRender(scene, rtl, json);
  return regress->parsed() ? tsu::tb::RunRegressCommand(argc, argv) : 2;
}

int main(int argc, char** argv) { return tsu::tb::GuardedMain(Main, argc, argv); }
