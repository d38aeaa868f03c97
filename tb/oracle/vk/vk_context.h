// A minimal headless Vulkan context on lavapipe for the oracle: one compute queue, host-visible
// memory for everything, images filled and read back through buffer copies, and compute
// pipelines with one fixed descriptor layout (binding 0: the image, storage or sampled;
// 1: input SSBO; 2: output SSBO; a 4-byte push constant).
#ifndef TSU_TB_ORACLE_VK_VK_CONTEXT_H_
#define TSU_TB_ORACLE_VK_VK_CONTEXT_H_

#include <vulkan/vulkan.h>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tsu {
namespace vk {

struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* map = nullptr;
  VkDeviceSize size = 0;
};

struct ImageSpec {
  VkImageType type = VK_IMAGE_TYPE_2D;
  VkImageViewType view_type = VK_IMAGE_VIEW_TYPE_2D;
  VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
  uint32_t width = 1, height = 1, depth = 1;
  uint32_t layers = 1;  // array layers (cube faces count: 6 per cube)
  uint32_t levels = 1;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  bool storage = false;  // usage STORAGE (else SAMPLED)
  bool cube = false;     // CUBE_COMPATIBLE
  VkComponentMapping swizzle = {};  // identity by default
};

struct Image {
  ImageSpec spec;
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  uint32_t texel_bytes = 0;
};

struct Pipeline {
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkShaderModule module = VK_NULL_HANDLE;
  bool storage = false;
};

class Context {
 public:
  Context() = default;
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  ~Context();

  // Picks the lavapipe (llvmpipe) device explicitly; false with a message when there is none.
  bool Open(std::string* error);
  const std::string& device_name() const { return device_name_; }
  const VkPhysicalDeviceLimits& limits() const { return limits_; }
  // Format features of the optimal-tiling images this context creates.
  VkFormatFeatureFlags FormatFeatures(VkFormat f) const;

  Buffer CreateBuffer(VkDeviceSize size, VkBufferUsageFlags usage);
  void Destroy(Buffer* b);
  Image CreateImage(const ImageSpec& spec, uint32_t texel_bytes);
  void Destroy(Image* img);
  // Tightly packed texels: for each level, for each layer, depth × height × width texels.
  // Samples of multisample images cannot be copied; write them with a shader instead.
  void Upload(const Image& img, const std::vector<uint8_t>& packed);
  std::vector<uint8_t> Download(const Image& img);
  static size_t PackedSize(const ImageSpec& s, uint32_t texel_bytes);

  Pipeline CreatePipeline(const uint32_t* spirv, size_t words, bool storage_image);
  void Destroy(Pipeline* p);
  // The pipeline of a shader variant, created on first use and kept until the context closes.
  // lavapipe compiles a pipeline's shader through LLVM when it is created, so one pipeline per
  // dispatch made the oracle's run mostly compile time (minutes with a cold shader cache).
  const Pipeline& CachedPipeline(const uint32_t* spirv, size_t words, bool storage_image);
  VkSampler CreateSampler(const VkSamplerCreateInfo& info);
  void Destroy(VkSampler s) { vkDestroySampler(device_, s, nullptr); }

  // Binds image (+ sampler), in and out, pushes `push`, dispatches `groups` workgroups, waits.
  void Dispatch(const Pipeline& p, const Image& img, VkSampler sampler, const Buffer& in,
                const Buffer& out, uint32_t push, uint32_t groups);

 private:
  uint32_t MemoryType(uint32_t bits) const;
  VkCommandBuffer Begin();
  void EndAndWait(VkCommandBuffer cb);
  void Barrier(VkCommandBuffer cb, const Image& img, VkImageLayout from, VkImageLayout to);

  VkInstance instance_ = VK_NULL_HANDLE;
  VkPhysicalDevice phys_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  uint32_t family_ = 0;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkDescriptorPool dpool_ = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties mem_props_ = {};
  VkPhysicalDeviceLimits limits_ = {};
  std::string device_name_;
  std::map<std::pair<const uint32_t*, bool>, Pipeline> pipelines_;
};

}  // namespace vk
}  // namespace tsu

#endif  // TSU_TB_ORACLE_VK_VK_CONTEXT_H_
