#include "cases.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tsu/encodings.h"
#include "tsu/float_bits.h"
#include "tsu/format.h"
#include "tsu/geometry.h"

namespace tsu {
namespace gpu {
namespace {

uint32_t Bits(float f) { return AsBits(f); }

// A tex geometry's coordinate registers, in PTX's order (layer first for arrays).
int TexCoordCount(Geometry g) {
  switch (g) {
    case Geometry::k1d: return 1;
    case Geometry::k2d:
    case Geometry::kA1d: return 2;
    default: return 4;
  }
}

std::string Vec(const char* stem, int n) {
  std::string s = "{";
  for (int k = 0; k < n; ++k) s += (k ? ", %" : "%") + std::string(stem) + std::to_string(k);
  return s + "}";
}

// The formats a CUDA array holds: 1, 2 or 4 channels of 8/16/32-bit integers, halves or floats;
// UNORM/SNORM are 8/16-bit integer arrays read with cudaReadModeNormalizedFloat.
struct Fmt {
  const char* order;
  const char* type;
};
const std::vector<Fmt>& CudaFormats() {
  static const std::vector<Fmt> kFormats = [] {
    std::vector<Fmt> v;
    for (const char* o : {"R", "RG", "RGBA"}) {
      for (const char* t : {"UNSIGNED_INT8", "UNSIGNED_INT16", "UNSIGNED_INT32", "SIGNED_INT8",
                            "SIGNED_INT16", "SIGNED_INT32", "HALF_FLOAT", "FLOAT", "UNORM_INT8",
                            "UNORM_INT16", "SNORM_INT8", "SNORM_INT16"}) {
        v.push_back({o, t});
      }
    }
    return v;
  }();
  return kFormats;
}

FormatInfo Info(const std::string& order, const std::string& type) {
  FormatInfo f;
  std::string err;
  DescribeFormat(*Parse<ChannelOrder>(order), *Parse<ChannelType>(type), &f, &err);
  return f;
}

bool IsNormType(const std::string& t) { return t.rfind("UNORM", 0) == 0 || t.rfind("SNORM", 0) == 0; }
bool IsIntType(const std::string& t) { return t.find("_INT") != std::string::npos && !IsNormType(t); }

class Builder {
 public:
  explicit Builder(const CaseOptions& o) : rng_(o.seed), scale_(o.scale) { set_.seed = o.seed; }
  CaseSet Take() { return std::move(set_); }

  int N(int n) const { return std::max(1, static_cast<int>(n * scale_)); }
  uint32_t U32() { return static_cast<uint32_t>(rng_()); }
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  float Real(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
  bool Chance(double p) { return std::bernoulli_distribution(p)(rng_); }
  template <typename T>
  const T& Pick(const std::vector<T>& v) { return v[static_cast<size_t>(Int(0, static_cast<int>(v.size()) - 1))]; }

  int Kernel(const std::string& ptx) {
    auto it = kernel_ids_.find(ptx);
    if (it != kernel_ids_.end()) return it->second;
    set_.kernels.push_back(ptx);
    return kernel_ids_[ptx] = static_cast<int>(set_.kernels.size()) - 1;
  }

  // Texels: random bytes, with float channels finite in [-2, 2] and halves finite (filters of NaN
  // compare nothing useful), or with `extreme` each channel one of its format's edge values.
  void Fill(Resource* r, bool extreme) {
    const FormatInfo f = Info(r->order, r->type);
    const Geometry g = *Parse<Geometry>(r->dim);
    const uint32_t layers = (IsArray(g) ? std::max(1u, r->layers) : 1u) * (IsCube(g) ? 6u : 1u);
    r->texels.assign(r->levels, {});
    for (uint32_t l = 0; l < r->levels; ++l) {
      const size_t n = size_t{std::max(1u, r->w >> l)} * std::max(1u, r->h >> l) *
                       std::max(1u, r->d >> l) * layers;
      std::vector<uint8_t>& b = r->texels[l];
      b.resize(n * f.texel_bytes);
      for (size_t i = 0; i < n; ++i) {
        uint8_t* p = &b[i * f.texel_bytes];
        for (int k = 0; k < f.texel_bytes; ++k) p[k] = static_cast<uint8_t>(U32());
        for (int c = 0; c < f.num_fields; ++c) {
          const int bits = f.fields[c].bits, at = f.fields[c].lsb / 8;
          uint32_t v;
          if (extreme) {
            static const uint32_t k32[] = {0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x7F800000,
                                           0xFF800000, 0x7FC00000, 0x00000001, 0x807FFFFF,
                                           0x3F800000, 0xBF800000};
            static const uint32_t k16[] = {0, 1, 0x7FFF, 0x8000, 0xFFFF, 0x7C00, 0xFC00, 0x7E00,
                                           0x0001, 0x83FF, 0x3C00, 0xBC00, 0x7BFF};
            static const uint32_t k8[] = {0, 1, 0x7F, 0x80, 0x81, 0xFF, 0xFE};
            v = bits == 32 ? k32[Int(0, 11)] : bits == 16 ? k16[Int(0, 12)] : k8[Int(0, 6)];
          } else if (f.kind == ChannelKind::kFloat) {
            v = Bits(Real(-2.0f, 2.0f));
          } else if (f.kind == ChannelKind::kHalf) {
            v = (U32() & 0x83FF) | static_cast<uint32_t>(Int(13, 16)) << 10;
          } else {
            continue;
          }
          std::memcpy(p + at, &v, static_cast<size_t>(bits / 8));
        }
      }
    }
  }

  int AddResource(Resource r) {
    r.id = static_cast<int>(set_.resources.size());
    set_.resources.push_back(std::move(r));
    return set_.resources.back().id;
  }

  Resource Texture(const char* dim, const Fmt& f, uint32_t w, uint32_t h, uint32_t d,
                   uint32_t layers, uint32_t levels) {
    Resource r;
    r.texture = true;
    r.dim = dim;
    r.w = w, r.h = h, r.d = d, r.layers = layers, r.levels = levels;
    r.order = f.order;
    r.type = f.type;
    return r;
  }

  Resource Surface(const char* dim, const Fmt& f, uint32_t w, uint32_t h, uint32_t d, uint32_t layers) {
    Resource r = Texture(dim, f, w, h, d, layers, 1);
    r.texture = false;
    Fill(&r, false);
    return r;
  }

  void Add(const std::string& category, const std::string& ptx, int res, const char* cls,
           const uint32_t (&in)[kInWords]) {
    Case c;
    c.id = set_.cases.size();
    c.category = category;
    c.kernel = Kernel(ptx);
    c.resource = res;
    c.cls = cls;
    std::copy(in, in + kInHandle, c.in);
    set_.cases.push_back(c);
  }

  void Unexpressible(const char* category, const char* what) {
    set_.unexpressible.push_back({category, what});
  }

  // The result type of a texture: its format's value class (u32, s32 or f32).
  static std::string ResultType(const Resource& r) {
    if (IsIntType(r.type) && r.read == "element") {
      return r.type.rfind("UNSIGNED", 0) == 0 ? "u32" : "s32";
    }
    return "f32";
  }

  static std::string TexPtx(const Resource& r, const std::string& mode, const std::string& dtype,
                            bool pred, int grads = 0) {
    const Geometry g = *Parse<Geometry>(r.dim);
    std::string p = "tex" + mode + "." + r.dim + (dtype == "f16x2" ? ".v2." : ".v4.") + dtype +
                    ".f32 " + Vec("d", dtype == "f16x2" ? 2 : 4) + (pred ? "|%p" : "") +
                    ", [%t, " + Vec("c", TexCoordCount(g)) + "]";
    if (mode == ".level") p += ", %lod";
    if (mode == ".grad") p += ", " + Vec("gx", grads) + ", " + Vec("gy", grads);
    return p + ";";
  }

  // Unnormalized or normalized coordinates for a texel-space position.
  static uint32_t Coord(const Resource& r, float texels, uint32_t extent) {
    return Bits(r.norm ? texels / static_cast<float>(extent) : texels);
  }

  std::mt19937_64 rng_;
  double scale_;
  CaseSet set_;
  std::map<std::string, int> kernel_ids_;
};

using In = uint32_t[kInWords];

// ---- tex ------------------------------------------------------------------------------------

// Every format at its edge values, point-sampled at texel centres, in both read modes where
// CUDA has two, into every destination type of its value class; every other texture in
// pitch-linear memory (cudaResourceTypePitch2D).
void TexFormats(Builder& b) {
  int n = 0;
  for (const Fmt& f : CudaFormats()) {
    for (const char* read : {"element", "normalized"}) {
      const bool int8or16 = IsIntType(f.type) && std::string(f.type).find("32") == std::string::npos;
      if (std::string(read) == "normalized" && !int8or16) continue;
      Resource r = b.Texture("2d", f, 4, 4, 1, 0, 1);
      r.read = IsNormType(f.type) ? "normalized" : read;
      if (n++ % 2) r.memory = "pitch2d";  // every other one in pitch-linear memory
      b.Fill(&r, true);
      const std::string rt = Builder::ResultType(r);
      const int id = b.AddResource(r);
      std::vector<std::string> dtypes = {rt};
      if (rt == "f32") dtypes.push_back("f16x2");
      for (const std::string& dt : dtypes) {
        for (int k = 0; k < b.N(8); ++k) {
          In in = {};
          in[kInCoord] = Bits(static_cast<float>(b.Int(0, 3)) + 0.5f);
          in[kInCoord + 1] = Bits(static_cast<float>(b.Int(0, 3)) + 0.5f);
          b.Add("tex.format", Builder::TexPtx(r, "", dt, false), id, "plain", in);
        }
      }
    }
  }
}

// Bilinear weights: positions stepping through a texel in 1/256ths, and one f32 ulp either side
// of each step, on a float and an 8-bit normalized texture.
void TexFilterWeights(Builder& b) {
  for (const Fmt& f : {Fmt{"RGBA", "FLOAT"}, Fmt{"RGBA", "UNORM_INT8"}, Fmt{"R", "HALF_FLOAT"}}) {
    Resource r = b.Texture("2d", f, 8, 8, 1, 0, 1);
    r.read = "normalized";
    r.filter = "linear";
    r.norm = b.Chance(0.5);
    b.Fill(&r, false);
    const int id = b.AddResource(r);
    for (int k = 0; k < b.N(160); ++k) {
      const float base = static_cast<float>(b.Int(1, 6)) + static_cast<float>(b.Int(0, 255)) / 256.0f;
      float x = base, y = static_cast<float>(b.Int(1, 6)) + 0.5f;
      if (b.Chance(0.5)) std::swap(x, y);
      const int nudge = b.Int(-1, 1);
      x = nudge < 0 ? std::nextafter(x, 0.0f) : nudge > 0 ? std::nextafter(x, 99.0f) : x;
      In in = {};
      in[kInCoord] = Builder::Coord(r, x, 8);
      in[kInCoord + 1] = Builder::Coord(r, y, 8);
      b.Add("tex.filter_weights", Builder::TexPtx(r, "", "f32", false), id, "plain", in);
    }
  }
}

// Every address mode at every bound, point and linear, normalized where CUDA allows the mode.
void TexAddressModes(Builder& b) {
  for (const char* mode : {"wrap", "mirror", "clamp", "border"}) {
    for (const char* filter : {"nearest", "linear"}) {
      for (int norm = 0; norm < 2; ++norm) {
        const std::string m = mode;
        if ((m == "wrap" || m == "mirror") && !norm) continue;  // CUDA: normalized only
        Resource r = b.Texture("2d", {"RGBA", "FLOAT"}, 5, 3, 1, 0, 1);
        r.filter = filter;
        r.norm = norm;
        for (auto& a : r.address) a = mode;
        for (uint32_t& c : r.border) c = Bits(static_cast<float>(b.Int(-4, 4)) * 0.25f);
        b.Fill(&r, false);
        const int id = b.AddResource(r);
        const uint32_t ext[2] = {5, 3};
        for (int k = 0; k < b.N(40); ++k) {
          In in = {};
          for (int a = 0; a < 2; ++a) {
            const float e = static_cast<float>(ext[a]);
            const float at[] = {-1.5f, -0.5f, -0.001f, 0.0f, 0.001f, 0.5f, e - 0.5f, e - 0.001f,
                                e, e + 0.5f, 2 * e + 0.3f, -e - 0.3f, 3 * e, -2 * e + 0.25f};
            in[kInCoord + a] = Builder::Coord(r, at[b.Int(0, 13)], ext[a]);
          }
          b.Add("tex.address." + m, Builder::TexPtx(r, "", "f32", false), id, "plain", in);
        }
      }
    }
  }
}

// Border colours: any bits (NaN, negative zero, denormals) returned as they are, or blended.
void TexBorder(Builder& b) {
  for (const Fmt& f : {Fmt{"RGBA", "FLOAT"}, Fmt{"RGBA", "UNORM_INT8"}, Fmt{"R", "FLOAT"}}) {
    for (int linear = 0; linear < 2; ++linear) {
      Resource r = b.Texture("2d", f, 4, 4, 1, 0, 1);
      r.read = "normalized";
      r.filter = linear ? "linear" : "nearest";
      for (auto& a : r.address) a = "border";
      const uint32_t kBorders[] = {0x7FC00000, 0x80000000, 0x00000001, 0x3F800000, 0xBF000000,
                                   0x7F800000, 0x40490FDB};
      for (uint32_t& c : r.border) c = b.Chance(0.3) ? b.U32() : kBorders[b.Int(0, 6)];
      b.Fill(&r, false);
      const int id = b.AddResource(r);
      for (int k = 0; k < b.N(24); ++k) {
        In in = {};
        in[kInCoord] = Bits(b.Real(-2.0f, 6.0f));
        in[kInCoord + 1] = Bits(b.Chance(0.5) ? b.Real(-2.0f, 6.0f) : -0.5f);
        b.Add("tex.border", Builder::TexPtx(r, "", "f32", false), id, "plain", in);
      }
    }
  }
}

// LOD: explicit levels near every half (nearest mip) and through the fraction (linear mip), with
// bias and clamps; gradients whose length lands near each level boundary.
void TexLod(Builder& b) {
  for (const char* mip : {"nearest", "linear"}) {
    for (int clamped = 0; clamped < 2; ++clamped) {
      Resource r = b.Texture("2d", {"RGBA", "FLOAT"}, 32, 32, 1, 0, 6);
      r.mip = mip;
      r.filter = b.Chance(0.5) ? "linear" : "nearest";
      r.norm = true;
      if (clamped) {
        r.bias = static_cast<float>(b.Int(-8, 8)) * 0.25f;
        r.min_lod = static_cast<float>(b.Int(0, 4)) * 0.5f;
        r.max_lod = r.min_lod + static_cast<float>(b.Int(0, 6)) * 0.5f;
      }
      b.Fill(&r, false);
      const int id = b.AddResource(r);
      for (int k = 0; k < b.N(60); ++k) {
        In in = {};
        in[kInCoord] = Bits(b.Real(0.0f, 1.0f));
        in[kInCoord + 1] = Bits(b.Real(0.0f, 1.0f));
        float lod = static_cast<float>(b.Int(-2, 12)) * 0.5f;
        if (b.Chance(0.3)) lod += static_cast<float>(b.Int(1, 255)) / 256.0f;
        if (b.Chance(0.3)) lod = std::nextafter(lod, b.Chance(0.5) ? 99.0f : -99.0f);
        in[kInLod] = Bits(lod);
        b.Add("tex.lod.level", Builder::TexPtx(r, ".level", "f32", false), id, "plain", in);
      }
      for (int k = 0; k < b.N(60); ++k) {
        In in = {};
        in[kInCoord] = Bits(b.Real(0.0f, 1.0f));
        in[kInCoord + 1] = Bits(b.Real(0.0f, 1.0f));
        // |grad| x 32 texels = 2^lambda, lambda near a half or a whole level.
        const float lambda = static_cast<float>(b.Int(-2, 12)) * 0.5f +
                             (b.Chance(0.5) ? 0.0f : b.Real(-0.02f, 0.02f));
        const float len = std::ldexp(1.0f, 0) * std::pow(2.0f, lambda) / 32.0f;
        const float ang = b.Real(0.0f, 6.2831853f);
        in[kInDpdx] = Bits(len * std::cos(ang));
        in[kInDpdx + 1] = Bits(len * std::sin(ang));
        in[kInDpdy] = Bits(b.Chance(0.5) ? 0.0f : len * b.Real(-1.0f, 1.0f));
        in[kInDpdy + 1] = Bits(b.Chance(0.5) ? 0.0f : len * b.Real(-1.0f, 1.0f));
        b.Add("tex.lod.grad", Builder::TexPtx(r, ".grad", "f32", false, 2), id, "plain", in);
      }
    }
  }
}

// Cube maps: directions on face edges and corners (ties between the major components), seamless
// or not, point and linear.
void TexCube(Builder& b) {
  for (int seamless = 0; seamless < 2; ++seamless) {
    for (const char* filter : {"nearest", "linear"}) {
      Resource r = b.Texture("cube", {"RGBA", "FLOAT"}, 8, 8, 1, 0, 1);
      r.seamless = seamless;
      r.filter = filter;
      r.norm = true;
      b.Fill(&r, false);
      const int id = b.AddResource(r);
      for (int k = 0; k < b.N(80); ++k) {
        In in = {};
        float v[3];
        const float mag = b.Chance(0.5) ? 1.0f : b.Real(0.25f, 8.0f);
        const int major = b.Int(0, 2);
        for (int a = 0; a < 3; ++a) {
          if (a == major) {
            v[a] = mag;
          } else {
            const int kind = b.Int(0, 3);
            v[a] = kind == 0 ? mag : kind == 1 ? std::nextafter(mag, 0.0f)
                 : kind == 2 ? mag * (1.0f - 1.0f / 16.0f) : b.Real(-mag, mag);
          }
          if (b.Chance(0.5)) v[a] = -v[a];
        }
        for (int a = 0; a < 3; ++a) in[kInCoord + a] = Bits(v[a]);
        b.Add("tex.cube", Builder::TexPtx(r, "", "f32", false), id, "plain", in);
      }
    }
  }
}

// sRGB decoding before the filter (8-bit RGBA with the driver's sRGB flag).
void TexSrgb(Builder& b) {
  for (const char* filter : {"nearest", "linear"}) {
    Resource r = b.Texture("2d", {"sRGBA", "UNORM_INT8"}, 4, 4, 1, 0, 1);
    r.read = "normalized";
    r.srgb = true;
    r.filter = filter;
    b.Fill(&r, false);
    const int id = b.AddResource(r);
    for (int k = 0; k < b.N(50); ++k) {
      In in = {};
      in[kInCoord] = Bits(b.Real(0.0f, 4.0f));
      in[kInCoord + 1] = Bits(b.Real(0.0f, 4.0f));
      b.Add("tex.srgb", Builder::TexPtx(r, "", "f32", false), id, "plain", in);
    }
  }
}

// Random textures of every CUDA-expressible geometry, format and sampler; plain, .level and .grad.
void TexRandom(Builder& b) {
  const std::vector<std::string> dims = {"1d", "2d", "3d", "a1d", "a2d", "cube", "acube"};
  for (int t = 0; t < b.N(24); ++t) {
    const std::string dim = b.Pick(dims);
    const Geometry g = *Parse<Geometry>(dim);
    Fmt f = b.Pick(CudaFormats());
    uint32_t w = static_cast<uint32_t>(b.Int(1, 12)), h = 1, d = 1;
    if (dim != "1d" && dim != "a1d") h = static_cast<uint32_t>(b.Int(1, 12));
    if (dim == "3d") d = static_cast<uint32_t>(b.Int(1, 6));
    if (IsCube(g)) h = w;
    uint32_t full = 0;
    while (std::max({w, h, d}) >> full) ++full;
    Resource r = b.Texture(dim.c_str(), f, w, h, d, IsArray(g) ? static_cast<uint32_t>(b.Int(1, 3)) : 0,
                           static_cast<uint32_t>(b.Int(1, static_cast<int>(full))));
    const bool int8or16 = IsIntType(f.type) && std::string(f.type).find("32") == std::string::npos;
    r.read = IsNormType(f.type) || (int8or16 && b.Chance(0.5)) ? "normalized" : "element";
    const bool floats = Builder::ResultType(r) == "f32";
    r.filter = floats && b.Chance(0.6) ? "linear" : "nearest";
    r.mip = r.levels > 1 ? (b.Chance(0.5) ? "linear" : "nearest") : "none";
    if (!floats && r.mip == "linear") r.mip = "nearest";
    r.norm = IsCube(g) || b.Chance(0.6);
    for (auto& a : r.address) {
      a = b.Pick(std::vector<std::string>{"wrap", "mirror", "clamp", "border"});
      if (!r.norm && (a == "wrap" || a == "mirror")) a = "clamp";
    }
    for (uint32_t& c : r.border) c = Bits(static_cast<float>(b.Int(-4, 4)) * 0.25f);
    r.seamless = IsCube(g) && b.Chance(0.5);
    // A 2d texture of one level in linear memory with a row pitch, now and then.
    if (dim == "2d" && r.levels == 1 && b.Chance(0.5)) r.memory = "pitch2d";
    b.Fill(&r, false);
    const int id = b.AddResource(r);
    const int grads = dim == "1d" || dim == "a1d" ? 1 : dim == "2d" || dim == "a2d" ? 2 : 4;
    const uint32_t ext[3] = {w, h, d};
    for (int k = 0; k < b.N(25); ++k) {
      In in = {};
      int c = 0;
      if (IsArray(g)) in[kInCoord + c++] = static_cast<uint32_t>(b.Int(-1, static_cast<int>(r.layers)));
      if (IsCube(g)) {
        for (int a = 0; a < 3; ++a) in[kInCoord + c++] = Bits(b.Real(-2.0f, 2.0f));
      } else {
        const int axes = dim == "1d" || dim == "a1d" ? 1 : dim == "3d" ? 3 : 2;
        for (int a = 0; a < axes; ++a) {
          in[kInCoord + c++] = Builder::Coord(r, b.Real(-1.0f, static_cast<float>(ext[a]) + 1.0f), ext[a]);
        }
      }
      const int mode = r.levels > 1 ? b.Int(0, 2) : 0;
      in[kInLod] = Bits(b.Real(-1.0f, static_cast<float>(r.levels)));
      for (int a = 0; a < 4; ++a) {
        in[kInDpdx + a] = Bits(b.Real(-0.5f, 0.5f));
        in[kInDpdy + a] = Bits(b.Real(-0.5f, 0.5f));
      }
      const char* m = mode == 0 ? "" : mode == 1 ? ".level" : ".grad";
      b.Add("tex.random", Builder::TexPtx(r, m, Builder::ResultType(r), b.Chance(0.2), grads), id,
            "plain", in);
    }
  }
}

// ---- surfaces -------------------------------------------------------------------------------

struct SurfShape {
  const char* dim;
  uint32_t w, h, d, layers;
};
const std::vector<SurfShape>& SurfShapes() {
  static const std::vector<SurfShape> k = {
      {"1d", 9, 1, 1, 0}, {"2d", 6, 5, 1, 0}, {"3d", 4, 3, 3, 0}, {"a1d", 7, 1, 1, 3}, {"a2d", 5, 4, 1, 2}};
  return k;
}

// Surface coordinates: x in bytes (aligned, misaligned or out of range), the others in elements.
// Returns the case's kind: "" (in range, aligned), ".misaligned" or ".oob".
std::string SurfCoords(Builder& b, const Resource& r, int elem_bytes, bool oob, uint32_t* c) {
  const Geometry g = *Parse<Geometry>(r.dim);
  const uint32_t row = r.w * static_cast<uint32_t>(Info(r.order, r.type).texel_bytes);
  bool out = false;
  auto pick = [&](uint32_t n) -> uint32_t {
    if (oob && b.Chance(0.25)) {
      out = true;
      return static_cast<uint32_t>(b.Chance(0.5) ? b.Int(-3, -1) : b.Int(static_cast<int>(n), static_cast<int>(n) + 3));
    }
    return static_cast<uint32_t>(b.Int(0, static_cast<int>(n) - 1));
  };
  int k = 0;
  if (IsArray(g)) c[k++] = pick(std::max(1u, r.layers));
  uint32_t x = pick(std::max(1u, row / static_cast<uint32_t>(elem_bytes))) * static_cast<uint32_t>(elem_bytes);
  bool misaligned = false;
  if (elem_bytes > 1 && b.Chance(0.15)) {
    x += static_cast<uint32_t>(b.Int(1, elem_bytes - 1));
    misaligned = true;
  }
  if (oob && b.Chance(0.15)) {
    x = row + static_cast<uint32_t>(b.Int(0, 8));  // the bound itself, and past it
    out = true;
  }
  c[k++] = x;
  if (g == Geometry::k2d || g == Geometry::kA2d || g == Geometry::k3d) c[k++] = pick(r.h);
  if (g == Geometry::k3d) c[k++] = pick(r.d);
  return out ? ".oob" : misaligned ? ".misaligned" : "";
}

std::string SurfOperand(const Resource& r) {
  return "[%t, " + Vec("c", SurfaceCoordCount(*Parse<Geometry>(r.dim))) + "]";
}

struct Access {
  const char* vec;  // "", ".v2", ".v4"
  int n;
  const char* type;
  int bytes;
};
const std::vector<Access>& Accesses() {
  static const std::vector<Access> k = {
      {"", 1, "b8", 1},    {"", 1, "b16", 2},    {"", 1, "b32", 4},      {"", 1, "b64", 8},
      {".v2", 2, "b8", 1}, {".v2", 2, "b16", 2}, {".v2", 2, "b32", 4},   {".v2", 2, "b64", 8},
      {".v4", 4, "b8", 1}, {".v4", 4, "b16", 2}, {".v4", 4, "b32", 4}};
  return k;
}

const char* DstStem(int bytes) { return bytes == 8 ? "dd" : bytes <= 2 ? "dh" : "d"; }
const char* SrcStem(int bytes) { return bytes == 8 ? "sd" : bytes <= 2 ? "sh" : "s"; }

std::string Regs(const char* stem, int n) {
  return n == 1 ? "%" + std::string(stem) + "0" : Vec(stem, n);
}

std::vector<int> SurfaceResources(Builder& b) {
  std::vector<int> ids;
  for (const SurfShape& s : SurfShapes()) {
    for (const Fmt& f : {Fmt{"R", "UNSIGNED_INT8"}, Fmt{"RG", "SIGNED_INT16"}, Fmt{"RGBA", "UNSIGNED_INT32"},
                         Fmt{"RGBA", "HALF_FLOAT"}, Fmt{"R", "FLOAT"}, Fmt{"RGBA", "UNSIGNED_INT8"}}) {
      ids.push_back(b.AddResource(b.Surface(s.dim, f, s.w, s.h, s.d, s.layers)));
    }
  }
  // Random shapes and formats (no UNORM/SNORM: a CUDA surface has no read mode).
  for (int k = 0; k < b.N(12); ++k) {
    const SurfShape& s = b.Pick(SurfShapes());
    Fmt f = b.Pick(CudaFormats());
    while (IsNormType(f.type)) f = b.Pick(CudaFormats());
    const uint32_t w = static_cast<uint32_t>(b.Int(1, 16));
    const uint32_t h = std::string(s.dim) == "1d" || std::string(s.dim) == "a1d" ? 1 : static_cast<uint32_t>(b.Int(1, 9));
    const uint32_t d = std::string(s.dim) == "3d" ? static_cast<uint32_t>(b.Int(1, 5)) : 1;
    ids.push_back(b.AddResource(b.Surface(s.dim, f, w, h, d, s.layers ? static_cast<uint32_t>(b.Int(1, 4)) : 0)));
  }
  return ids;
}

void Surfaces(Builder& b) {
  const std::vector<int> ids = SurfaceResources(b);
  const CaseSet& cs = b.set_;
  for (int id : ids) {
    const Resource r = *cs.FindResource(id);
    for (const Access& a : Accesses()) {
      for (int k = 0; k < b.N(4); ++k) {
        In in = {};
        const char* clamp = b.Chance(0.5) ? "zero" : "clamp";
        const std::string kind = SurfCoords(b, r, a.bytes, true, in);
        b.Add(std::string("suld.b.") + clamp + kind,
              std::string("suld.b.") + r.dim + a.vec + "." + a.type + "." + clamp + " " +
                  Regs(DstStem(a.bytes), a.n) + ", " + SurfOperand(r) + ";",
              id, "plain", in);
        In st = {};
        const std::string st_kind = SurfCoords(b, r, a.bytes, true, st);
        for (int w = 0; w < 8; ++w) st[kInData + w] = b.U32();
        b.Add(std::string("sust.b.") + clamp + st_kind,
              std::string("sust.b.") + r.dim + a.vec + "." + a.type + "." + clamp + " " +
                  SurfOperand(r) + ", " + Regs(SrcStem(a.bytes), a.n) + ";",
              id, "store", st);
      }
    }
    // Formatted stores: the source's f32/s32/u32 elements converted to the surface's format.
    const FormatInfo f = Info(r.order, r.type);
    for (int k = 0; k < b.N(6); ++k) {
      In st = {};
      const std::string kind = SurfCoords(b, r, f.texel_bytes, true, st);
      for (int w = 0; w < 4; ++w) {
        st[kInData + 2 * w] = f.value_class() == ValueClass::kF32
                                  ? Bits(b.Chance(0.8) ? b.Real(-3.0f, 3.0f) : INFINITY)
                                  : b.U32();
      }
      const char* clamp = b.Chance(0.5) ? "zero" : "clamp";
      b.Add(std::string("sust.p.") + clamp + (kind == ".oob" ? kind : ""),
            std::string("sust.p.") + r.dim + ".v4.b32." + clamp + " " + SurfOperand(r) + ", " +
                Vec("s", 4) + ";",
            id, "store", st);
    }
    // Reductions: every operation on the integer types the surface's texel size allows.
    for (const char* q : {"width", "height", "depth", "channel_data_type", "channel_order",
                          "array_size", "memory_layout"}) {
      In in = {};
      b.Add("suq", std::string("suq.") + q + ".b32 %d0, [%t];", id, "plain", in);
    }
    // .trap, in range or not: each case runs alone on the GPU (a trap ends the CUDA context).
    for (int k = 0; k < b.N(2); ++k) {
      In in = {};
      const std::string kind = SurfCoords(b, r, 4, true, in);
      b.Add("suld.b.trap" + kind, std::string("suld.b.") + r.dim + ".b32.trap %d0, " + SurfOperand(r) + ";",
            id, "trap", in);
      In st = {};
      const std::string st_kind = SurfCoords(b, r, 2, true, st);
      st[kInData] = b.U32();
      b.Add("sust.b.trap" + st_kind,
            std::string("sust.b.") + r.dim + ".b16.trap " + SurfOperand(r) + ", %sh0;", id, "trap", st);
    }
    // Reductions (1d, 2d and 3d only): add on u32/u64/s32, min and max on u32/s32/u64/s64, and
    // and or on b32 (the PTX text's sured.b); sured.p add and min on b32.
    const std::string dim = r.dim;
    if (dim == "a1d" || dim == "a2d") continue;
    for (const char* op : {"add", "min", "max", "and", "or"}) {
      const std::string o = op;
      for (const char* ty : {"u32", "s32", "b32", "u64", "s64"}) {
        const std::string t = ty;
        const int bytes = t.find("64") != std::string::npos ? 8 : 4;
        const bool ok = o == "add"   ? (t == "u32" || t == "u64" || t == "s32")
                        : o == "and" || o == "or" ? t == "b32"
                                                   : t != "b32";
        if (!ok) continue;
        In st = {};
        const std::string kind = SurfCoords(b, r, bytes, b.Chance(0.3), st);
        st[kInData] = b.U32();
        st[kInData + 1] = b.U32();
        b.Add("sured.b" + kind, std::string("sured.b.") + op + "." + r.dim + "." + ty + ".clamp " +
                             SurfOperand(r) + ", " + (bytes == 8 ? "%sd0" : "%s0") + ";",
              id, "store", st);
      }
      if (std::string(op) == "add" || std::string(op) == "min") {
        In st = {};
        SurfCoords(b, r, f.texel_bytes, false, st);
        st[kInData] = b.U32();
        b.Add("sured.p", std::string("sured.p.") + op + "." + r.dim + ".b32.zero " + SurfOperand(r) + ", %s0;",
              id, "store", st);
      }
    }
  }
}

}  // namespace

CaseSet MakeCases(const CaseOptions& opt) {
  Builder b(opt);
  TexFormats(b);
  TexFilterWeights(b);
  TexAddressModes(b);
  TexBorder(b);
  TexLod(b);
  TexCube(b);
  TexSrgb(b);
  TexRandom(b);
  Surfaces(b);
  b.Unexpressible("tex.independent", "independent-mode tex (a separate sampler): CUDA texture objects carry their sampler");
  b.Unexpressible("tex.depth_compare", "tex with a depth compare operand: cudaTextureDesc has no compare mode");
  b.Unexpressible("tex.multisample", "2dms/a2dms: the CUDA runtime makes no multisample arrays");
  b.Unexpressible("tex.residency", "the |p residency predicate on non-resident tiles: sparse arrays need driver-API tile mapping");
  b.Unexpressible("tex.min_mag", "different minification and magnification filters: cudaTextureDesc has one filterMode");
  b.Unexpressible("tex.packed_formats", "565, 555, 101010, 101010_2, 24-bit, BGRA/ARGB/ABGR, A, RA, INTENSITY, LUMINANCE, DEPTH orders: no CUDA array channel format");
  b.Unexpressible("tex.unnormalized_wrap", "wrap and mirror with unnormalized coordinates: CUDA applies clamp");
  b.Unexpressible("surface.omitted_clamp", "suld/sust/sured without a clamp mode: ptxas (and so the driver's JIT) rejects the form");
  b.Unexpressible("surface.layout", "pitch or block-linear layouts chosen per case: CUDA arrays choose their own layout");
  b.Unexpressible("surface.cube", "suld/sust on cube layers through a cube surface: tsu surfaces have no cube geometry");
  return b.Take();
}

}  // namespace gpu
}  // namespace tsu
