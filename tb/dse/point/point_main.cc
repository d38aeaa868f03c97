// tsu_point: `tsu regress` for one design-space point (tb/dse/point/CMakeLists.txt), whose only
// configuration, "point", is tsu_top Verilated with the point's parameters.
#include <CLI/CLI.hpp>

#include "regress_cli.h"

// libsystemc references sc_main from its own main(); this binary has its own.
extern "C" int sc_main(int /*argc*/, char** /*argv*/) { return 2; }

int main(int argc, char** argv) {
  CLI::App app{"tsu_point: the co-simulation regression of one design-space point of tsu_top"};
  app.require_subcommand(1);
  auto* regress = tsu::tb::AddRegressCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  return regress->parsed() ? tsu::tb::RunRegressCommand(argc, argv) : 2;
}
