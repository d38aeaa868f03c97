// The kernels of tb/kernels/basics.cu on the executor, against references computed here from the
// CUDA source's meaning (not from the executor's code).
#include <cmath>
#include <cstring>
#include <numeric>

#include "kernel_fixture.h"

namespace tsu::exec::test {
namespace {

class Basics : public KernelTest {
 protected:
  void SetUp() override { mod = Load("basics.ptx"); ASSERT_GE(mod, 0); }
  int mod = -1;
};

TEST_F(Basics, Saxpy) {
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.25f * static_cast<float>(i) - 3.0f;
    y[i] = 1.0f / static_cast<float>(i + 1);
  }
  const uint64_t px = Upload(x), py = Upload(y);
  const LaunchReport r = Run(mod, "saxpy", {4}, {256}, {Int(n), Flt(1.5), Ptr(px), Ptr(py)});
  const std::vector<float> got = Download<float>(py, n);
  for (int i = 0; i < n; ++i) {
    // nvcc contracts a * x + y into one fma.rn.f32.
    ASSERT_EQ(got[i], std::fma(1.5f, x[i], y[i])) << i;
  }
  EXPECT_EQ(r.ctas, 4u);
  EXPECT_EQ(r.threads, 1024u);
  EXPECT_GT(r.families.at("memory"), 0u);
}

TEST_F(Basics, ReduceSumWithShuffles) {
  const int n = 5000;
  std::vector<float> in(n);
  double want = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = static_cast<float>(i % 17);  // small integers: every order of summation is exact
    want += in[i];
  }
  const uint64_t pin = Upload(in), pout = Upload(std::vector<float>{0.0f});
  const LaunchReport r = Run(mod, "reduce_sum", {3}, {320}, {Ptr(pin), Ptr(pout), Int(n)});
  EXPECT_EQ(Download<float>(pout, 1)[0], static_cast<float>(want));
  EXPECT_EQ(r.barriers, 3u);  // one __syncthreads per CTA
  EXPECT_GT(r.families.at("warp"), 0u);
}

unsigned Collatz(unsigned long long x) {
  unsigned s = 0;
  while (x != 1) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    ++s;
  }
  return s;
}
int Fib(int n) { return n < 2 ? n : Fib(n - 1) + Fib(n - 2); }

TEST_F(Basics, DivergentLoopsAndCalls) {
  const int n = 300;
  const uint64_t ps = Upload(std::vector<unsigned>(n, 0)), pf = Upload(std::vector<int>(n, 0));
  Run(mod, "divergent", {3}, {128}, {Ptr(ps), Ptr(pf), Int(n)});
  const std::vector<unsigned> steps = Download<unsigned>(ps, n);
  const std::vector<int> fibs = Download<int>(pf, n);
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(steps[i], Collatz(static_cast<unsigned long long>(i) + 1)) << i;
    int want;
    if (i % 3 == 0) {
      want = Fib(i % 16);
    } else if (i % 3 == 1) {
      want = -i;
    } else {
      want = 0;
      for (int k = 0; k < i; ++k) want += (k ^ i) & 7;
    }
    ASSERT_EQ(fibs[i], want) << i;
  }
}

TEST_F(Basics, HistogramWithAtomics) {
  const int n = 10000;
  std::vector<unsigned char> data(n);
  std::vector<unsigned> want(256, 0);
  uint32_t s = 12345;
  for (int i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    data[i] = static_cast<unsigned char>((s >> 24) & ((i & 1) ? 0xff : 0x0f));
    ++want[data[i]];
  }
  const uint64_t pd = Upload(data), pb = Upload(std::vector<unsigned>(256, 0));
  const LaunchReport r = Run(mod, "histogram_atomic", {5}, {192}, {Ptr(pd), Ptr(pb), Int(n)});
  EXPECT_EQ(Download<unsigned>(pb, 256), want);
  EXPECT_GT(r.families.at("atomic"), 0u);
}

uint32_t BytePerm(uint32_t x, uint32_t y, uint32_t s) {  // CUDA's __byte_perm
  const uint64_t v = (uint64_t{y} << 32) | x;
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) r |= static_cast<uint32_t>((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}

TEST_F(Basics, BitIntrinsicsVotesAndScan) {
  const int n = 64;
  std::vector<unsigned> in(n);
  for (int i = 0; i < n; ++i) in[i] = 0x9e3779b9u * static_cast<unsigned>(i + 1) ^ (i * 7919u);
  const uint64_t pin = Upload(in), pout = Upload(std::vector<unsigned>(8 * n, 0));
  Run(mod, "bits", {2}, {32}, {Ptr(pin), Ptr(pout)});
  const std::vector<unsigned> out = Download<unsigned>(pout, 8 * n);
  for (int w = 0; w < 2; ++w) {
    unsigned ballot = 0, scan = 0;
    for (int l = 0; l < 32; ++l) ballot |= (in[32 * w + l] & 1) << l;
    for (int l = 0; l < 32; ++l) {
      const int i = 32 * w + l;
      const unsigned v = in[i];
      const unsigned* o = &out[8 * i];
      unsigned brev = 0;
      for (int b = 0; b < 32; ++b) brev |= ((v >> b) & 1) << (31 - b);
      EXPECT_EQ(o[0], static_cast<unsigned>(__builtin_popcount(v))) << i;
      EXPECT_EQ(o[1], v == 0 ? 32u : static_cast<unsigned>(__builtin_clz(v))) << i;
      EXPECT_EQ(o[2], brev) << i;
      EXPECT_EQ(o[3], BytePerm(v, 0x12345678u, 0x3210 ^ (i & 0x7777))) << i;
      const unsigned sh = static_cast<unsigned>(i) & 31;
      const uint64_t wide = (uint64_t{0xdeadbeefu} << 32) | v;
      EXPECT_EQ(o[4], static_cast<unsigned>((wide << sh) >> 32)) << i;
      EXPECT_EQ(o[5], ballot) << i;
      const unsigned hi = static_cast<unsigned>((uint64_t{v} * 0x9e3779b9u) >> 32);
      EXPECT_EQ(o[6], hi ^ static_cast<unsigned>(__builtin_ffs(static_cast<int>(v)))) << i;
      scan += v & 0xff;
      EXPECT_EQ(o[7], scan) << i;
    }
  }
}

TEST_F(Basics, MathPreciseExactApproxWithinBounds) {
  const int n = 256;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i) * 0.37f + 0.001f;
  const uint64_t px = Upload(x), pf = Upload(std::vector<float>(6 * n)),
                 pd = Upload(std::vector<double>(2 * n));
  Run(mod, "math", {2}, {128}, {Ptr(px), Ptr(pf), Ptr(pd), Int(n)});
  const std::vector<float> f = Download<float>(pf, 6 * n);
  const std::vector<double> d = Download<double>(pd, 2 * n);
  for (int i = 0; i < n; ++i) {
    const float v = x[i];
    // Correctly rounded: bit-exact.
    EXPECT_EQ(f[6 * i + 0], std::sqrt(v) / (v + 1.0f)) << i;
    EXPECT_EQ(f[6 * i + 3], std::fma(v, v, -2.0f)) << i;
    EXPECT_EQ(f[6 * i + 5], static_cast<float>(static_cast<int>(v * 100.0f)) + static_cast<float>(i)) << i;
    const double w = v;
    EXPECT_EQ(d[2 * i + 0], w * w / (w + 3.0)) << i;
    EXPECT_EQ(d[2 * i + 1], std::sqrt(w + 1.0) + static_cast<double>(i)) << i;
    // .approx: within the bounds the PTX text states (sin/cos 2^-20.5 absolute on [-pi, pi] after
    // nvcc's range handling; ex2/lg2 2 ulp; rsqrt 2^-22.9 relative).
    EXPECT_NEAR(f[6 * i + 1], std::sin(static_cast<double>(v)) + std::cos(static_cast<double>(v)),
                4e-6 * (1 + std::fabs(v))) << i;
    const double e = std::exp(-static_cast<double>(v)) * std::log(static_cast<double>(v) + 2.0);
    EXPECT_NEAR(f[6 * i + 2], e, 4e-6 * std::fabs(e) + 1e-30) << i;
    const double rs = 1.0 / std::sqrt(static_cast<double>(v) + 1.0);
    EXPECT_NEAR(f[6 * i + 4], rs, std::ldexp(rs, -22)) << i;
  }
}

TEST_F(Basics, SimdIntrinsics) {
  const int n = 64;
  std::vector<unsigned> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[static_cast<size_t>(i)] = 0x9e3779b9u * static_cast<unsigned>(i + 3);
    b[static_cast<size_t>(i)] = 0x85ebca6bu * static_cast<unsigned>(i + 7);
  }
  const uint64_t pa = Upload(a), pb = Upload(b), po = Upload(std::vector<unsigned>(4 * n, 0));
  Run(mod, "simd", {2}, {32}, {Ptr(pa), Ptr(pb), Ptr(po)});
  const std::vector<unsigned> o = Download<unsigned>(po, 4 * n);
  for (int i = 0; i < n; ++i) {
    const unsigned x = a[static_cast<size_t>(i)], y = b[static_cast<size_t>(i)];
    unsigned absdiff = 0, sad = 0, mx = 0;
    for (int k = 0; k < 4; ++k) {
      const unsigned p = (x >> (8 * k)) & 0xff, q = (y >> (8 * k)) & 0xff;
      absdiff |= (p > q ? p - q : q - p) << (8 * k);
      sad += p > q ? p - q : q - p;
      mx |= (p > q ? p : q) << (8 * k);
    }
    const unsigned add2 = ((x + y) & 0xffffu) | (((x >> 16) + (y >> 16)) << 16);
    EXPECT_EQ(o[4 * static_cast<size_t>(i) + 0], absdiff) << i;
    EXPECT_EQ(o[4 * static_cast<size_t>(i) + 1], sad) << i;
    EXPECT_EQ(o[4 * static_cast<size_t>(i) + 2], mx) << i;
    EXPECT_EQ(o[4 * static_cast<size_t>(i) + 3], add2) << i;
  }
}

}  // namespace
}  // namespace tsu::exec::test
