// Bit-exact sampling arithmetic (docs/semantics.md T2-T9).
#include "tsu/tex_math.h"

#include "tsu/float_bits.h"
#include "tsu/format.h"
#include "tsu/geometry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace tsu {
namespace {

int64_t Sat(double v, int64_t lo, int64_t hi) {
  if (std::isnan(v)) return 0;
  if (v <= static_cast<double>(lo)) return lo;
  if (v >= static_cast<double>(hi)) return hi;
  return static_cast<int64_t>(v);
}

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t Mod(int64_t a, int64_t n) { return a - FloorDiv(a, n) * n; }

}  // namespace

int64_t NearestIndex(float x) {
  // x * 256 is exact in double; floor of it, saturated to int32, then >> 8 == floor(x).
  const int64_t fx = Sat(std::floor(static_cast<double>(x) * 256.0), INT32_MIN, INT32_MAX);
  return fx >> 8;
}

int64_t LinearFixed(float x) {
  // floor(x*256 - 127.5) == floor(x*256 + 0.5) - 128, both exact in double.
  const double v = std::floor(static_cast<double>(x) * 256.0 + 0.5) - 128.0;
  return Sat(v, INT32_MIN, INT32_MAX);
}

bool WrapIndex(int64_t i, uint32_t n, AddressMode mode, bool normalized, int64_t* out) {
  const int64_t N = n;
  if (!normalized && (mode == AddressMode::kWrap || mode == AddressMode::kMirror)) {
    mode = AddressMode::kClamp;
  }
  switch (mode) {
    case AddressMode::kWrap:
      *out = Mod(i, N);
      return true;
    case AddressMode::kMirror: {
      const int64_t m = Mod(i, 2 * N) - N;
      *out = (N - 1) - (m >= 0 ? m : -(1 + m));
      return true;
    }
    case AddressMode::kClamp:
      *out = i < 0 ? 0 : i >= N ? N - 1 : i;
      return true;
    case AddressMode::kBorder:
      *out = i;
      return i >= 0 && i < N;
  }
  return false;
}

namespace {

bool IsNaNBits(uint32_t x) { return (x & 0x7F800000u) == 0x7F800000u && (x & 0x007FFFFFu) != 0; }

// The NaN rule of T14 for an operation on a, b whose host result is r.
uint32_t NaNRule(uint32_t a, uint32_t b, float r) {
  if (IsNaNBits(a)) return a | 0x00400000u;
  if (IsNaNBits(b)) return b | 0x00400000u;
  return std::isnan(r) ? kDefaultNaN : AsBits(r);
}

}  // namespace

// The host's binary32 operations are IEEE RNE with subnormals (x86-64 SSE, no FTZ/DAZ; the model
// is compiled with -ffp-contract=off); only their NaN results are host-specific, hence NaNRule.
uint32_t F32Add(uint32_t a, uint32_t b) { return NaNRule(a, b, AsFloat(a) + AsFloat(b)); }
uint32_t F32Sub(uint32_t a, uint32_t b) { return NaNRule(a, b, AsFloat(a) - AsFloat(b)); }
uint32_t F32Mul(uint32_t a, uint32_t b) { return NaNRule(a, b, AsFloat(a) * AsFloat(b)); }
uint32_t F32Div(uint32_t a, uint32_t b) { return NaNRule(a, b, AsFloat(a) / AsFloat(b)); }

float Lerp(float a, float b, uint32_t w) {
  const uint32_t fw = AsBits(static_cast<float>(w) * (1.0f / 256.0f));  // exact
  const uint32_t d = F32Sub(AsBits(b), AsBits(a));
  const uint32_t p = F32Mul(d, fw);
  return AsFloat(F32Add(AsBits(a), p));
}

void FilterTaps(FilterTap* taps, uint32_t ranks, uint32_t out[4]) {
  int n = 1 << __builtin_popcount(ranks & 15u);
  for (int r = 0; r < 4; ++r) {
    if (!((ranks >> r) & 1u)) continue;
    n /= 2;
    for (int k = 0; k < n; ++k) {
      FilterTap m = taps[2 * k];
      for (int c = 0; c < 4; ++c) {
        m.c[c] = AsBits(Lerp(AsFloat(taps[2 * k].c[c]), AsFloat(taps[2 * k + 1].c[c]), m.w[r]));
      }
      taps[k] = m;
    }
  }
  for (int c = 0; c < 4; ++c) out[c] = taps[0].c[c];
}

int32_t F32ToLod(float v) {
  return static_cast<int32_t>(Sat(std::floor(static_cast<double>(v) * 256.0 + 0.5), -kLodSat, kLodSat));
}

int32_t BiasAndClampLod(int32_t lambda, int32_t bias, int32_t min_lod, int32_t max_lod) {
  int64_t l = static_cast<int64_t>(lambda) + bias;
  l = std::max<int64_t>(l, min_lod);
  l = std::min<int64_t>(l, max_lod);
  return static_cast<int32_t>(std::min<int64_t>(std::max<int64_t>(l, -kLodSat), kLodSat));
}

LevelSelect SelectLevels(int32_t lambda, MipFilter mip, uint32_t levels, bool blend) {
  LevelSelect r;
  r.minify = lambda > 0;
  const uint32_t last = levels - 1;
  if (r.minify && mip == MipFilter::kNearest) {
    r.level = static_cast<uint32_t>(std::min<int64_t>((lambda + 127) >> 8, last));
  } else if (r.minify && mip == MipFilter::kLinear) {
    const int64_t d = std::min<int64_t>(lambda, static_cast<int64_t>(last) * 256);
    r.level = static_cast<uint32_t>(d >> 8);
    r.frac = blend ? static_cast<uint32_t>(d & 255) : 0;
    r.next = std::min(r.level + 1, last);
  }
  return r;
}

uint32_t Log2Table(uint32_t k) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      // No entry is within 1e-3 of a rounding tie (tex_math_test checks it), so the double
      // computation gives the exact table on every conforming libm.
      t[i] = static_cast<uint32_t>(std::floor(256.0 * std::log2(1.0 + (i + 0.5) / 256.0) + 0.5));
    }
    return t;
  }();
  return table[k & 255];
}

int32_t LodFromRho2(float rho2) {
  const uint32_t u = AsBits(rho2);
  const uint32_t exp = (u >> 23) & 0xFF;
  if (std::isnan(rho2) || (exp == 0xFF)) return (u >> 31) && !std::isnan(rho2) ? -kLodSat : kLodSat;
  if ((u >> 31) || exp == 0) return -kLodSat;  // negative, zero or subnormal
  const int32_t e = static_cast<int32_t>(exp) - 127;
  const int32_t l2 = 256 * e + static_cast<int32_t>(Log2Table((u >> 15) & 0xFF));
  const int32_t half = l2 >= 0 ? l2 / 2 : -((-l2 + 1) / 2);  // floor(l2 / 2)
  return half < -kLodSat ? -kLodSat : half > kLodSat ? kLodSat : half;
}

uint32_t GradRho2(const uint32_t dpdx[3], const uint32_t dpdy[3], int axes, bool scale,
                  const uint32_t size[3]) {
  uint32_t sum[2];
  for (int d = 0; d < 2; ++d) {
    const uint32_t* g = d == 0 ? dpdx : dpdy;
    uint32_t r = 0;
    for (int a = 0; a < axes; ++a) {
      const uint32_t u = scale ? F32Mul(g[a], AsBits(static_cast<float>(size[a]))) : g[a];
      const uint32_t sq = F32Mul(u, u);
      r = a == 0 ? sq : F32Add(r, sq);
    }
    sum[d] = r;
  }
  return AsFloat(sum[0]) >= AsFloat(sum[1]) ? sum[0] : sum[1];
}

uint32_t CubeGradRho2(int face, uint32_t sc, uint32_t tc, uint32_t ma, const uint32_t dpdx[3],
                      const uint32_t dpdy[3], uint32_t width) {
  const uint32_t den = F32Mul(ma, ma);
  const uint32_t half_n = AsBits(0.5f * static_cast<float>(width));  // exact: width < 2^24
  uint32_t sum[2];
  for (int d = 0; d < 2; ++d) {
    const uint32_t* g = d == 0 ? dpdx : dpdy;
    // The gradient through the face table (sign flips only), and the signed major axis's partial.
    float dsc, dtc, dma_abs;
    CubeFaceAxes(face, AsFloat(g[0]), AsFloat(g[1]), AsFloat(g[2]), &dsc, &dtc, &dma_abs);
    const uint32_t dma = g[face / 2] ^ (face % 2 == 0 ? 0u : 0x80000000u);
    // d(sc / ma) = (dsc * ma - sc * dma) / ma^2, scaled by N/2, and the same for t.
    auto partial = [&](uint32_t dx, uint32_t x) {
      return F32Mul(F32Div(F32Sub(F32Mul(dx, ma), F32Mul(x, dma)), den), half_n);
    };
    const uint32_t u0 = partial(AsBits(dsc), sc);
    const uint32_t u1 = partial(AsBits(dtc), tc);
    sum[d] = F32Add(F32Mul(u0, u0), F32Mul(u1, u1));
  }
  return AsFloat(sum[0]) >= AsFloat(sum[1]) ? sum[0] : sum[1];
}

void CubeFaceAxes(int face, float x, float y, float z, float* sc, float* tc, float* ma) {
  switch (face) {
    case 0: *sc = -z, *tc = -y, *ma = std::fabs(x); break;
    case 1: *sc = z, *tc = -y, *ma = std::fabs(x); break;
    case 2: *sc = x, *tc = z, *ma = std::fabs(y); break;
    case 3: *sc = x, *tc = -z, *ma = std::fabs(y); break;
    case 4: *sc = x, *tc = -y, *ma = std::fabs(z); break;
    default: *sc = -x, *tc = -y, *ma = std::fabs(z); break;
  }
}

CubeFace SelectCubeFace(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  CubeFace f;
  // NaN compares false: a NaN component never wins, an all-NaN vector picks x.
  if (az >= ay && az >= ax) {
    f.face = std::signbit(z) ? 5 : 4;
  } else if (ay >= ax) {
    f.face = std::signbit(y) ? 3 : 2;
  } else {
    f.face = std::signbit(x) ? 1 : 0;
  }
  CubeFaceAxes(f.face, x, y, z, &f.sc, &f.tc, &f.ma);
  const uint32_t one = AsBits(1.0f), half = AsBits(0.5f);
  f.s = AsFloat(F32Mul(F32Add(F32Div(AsBits(f.sc), AsBits(f.ma)), one), half));
  f.t = AsFloat(F32Mul(F32Add(F32Div(AsBits(f.tc), AsBits(f.ma)), one), half));
  return f;
}

TexElements SelectTexElements(Geometry g, const uint32_t coords[4], uint32_t array_size,
                              uint32_t samples) {
  TexElements e;
  if (IsArray(g)) {
    e.layer = std::min(coords[0], array_size - 1);
    e.first = 1;
  }
  if (IsMultisample(g)) {
    e.sample = std::min(coords[e.first], samples - 1);
    ++e.first;
  }
  return e;
}

uint32_t ClampLevelOperand(uint32_t lod, uint32_t levels) {
  const int32_t l = static_cast<int32_t>(lod);
  return static_cast<uint32_t>(std::min<int64_t>(std::max<int64_t>(l, 0), int64_t{levels} - 1));
}

int32_t TexOffset(uint32_t element) { return static_cast<int32_t>((element & 0xFu) ^ 8u) - 8; }

void FirstTap(float x, int32_t offset, bool linear, int64_t* i0, uint32_t* weight) {
  if (!linear) {
    *i0 = NearestIndex(x) + offset;
    *weight = 0;
    return;
  }
  const int64_t fx = LinearFixed(x) + static_cast<int64_t>(offset) * 256;
  *i0 = fx >> 8;
  *weight = static_cast<uint32_t>(fx & 255);
}

int CubeTapTexels(int face, int64_t i, int64_t j, uint32_t n, bool seamless, CubeTexel out[3]) {
  const int64_t N = n;
  const int64_t ti = std::min<int64_t>(std::max<int64_t>(i, -1), N);
  const int64_t tj = std::min<int64_t>(std::max<int64_t>(j, -1), N);
  const bool out_i = ti < 0 || ti >= N, out_j = tj < 0 || tj >= N;
  const int64_t ci = std::min(std::max<int64_t>(ti, 0), N - 1);
  const int64_t cj = std::min(std::max<int64_t>(tj, 0), N - 1);
  const auto adjacent = [&](int64_t a, int64_t b) {
    CubeTexel t;
    CubeAdjacent(face, a, b, n, &t.face, &t.i, &t.j);
    return t;
  };
  out[0] = CubeTexel{face, ci, cj};
  if (!seamless || (!out_i && !out_j)) return 1;
  if (out_i && out_j) {
    out[1] = adjacent(ti, cj);
    out[2] = adjacent(ci, tj);
    return 3;
  }
  out[0] = adjacent(ti, tj);
  return 1;
}

void CubeAdjacent(int face, int64_t i, int64_t j, uint32_t n, int* face_out, int64_t* i_out,
                  int64_t* j_out) {
  const int64_t N = n;
  // Texel centre in units of 1/N of the face half-width: sc = (2i + 1 - N) / N, major = 1.
  const int64_t scn = 2 * i + 1 - N, tcn = 2 * j + 1 - N;
  int64_t d[3];  // direction x, y, z in the same units
  switch (face) {
    case 0: d[0] = N, d[1] = -tcn, d[2] = -scn; break;
    case 1: d[0] = -N, d[1] = -tcn, d[2] = scn; break;
    case 2: d[1] = N, d[0] = scn, d[2] = tcn; break;
    case 3: d[1] = -N, d[0] = scn, d[2] = -tcn; break;
    case 4: d[2] = N, d[0] = scn, d[1] = -tcn; break;
    default: d[2] = -N, d[0] = -scn, d[1] = -tcn; break;
  }
  const int64_t ax = std::llabs(d[0]), ay = std::llabs(d[1]), az = std::llabs(d[2]);
  int f;
  if (az >= ay && az >= ax) {
    f = d[2] < 0 ? 5 : 4;
  } else if (ay >= ax) {
    f = d[1] < 0 ? 3 : 2;
  } else {
    f = d[0] < 0 ? 1 : 0;
  }
  int64_t sc, tc, ma;
  switch (f) {
    case 0: sc = -d[2], tc = -d[1], ma = ax; break;
    case 1: sc = d[2], tc = -d[1], ma = ax; break;
    case 2: sc = d[0], tc = d[2], ma = ay; break;
    case 3: sc = d[0], tc = -d[2], ma = ay; break;
    case 4: sc = d[0], tc = -d[1], ma = az; break;
    default: sc = -d[0], tc = -d[1], ma = az; break;
  }
  // index = floor((sc / ma + 1) / 2 * N), exactly; clamped (the centre lies inside the face).
  auto idx = [&](int64_t c) {
    const int64_t v = FloorDiv((c + ma) * N, 2 * ma);
    return v < 0 ? 0 : v >= N ? N - 1 : v;
  };
  *face_out = f;
  *i_out = idx(sc);
  *j_out = idx(tc);
}

uint32_t CubeCornerMean(uint32_t a, uint32_t b, uint32_t c) {
  constexpr uint32_t kOneThird = 0x3EAAAAABu;  // 1/3 rounded to nearest: 0.3333333432674408
  return F32Mul(F32Add(F32Add(a, b), c), kOneThird);
}

uint32_t SrgbToLinear(uint32_t code) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      const double c = i / 255.0;
      const double l = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
      t[i] = AsBits(static_cast<float>(l));
    }
    return t;
  }();
  return table[code & 255];
}

uint32_t F32ToS32Sat(uint32_t f32_bits) {
  const float f = AsFloat(f32_bits);
  return static_cast<uint32_t>(static_cast<int32_t>(Sat(std::trunc(static_cast<double>(f)), INT32_MIN, INT32_MAX)));
}

uint32_t F32ToU32Sat(uint32_t f32_bits) {
  const float f = AsFloat(f32_bits);
  return static_cast<uint32_t>(Sat(std::trunc(static_cast<double>(f)), 0, UINT32_MAX));
}

void ConvertResult(const uint32_t c[4], bool float_result, bool sint, DataType type,
                   uint32_t out[4], int* count) {
  uint32_t f[4];  // the f32 view of the result
  for (int k = 0; k < 4; ++k) {
    if (float_result) {
      f[k] = c[k];
    } else {
      f[k] = sint ? AsBits(static_cast<float>(static_cast<int32_t>(c[k])))
                  : AsBits(static_cast<float>(c[k]));
    }
  }
  *count = 4;
  switch (type) {
    case DataType::kF32:
      for (int k = 0; k < 4; ++k) out[k] = f[k];
      break;
    case DataType::kF16:
      for (int k = 0; k < 4; ++k) out[k] = F32ToF16(f[k]);
      break;
    case DataType::kF16x2:
      out[0] = F32ToF16(f[0]) | (static_cast<uint32_t>(F32ToF16(f[1])) << 16);
      out[1] = F32ToF16(f[2]) | (static_cast<uint32_t>(F32ToF16(f[3])) << 16);
      *count = 2;
      break;
    case DataType::kS32:
      for (int k = 0; k < 4; ++k) out[k] = float_result ? F32ToS32Sat(f[k]) : c[k];
      break;
    default:  // kU32
      for (int k = 0; k < 4; ++k) out[k] = float_result ? F32ToU32Sat(f[k]) : c[k];
      break;
  }
}

Response FinishTexResponse(const Response& sampled, bool bad_level, bool resident) {
  if (bad_level) {
    Response trap;
    trap.executed = true;
    trap.trap = TrapCause::kInvalidHandle;
    return trap;
  }
  Response out = sampled;
  if (!resident) {
    for (uint64_t& d : out.data) d = 0;
    out.pred = false;
  }
  return out;
}

}  // namespace tsu
