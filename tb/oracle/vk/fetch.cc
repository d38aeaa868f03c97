#include "categories.h"
namespace tsu {
namespace vk {
void TexelFetches(Oracle&) {}
}  // namespace vk
}  // namespace tsu
