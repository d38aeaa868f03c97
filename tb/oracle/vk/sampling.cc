#include "categories.h"
namespace tsu {
namespace vk {
void Sampling(Oracle&) {}
}  // namespace vk
}  // namespace tsu
