// tsu.Device: CUDA's host side in Python over the kernel executor (docs/kernels.md): device
// memory, CUDA arrays from NumPy, texture and surface objects, modules and launches.
#include "device_python.h"

#include "device_rtl.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "tsu/exec/channel_format.h"
#include "tsu/exec/device.h"
#include "tsu/read_file.h"

namespace tsu::python {
namespace {

using exec::ArgValue;

struct Channels {
  std::vector<int> bits;
  std::string kind;
  ChannelOrder order;
  ChannelType type;
  int texel_bytes() const { return static_cast<int>(bits.size()) * bits[0] / 8; }
  // The NumPy dtype a channel's values have.
  py::dtype Dtype() const {
    const int b = bits[0];
    if (kind == "float") return b == 16 ? py::dtype("float16") : py::dtype("float32");
    const char* u[] = {"uint8", "uint16", "uint32"};
    const char* s[] = {"int8", "int16", "int32"};
    const int i = b == 8 ? 0 : b == 16 ? 1 : 2;
    return py::dtype(kind == "signed" ? s[i] : u[i]);
  }
};

Channels ParseChannels(const std::vector<int>& bits, const std::string& kind) {
  Channels c;
  c.bits = bits;
  c.kind = kind;
  std::string err;
  if (!exec::ChannelFormat(bits, kind, &c.order, &c.type, &err)) throw py::value_error(err);
  return c;
}

// A CUDA array: its descriptor (the texels are in device memory).
struct PyArray {
  TextureDesc desc;
  Channels channels;
};

struct Pitch2D {
  uint64_t ptr;
  uint32_t width, height, pitch;
  Channels channels;
};

struct Linear {
  uint64_t ptr;
  uint64_t nbytes;
  Channels channels;
};

class LaunchError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class PyDevice;

class PyModule {
 public:
  PyModule(std::shared_ptr<exec::Device> dev, int index, tb::KernelPort* port)
      : dev_(std::move(dev)), index_(index), port_(port) {}

  std::vector<std::string> Kernels() const {
    std::vector<std::string> k;
    for (const exec::XFunction& f : dev_->program(index_).functions) {
      if (f.entry) k.push_back(f.name);
    }
    return k;
  }

  py::dict Launch(const std::string& kernel, py::object grid, py::object block, const py::list& args,
                  uint32_t shared) {
    const int k = dev_->FindKernel(index_, kernel);
    if (k < 0) throw py::value_error("the module has no kernel '" + kernel + "'");
    exec::LaunchConfig c;
    c.grid = Dim(grid, "grid");
    c.block = Dim(block, "block");
    c.dynamic_shared_bytes = shared;
    std::vector<ArgValue> values;
    for (const py::handle a : args) values.push_back(Arg(a, values.size()));
    std::string err;
    if (!exec::PackParams(dev_->program(index_).functions[static_cast<size_t>(k)], values, &c.params, &err)) {
      throw py::value_error(err);
    }
    const tb::KernelPortStats before = port_ != nullptr ? port_->stats() : tb::KernelPortStats{};
    const exec::LaunchReport r = dev_->Launch(index_, k, c);
    if (!r.ok) {
      if (r.refused) throw py::value_error(r.error);
      throw LaunchError(r.error);
    }
    py::dict d;
    d["kernel"] = kernel;
    d["ctas"] = r.ctas;
    d["threads"] = r.threads;
    d["thread_instructions"] = r.thread_instructions;
    d["warp_instructions"] = r.warp_instructions;
    py::dict fam;
    for (const auto& [name, n] : r.families) fam[py::str(name)] = n;
    d["instructions"] = fam;
    d["texture_requests"] = r.texture_requests;
    d["surface_requests"] = r.surface_requests;
    d["barriers"] = r.barriers;
    if (port_ != nullptr) {  // this launch's share of the unit's figures
      const tb::KernelPortStats st = port_->stats().Since(before);
      py::dict u;
      u["cycles"] = st.cycles;
      u["requests"] = st.requests;
      u["requests_per_clock"] = st.RequestsPerClock();
      u["texel_cache_hit_rate"] = st.TexelCacheHitRate();
      u["stall_cycles"] = st.stall_cycles;
      u["mismatches"] = 0;  // a mismatch stops the launch with tsu.LaunchError
      d["unit"] = u;
    }
    return d;
  }

  // cudaMemcpyToSymbol: a .const variable's bytes (a .global one is written through its address).
  void SetSymbol(const std::string& name, const py::buffer& data) {
    const exec::XVariable* v = nullptr;
    if (!dev_->FindVariable(index_, name, &v)) throw py::value_error("the module has no variable '" + name + "'");
    const py::buffer_info b = data.request();
    const uint64_t n = static_cast<uint64_t>(b.size * b.itemsize);
    if (n > v->size) throw py::value_error(name + " is " + std::to_string(v->size) + " bytes; " + std::to_string(n) + " given");
    std::string err;
    const bool ok = v->space == exec::Space::kConst ? dev_->WriteConstant(index_, v->offset, b.ptr, n, &err)
                                                    : dev_->CopyToDevice(v->offset, b.ptr, n, &err);
    if (!ok) throw py::value_error(err);
  }
  uint64_t SymbolAddress(const std::string& name) {
    const exec::XVariable* v = nullptr;
    if (!dev_->FindVariable(index_, name, &v) || v->space != exec::Space::kGlobal) {
      throw py::value_error("the module has no .global variable '" + name + "'");
    }
    return v->offset;
  }

 private:
  static exec::Dim3 Dim(py::object o, const char* what) {
    std::vector<uint32_t> v;
    if (py::isinstance<py::int_>(o)) {
      v.push_back(o.cast<uint32_t>());
    } else {
      v = o.cast<std::vector<uint32_t>>();
    }
    if (v.empty() || v.size() > 3) throw py::value_error(std::string(what) + ": 1 to 3 extents");
    while (v.size() < 3) v.push_back(1);
    return {v[0], v[1], v[2]};
  }

  static ArgValue Arg(py::handle a, size_t i) {
    if (py::isinstance<py::bool_>(a)) return ArgValue{int64_t{a.cast<bool>() ? 1 : 0}};
    if (py::isinstance<py::int_>(a)) {
      const py::int_ v = py::reinterpret_borrow<py::int_>(a);
      if (v.attr("__lt__")(0).cast<bool>()) {
        if (v.attr("__lt__")(py::int_(INT64_MIN)).cast<bool>()) throw py::value_error("argument " + std::to_string(i) + ": too small");
        return ArgValue{v.cast<int64_t>()};
      }
      if (v.attr("__gt__")(py::int_(UINT64_MAX)).cast<bool>()) throw py::value_error("argument " + std::to_string(i) + ": too large");
      return ArgValue{v.cast<uint64_t>()};
    }
    if (py::isinstance<py::float_>(a)) return ArgValue{a.cast<double>()};
    if (py::isinstance<py::bytes>(a)) {
      const std::string s = a.cast<std::string>();
      return ArgValue{std::vector<uint8_t>(s.begin(), s.end())};
    }
    if (py::hasattr(a, "dtype")) {  // a NumPy scalar or 0-d array
      const py::array arr = py::array::ensure(a);
      if (arr && arr.ndim() == 0) {
        const char k = arr.dtype().kind();
        if (k == 'f') return ArgValue{arr.attr("item")().cast<double>()};
        if (k == 'i') return ArgValue{arr.attr("item")().cast<int64_t>()};
        if (k == 'u' || k == 'b') return ArgValue{arr.attr("item")().cast<uint64_t>()};
      }
      if (arr) {  // a struct by value: its bytes
        const py::array c = py::array::ensure(arr, py::array::c_style);
        const auto* p = static_cast<const uint8_t*>(c.data());
        return ArgValue{std::vector<uint8_t>(p, p + c.nbytes())};
      }
    }
    throw py::value_error("argument " + std::to_string(i) + ": an int, a float, bytes or a NumPy value, not " +
                          std::string(py::str(a.get_type().attr("__name__"))));
  }

  std::shared_ptr<exec::Device> dev_;
  int index_;
  tb::KernelPort* port_;  // unit="rtl", owned by the device
};

AddressMode Address(const std::string& s) {
  if (s == "wrap") return AddressMode::kWrap;
  if (s == "clamp") return AddressMode::kClamp;
  if (s == "mirror") return AddressMode::kMirror;
  if (s == "border") return AddressMode::kBorder;
  throw py::value_error("address_mode: wrap, clamp, mirror or border, not '" + s + "'");
}

class PyDevice {
 public:
  PyDevice(const std::string& unit, const std::string& config, uint64_t mem_latency)
      : dev_(std::make_shared<exec::Device>()) {
    if (unit == "rtl") {
      tb::KernelPortOptions o;
      o.config = config;
      o.mem_latency = mem_latency;
      std::string err;
      port_ = MakeRtlPort(dev_.get(), o, &err);
      if (port_ == nullptr) throw py::value_error(err);
      dev_->set_texture_port(port_.get());
    } else if (unit != "model") {
      throw py::value_error("unit='" + unit + "': 'model' (the golden model) or 'rtl' (the Verilated unit)");
    }
  }

  // The unit's figures since the device was made (unit="rtl"), or None.
  py::object UnitStats() const {
    if (port_ == nullptr) return py::none();
    const tb::KernelPortStats& st = port_->stats();
    py::dict d;
    d["cycles"] = st.cycles;
    d["requests"] = st.requests;
    d["tex"] = st.tex;
    d["requests_per_clock"] = st.RequestsPerClock();
    d["texel_cache_lookups"] = st.cache_lookups;
    d["texel_cache_hit_rate"] = st.TexelCacheHitRate();
    d["stall_cycles"] = st.stall_cycles;
    return d;
  }

  PyModule LoadPtx(const std::string& path_or_text) {
    std::string text = path_or_text, name = "<text>";
    if (path_or_text.find('\n') == std::string::npos && path_or_text.size() < 4096) {
      std::string why;
      if (!ReadRegularFile(path_or_text, size_t{256} << 20, &text, &why)) throw py::value_error(why);
      name = path_or_text;
    }
    std::string err;
    const int m = dev_->LoadModule(text, name, &err);
    if (m < 0) throw py::value_error(err);
    return PyModule(dev_, m, port_.get());
  }

  uint64_t Malloc(uint64_t n) {
    const uint64_t p = dev_->Malloc(n);
    if (p == 0) throw py::value_error("malloc(" + std::to_string(n) + "): out of device memory (or 0 bytes)");
    return p;
  }
  void Free(uint64_t p) {
    if (!dev_->Free(p)) throw py::value_error("free: not an allocation");
  }
  void MemcpyHtoD(uint64_t dst, const py::object& src) {
    std::string bytes;
    if (py::isinstance<py::bytes>(src)) {
      bytes = src.cast<std::string>();
    } else {
      const py::array a = py::array::ensure(src);
      if (!a) throw py::value_error("memcpy_htod: an array or bytes");
      if (!(a.flags() & py::array::c_style)) throw py::value_error("memcpy_htod: the array must be C-contiguous");
      bytes.assign(static_cast<const char*>(a.data()), static_cast<size_t>(a.nbytes()));
    }
    std::string err;
    if (!dev_->CopyToDevice(dst, bytes.data(), bytes.size(), &err)) throw py::value_error(err);
  }
  py::array MemcpyDtoH(uint64_t src, py::object shape, py::object dtype) {
    py::array out(py::dtype::from_args(dtype), shape.cast<std::vector<py::ssize_t>>());
    std::string err;
    if (!dev_->CopyFromDevice(out.mutable_data(), src, static_cast<uint64_t>(out.nbytes()), &err)) {
      throw py::value_error(err);
    }
    return out;
  }

  PyArray Array(const py::array& data, const std::vector<int>& channels, const std::string& kind,
                bool layered, bool cubemap, py::object levels) {
    PyArray a;
    a.channels = ParseChannels(channels, kind);
    const py::array c = py::array::ensure(data, py::array::c_style);
    if (!c) throw py::value_error("array: data must be an array");
    if (!c.dtype().is(a.channels.Dtype())) {
      throw py::value_error("array: data is " + std::string(py::str(c.dtype())) + "; channels " +
                            std::string(py::str(py::cast(channels))) + " of kind " + kind + " need " +
                            std::string(py::str(a.channels.Dtype())));
    }
    int axes = static_cast<int>(c.ndim());
    const bool has_channel_axis = channels.size() > 1;
    if (has_channel_axis) {
      if (axes == 0 || c.shape(axes - 1) != static_cast<py::ssize_t>(channels.size())) {
        throw py::value_error("array: the last axis must be the " + std::to_string(channels.size()) + " channels");
      }
      --axes;
    }
    const bool has_layers = layered || cubemap;
    const int dims = axes - (has_layers ? 1 : 0);
    if (dims < 1 || dims > 3 || (cubemap && dims != 2) || (layered && dims == 3)) {
      throw py::value_error("array: data's axes are [layer][depth][height][width][channel]: got " +
                            std::to_string(c.ndim()) + " axes");
    }
    TextureDesc& d = a.desc;
    d.order = a.channels.order;
    d.type = a.channels.type;
    auto ext = [&](int from_end) { return static_cast<uint32_t>(c.shape(axes - 1 - from_end)); };
    d.width = ext(0);
    d.height = dims >= 2 ? ext(1) : 1;
    d.depth = dims == 3 ? ext(2) : 1;
    const uint32_t layers = has_layers ? static_cast<uint32_t>(c.shape(0)) : 1;
    if (cubemap) {
      if (layers % 6 != 0 || d.width != d.height) throw py::value_error("array: a cube map has square faces, 6 per cube");
      d.dim = layered ? Geometry::kACube : Geometry::kCube;
      d.array_size = layered ? layers / 6 : 0;
    } else if (layered) {
      d.dim = dims == 1 ? Geometry::kA1d : Geometry::kA2d;
      d.array_size = layers;
    } else {
      d.dim = dims == 1 ? Geometry::k1d : dims == 2 ? Geometry::k2d : Geometry::k3d;
    }
    // Mip levels below level 0: each halves every extent (floor, at least 1).
    std::vector<py::array> lv{c};
    if (!levels.is_none()) {
      for (const py::handle h : levels) {
        const py::array l = py::array::ensure(h, py::array::c_style);
        if (!l || !l.dtype().is(a.channels.Dtype()) || l.ndim() != c.ndim()) {
          throw py::value_error("array: every level is an array of data's dtype and axes");
        }
        lv.push_back(l);
      }
    }
    d.levels = static_cast<uint32_t>(lv.size());
    // Pack [layer][level][z][y][x]: data's layer axis is outermost in each level array.
    const size_t tb = static_cast<size_t>(a.channels.texel_bytes());
    std::vector<uint8_t> packed;
    for (uint32_t layer = 0; layer < layers; ++layer) {
      uint32_t w = d.width, h = d.height, z = d.depth;
      for (size_t k = 0; k < lv.size(); ++k) {
        const py::array& l = lv[k];
        const size_t per_layer = static_cast<size_t>(l.nbytes()) / layers;
        if (per_layer != size_t{w} * h * z * tb || static_cast<size_t>(l.nbytes()) % layers != 0) {
          throw py::value_error("array: level " + std::to_string(k) + " must be " + std::to_string(w) + "x" +
                                std::to_string(h) + "x" + std::to_string(z) + " texels per layer");
        }
        const auto* p = static_cast<const uint8_t*>(l.data()) + per_layer * layer;
        packed.insert(packed.end(), p, p + per_layer);
        w = std::max(1u, w / 2);
        h = dims >= 2 ? std::max(1u, h / 2) : 1;
        z = dims == 3 ? std::max(1u, z / 2) : 1;
      }
    }
    std::string err;
    if (!dev_->CreateArray(&d, packed.data(), packed.size(), &err)) throw py::value_error("array: " + err);
    return a;
  }

  uint64_t TextureObject(py::object resource, py::object address_mode, const std::string& filter_mode,
                         const std::string& read_mode, bool normalized_coords, bool srgb,
                         std::vector<double> border_color, const std::string& mipmap_filter_mode,
                         double mipmap_level_bias, double min_clamp, double max_clamp, bool seamless) {
    TextureDesc d;
    if (py::isinstance<PyArray>(resource)) {
      d = resource.cast<PyArray>().desc;
    } else if (py::isinstance<Pitch2D>(resource)) {
      const Pitch2D p = resource.cast<Pitch2D>();
      d.base = p.ptr;
      d.dim = Geometry::k2d;
      d.width = p.width;
      d.height = p.height;
      d.order = p.channels.order;
      d.type = p.channels.type;
      const uint64_t row = (uint64_t{p.width} * static_cast<uint64_t>(p.channels.texel_bytes()) + 15) / 16 * 16;
      if (p.pitch != row) {
        throw py::value_error("Pitch2D: tsu's textures have rows of width x texel bytes rounded up to 16 (" +
                              std::to_string(row) + " here); a pitch of " + std::to_string(p.pitch) +
                              " is not supported (docs/semantics.md T1)");
      }
    } else if (py::isinstance<Linear>(resource)) {
      const Linear l = resource.cast<Linear>();
      d.base = l.ptr;
      d.dim = Geometry::k1d;
      d.width = static_cast<uint32_t>(l.nbytes / static_cast<uint64_t>(l.channels.texel_bytes()));
      d.order = l.channels.order;
      d.type = l.channels.type;
    } else {
      throw py::value_error("texture_object: a CUDA array (Device.array), tsu.Pitch2D or tsu.Linear");
    }
    SamplerDesc& s = d.sampler;
    std::vector<std::string> modes;
    if (py::isinstance<py::str>(address_mode)) {
      modes.assign(3, address_mode.cast<std::string>());
    } else {
      modes = address_mode.cast<std::vector<std::string>>();
      if (modes.empty() || modes.size() > 3) throw py::value_error("address_mode: one mode per dimension");
      while (modes.size() < 3) modes.push_back(modes.back());
    }
    for (int i = 0; i < 3; ++i) s.address[i] = Address(modes[static_cast<size_t>(i)]);
    if (filter_mode != "point" && filter_mode != "linear") throw py::value_error("filter_mode: point or linear");
    s.mag_filter = s.min_filter = filter_mode == "linear" ? FilterMode::kLinear : FilterMode::kNearest;
    if (read_mode != "element" && read_mode != "normalized_float") throw py::value_error("read_mode: element or normalized_float");
    s.read_mode = read_mode == "element" ? ReadMode::kElementType : ReadMode::kNormalizedFloat;
    s.normalized = normalized_coords;
    s.srgb = srgb;
    if (srgb) {
      if (d.order == ChannelOrder::kRGBA && d.type == ChannelType::kUnsignedInt8) d.order = ChannelOrder::kSRGBA;
      else throw py::value_error("srgb: only 8-bit unsigned RGBA arrays have an sRGB form");
    }
    if (border_color.size() != 4) throw py::value_error("border_color: four values");
    for (int i = 0; i < 4; ++i) {
      const float f = static_cast<float>(border_color[static_cast<size_t>(i)]);
      std::memcpy(&s.border[i], &f, 4);
    }
    if (d.levels > 1) {
      if (mipmap_filter_mode != "point" && mipmap_filter_mode != "linear") throw py::value_error("mipmap_filter_mode: point or linear");
      s.mip_filter = mipmap_filter_mode == "linear" ? MipFilter::kLinear : MipFilter::kNearest;
    }
    s.lod_bias = static_cast<float>(mipmap_level_bias);
    s.min_lod = static_cast<float>(min_clamp);
    s.max_lod = static_cast<float>(max_clamp);
    s.seamless_cube = seamless;
    std::string err;
    const uint64_t h = dev_->CreateTexture(d, &err);
    if (h == 0) throw py::value_error("texture_object: " + err);
    return h;
  }

  uint64_t SurfaceObject(const PyArray& a) {
    std::string err;
    const uint64_t h = dev_->CreateSurfaceOver(a.desc, &err);
    if (h == 0) throw py::value_error("surface_object: " + err);
    return h;
  }

 private:
  std::shared_ptr<exec::Device> dev_;
  std::shared_ptr<tb::KernelPort> port_;  // unit="rtl"
};

}  // namespace

void AddDevice(py::module_& m) {
  py::register_exception<LaunchError>(m, "LaunchError", PyExc_RuntimeError);
  py::class_<PyArray>(m, "Array", "A CUDA array in device memory (Device.array)")
      .def_property_readonly("width", [](const PyArray& a) { return a.desc.width; })
      .def_property_readonly("height", [](const PyArray& a) { return a.desc.height; })
      .def_property_readonly("depth", [](const PyArray& a) { return a.desc.depth; })
      .def_property_readonly("levels", [](const PyArray& a) { return a.desc.levels; })
      .def_property_readonly("address", [](const PyArray& a) { return a.desc.base; });
  py::class_<Pitch2D>(m, "Pitch2D", "A 2D texture over pitch-linear device memory")
      .def(py::init([](uint64_t ptr, uint32_t width, uint32_t height, uint32_t pitch,
                       const std::vector<int>& channels, const std::string& kind) {
             return Pitch2D{ptr, width, height, pitch, ParseChannels(channels, kind)};
           }),
           py::arg("ptr"), py::arg("width"), py::arg("height"), py::arg("pitch"),
           py::arg("channels") = std::vector<int>{32}, py::arg("kind") = "float");
  py::class_<Linear>(m, "Linear", "A 1D texture over linear device memory (tex1Dfetch)")
      .def(py::init([](uint64_t ptr, uint64_t nbytes, const std::vector<int>& channels, const std::string& kind) {
             return Linear{ptr, nbytes, ParseChannels(channels, kind)};
           }),
           py::arg("ptr"), py::arg("nbytes"), py::arg("channels") = std::vector<int>{32},
           py::arg("kind") = "float");
  py::class_<PyModule>(m, "Module", "A loaded PTX module")
      .def_property_readonly("kernels", &PyModule::Kernels)
      .def("launch", &PyModule::Launch, py::arg("kernel"), py::arg("grid") = py::make_tuple(1),
           py::arg("block") = py::make_tuple(1), py::arg("args") = py::list(), py::arg("shared") = 0,
           "Run a kernel; returns its report. ValueError for a bad argument or launch, "
           "tsu.LaunchError for a fault in the kernel")
      .def("set_symbol", &PyModule::SetSymbol, py::arg("name"), py::arg("data"),
           "cudaMemcpyToSymbol: write a .const or .global variable")
      .def("symbol_address", &PyModule::SymbolAddress, py::arg("name"), "A .global variable's device address");
  py::class_<PyDevice>(m, "Device", "A CUDA device whose kernels run on tsu's executor")
      .def(py::init<const std::string&, const std::string&, uint64_t>(), py::arg("unit") = "model",
           py::arg("config") = "default", py::arg("mem_latency") = 20,
           "unit='model': texture/surface instructions through the golden model; unit='rtl': through "
           "the Verilated unit (the default configuration), every answer checked against the model")
      .def_property_readonly("unit_stats", &PyDevice::UnitStats,
                             "With unit='rtl': the unit's cycles, requests and texel-cache figures so far")
      .def("load_ptx", &PyDevice::LoadPtx, py::arg("path_or_text"),
           "Load a module (checked before anything runs; ValueError with FILE:LINE:COL)")
      .def("malloc", &PyDevice::Malloc, py::arg("nbytes"))
      .def("free", &PyDevice::Free, py::arg("ptr"))
      .def("memcpy_htod", &PyDevice::MemcpyHtoD, py::arg("ptr"), py::arg("data"))
      .def("memcpy_dtoh", &PyDevice::MemcpyDtoH, py::arg("ptr"), py::arg("shape"), py::arg("dtype"))
      .def("array", &PyDevice::Array, py::arg("data"), py::arg("channels") = std::vector<int>{32},
           py::arg("kind") = "float", py::arg("layered") = false, py::arg("cubemap") = false,
           py::arg("levels") = py::none(),
           "A CUDA array: data's axes [layer][depth][height][width][channel]; levels: the mip "
           "levels below data (level 1, 2, ...)")
      .def("texture_object", &PyDevice::TextureObject, py::arg("resource"),
           py::arg("address_mode") = py::str("clamp"), py::arg("filter_mode") = "point",
           py::arg("read_mode") = "element", py::arg("normalized_coords") = false,
           py::arg("srgb") = false, py::arg("border_color") = std::vector<double>{0, 0, 0, 0},
           py::arg("mipmap_filter_mode") = "point", py::arg("mipmap_level_bias") = 0.0,
           py::arg("min_mipmap_level_clamp") = 0.0, py::arg("max_mipmap_level_clamp") = 1000.0,
           py::arg("seamless_cubemap") = false, "A texture object: its 64-bit handle")
      .def("surface_object", &PyDevice::SurfaceObject, py::arg("array"), "A surface object: its 64-bit handle");
}

}  // namespace tsu::python
