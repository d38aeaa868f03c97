// The SPIR-V of the oracle's shader variants, compiled by glslc at build time (CMakeLists.txt).
#ifndef TSU_TB_ORACLE_VK_SHADERS_H_
#define TSU_TB_ORACLE_VK_SHADERS_H_

#include <cstddef>
#include <cstdint>

namespace tsu {
namespace vk {

struct Spirv {
  const char* name;
  const uint32_t* words;
  size_t count;
};

// nullptr when no variant has that name.
const Spirv* FindShader(const char* name);

}  // namespace vk
}  // namespace tsu

#endif  // TSU_TB_ORACLE_VK_SHADERS_H_
