// tsu.Device(unit="rtl"): the kernel executor's texture port over the default configuration of
// tsu_top, Verilated position-independent for this module (tb/rtl: tsu_rtl_python).
#include "device_rtl.h"

#include "Vtsu_top_py.h"
#include "Vtsu_top_py_tsu_top.h"
#include "rtl_unit.h"

namespace tsu::python {

std::unique_ptr<tb::KernelPort> MakeRtlPort(exec::Device* dev, const tb::KernelPortOptions& opt,
                                            std::string* error) {
  if (opt.config != "default" && opt.config != "tex") {
    *error = "config='" + opt.config + "': the Python module carries the default configuration "
             "(also named tex); `tsu launch --unit rtl --config NAME` runs the others";
    return nullptr;
  }
  auto unit = std::make_unique<tb::RtlUnit<Vtsu_top_py, Vtsu_top_py_tsu_top>>(
      opt.seed, opt.trace.empty() ? nullptr : &opt.trace, 0);
  return tb::KernelPort::Over(dev, std::move(unit), opt, error);
}

}  // namespace tsu::python
