// The Verilated unit as the Python Device's texture port (device_rtl.cc).
#ifndef TSU_TB_PYTHON_DEVICE_RTL_H_
#define TSU_TB_PYTHON_DEVICE_RTL_H_

#include <memory>
#include <string>

#include "kernel_port.h"

namespace tsu::python {

// Null with *error for a configuration the module does not carry.
std::unique_ptr<tb::KernelPort> MakeRtlPort(exec::Device* dev, const tb::KernelPortOptions& opt,
                                            std::string* error);

}  // namespace tsu::python

#endif  // TSU_TB_PYTHON_DEVICE_RTL_H_
