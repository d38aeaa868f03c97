// Control flow and warp primitives (tb/kernels/control.cu, and hand-written PTX for forms nvcc
// does not emit from CUDA C): indirect calls with divergent targets, a dense switch, match,
// redux, votes, block votes through bar.red, exits and early returns inside device functions,
// brx.idx.
#include <gmock/gmock.h>

#include "kernel_fixture.h"

namespace tsu::exec::test {
namespace {

class Control : public KernelTest {
 protected:
  void SetUp() override {
    mod = Load("control.ptx");
    ASSERT_GE(mod, 0);
  }
  int mod = -1;
};

TEST_F(Control, IndirectCallsWithDivergentTargets) {
  const int n = 100;
  const uint64_t out = Upload(std::vector<int>(n, 0));
  const LaunchReport r = Run(mod, "indirect_calls", {1}, {128}, {Ptr(out), Int(n)});
  const std::vector<int> got = Download<int>(out, n);
  for (int i = 0; i < n; ++i) {
    const int want = i % 3 == 0 ? 2 * i : i % 3 == 1 ? i * i : -i;
    ASSERT_EQ(got[static_cast<size_t>(i)], want) << i;
  }
  EXPECT_GT(r.families.at("control"), 0u);
}

TEST_F(Control, DenseSwitch) {
  const int n = 200;
  const uint64_t out = Upload(std::vector<int>(n, 0));
  Run(mod, "dense_switch", {2}, {128}, {Ptr(out), Int(n)});
  const std::vector<int> got = Download<int>(out, n);
  for (int i = 0; i < n; ++i) {
    int v;
    switch (i % 7) {
      case 0: v = i + 100; break;
      case 1: v = i * 3; break;
      case 2: v = i ^ 0x55; break;
      case 3: v = i - 7; break;
      case 4: v = i << 2; break;
      case 5: v = ~i; break;
      default: v = i / 3; break;
    }
    ASSERT_EQ(got[static_cast<size_t>(i)], v) << i;
  }
}

TEST_F(Control, MatchReduxAndVotes) {
  std::vector<unsigned> in(64);
  for (int i = 0; i < 64; ++i) in[static_cast<size_t>(i)] = static_cast<unsigned>(i * 2654435761u >> 7);
  in[40] = 12345;  // warp 1: not all differ from 12345
  const uint64_t pin = Upload(in), pout = Upload(std::vector<unsigned>(6 * 64, 0));
  Run(mod, "warp_collectives", {2}, {32}, {Ptr(pin), Ptr(pout)});
  const std::vector<unsigned> out = Download<unsigned>(pout, 6 * 64);
  for (int w = 0; w < 2; ++w) {
    unsigned sum = 0, mx = 0;
    bool all = true, any = false;
    for (int l = 0; l < 32; ++l) {
      const unsigned v = in[static_cast<size_t>(32 * w + l)];
      sum += v & 0xff;
      mx = std::max(mx, v & 0xfff);
      all = all && v != 12345;
      any = any || (v & 31) == 0;
    }
    for (int l = 0; l < 32; ++l) {
      const size_t i = static_cast<size_t>(32 * w + l);
      unsigned same = 0;
      for (int k = 0; k < 32; ++k) {
        if ((in[static_cast<size_t>(32 * w + k)] & 7) == (in[i] & 7)) same |= 1u << k;
      }
      EXPECT_EQ(out[6 * i + 0], same) << i;
      EXPECT_EQ(out[6 * i + 1], 0xffffffffu) << i;  // every lane's v & 0 is 0
      EXPECT_EQ(out[6 * i + 2], 1u) << i;
      EXPECT_EQ(out[6 * i + 3], sum) << i;
      EXPECT_EQ(out[6 * i + 4], mx) << i;
      EXPECT_EQ(out[6 * i + 5], (all ? 1u : 0u) + 2 * (any ? 1u : 0u)) << i;
    }
  }
}

TEST_F(Control, BlockVotesThroughBarRed) {
  std::vector<int> in(3 * 96);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>(i % 5) - 1;  // -1..3
  in[100] = 42;
  in[200] = -5000;
  const uint64_t pin = Upload(in), pout = Upload(std::vector<int>(9, -1));
  const LaunchReport r = Run(mod, "block_votes", {3}, {96}, {Ptr(pin), Ptr(pout)});
  const std::vector<int> out = Download<int>(pout, 9);
  for (int b = 0; b < 3; ++b) {
    int count = 0;
    bool all = true, any = false;
    for (int t = 0; t < 96; ++t) {
      const int v = in[static_cast<size_t>(96 * b + t)];
      count += v > 0;
      all = all && v > -1000;
      any = any || v == 42;
    }
    EXPECT_EQ(out[static_cast<size_t>(3 * b)], count) << b;
    EXPECT_EQ(out[static_cast<size_t>(3 * b + 1)], all ? 1 : 0) << b;
    EXPECT_EQ(out[static_cast<size_t>(3 * b + 2)], any ? 1 : 0) << b;
  }
  EXPECT_EQ(r.barriers, 9u);
}

TEST_F(Control, EarlyReturnsAndExitsInsideCalls) {
  const int n = 300;
  const uint64_t out = Upload(std::vector<int>(n, -7)), log = Upload(std::vector<int>(n, 0));
  Run(mod, "early_exits", {3}, {128}, {Ptr(out), Ptr(log), Int(n)});
  const std::vector<int> got = Download<int>(out, n), logged = Download<int>(log, n);
  for (int i = 0; i < n; ++i) {
    int x = i;
    bool exited = false;
    if (x % 4 != 0) {
      for (int k = 0; k < x % 5; ++k) x += k;
      if (x > 1000) exited = true;
      x = x + 1;
    }
    if (exited) {
      ASSERT_EQ(got[static_cast<size_t>(i)], -7) << i;  // the thread exited before storing
      ASSERT_EQ(logged[static_cast<size_t>(i)], x - 1) << i;
    } else {
      ASSERT_EQ(got[static_cast<size_t>(i)], x) << i;
    }
  }
}

// brx.idx: nvcc emits it for jump tables only from some front ends; written by hand here.
TEST(ExecControl, BrxIdxDivergesAndReconverges) {
  const std::string text = R"(.version 9.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	rem.u32 %r2, %r1, 3;
	mov.u32 %r3, 0;
	$L_targets: .branchtargets $L0, $L1, $L2;
	brx.idx %r2, $L_targets;
$L0:
	add.u32 %r3, %r3, 10;
	bra.uni $L_join;
$L1:
	add.u32 %r3, %r3, 20;
	bra.uni $L_join;
$L2:
	add.u32 %r3, %r3, 30;
$L_join:
	activemask.b32 %r4;
	add.u32 %r3, %r3, %r4;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}
)";
  Device dev;
  std::string err;
  const int m = dev.LoadModule(text, "brx.ptx", &err);
  ASSERT_GE(m, 0) << err;
  const uint64_t out = dev.Malloc(32 * 4);
  LaunchConfig c;
  c.block = {32};
  ASSERT_TRUE(PackParams(dev.program(m).functions[0], {ArgValue{out}}, &c.params, &err)) << err;
  const LaunchReport r = dev.Launch(m, 0, c);
  ASSERT_TRUE(r.ok) << r.error;
  std::vector<uint32_t> got(32);
  ASSERT_TRUE(dev.CopyFromDevice(got.data(), out, 128, &err));
  for (uint32_t t = 0; t < 32; ++t) {
    // After the join every lane is active again: activemask is the whole warp.
    EXPECT_EQ(got[t], 10 * (t % 3 + 1) + 0xffffffffu) << t;
  }
}

}  // namespace
}  // namespace tsu::exec::test
