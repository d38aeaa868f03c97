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

// Atomics of every operation on global and shared memory, 64 threads contending for one word each:
// the results are what lane order gives (docs/semantics.md X6).
TEST(ExecAtomics, EveryOperationOnGlobalAndShared) {
  const std::string text = R"(.version 9.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 g)
{
	.shared .align 8 .b8 s[16];
	.reg .b32 %r<12>;
	.reg .b64 %rd<6>;
	.reg .pred %p<2>;
	ld.param.u64 %rd1, [g];
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra $L_init_done;
	st.shared.u32 [s], 1000;
	st.shared.u32 [s+4], 0;
$L_init_done:
	bar.sync 0;
	atom.global.add.u32 %r2, [%rd1], %r1;
	atom.global.min.s32 %r3, [%rd1+4], %r1;
	atom.global.max.u32 %r3, [%rd1+8], %r1;
	atom.global.inc.u32 %r3, [%rd1+12], 9;
	atom.global.dec.u32 %r3, [%rd1+16], 100;
	atom.global.and.b32 %r3, [%rd1+20], -2;
	atom.global.or.b32 %r3, [%rd1+24], %r1;
	atom.global.xor.b32 %r3, [%rd1+28], 1;
	atom.global.exch.b32 %r4, [%rd1+32], %r1;
	atom.global.cas.b32 %r5, [%rd1+36], 5, %r1;
	atom.global.add.f32 %r6, [%rd1+40], 0f3F000000;
	atom.global.add.noftz.f16x2 %r7, [%rd1+44], 0x3c003c00;
	red.global.add.u64 [%rd1+48], 3;
	atom.shared.add.u32 %r8, [s], %r1;
	atom.shared.max.s32 %r9, [s+4], %r1;
	bar.sync 0;
	@%p1 bra $L_end;
	ld.shared.u32 %r10, [s];
	ld.shared.u32 %r11, [s+4];
	st.global.u32 [%rd1+56], %r10;
	st.global.u32 [%rd1+60], %r11;
$L_end:
	ret;
}
)";
  Device dev;
  std::string err;
  const int m = dev.LoadModule(text, "atomics.ptx", &err);
  ASSERT_GE(m, 0) << err;
  std::vector<uint32_t> init(16, 0);
  init[1] = 77;          // min
  init[4] = 3;           // dec from 3: 3, 2, 1, 0, then wraps to 100, 99, ...
  init[5] = 0xffffffff;  // and
  init[9] = 5;           // cas: only the first thread finds 5
  const uint64_t g = dev.Malloc(64);
  ASSERT_TRUE(dev.CopyToDevice(g, init.data(), 64, &err));
  LaunchConfig c;
  c.block = {64};
  ASSERT_TRUE(PackParams(dev.program(m).functions[0], {ArgValue{g}}, &c.params, &err)) << err;
  const LaunchReport r = dev.Launch(m, 0, c);
  ASSERT_TRUE(r.ok) << r.error;
  std::vector<uint32_t> got(16);
  ASSERT_TRUE(dev.CopyFromDevice(got.data(), g, 64, &err));
  EXPECT_EQ(got[0], 63u * 64 / 2);  // add
  EXPECT_EQ(got[1], 0u);            // min
  EXPECT_EQ(got[2], 63u);           // max
  EXPECT_EQ(got[3], 64u % 10);      // inc wraps at 9: 64 increments from 0
  // dec from 3 with limit 100: 3,2,1,0 -> 100 (the fourth), then down: 64 decrements in all.
  uint32_t v = 3;
  for (int i = 0; i < 64; ++i) v = (v == 0 || v > 100) ? 100 : v - 1;
  EXPECT_EQ(got[4], v);
  EXPECT_EQ(got[5], 0xfffffffeu);  // and
  EXPECT_EQ(got[6], 63u);          // or of 0..63
  EXPECT_EQ(got[7], 0u);           // xor 1, 64 times
  // exch and cas race between the two warps (lanes in order within a warp): the last lane of
  // whichever warp went last, and the first lane of whichever went first.
  EXPECT_TRUE(got[8] == 31u || got[8] == 63u) << got[8];
  EXPECT_TRUE(got[9] == 0u || got[9] == 32u) << got[9];
  EXPECT_EQ(got[8] == 31u, got[9] == 32u);  // one order for both
  EXPECT_EQ(got[10], 0x42000000u);  // 64 * 0.5 = 32.0f
  EXPECT_EQ(got[11], 0x54005400u);  // f16x2: 64.0 in each half
  EXPECT_EQ(got[12], 192u);         // red.add.u64: 64 * 3 (low word)
  EXPECT_EQ(got[13], 0u);
  EXPECT_EQ(got[14], 1000u + 63u * 64 / 2);  // shared add
  EXPECT_EQ(got[15], 63u);                    // shared max
}

}  // namespace
}  // namespace tsu::exec::test
