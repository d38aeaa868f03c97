// Shared pieces of the kernel-executor tests: a Device with a module of tb/kernels loaded, typed
// buffers, and a launch that fails the test with the executor's message.
#ifndef TSU_TB_EXEC_KERNEL_FIXTURE_H_
#define TSU_TB_EXEC_KERNEL_FIXTURE_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tsu/exec/device.h"
#include "tsu/read_file.h"

namespace tsu::exec::test {

inline std::string KernelPath(const std::string& name) {
  return std::string(TSU_KERNEL_DIR) + "/" + name;
}

class KernelTest : public ::testing::Test {
 protected:
  // Loads tb/kernels/<file>; fails the test on any diagnostic.
  int Load(const std::string& file) {
    std::string text, why;
    if (!ReadRegularFile(KernelPath(file), size_t{64} << 20, &text, &why)) {
      ADD_FAILURE() << why;
      return -1;
    }
    std::string err;
    const int m = dev.LoadModule(text, file, &err);
    EXPECT_GE(m, 0) << err;
    return m;
  }

  template <typename T>
  uint64_t Upload(const std::vector<T>& v) {
    const uint64_t p = dev.Malloc(v.size() * sizeof(T));
    std::string err;
    EXPECT_TRUE(dev.CopyToDevice(p, v.data(), v.size() * sizeof(T), &err)) << err;
    return p;
  }
  template <typename T>
  std::vector<T> Download(uint64_t p, size_t n) {
    std::vector<T> v(n);
    std::string err;
    EXPECT_TRUE(dev.CopyFromDevice(v.data(), p, n * sizeof(T), &err)) << err;
    return v;
  }

  LaunchReport Run(int module, const std::string& kernel, Dim3 grid, Dim3 block,
                   const std::vector<ArgValue>& args, uint32_t shared = 0) {
    const int k = dev.FindKernel(module, kernel);
    EXPECT_GE(k, 0) << kernel;
    LaunchConfig c;
    c.grid = grid;
    c.block = block;
    c.dynamic_shared_bytes = shared;
    std::string err;
    EXPECT_TRUE(PackParams(dev.program(module).functions[static_cast<size_t>(k)], args, &c.params, &err)) << err;
    LaunchReport r = dev.Launch(module, k, c);
    EXPECT_TRUE(r.ok) << r.error;
    return r;
  }

  Device dev;
};

inline ArgValue Ptr(uint64_t p) { return ArgValue{p}; }
inline ArgValue Int(int64_t v) { return ArgValue{v}; }
inline ArgValue Flt(double v) { return ArgValue{v}; }

}  // namespace tsu::exec::test

#endif  // TSU_TB_EXEC_KERNEL_FIXTURE_H_
