// The golden model as a Python module (pybind11): `import tsu`. A Unit owns its memory; textures
// and surfaces are made from NumPy arrays of packed texels; any instruction runs with explicit
// operands; `tex` samples arrays of coordinates. docs/python.md is its reference.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "device_python.h"
#include "tsu/encodings.h"
#include "tsu/float_bits.h"
#include "tsu/format.h"
#include "tsu/geometry.h"
#include "tsu/instruction_json.h"
#include "tsu/memory.h"
#include "tsu/packed_texels.h"
#include "tsu/ptx_parser.h"
#include "tsu/texture.h"
#include "tsu/unit.h"

namespace py = pybind11;

namespace tsu {
namespace python {
namespace {

template <typename T>
T ParseOr(const std::string& s, const char* what) {
  const auto v = Parse<T>(s);
  if (!v) throw py::value_error(std::string("unknown ") + what + " '" + s + "'");
  return *v;
}

Instruction Decode(const std::string& ptx) {
  Instruction in;
  std::string err;
  if (!ParsePtx(ptx, &in, &err)) throw py::value_error(ptx + ": " + err);
  return in;
}

// The bytes of a C-contiguous array (any dtype): what the texels are, packed.
std::vector<uint8_t> Bytes(const py::array& a) {
  const py::array c = py::array::ensure(a, py::array::c_style);
  if (!c) throw py::value_error("texels: not an array");
  const auto* p = static_cast<const uint8_t*>(c.data());
  return std::vector<uint8_t>(p, p + c.nbytes());
}

py::dict ResponseDict(const Instruction& in, const Response& r) {
  py::dict d;
  d["trap"] = r.trap == TrapCause::kNone ? py::object(py::none()) : py::object(py::str(std::string(Name(r.trap))));
  d["pred"] = r.pred;
  d["count"] = r.count;
  py::list data;
  for (int k = 0; k < r.count; ++k) data.append(r.data[k]);
  d["data"] = data;
  d["executed"] = r.executed;
  (void)in;
  return d;
}

class PyUnit {
 public:
  PyUnit() : unit_(&mem_) {}

  void Write(uint64_t addr, py::bytes data) {
    const std::string s = data;
    mem_.Write(addr, reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size()));
  }
  py::bytes Read(uint64_t addr, uint32_t n) {
    if (n > (1u << 28)) throw py::value_error("read: more than 256 MiB");
    std::string s(n, '\0');
    mem_.Read(addr, reinterpret_cast<uint8_t*>(s.data()), n);
    return py::bytes(s);
  }

  // A surface at `base` from packed texels in [layer][z][y][x] order (pitch layout).
  void BindSurface(uint64_t handle, const py::array& texels, uint32_t width, uint32_t height,
                   uint32_t depth, uint32_t layers, const std::string& dim, const std::string& order,
                   const std::string& type, const std::string& layout, uint64_t base) {
    SurfaceDesc d;
    d.base = base;
    d.dim = ParseOr<Geometry>(dim, "geometry");
    d.width = width;
    d.height = height;
    d.depth = depth;
    d.array_size = layers;
    d.order = ParseOr<ChannelOrder>(order, "channel order");
    d.type = ParseOr<ChannelType>(type, "channel type");
    d.layout = layout == "pitch" ? Layout::kPitch : layout == "block_linear" ? Layout::kBlockLinear
                                                                             : throw py::value_error("layout: pitch or block_linear");
    std::string err;
    if (!unit_.BindSurface(handle, d, &err)) throw py::value_error("surface: " + err);
    const ResolvedSurface& s = *unit_.FindSurface(handle);
    const std::vector<uint8_t> b = Bytes(texels);
    if (b.size() != PackedSurfaceBytes(s)) {
      unit_.Unbind(handle);
      throw py::value_error("surface: " + std::to_string(b.size()) + " bytes of texels, the surface holds " +
                            std::to_string(PackedSurfaceBytes(s)));
    }
    WritePackedSurface(s, b.data(), &mem_);
  }

  // The surface's texels back, packed as BindSurface takes them.
  py::bytes SurfaceBytes(uint64_t handle) {
    const ResolvedSurface* s = unit_.FindSurface(handle);
    if (!s) throw py::value_error("no surface bound at that handle");
    const std::vector<uint8_t> b = ReadPackedSurface(*s, &mem_);
    return py::bytes(reinterpret_cast<const char*>(b.data()), b.size());
  }

  // A texture from one array of packed texels per mip level ([layer][z][y][x], cube faces as
  // layers), with its own sampler (unified mode).
  void BindTexture(uint64_t handle, const std::vector<py::array>& levels, uint32_t width,
                   uint32_t height, uint32_t depth, uint32_t layers, const std::string& dim,
                   const std::string& order, const std::string& type, const py::dict& sampler,
                   uint64_t base) {
    TextureDesc d;
    d.base = base;
    d.dim = ParseOr<Geometry>(dim, "geometry");
    d.width = width;
    d.height = height;
    d.depth = depth;
    d.array_size = layers;
    d.levels = static_cast<uint32_t>(levels.size());
    d.order = ParseOr<ChannelOrder>(order, "channel order");
    d.type = ParseOr<ChannelType>(type, "channel type");
    d.sampler = Sampler(sampler);
    std::string err;
    if (!unit_.BindTexture(handle, d, &err)) throw py::value_error("texture: " + err);
    const ResolvedTexture& t = *unit_.FindTexture(handle);
    for (uint32_t lv = 0; lv < d.levels; ++lv) {
      const std::vector<uint8_t> b = Bytes(levels[lv]);
      if (b.size() != PackedLevelBytes(t, lv)) {
        unit_.UnbindSlot(handle);
        throw py::value_error("texture level " + std::to_string(lv) + ": " + std::to_string(b.size()) +
                              " bytes of texels, the level holds " + std::to_string(PackedLevelBytes(t, lv)));
      }
      WritePackedLevel(t, lv, b.data(), &mem_);
    }
  }

  // A sampler for independent-mode tex.
  void BindSampler(uint64_t handle, const py::dict& sampler) {
    std::string err;
    if (!unit_.BindSampler(handle, Sampler(sampler), &err)) throw py::value_error("sampler: " + err);
  }

  // One instruction with explicit operands (raw 32-bit elements; floats are converted to their
  // bits where the operand is a float).
  py::dict Execute(const std::string& ptx, uint64_t handle, const std::vector<py::object>& coords,
                   const std::vector<uint64_t>& data, py::object lod, const std::vector<py::object>& dpdx,
                   const std::vector<py::object>& dpdy, const std::vector<int32_t>& offset,
                   py::object depth_ref, uint64_t sampler) {
    const Instruction in = Decode(ptx);
    Request q;
    q.handle = handle;
    q.sampler = sampler;
    Fill(coords, q.coords, 4, "coords");
    if (data.size() > 4) throw py::value_error("data: at most 4 elements");
    std::copy(data.begin(), data.end(), q.data);
    if (!lod.is_none()) q.lod = Word(lod);
    Fill(dpdx, q.dpdx, 4, "dpdx");
    Fill(dpdy, q.dpdy, 4, "dpdy");
    if (offset.size() > 4) throw py::value_error("offset: at most 4 elements");
    for (size_t k = 0; k < offset.size(); ++k) q.offset[k] = static_cast<uint32_t>(offset[k]);
    if (!depth_ref.is_none()) q.depth_ref = Word(depth_ref);
    return ResponseDict(in, unit_.Execute(in, q));
  }

  // `ptx` on every row of `coords` (N x elements, float32 for .f32 coordinates, int32 for .s32):
  // an (N, 4) array of the destination elements (float32 when .dtype is f32, else uint32/int32
  // bits), and an (N,) array of the predicate; a trapping row raises.
  py::tuple Tex(const std::string& ptx, uint64_t handle, const py::array& coords, py::object lod,
                uint64_t sampler) {
    const Instruction in = Decode(ptx);
    if (in.opcode != Opcode::kTex) throw py::value_error("tex: not a tex instruction");
    const py::array c = py::array::ensure(coords, py::array::c_style);
    if (!c || c.ndim() != 2 || c.shape(1) < 1 || c.shape(1) > 4 || c.itemsize() != 4) {
      throw py::value_error("tex: coords must be an (N, 1..4) array of 32-bit elements");
    }
    const py::ssize_t n = c.shape(0), e = c.shape(1);
    std::vector<uint32_t> lods;
    if (!lod.is_none()) {
      const py::array l = py::array::ensure(lod, py::array::c_style);
      if (!l || l.ndim() != 1 || l.shape(0) != n || l.itemsize() != 4) {
        throw py::value_error("tex: lod must be an (N,) array of 32-bit elements");
      }
      lods.resize(static_cast<size_t>(n));
      std::memcpy(lods.data(), l.data(), lods.size() * 4);
    }
    const bool f32 = in.type == DataType::kF32;
    py::array out = f32 ? py::array(py::dtype::of<float>(), {n, py::ssize_t{4}})
                        : py::array(py::dtype::of<uint32_t>(), {n, py::ssize_t{4}});
    py::array_t<bool> pred(n);
    auto* o = static_cast<uint32_t*>(out.mutable_data());
    auto* p = pred.mutable_data();
    const auto* src = static_cast<const uint32_t*>(c.data());
    for (py::ssize_t i = 0; i < n; ++i) {
      Request q;
      q.handle = handle;
      q.sampler = sampler;
      for (py::ssize_t k = 0; k < e; ++k) q.coords[k] = src[i * e + k];
      if (!lods.empty()) q.lod = lods[static_cast<size_t>(i)];
      const Response r = unit_.Execute(in, q);
      if (r.trap != TrapCause::kNone) {
        throw py::value_error("tex: row " + std::to_string(i) + " traps: " + std::string(Name(r.trap)));
      }
      for (int k = 0; k < 4; ++k) o[i * 4 + k] = static_cast<uint32_t>(r.data[k]);
      p[i] = r.pred;
    }
    return py::make_tuple(out, pred);
  }

 private:
  static uint32_t Word(const py::object& v) {
    if (py::isinstance<py::float_>(v)) return AsBits(v.cast<float>());
    return static_cast<uint32_t>(v.cast<int64_t>());
  }
  static void Fill(const std::vector<py::object>& v, uint32_t* out, size_t n, const char* what) {
    if (v.size() > n) throw py::value_error(std::string(what) + ": at most " + std::to_string(n) + " elements");
    for (size_t k = 0; k < v.size(); ++k) out[k] = Word(v[k]);
  }
  static SamplerDesc Sampler(const py::dict& s) {
    SamplerDesc d;
    for (auto item : s) {
      const std::string key = py::str(item.first);
      const py::handle v = item.second;
      if (key == "filter") {
        d.mag_filter = d.min_filter = ParseOr<FilterMode>(v.cast<std::string>(), "filter");
      } else if (key == "mag_filter") {
        d.mag_filter = ParseOr<FilterMode>(v.cast<std::string>(), "filter");
      } else if (key == "min_filter") {
        d.min_filter = ParseOr<FilterMode>(v.cast<std::string>(), "filter");
      } else if (key == "mip_filter") {
        d.mip_filter = ParseOr<MipFilter>(v.cast<std::string>(), "mip filter");
      } else if (key == "address") {
        const auto modes = v.cast<std::vector<std::string>>();
        if (modes.empty() || modes.size() > 3) throw py::value_error("address: 1 to 3 modes");
        for (size_t a = 0; a < 3; ++a) d.address[a] = ParseOr<AddressMode>(modes[std::min(a, modes.size() - 1)], "address mode");
      } else if (key == "normalized") {
        d.normalized = v.cast<bool>();
      } else if (key == "read_mode") {
        d.read_mode = ParseOr<ReadMode>(v.cast<std::string>(), "read mode");
      } else if (key == "srgb") {
        d.srgb = v.cast<bool>();
      } else if (key == "seamless_cube") {
        d.seamless_cube = v.cast<bool>();
      } else if (key == "compare") {
        d.compare = ParseOr<CompareOp>(v.cast<std::string>(), "compare op");
      } else if (key == "lod_bias") {
        d.lod_bias = v.cast<float>();
      } else if (key == "min_lod") {
        d.min_lod = v.cast<float>();
      } else if (key == "max_lod") {
        d.max_lod = v.cast<float>();
      } else if (key == "border") {
        const auto b = v.cast<std::vector<float>>();
        if (b.size() != 4) throw py::value_error("border: 4 floats");
        for (int k = 0; k < 4; ++k) d.border[k] = AsBits(b[static_cast<size_t>(k)]);
      } else {
        throw py::value_error("sampler: unknown key '" + key + "'");
      }
    }
    return d;
  }

  SparseMemory mem_;
  Unit unit_;
};

}  // namespace
}  // namespace python
}  // namespace tsu

using tsu::python::PyUnit;

PYBIND11_MODULE(tsu, m) {
  m.doc() = "tsu's golden model of the PTX texture/surface unit (tex, suld, sust, sured, suq)";
  m.def(
      "decode",
      [](const std::string& ptx) {
        const tsu::Instruction in = tsu::python::Decode(ptx);
        return py::module_::import("json").attr("loads")(tsu::ToJson(in).dump());
      },
      py::arg("ptx"), "Decode one PTX instruction (ptxas's verdicts) into a dict; ValueError if invalid");
  py::class_<PyUnit>(m, "Unit", "A model of the unit with its own sparse memory")
      .def(py::init<>())
      .def("write", &PyUnit::Write, py::arg("addr"), py::arg("data"), "Write bytes to memory")
      .def("read", &PyUnit::Read, py::arg("addr"), py::arg("n"), "Read n bytes of memory")
      .def("bind_surface", &PyUnit::BindSurface, py::arg("handle"), py::arg("texels"),
           py::arg("width"), py::arg("height") = 1, py::arg("depth") = 1, py::arg("layers") = 0,
           py::arg("dim") = "2d", py::arg("order") = "RGBA", py::arg("type") = "UNORM_INT8",
           py::arg("layout") = "pitch", py::arg("base") = 0x100000,
           "Bind a surface whose packed texels ([layer][z][y][x]) are the array's bytes")
      .def("surface_bytes", &PyUnit::SurfaceBytes, py::arg("handle"),
           "The bound surface's texels, packed as bind_surface takes them")
      .def("bind_texture", &PyUnit::BindTexture, py::arg("handle"), py::arg("levels"),
           py::arg("width"), py::arg("height") = 1, py::arg("depth") = 1, py::arg("layers") = 0,
           py::arg("dim") = "2d", py::arg("order") = "RGBA", py::arg("type") = "FLOAT",
           py::arg("sampler") = py::dict(), py::arg("base") = 0x1000000,
           "Bind a texture: one array of packed texels per mip level, and its sampler (a dict)")
      .def("bind_sampler", &PyUnit::BindSampler, py::arg("handle"), py::arg("sampler"),
           "Bind a sampler for independent-mode tex")
      .def("execute", &PyUnit::Execute, py::arg("ptx"), py::arg("handle"),
           py::arg("coords") = std::vector<py::object>{}, py::arg("data") = std::vector<uint64_t>{},
           py::arg("lod") = py::none(), py::arg("dpdx") = std::vector<py::object>{},
           py::arg("dpdy") = std::vector<py::object>{}, py::arg("offset") = std::vector<int32_t>{},
           py::arg("depth_ref") = py::none(), py::arg("sampler") = 0,
           "Execute one instruction; returns {trap, pred, count, data, executed}")
      .def("tex", &PyUnit::Tex, py::arg("ptx"), py::arg("handle"), py::arg("coords"),
           py::arg("lod") = py::none(), py::arg("sampler") = 0,
           "Run a tex instruction on every row of coords; returns (values (N, 4), pred (N,))");
  tsu::python::AddDevice(m);
}
