// The kernel port over one of this build's Verilated configurations (kernel_port.h).
#include "cosim.h"
#include "kernel_port.h"

namespace tsu::tb {

std::unique_ptr<KernelPort> MakeKernelPort(exec::Device* dev, const KernelPortOptions& opt,
                                           std::string* error) {
  std::unique_ptr<UnitUnderTest> unit =
      MakeRtlUnit(opt.config, opt.seed, opt.trace.empty() ? nullptr : &opt.trace);
  if (unit == nullptr) {
    std::string names;
    for (const std::string& c : CosimConfigs()) names += (names.empty() ? "" : ", ") + c;
    *error = "this build has no configuration '" + opt.config + "' (" + names + ")";
    return nullptr;
  }
  return KernelPort::Over(dev, std::move(unit), opt, error);
}

}  // namespace tsu::tb
