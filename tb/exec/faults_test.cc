// Bad input to the executor: each gets a clear error naming what went wrong and where (the PTX
// line, thread and block), never a crash or a hang, and device memory stays readable afterwards.
#include <gmock/gmock.h>

#include "kernel_fixture.h"

namespace tsu::exec::test {
namespace {

using ::testing::HasSubstr;

class Faults : public KernelTest {
 protected:
  void SetUp() override {
    mod = Load("faults.ptx");
    ASSERT_GE(mod, 0);
  }
  // Runs a kernel that must fail; returns the error.
  std::string Fail(const std::string& kernel, Dim3 grid, Dim3 block, const std::vector<ArgValue>& args,
                   LaunchLimits limits = {}) {
    const int k = dev.FindKernel(mod, kernel);
    EXPECT_GE(k, 0);
    LaunchConfig c;
    c.grid = grid;
    c.block = block;
    c.limits = limits;
    std::string err;
    EXPECT_TRUE(PackParams(dev.program(mod).functions[static_cast<size_t>(k)], args, &c.params, &err)) << err;
    const LaunchReport r = dev.Launch(mod, k, c);
    EXPECT_FALSE(r.ok);
    return r.error;
  }
  int mod = -1;
};

TEST_F(Faults, GlobalWritePastTheEnd) {
  const uint64_t p = Upload(std::vector<int>(64, -1));
  const std::string e = Fail("write_past_end", {1}, {64}, {Ptr(p), Int(64)});
  EXPECT_THAT(e, HasSubstr("faults.ptx:"));
  EXPECT_THAT(e, HasSubstr("invalid write of 4 bytes at "));
  EXPECT_THAT(e, HasSubstr("bytes after the allocation"));
  EXPECT_THAT(e, HasSubstr("thread (0,0,0), block (0,0,0)"));
  EXPECT_EQ(Download<int>(p, 64), std::vector<int>(64, -1));  // readable, untouched
}

TEST_F(Faults, MisalignedStore) {
  const uint64_t p = Upload(std::vector<int>(64, 0));
  EXPECT_THAT(Fail("misaligned", {1}, {32}, {Ptr(p)}), HasSubstr("misaligned address"));
}

TEST_F(Faults, SharedOutOfBounds) {
  const uint64_t p = Upload(std::vector<int>(64, 0));
  const std::string e = Fail("shared_oob", {2}, {64}, {Ptr(p), Int(1)});
  EXPECT_THAT(e, HasSubstr("invalid read of 4 bytes"));
  EXPECT_THAT(e, HasSubstr("(shared): outside the CTA's 256 bytes of shared memory"));
  EXPECT_THAT(e, HasSubstr("thread (63,0,0), block (0,0,0)"));
}

TEST_F(Faults, CallStackOverflow) {
  const uint64_t p = Upload(std::vector<int>(16, 1)), out = Upload(std::vector<int>(1, 0));
  LaunchLimits l;
  l.max_call_depth = 64;
  EXPECT_THAT(Fail("recurse", {1}, {1}, {Ptr(p), Int(1000), Ptr(out)}, l), HasSubstr("call-stack overflow"));
  l.max_call_depth = 100000;
  l.max_local_bytes = 4096;
  EXPECT_THAT(Fail("recurse", {1}, {1}, {Ptr(p), Int(1000), Ptr(out)}, l), HasSubstr("local memory overflow"));
  // Within the limits the same kernel runs.
  Run(mod, "recurse", {1}, {1}, {Ptr(p), Int(20), Ptr(out)});
  EXPECT_GT(Download<int>(out, 1)[0], 0);
}

TEST_F(Faults, InstructionBudget) {
  const uint64_t flag = Upload(std::vector<int>(1, 0));
  LaunchLimits l;
  l.instruction_budget = 100000;
  EXPECT_THAT(Fail("spin", {1}, {32}, {Ptr(flag)}, l),
              HasSubstr("the instruction budget (100000 warp-instructions) is exhausted"));
}

TEST_F(Faults, BarrierDeadlock) {
  const uint64_t out = Upload(std::vector<int>(64, 0));
  EXPECT_THAT(Fail("crossed_barriers", {1}, {64}, {Ptr(out)}), HasSubstr("deadlock"));
}

TEST_F(Faults, NullPointer) {
  const uint64_t pp = Upload(std::vector<uint64_t>(1, 0)), out = Upload(std::vector<int>(32, 0));
  EXPECT_THAT(Fail("null_read", {1}, {32}, {Ptr(pp), Ptr(out)}), HasSubstr("invalid read of 4 bytes at 0x0"));
}

TEST_F(Faults, TrapNamesTheThread) {
  EXPECT_THAT(Fail("traps", {1}, {64}, {Int(37)}), HasSubstr("trap: the kernel executed trap (thread (37,0,0)"));
}

TEST_F(Faults, LaunchLimits) {
  const uint64_t p = Upload(std::vector<int>(64, 0));
  EXPECT_THAT(Fail("write_past_end", {1}, {1025}, {Ptr(p), Int(0)}),
              HasSubstr("a block of 1025 threads is over the limit of 1024"));
  EXPECT_THAT(Fail("write_past_end", {1}, {0}, {Ptr(p), Int(0)}), HasSubstr("at least one block"));
  const int k = dev.FindKernel(mod, "shared_oob");
  LaunchConfig c;
  c.block = {64};
  c.dynamic_shared_bytes = 300 * 1024;
  std::string err;
  ASSERT_TRUE(PackParams(dev.program(mod).functions[static_cast<size_t>(k)], {Ptr(p), Int(0)}, &c.params, &err));
  EXPECT_THAT(dev.Launch(mod, k, c).error, HasSubstr("bytes of shared memory per block (256 static + 307200 dynamic)"));
}

TEST_F(Faults, WrongArguments) {
  const XFunction& f = dev.program(mod).functions[static_cast<size_t>(dev.FindKernel(mod, "write_past_end"))];
  std::vector<uint8_t> buf;
  std::string err;
  EXPECT_FALSE(PackParams(f, {Ptr(0)}, &buf, &err));
  EXPECT_THAT(err, HasSubstr("takes 2 argument(s), not 1"));
  EXPECT_FALSE(PackParams(f, {Ptr(0), Flt(1.5)}, &buf, &err));
  EXPECT_THAT(err, HasSubstr("argument 1 (write_past_end_param_1, .u32) is an integer parameter"));
  EXPECT_FALSE(PackParams(f, {Ptr(0), Int(int64_t{1} << 40)}, &buf, &err));
  EXPECT_THAT(err, HasSubstr("does not fit"));
}

// Modules the executor refuses before any launch, with FILE:LINE:COLUMN.
std::string LoadError(const std::string& body) {
  const std::string text = ".version 9.0\n.target sm_80\n.address_size 64\n" + body;
  Device d;
  std::string err;
  EXPECT_LT(d.LoadModule(text, "m.ptx", &err), 0);
  return err;
}

TEST(ExecLoad, RejectsWithFileLineColumn) {
  EXPECT_THAT(LoadError(".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tmagic.b32 %r1, %r2;\n\tret;\n}\n"),
              HasSubstr("m.ptx:7:2: error: unsupported instruction 'magic'"));
  EXPECT_THAT(LoadError(".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.weird.s32 %r1, %r2, 1;\n}\n"),
              HasSubstr("m.ptx:7:2: error: unsupported modifier .weird on add"));
  EXPECT_THAT(LoadError(".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, %r9, 1;\n}\n"),
              HasSubstr("'%r9' is not declared"));
  EXPECT_THAT(LoadError(".visible .entry k()\n{\n\tbra $L_nowhere;\n}\n"),
              HasSubstr("the label '$L_nowhere' is not defined"));
  EXPECT_THAT(LoadError(".visible .entry k()\n{\n\tret;\n"), HasSubstr("a '}' is missing"));
  EXPECT_THAT(LoadError(".extern .func (.param .b32 r) vprintf(.param .b64 a, .param .b64 b);\n"
                        ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\t{\n\t.param .b64 p0;\n\t.param .b64 p1;\n"
                        "\t.param .b32 r0;\n\tcall.uni (r0), vprintf, (p0, p1);\n\t}\n\tret;\n}\n"),
              HasSubstr("'vprintf' is external"));
  EXPECT_THAT(LoadError(".visible .entry k()\n{\n\t.reg .f32 %f<2>;\n\tdiv.f32 %f1, %f1, %f1;\n}\n"),
              HasSubstr("div.f32 needs a rounding mode, .approx or .full"));
}

}  // namespace
}  // namespace tsu::exec::test
