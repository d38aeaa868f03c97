// The host's view of a device (tsu/exec/device.h).
#include "tsu/exec/device.h"

#include <cmath>
#include <cstring>

#include "tsu/descriptor_words.h"
#include "tsu/hex.h"
#include "tsu/texture_words.h"

namespace tsu::exec {

bool PackParams(const XFunction& kernel, const std::vector<ArgValue>& args,
                std::vector<uint8_t>* out, std::string* error) {
  if (args.size() != kernel.params.size()) {
    *error = kernel.name + " takes " + std::to_string(kernel.params.size()) + " argument(s), not " +
             std::to_string(args.size());
    return false;
  }
  uint32_t size = 0;
  for (const XParam& p : kernel.params) size = std::max(size, p.offset + p.size);
  out->assign(size, 0);
  for (size_t i = 0; i < args.size(); ++i) {
    const XParam& p = kernel.params[i];
    const std::string who = "argument " + std::to_string(i) + " (" + p.name + ", ." + DTypeName(p.type) +
                            (p.is_array ? "[" + std::to_string(p.size) + "]" : "") + ")";
    uint8_t* dst = out->data() + p.offset;
    if (const auto* bytes = std::get_if<std::vector<uint8_t>>(&args[i])) {
      if (bytes->size() != p.size) {
        *error = who + " takes " + std::to_string(p.size) + " bytes, not " + std::to_string(bytes->size());
        return false;
      }
      std::memcpy(dst, bytes->data(), p.size);
      continue;
    }
    if (p.is_array) {
      *error = who + " is a " + std::to_string(p.size) + "-byte aggregate: pass bytes";
      return false;
    }
    const int bits = Bits(p.type);
    uint64_t v = 0;
    if (IsFloat(p.type)) {
      double d;
      if (const auto* f = std::get_if<double>(&args[i])) {
        d = *f;
      } else if (const auto* si = std::get_if<int64_t>(&args[i])) {
        d = static_cast<double>(*si);
      } else {
        d = static_cast<double>(std::get<uint64_t>(args[i]));
      }
      if (p.type == DType::kF32) {
        const float f = static_cast<float>(d);
        if (std::isfinite(d) && !std::isfinite(f)) {
          *error = who + ": " + std::to_string(d) + " does not fit in an f32";
          return false;
        }
        uint32_t b;
        std::memcpy(&b, &f, 4);
        v = b;
      } else if (p.type == DType::kF64) {
        std::memcpy(&v, &d, 8);
      } else {
        *error = who + ": 16-bit float parameters take bytes";
        return false;
      }
    } else {
      if (std::holds_alternative<double>(args[i])) {
        *error = who + " is an integer parameter: a float was given";
        return false;
      }
      const bool neg = std::holds_alternative<int64_t>(args[i]) && std::get<int64_t>(args[i]) < 0;
      v = neg ? static_cast<uint64_t>(std::get<int64_t>(args[i]))
              : (std::holds_alternative<int64_t>(args[i]) ? static_cast<uint64_t>(std::get<int64_t>(args[i]))
                                                          : std::get<uint64_t>(args[i]));
      if (bits < 64) {
        const bool fits = neg ? (IsSigned(p.type) || p.type == DType::kB32 || p.type == DType::kB16 || p.type == DType::kB8) &&
                                    static_cast<int64_t>(v) >= -(int64_t{1} << (bits - 1))
                              : v <= (IsSigned(p.type) ? Mask(bits - 1) : Mask(bits));
        if (!fits) {
          *error = who + ": " + (neg ? std::to_string(static_cast<int64_t>(v)) : std::to_string(v)) +
                   " does not fit";
          return false;
        }
      }
    }
    std::memcpy(dst, &v, std::min<uint32_t>(p.size, 8));
  }
  return true;
}

Device::Device() : memory_(&mem_), unit_(&mem_), model_port_(&unit_), port_(&model_port_) {}

bool Device::CopyToDevice(uint64_t dst, const void* src, uint64_t n, std::string* error) {
  if (n == 0) return true;
  if (!memory_.Contains(dst, n)) {
    *error = "copy of " + std::to_string(n) + " bytes to " + Hex(dst) + ": " + memory_.Describe(dst);
    return false;
  }
  const uint8_t* p = static_cast<const uint8_t*>(src);
  for (uint64_t done = 0; done < n;) {
    const uint32_t chunk = static_cast<uint32_t>(std::min<uint64_t>(n - done, 1u << 20));
    mem_.Write(dst + done, p + done, chunk);
    done += chunk;
  }
  return true;
}

bool Device::CopyFromDevice(void* dst, uint64_t src, uint64_t n, std::string* error) {
  if (n == 0) return true;
  if (!memory_.Contains(src, n)) {
    *error = "copy of " + std::to_string(n) + " bytes from " + Hex(src) + ": " + memory_.Describe(src);
    return false;
  }
  uint8_t* p = static_cast<uint8_t*>(dst);
  for (uint64_t done = 0; done < n;) {
    const uint32_t chunk = static_cast<uint32_t>(std::min<uint64_t>(n - done, 1u << 20));
    mem_.Read(src + done, p + done, chunk);
    done += chunk;
  }
  return true;
}

int Device::LoadModule(std::string_view text, const std::string& name, std::string* error) {
  const uint64_t base = kModuleBase + kModuleStride * modules_.size();
  if (base + kModuleStride > kFunctionBase) {
    *error = "too many modules loaded";
    return -1;
  }
  auto m = std::make_unique<Module>();
  m->loaded = exec::LoadModule(text, name, base);
  if (!m->loaded.ok()) {
    *error = m->loaded.Describe();
    return -1;
  }
  const Program& p = m->loaded.program;
  memory_.AddRegion(base, p.global_bytes, name + " .global variables");
  for (const XVariable& v : p.globals) {
    if (v.space == Space::kGlobal && !v.init.empty()) {
      mem_.Write(v.offset, v.init.data(), static_cast<uint32_t>(v.init.size()));
    }
  }
  m->machine = std::make_unique<Machine>(m->loaded.program, &memory_, port_, &unit_);
  m->opaque_handles.assign(p.opaque_names.size(), 0);
  modules_.push_back(std::move(m));
  return static_cast<int>(modules_.size() - 1);
}

int Device::FindKernel(int module, const std::string& name) const {
  const Program& p = program(module);
  auto it = p.function_index.find(name);
  if (it == p.function_index.end() || !p.functions[static_cast<size_t>(it->second)].entry) return -1;
  return it->second;
}

bool Device::FindVariable(int module, const std::string& name, const XVariable** out) const {
  for (const XVariable& v : program(module).globals) {
    if (v.name == name) {
      *out = &v;
      return true;
    }
  }
  return false;
}

bool Device::WriteConstant(int module, uint64_t offset, const void* src, uint64_t n, std::string* error) {
  std::vector<uint8_t>& bank = modules_[static_cast<size_t>(module)]->machine->constant_bank();
  if (offset + n > bank.size() || offset + n < offset) {
    *error = "constant write of " + std::to_string(n) + " bytes at offset " + std::to_string(offset) +
             " beyond the " + std::to_string(bank.size()) + "-byte constant bank";
    return false;
  }
  std::memcpy(bank.data() + offset, src, n);
  return true;
}

bool Device::CreateArray(TextureDesc* desc, const uint8_t* texels, uint64_t bytes, std::string* error) {
  ResolvedTexture t;
  desc->base = 0x200;  // placeholder: the layout does not depend on it
  if (!ResolveTexture(*desc, &t, error)) return false;
  uint64_t want = 0;
  for (uint32_t layer = 0; layer < t.layers; ++layer) {
    for (uint32_t lv = 0; lv < desc->levels; ++lv) {
      const SurfaceDesc& l = t.level[lv].desc;
      want += uint64_t{l.width} * l.height * l.depth * static_cast<uint64_t>(t.fmt.texel_bytes) * desc->samples;
    }
  }
  if (bytes != want) {
    *error = "the array's texels are " + std::to_string(want) + " bytes ([layer][level][z][y][x]); " +
             std::to_string(bytes) + " were given";
    return false;
  }
  const uint64_t base = memory_.Malloc(t.size_bytes + 512);
  if (base == 0) {
    *error = "out of device memory for a " + std::to_string(t.size_bytes) + "-byte array";
    return false;
  }
  desc->base = (base + 511) / 512 * 512;
  if (!ResolveTexture(*desc, &t, error)) return false;
  const uint32_t tb = static_cast<uint32_t>(t.fmt.texel_bytes);
  const uint8_t* p = texels;
  for (uint32_t layer = 0; layer < t.layers; ++layer) {
    for (uint32_t lv = 0; lv < desc->levels; ++lv) {
      const SurfaceDesc& l = t.level[lv].desc;
      for (uint32_t z = 0; z < l.depth; ++z) {
        for (uint32_t y = 0; y < l.height; ++y) {
          for (uint32_t x = 0; x < l.width; ++x) {
            for (uint32_t s = 0; s < desc->samples; ++s) {
              mem_.Write(TexelAddress(t, lv, layer, x, y, z, s), p, tb);
              p += tb;
            }
          }
        }
      }
    }
  }
  return true;
}

uint64_t Device::CreateTexture(const TextureDesc& desc, std::string* error) {
  const uint64_t h = next_handle_;
  if (h + 1 >= kPoolEntries) {
    *error = "the descriptor pool's " + std::to_string(kPoolEntries) + " slots are used up";
    return 0;
  }
  if (!unit_.BindTexture(h, desc, error)) return 0;
  // In unified mode the texture's own sampler applies; independent mode names the same handle.
  if (!unit_.BindSampler(h, desc.sampler, error)) return 0;
  next_handle_ += 2;
  // The driver's view: the header in slot h, its level records, its own sampler in slot h + 1.
  const ResolvedTexture& t = *unit_.FindTexture(h);
  TexturePlacement place;
  place.level_table = next_driver_;
  place.residency_map = next_driver_ + 16 * t.level.size();
  place.sampler_slot = static_cast<uint32_t>(h + 1);
  const TextureImage img = EncodeTexture(t, place);
  mem_.Write(kPoolBase + 64 * h, img.header.data(), 64);
  for (size_t k = 0; k < img.levels.size(); ++k) mem_.Write(place.level_table + 16 * k, img.levels[k].data(), 16);
  uint64_t top = place.residency_map;
  for (const auto& [addr, byte] : img.residency) {
    mem_.Write(addr, &byte, 1);
    top = std::max(top, addr + 1);
  }
  next_driver_ = (top + 255) / 256 * 256;
  const DescImage own = EncodeSampler(desc.sampler);
  mem_.Write(kPoolBase + 64 * (h + 1), own.data(), 64);
  pool_slots_.push_back({h, PoolSlot::Kind::kTexture});
  pool_slots_.push_back({h + 1, PoolSlot::Kind::kSampler});
  return h;
}

uint64_t Device::CreateSurface(const SurfaceDesc& desc, std::string* error) {
  const uint64_t h = next_handle_;
  if (h >= kPoolEntries) {
    *error = "the descriptor pool's " + std::to_string(kPoolEntries) + " slots are used up";
    return 0;
  }
  if (!unit_.BindSurface(h, desc, error)) return 0;
  ++next_handle_;
  const DescImage img = EncodeSurface(*unit_.FindSurface(h));
  mem_.Write(kPoolBase + 64 * h, img.data(), 64);
  pool_slots_.push_back({h, PoolSlot::Kind::kSurface});
  return h;
}

uint64_t Device::CreateSurfaceOver(const TextureDesc& array, std::string* error) {
  if (array.levels != 1 || array.dim == Geometry::kCube || array.dim == Geometry::kACube) {
    *error = "a surface is over a 1D, 2D, 3D or layered array of one level";
    return 0;
  }
  SurfaceDesc s;
  s.base = array.base;
  s.dim = array.dim;
  s.width = array.width;
  s.height = array.height;
  s.depth = array.depth;
  s.array_size = array.array_size;
  s.order = array.order;
  s.type = array.type;
  return CreateSurface(s, error);
}

bool Device::BindReference(int module, const std::string& name, uint64_t handle, std::string* error) {
  Module& m = *modules_[static_cast<size_t>(module)];
  auto it = m.loaded.program.opaques.find(name);
  if (it == m.loaded.program.opaques.end()) {
    *error = "the module declares no .texref/.surfref/.samplerref '" + name + "'";
    return false;
  }
  m.opaque_handles[static_cast<size_t>(it->second)] = handle;
  return true;
}

LaunchReport Device::Launch(int module, int kernel, const LaunchConfig& config) {
  Module& m = *modules_[static_cast<size_t>(module)];
  LaunchConfig c = config;
  if (c.opaque_handles.empty()) c.opaque_handles = m.opaque_handles;
  m.machine->set_texture_port(port_);
  return m.machine->Launch(kernel, c);
}

}  // namespace tsu::exec
