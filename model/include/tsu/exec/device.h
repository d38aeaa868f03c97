// A device as a CUDA program sees it: global memory with malloc/memcpy, loaded modules, texture
// and surface objects (64-bit handles bound in the texture/surface unit's tables), and kernel
// launches on the SIMT machine. Texture and surface instructions go to a TexturePort: the golden
// model by default.
#ifndef TSU_EXEC_DEVICE_H_
#define TSU_EXEC_DEVICE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tsu/exec/device_memory.h"
#include "tsu/exec/loader.h"
#include "tsu/exec/machine.h"
#include "tsu/unit.h"

namespace tsu::exec {

// One kernel argument before packing: an integer (pointers, handles), a float, or raw bytes
// (a struct passed by value).
using ArgValue = std::variant<int64_t, uint64_t, double, std::vector<uint8_t>>;

// Packs args into the kernel's parameter buffer by its declared .param types; false with *error
// naming the parameter on a wrong count, a wrong kind or a value that does not fit.
bool PackParams(const XFunction& kernel, const std::vector<ArgValue>& args,
                std::vector<uint8_t>* out, std::string* error);

// The golden model as the executor's texture/surface unit.
class ModelTexturePort : public TexturePort {
 public:
  explicit ModelTexturePort(Unit* unit) : unit_(unit) {}
  Response Execute(const Instruction& in, const Request& req) override {
    return unit_->Execute(in, req);
  }

 private:
  Unit* unit_;
};

class Device {
 public:
  Device();
  // Texture and surface instructions go to `port` (not owned; null: back to the golden model).
  void set_texture_port(TexturePort* port) { port_ = port != nullptr ? port : &model_port_; }

  uint64_t Malloc(uint64_t bytes) { return memory_.Malloc(bytes); }
  bool Free(uint64_t ptr) { return memory_.Free(ptr); }
  // Copies into / out of device memory; false (and nothing copied) outside an allocation.
  bool CopyToDevice(uint64_t dst, const void* src, uint64_t n, std::string* error);
  bool CopyFromDevice(void* dst, uint64_t src, uint64_t n, std::string* error);

  // Loads a module: its .global variables are placed and initialized. Returns the module's index,
  // or -1 with *error ("FILE:LINE:COL: error: ..." lines).
  int LoadModule(std::string_view text, const std::string& name, std::string* error);
  const Program& program(int module) const { return modules_[static_cast<size_t>(module)]->loaded.program; }
  // The kernel's index in its module, or -1.
  int FindKernel(int module, const std::string& name) const;
  // A module variable's device address (.global) or bank offset (.const); false if none.
  bool FindVariable(int module, const std::string& name, const XVariable** out) const;
  // Writes a module's constant bank (cudaMemcpyToSymbol on a .const variable).
  bool WriteConstant(int module, uint64_t offset, const void* src, uint64_t n, std::string* error);

  // A CUDA array: allocates device memory in the texture layout of `desc` (docs/semantics.md T1)
  // and writes `texels`, packed [layer][level][z][y][x] in the format's bytes (cube faces are
  // layers, +X -X +Y -Y +Z -Z). Sets desc->base. False with *error on a bad size or descriptor.
  bool CreateArray(TextureDesc* desc, const uint8_t* texels, uint64_t bytes, std::string* error);

  // Texture, sampler and surface objects: a handle for the unit's tables.
  uint64_t CreateTexture(const TextureDesc& desc, std::string* error);
  uint64_t CreateSurface(const SurfaceDesc& desc, std::string* error);
  // A surface over a CUDA array made by CreateArray (level 0; not a cube or a mip chain: 0 with
  // *error for those).
  uint64_t CreateSurfaceOver(const TextureDesc& array, std::string* error);
  // The descriptor pool as the unit reads it (docs/descriptors.md): every object's handle is its
  // slot; a texture takes two (its header, then its own sampler). The images are in memory()
  // at kPoolBase; the model is bound from the same descriptors.
  struct PoolSlot {
    uint64_t handle;
    enum class Kind : uint8_t { kTexture, kSampler, kSurface } kind;
  };
  const std::vector<PoolSlot>& pool_slots() const { return pool_slots_; }

  // A .texref/.surfref/.samplerref of a module bound to a handle.
  bool BindReference(int module, const std::string& name, uint64_t handle, std::string* error);

  LaunchReport Launch(int module, int kernel, const LaunchConfig& config);

  Unit& unit() { return unit_; }
  SparseMemory& memory() { return mem_; }
  DeviceMemory& device_memory() { return memory_; }

 private:
  struct Module {
    LoadedModule loaded;
    std::unique_ptr<Machine> machine;
    std::vector<uint64_t> opaque_handles;
  };

  SparseMemory mem_;
  DeviceMemory memory_;
  Unit unit_;
  ModelTexturePort model_port_;
  TexturePort* port_;
  std::vector<std::unique_ptr<Module>> modules_;
  std::vector<PoolSlot> pool_slots_;
  uint64_t next_handle_ = 1;
  uint64_t next_driver_ = kDriverBase;
};

}  // namespace tsu::exec

#endif  // TSU_EXEC_DEVICE_H_
