#include "vk_context.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tsu {
namespace vk {
namespace {

// Vulkan failures here are environment failures (no memory, broken driver): report and stop.
void Check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) {
    std::fprintf(stderr, "vulkan: %s failed (VkResult %d)\n", what, static_cast<int>(r));
    std::exit(2);
  }
}

}  // namespace

Context::~Context() {
  if (device_ != VK_NULL_HANDLE) {
    vkDeviceWaitIdle(device_);
    for (auto& [key, p] : pipelines_) Destroy(&p);
    vkDestroyDescriptorPool(device_, dpool_, nullptr);
    vkDestroyCommandPool(device_, pool_, nullptr);
    vkDestroyDevice(device_, nullptr);
  }
  if (instance_ != VK_NULL_HANDLE) vkDestroyInstance(instance_, nullptr);
}

bool Context::Open(std::string* error) {
  // lavapipe's time here is LLVM compiling shaders; its optimisation passes do not change the
  // results (IEEE operations are not reassociated either way) and cost a third of the run.
  setenv("GALLIVM_PERF", "nopt", /*overwrite=*/0);
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "tsu-oracle";
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pApplicationInfo = &app;
  if (vkCreateInstance(&ici, nullptr, &instance_) != VK_SUCCESS) {
    *error = "vkCreateInstance failed (is mesa-vulkan-drivers installed?)";
    return false;
  }
  uint32_t n = 0;
  vkEnumeratePhysicalDevices(instance_, &n, nullptr);
  std::vector<VkPhysicalDevice> devs(n);
  vkEnumeratePhysicalDevices(instance_, &n, devs.data());
  for (VkPhysicalDevice d : devs) {
    VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 p2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    p2.pNext = &driver;
    vkGetPhysicalDeviceProperties2(d, &p2);
    if (driver.driverID == VK_DRIVER_ID_MESA_LLVMPIPE) {  // lavapipe, picked explicitly
      phys_ = d;
      device_name_ = std::string(p2.properties.deviceName) + ", " + driver.driverInfo;
      limits_ = p2.properties.limits;
      break;
    }
  }
  if (phys_ == VK_NULL_HANDLE) {
    *error = "no lavapipe (llvmpipe) Vulkan device among " + std::to_string(n) + " devices";
    return false;
  }
  vkGetPhysicalDeviceMemoryProperties(phys_, &mem_props_);
  uint32_t qn = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(phys_, &qn, nullptr);
  std::vector<VkQueueFamilyProperties> qf(qn);
  vkGetPhysicalDeviceQueueFamilyProperties(phys_, &qn, qf.data());
  family_ = qn;
  for (uint32_t i = 0; i < qn; ++i) {
    if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      family_ = i;
      break;
    }
  }
  if (family_ == qn) {
    *error = "lavapipe has no compute queue";
    return false;
  }
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qci.queueFamilyIndex = family_;
  qci.queueCount = 1;
  qci.pQueuePriorities = &prio;
  // Robust image access (Vulkan 1.3 robustImageAccess + robustness2's robustImageAccess2):
  // out-of-bounds loads return zeros (alpha 1 where the format has none), stores and atomics
  // are discarded, which is what PTX's .zero mode does.
  VkPhysicalDeviceRobustness2FeaturesEXT rob2{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
  rob2.robustImageAccess2 = VK_TRUE;
  VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  f13.robustImageAccess = VK_TRUE;
  f13.pNext = &rob2;
  VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  f2.pNext = &f13;
  f2.features.imageCubeArray = VK_TRUE;
  f2.features.shaderStorageImageMultisample = VK_TRUE;
  f2.features.shaderStorageImageWriteWithoutFormat = VK_TRUE;
  f2.features.shaderStorageImageExtendedFormats = VK_TRUE;
  f2.features.shaderImageGatherExtended = VK_TRUE;
  const char* exts[] = {VK_EXT_ROBUSTNESS_2_EXTENSION_NAME};
  VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  dci.pNext = &f2;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = 1;
  dci.ppEnabledExtensionNames = exts;
  VkResult r = vkCreateDevice(phys_, &dci, nullptr, &device_);
  if (r != VK_SUCCESS) {
    *error = "vkCreateDevice on lavapipe failed (VkResult " + std::to_string(r) + ")";
    return false;
  }
  vkGetDeviceQueue(device_, family_, 0, &queue_);
  VkCommandPoolCreateInfo pci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pci.queueFamilyIndex = family_;
  Check(vkCreateCommandPool(device_, &pci, nullptr, &pool_), "vkCreateCommandPool");
  VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 64},
                                  {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 64},
                                  {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 128}};
  VkDescriptorPoolCreateInfo dpi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpi.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  dpi.maxSets = 64;
  dpi.poolSizeCount = 3;
  dpi.pPoolSizes = sizes;
  Check(vkCreateDescriptorPool(device_, &dpi, nullptr, &dpool_), "vkCreateDescriptorPool");
  return true;
}

VkFormatFeatureFlags Context::FormatFeatures(VkFormat f) const {
  VkFormatProperties p;
  vkGetPhysicalDeviceFormatProperties(phys_, f, &p);
  return p.optimalTilingFeatures;
}

uint32_t Context::MemoryType(uint32_t bits) const {
  const VkMemoryPropertyFlags want =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  for (uint32_t i = 0; i < mem_props_.memoryTypeCount; ++i) {
    if ((bits & (1u << i)) && (mem_props_.memoryTypes[i].propertyFlags & want) == want) return i;
  }
  std::fprintf(stderr, "vulkan: no host-visible coherent memory type\n");
  std::exit(2);
}

Buffer Context::CreateBuffer(VkDeviceSize size, VkBufferUsageFlags usage) {
  Buffer b;
  b.size = size < 16 ? 16 : size;
  VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = b.size;
  bci.usage = usage;
  Check(vkCreateBuffer(device_, &bci, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device_, b.buffer, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = MemoryType(req.memoryTypeBits);
  Check(vkAllocateMemory(device_, &mai, nullptr, &b.memory), "vkAllocateMemory");
  Check(vkBindBufferMemory(device_, b.buffer, b.memory, 0), "vkBindBufferMemory");
  Check(vkMapMemory(device_, b.memory, 0, VK_WHOLE_SIZE, 0, &b.map), "vkMapMemory");
  std::memset(b.map, 0, b.size);
  return b;
}

void Context::Destroy(Buffer* b) {
  vkDestroyBuffer(device_, b->buffer, nullptr);
  vkFreeMemory(device_, b->memory, nullptr);
  *b = Buffer();
}

Image Context::CreateImage(const ImageSpec& s, uint32_t texel_bytes) {
  Image img;
  img.spec = s;
  img.texel_bytes = texel_bytes;
  VkImageCreateInfo ci{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  ci.flags = s.cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
  ci.imageType = s.type;
  ci.format = s.format;
  ci.extent = {s.width, s.height, s.depth};
  ci.mipLevels = s.levels;
  ci.arrayLayers = s.layers;
  ci.samples = s.samples;
  ci.tiling = VK_IMAGE_TILING_OPTIMAL;
  ci.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
             VK_IMAGE_USAGE_STORAGE_BIT * (s.storage || s.samples != VK_SAMPLE_COUNT_1_BIT) |
             VK_IMAGE_USAGE_SAMPLED_BIT * !s.storage;
  ci.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  Check(vkCreateImage(device_, &ci, nullptr, &img.image), "vkCreateImage");
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(device_, img.image, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = MemoryType(req.memoryTypeBits);
  Check(vkAllocateMemory(device_, &mai, nullptr, &img.memory), "vkAllocateMemory (image)");
  Check(vkBindImageMemory(device_, img.image, img.memory, 0), "vkBindImageMemory");
  VkImageViewCreateInfo vci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  vci.image = img.image;
  vci.viewType = s.view_type;
  vci.format = s.format;
  vci.components = s.swizzle;
  const bool depth = s.format == VK_FORMAT_D16_UNORM || s.format == VK_FORMAT_D32_SFLOAT;
  vci.subresourceRange = {static_cast<VkImageAspectFlags>(depth ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                                : VK_IMAGE_ASPECT_COLOR_BIT),
                          0, s.levels, 0, s.layers};
  Check(vkCreateImageView(device_, &vci, nullptr, &img.view), "vkCreateImageView");
  // Leave it in GENERAL with defined (zero) contents.
  VkCommandBuffer cb = Begin();
  Barrier(cb, img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
  if (!depth) {
    VkClearColorValue zero = {};
    VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, s.levels, 0, s.layers};
    vkCmdClearColorImage(cb, img.image, VK_IMAGE_LAYOUT_GENERAL, &zero, 1, &range);
  }
  EndAndWait(cb);
  return img;
}

void Context::Destroy(Image* img) {
  vkDestroyImageView(device_, img->view, nullptr);
  vkDestroyImage(device_, img->image, nullptr);
  vkFreeMemory(device_, img->memory, nullptr);
  *img = Image();
}

size_t Context::PackedSize(const ImageSpec& s, uint32_t texel_bytes) {
  size_t total = 0;
  for (uint32_t l = 0; l < s.levels; ++l) {
    const size_t w = std::max(1u, s.width >> l), h = std::max(1u, s.height >> l),
                 d = std::max(1u, s.depth >> l);
    total += w * h * d * s.layers * texel_bytes;
  }
  return total;
}

namespace {

std::vector<VkBufferImageCopy> Regions(const Image& img) {
  std::vector<VkBufferImageCopy> regions;
  const ImageSpec& s = img.spec;
  const bool depth = s.format == VK_FORMAT_D16_UNORM || s.format == VK_FORMAT_D32_SFLOAT;
  VkDeviceSize off = 0;
  for (uint32_t l = 0; l < s.levels; ++l) {
    VkBufferImageCopy r = {};
    r.bufferOffset = off;
    r.imageSubresource = {static_cast<VkImageAspectFlags>(depth ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                                : VK_IMAGE_ASPECT_COLOR_BIT),
                          l, 0, s.layers};
    r.imageExtent = {std::max(1u, s.width >> l), std::max(1u, s.height >> l),
                     std::max(1u, s.depth >> l)};
    regions.push_back(r);
    off += static_cast<VkDeviceSize>(r.imageExtent.width) * r.imageExtent.height *
           r.imageExtent.depth * s.layers * img.texel_bytes;
  }
  return regions;
}

}  // namespace

void Context::Upload(const Image& img, const std::vector<uint8_t>& packed) {
  Buffer staging = CreateBuffer(packed.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  std::memcpy(staging.map, packed.data(), packed.size());
  VkCommandBuffer cb = Begin();
  std::vector<VkBufferImageCopy> regions = Regions(img);
  vkCmdCopyBufferToImage(cb, staging.buffer, img.image, VK_IMAGE_LAYOUT_GENERAL,
                         static_cast<uint32_t>(regions.size()), regions.data());
  EndAndWait(cb);
  Destroy(&staging);
}

std::vector<uint8_t> Context::Download(const Image& img) {
  const size_t n = PackedSize(img.spec, img.texel_bytes);
  Buffer staging = CreateBuffer(n, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  VkCommandBuffer cb = Begin();
  std::vector<VkBufferImageCopy> regions = Regions(img);
  vkCmdCopyImageToBuffer(cb, img.image, VK_IMAGE_LAYOUT_GENERAL, staging.buffer,
                         static_cast<uint32_t>(regions.size()), regions.data());
  EndAndWait(cb);
  std::vector<uint8_t> out(n);
  std::memcpy(out.data(), staging.map, n);
  Destroy(&staging);
  return out;
}

Pipeline Context::CreatePipeline(const uint32_t* spirv, size_t words, bool storage_image) {
  Pipeline p;
  p.storage = storage_image;
  VkDescriptorSetLayoutBinding b[3] = {};
  b[0].binding = 0;
  b[0].descriptorType = storage_image ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
                                      : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  for (int i = 0; i < 3; ++i) {
    b[i].binding = static_cast<uint32_t>(i);
    b[i].descriptorCount = 1;
    b[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    if (i) b[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  }
  VkDescriptorSetLayoutCreateInfo sli{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  sli.bindingCount = 3;
  sli.pBindings = b;
  Check(vkCreateDescriptorSetLayout(device_, &sli, nullptr, &p.set_layout),
        "vkCreateDescriptorSetLayout");
  VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
  VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  pli.setLayoutCount = 1;
  pli.pSetLayouts = &p.set_layout;
  pli.pushConstantRangeCount = 1;
  pli.pPushConstantRanges = &pcr;
  Check(vkCreatePipelineLayout(device_, &pli, nullptr, &p.layout), "vkCreatePipelineLayout");
  VkShaderModuleCreateInfo smi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smi.codeSize = words * 4;
  smi.pCode = spirv;
  Check(vkCreateShaderModule(device_, &smi, nullptr, &p.module), "vkCreateShaderModule");
  VkComputePipelineCreateInfo cpi{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cpi.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  cpi.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpi.stage.module = p.module;
  cpi.stage.pName = "main";
  cpi.layout = p.layout;
  Check(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &cpi, nullptr, &p.pipeline),
        "vkCreateComputePipelines");
  return p;
}

const Pipeline& Context::CachedPipeline(const uint32_t* spirv, size_t words, bool storage_image) {
  auto it = pipelines_.find({spirv, storage_image});
  if (it == pipelines_.end()) {
    it = pipelines_.emplace(std::make_pair(spirv, storage_image),
                            CreatePipeline(spirv, words, storage_image)).first;
  }
  return it->second;
}

void Context::Destroy(Pipeline* p) {
  vkDestroyPipeline(device_, p->pipeline, nullptr);
  vkDestroyShaderModule(device_, p->module, nullptr);
  vkDestroyPipelineLayout(device_, p->layout, nullptr);
  vkDestroyDescriptorSetLayout(device_, p->set_layout, nullptr);
  *p = Pipeline();
}

VkSampler Context::CreateSampler(const VkSamplerCreateInfo& info) {
  VkSampler s;
  Check(vkCreateSampler(device_, &info, nullptr, &s), "vkCreateSampler");
  return s;
}

void Context::Dispatch(const Pipeline& p, const Image& img, VkSampler sampler, const Buffer& in,
                       const Buffer& out, uint32_t push, uint32_t groups) {
  VkDescriptorSetAllocateInfo dai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  dai.descriptorPool = dpool_;
  dai.descriptorSetCount = 1;
  dai.pSetLayouts = &p.set_layout;
  VkDescriptorSet set;
  Check(vkAllocateDescriptorSets(device_, &dai, &set), "vkAllocateDescriptorSets");
  VkDescriptorImageInfo ii = {sampler, img.view, VK_IMAGE_LAYOUT_GENERAL};
  VkDescriptorBufferInfo bi[2] = {{in.buffer, 0, VK_WHOLE_SIZE}, {out.buffer, 0, VK_WHOLE_SIZE}};
  VkWriteDescriptorSet w[3] = {};
  for (int i = 0; i < 3; ++i) {
    w[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    w[i].dstSet = set;
    w[i].dstBinding = static_cast<uint32_t>(i);
    w[i].descriptorCount = 1;
  }
  w[0].descriptorType = p.storage ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
                                  : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  w[0].pImageInfo = &ii;
  w[1].descriptorType = w[2].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  w[1].pBufferInfo = &bi[0];
  w[2].pBufferInfo = &bi[1];
  vkUpdateDescriptorSets(device_, 3, w, 0, nullptr);
  VkCommandBuffer cb = Begin();
  vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
  vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &set, 0, nullptr);
  vkCmdPushConstants(cb, p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &push);
  vkCmdDispatch(cb, groups, 1, 1);
  VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  mb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                       VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                       nullptr, 0, nullptr);
  EndAndWait(cb);
  vkFreeDescriptorSets(device_, dpool_, 1, &set);
}

VkCommandBuffer Context::Begin() {
  VkCommandBufferAllocateInfo ai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  ai.commandPool = pool_;
  ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  ai.commandBufferCount = 1;
  VkCommandBuffer cb;
  Check(vkAllocateCommandBuffers(device_, &ai, &cb), "vkAllocateCommandBuffers");
  VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  Check(vkBeginCommandBuffer(cb, &bi), "vkBeginCommandBuffer");
  return cb;
}

void Context::EndAndWait(VkCommandBuffer cb) {
  Check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
  VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &cb;
  Check(vkQueueSubmit(queue_, 1, &si, VK_NULL_HANDLE), "vkQueueSubmit");
  Check(vkQueueWaitIdle(queue_), "vkQueueWaitIdle");
  vkFreeCommandBuffers(device_, pool_, 1, &cb);
}

void Context::Barrier(VkCommandBuffer cb, const Image& img, VkImageLayout from,
                      VkImageLayout to) {
  const bool depth =
      img.spec.format == VK_FORMAT_D16_UNORM || img.spec.format == VK_FORMAT_D32_SFLOAT;
  VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  b.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = img.image;
  b.subresourceRange = {static_cast<VkImageAspectFlags>(depth ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                              : VK_IMAGE_ASPECT_COLOR_BIT),
                        0, img.spec.levels, 0, img.spec.layers};
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                       0, 0, nullptr, 0, nullptr, 1, &b);
}

}  // namespace vk
}  // namespace tsu
