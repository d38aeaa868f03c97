// tsu.Device, tsu.Module, tsu.Array, tsu.Pitch2D, tsu.Linear and tsu.LaunchError: the kernel
// executor's host side for Python (docs/kernels.md).
#ifndef TSU_TB_PYTHON_DEVICE_PYTHON_H_
#define TSU_TB_PYTHON_DEVICE_PYTHON_H_

#include <pybind11/pybind11.h>

namespace py = pybind11;

namespace tsu::python {

void AddDevice(py::module_& m);

}  // namespace tsu::python

#endif  // TSU_TB_PYTHON_DEVICE_PYTHON_H_
