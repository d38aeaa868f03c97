// `tsu run` scripts report failures with file, line, expected and got; a check that should fail
// does fail.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tsu/read_file.h"
#include "tsu/script.h"

namespace tsu {
namespace {

const char* kSurface = "surface s dim=1d width=16 format=R/UNSIGNED_INT8 base=0x100\n";

TEST(Script, PassingScript) {
  ScriptResult r = RunScriptText(std::string(kSurface) +
                                     "mem 0x104 11 22 33 44\n"
                                     "set x=4\n"
                                     "exec suld.b.1d.b32.trap r1, [s, {x}];\n"
                                     "expect r1=0x44332211\n",
                                 "t");
  EXPECT_EQ(r.failures, 0) << (r.messages.empty() ? "" : r.messages[0]);
  EXPECT_EQ(r.checks, 1);
  EXPECT_EQ(r.execs, 1);
}

TEST(Script, WrongExpectationNamesLineExpectedAndGot) {
  ScriptResult r = RunScriptText(std::string(kSurface) +
                                     "mem 0x104 11 22 33 44\n"
                                     "set x=4\n"
                                     "exec suld.b.1d.b32.trap r1, [s, {x}];\n"
                                     "expect r1=0x44332212\n",
                                 "t.tsu");
  ASSERT_EQ(r.failures, 1);
  EXPECT_EQ(r.messages[0], "t.tsu:5: FAIL: expected r1 = 0x44332212, got 0x44332211");
}

TEST(Script, UnclaimedTrapFails) {
  ScriptResult r = RunScriptText(std::string(kSurface) +
                                     "exec suld.b.1d.b32.trap r1, [s, 16];\n"
                                     "exec suld.b.1d.b32.trap r1, [s, 0];\n",
                                 "t");
  ASSERT_EQ(r.failures, 1);
  EXPECT_NE(r.messages[0].find("trapped (out_of_bounds) but no expect_trap"), std::string::npos);
  ScriptResult ok = RunScriptText(std::string(kSurface) +
                                      "exec suld.b.1d.b32.trap r1, [s, 16];\n"
                                      "expect_trap out_of_bounds\n",
                                  "t");
  EXPECT_EQ(ok.failures, 0);
}

TEST(Script, MemoryExpectationAndIndirectHandle) {
  ScriptResult r = RunScriptText(std::string(kSurface) +
                                     "set h=1 v=0xAABB\n"
                                     "exec sust.b.1d.b16.trap [h, {2}], v;\n"
                                     "expect_mem 0x102 bb aa\n"
                                     "expect_mem 0x102 bb ab\n",
                                 "t");
  ASSERT_EQ(r.failures, 1);
  EXPECT_NE(r.messages[0].find("t:5: FAIL: memory at 0x103: expected byte 0xab, got 0xaa"),
            std::string::npos)
      << r.messages[0];
}

TEST(Script, MalformedLinesAreErrors) {
  EXPECT_TRUE(RunScriptText("frobnicate\n", "t").malformed);
  EXPECT_TRUE(RunScriptText("surface s width=0\n", "t").malformed);
  EXPECT_TRUE(RunScriptText("exec suld.b.1d.u32.trap r, [s, 0];\n", "t").malformed);
  EXPECT_TRUE(RunScriptText(std::string(kSurface) + "exec suld.b.1d.b32.trap r, [s, x];\n", "t")
                  .malformed);  // x never set
  EXPECT_TRUE(RunScriptFile("/nonexistent/file.tsu").malformed);
}

TEST(Script, Reject) {
  EXPECT_EQ(RunScriptText("reject \".and requires .b32\" sured.b.and.1d.u32.trap [s, {x}], r;\n", "t")
                .failures,
            0);
  EXPECT_EQ(RunScriptText("reject \"nope\" suld.b.1d.b32.trap r, [s, {x}];\n", "t").failures, 1);
}

// Bad input: each gets an error naming what is wrong, never a silent cut, a wrap, a
// hang or an unbounded allocation.
std::string FirstMessage(const ScriptResult& r) { return r.messages.empty() ? "" : r.messages[0]; }

TEST(ScriptLimits, ValuesThatDoNotFitTheirFieldAreErrors) {
  struct Case {
    const char* line;
    const char* message;
  } cases[] = {
      {"surface s dim=1d width=4294967297 format=R/UNSIGNED_INT8 base=0x100",
       "width=4294967297 is out of range (0 to 4294967295)"},
      {"surface s dim=2d width=4 height=4 pitch=4294967312 format=R/UNSIGNED_INT8 base=0x100",
       "pitch=4294967312 is out of range (0 to 4294967295)"},
      {"surface s dim=2d width=4 height=4 pitch=-16 format=R/UNSIGNED_INT8 base=0x100",
       "pitch=-16 is out of range (0 to 4294967295)"},
      {"surface s dim=2d width=4 height=4 layout=block block_height=256 format=R/UNSIGNED_INT8 "
       "base=0x100",
       "block_height=256 is out of range (0 to 255)"},
      {"texture t dim=2d width=4 height=4 levels=4294967296 format=R/UNSIGNED_INT8 base=0x100",
       "levels=4294967296 is out of range (0 to 4294967295)"},
      {"sampler p normalized=2", "normalized=2 is out of range (0 to 1)"},
      {"sampler p border=1,2,3,4294967296", "border=4294967296 does not fit 32 bits"},
      // A key that is no field is named as unknown, whatever its value.
      {"surface s frob=99999999999", "unknown surface field 'frob'"},
  };
  for (const Case& c : cases) {
    ScriptResult r = RunScriptText(std::string(c.line) + "\n", "t.tsu");
    EXPECT_TRUE(r.malformed) << c.line;
    EXPECT_NE(FirstMessage(r).find(c.message), std::string::npos) << FirstMessage(r);
    EXPECT_EQ(FirstMessage(r).rfind("t.tsu:1: error: ", 0), 0u) << FirstMessage(r);
  }
  // What does fit still binds: signed and float bit patterns where the field holds 32 bits.
  ScriptResult ok = RunScriptText("sampler p border=-1,0f3f800000,-1.5,4294967295 bias=-0.5\n"
                                  "expect_mem 0 00\n",
                                  "t");
  EXPECT_EQ(ok.failures, 0) << FirstMessage(ok);
}

TEST(ScriptLimits, MemoryDoesNotWrapPastTheTop) {
  ScriptResult r = RunScriptText("mem 0xffffffffffffffff 01 02\n", "t.tsu");
  EXPECT_TRUE(r.malformed);
  EXPECT_EQ(FirstMessage(r),
            "t.tsu:1: error: 2 bytes at 0xffffffffffffffff run past the top of the 64-bit "
            "address space");
  EXPECT_TRUE(RunScriptText("expect_mem 0xfffffffffffffffe 00 00 00\n", "t").malformed);
  EXPECT_EQ(RunScriptText("mem 0xfffffffffffffffe 01 02\nexpect_mem 0xfffffffffffffffe 01 02\n", "t")
                .failures,
            0);
}

TEST(ScriptLimits, FillAboveTheLimitIsRefusedAndFillIsFast) {
  const std::string big =
      "surface s dim=2d width=16384 height=16384 format=RGBA/FLOAT base=0x100\nfill s index\n";
  ScriptResult r = RunScriptText(big, "t.tsu");
  EXPECT_TRUE(r.malformed);
  EXPECT_NE(FirstMessage(r).find("t.tsu:2: error: fill s: the footprint is 4294967296 bytes, "
                                 "above the fill limit of 268435456 bytes"),
            std::string::npos)
      << FirstMessage(r);
  ScriptOptions small;
  small.max_fill_bytes = 8;  // the 16-byte surface is above it
  EXPECT_TRUE(RunScriptText(std::string(kSurface) + "fill s index\n", "t", small).malformed);
  small.max_fill_bytes = 16;
  EXPECT_EQ(RunScriptText(std::string(kSurface) + "fill s 0x5a\nexpect_mem 0x10f 5a\n", "t", small)
                .failures,
            0);
  EXPECT_TRUE(RunScriptText(std::string(kSurface) + "fill s 256\n", "t").malformed);
}

TEST(ScriptLimits, AScriptThatChecksNothingSaysSo) {
  ScriptResult warn = RunScriptText("", "empty.tsu");
  EXPECT_EQ(warn.failures, 0);
  ASSERT_EQ(warn.messages.size(), 1u);
  EXPECT_EQ(warn.messages[0],
            "empty.tsu: warning: the script checks nothing (no expect, expect_trap, expect_mem "
            "or reject)");
  ScriptOptions strict;
  strict.strict = true;
  ScriptResult fail = RunScriptText(kSurface, "s.tsu", strict);
  EXPECT_EQ(fail.failures, 1);
  EXPECT_EQ(fail.messages.at(0).rfind("s.tsu: error: the script checks nothing", 0), 0u);
}

TEST(ScriptLimits, LongLinesAndTokensAreQuotedShort) {
  const std::string token(10 << 20, 'a');  // a 10 MB token
  const std::string line = "surface s " + token;
  ScriptResult r = RunScriptText(line + "\n", "t");
  EXPECT_TRUE(r.malformed);
  EXPECT_LT(FirstMessage(r).size(), 200u) << FirstMessage(r).substr(0, 200);
  EXPECT_NE(FirstMessage(r).find("the line is " + std::to_string(line.size()) +
                                 " bytes long; the limit is 65536"),
            std::string::npos);
  const std::string mid(1000, 'b');
  ScriptResult q = RunScriptText("frobnicate" + mid + " x\n", "t");
  EXPECT_LT(FirstMessage(q).size(), 200u);
  EXPECT_NE(FirstMessage(q).find("unknown command 'frobnicatebbb"), std::string::npos);
  // Invalid UTF-8 comes back escaped, never raw.
  ScriptResult u = RunScriptText("frob\xff\n", "t");
  EXPECT_NE(FirstMessage(u).find("'frob\\xFF'"), std::string::npos) << FirstMessage(u);
}

// Only regular files are read, up to a limit (fuzz.script found `exec_ptx /` aborting on an
// exception from reading a directory; /dev/zero would have been read forever).
TEST(ScriptLimits, OnlyRegularFilesAreRead) {
  for (const std::string path : {"/", "/dev/zero", "/nonexistent/m.ptx"}) {
    ScriptResult r = RunScriptText("exec_ptx " + path + " k\n", "t");
    EXPECT_TRUE(r.malformed) << path;
    EXPECT_NE(FirstMessage(r).find("cannot read the PTX module: " + path), std::string::npos)
        << FirstMessage(r);
  }
  EXPECT_NE(FirstMessage(RunScriptText("exec_ptx / k\n", "t")).find("is a directory"), std::string::npos);
  EXPECT_NE(FirstMessage(RunScriptText("exec_ptx /dev/zero k\n", "t")).find("not a regular file"),
            std::string::npos);
  const ScriptResult dir = RunScriptFile("/", ScriptOptions{});
  EXPECT_TRUE(dir.malformed);
  EXPECT_NE(FirstMessage(dir).find("is a directory"), std::string::npos) << FirstMessage(dir);
  const ScriptResult dev = RunScriptFile("/dev/zero", ScriptOptions{});
  EXPECT_TRUE(dev.malformed);
  EXPECT_NE(FirstMessage(dev).find("not a regular file"), std::string::npos) << FirstMessage(dev);
  // The size limit, and a file within it read whole.
  const std::string path = ::testing::TempDir() + "read_file_test.bin";
  {
    std::ofstream f(path, std::ios::binary);
    f << std::string("0123456789\0tail", 15);
  }
  std::string text, why;
  EXPECT_FALSE(ReadRegularFile(path, 14, &text, &why));
  EXPECT_NE(why.find("the file is 15 bytes; the limit is 14"), std::string::npos) << why;
  ASSERT_TRUE(ReadRegularFile(path, 15, &text, &why)) << why;
  EXPECT_EQ(text, std::string("0123456789\0tail", 15));
}

// Dialects: the default judges as ptxas does; `dialect text` (or ScriptOptions) takes the text's
// examples; a form ptxas assembles but that has no defined meaning is refused, not guessed.
TEST(Script, Dialects) {
  const std::string omitted = std::string(kSurface) + "set x=4\n"
                              "exec suld.b.1d.b32 r1, [s, {x}];\nexpect r1=0\n";
  ScriptResult r = RunScriptText(omitted, "t");
  EXPECT_TRUE(r.malformed);
  ASSERT_FALSE(r.messages.empty());
  EXPECT_NE(r.messages[0].find("requires a clamp mode"), std::string::npos) << r.messages[0];
  EXPECT_EQ(RunScriptText("dialect text\n" + omitted, "t").failures, 0);
  ScriptOptions o;
  o.dialect = Dialect::kText;
  EXPECT_EQ(RunScriptText(omitted, "t", o).failures, 0);
  ScriptResult bad = RunScriptText("dialect ptx\n", "t");
  EXPECT_TRUE(bad.malformed);
  ScriptResult scalar = RunScriptText(
      "surface s dim=2d width=4 height=4 format=R/UNSIGNED_INT8 base=0x100\n"
      "set x=0\nexec suld.b.2d.b8.trap r1, [s, x];\n",
      "t");
  ASSERT_FALSE(scalar.messages.empty());
  EXPECT_NE(scalar.messages[0].find("no defined meaning to execute: a bare scalar coordinate"),
            std::string::npos)
      << scalar.messages[0];
}

// exec_ptx: a module's instructions run with the script's registers; its errors name
// file:line:column.
TEST(Script, ExecPtxRunsAModulesInstructionsAndReportsItsErrors) {
  const std::string dir = ::testing::TempDir();
  {
    std::ofstream f(dir + "/m.ptx");
    f << ".version 8.5\n.target sm_90\n.address_size 64\n.global .surfref s;\n"
         ".entry k()\n{\n  .reg .b32 %r<4>;\n  mov.u32 %r1, 4;\n"
         "  suld.b.1d.b32.trap %r2, [s, {%r1}];\n}\n"
         ".entry bad()\n{\n  .reg .b16 %h<2>;\n  suld.b.1d.b32.trap %h1, [s, {0}];\n}\n";
  }
  const std::string script = std::string(kSurface) + "mem 0x104 11 22 33 44\nset %r1=4\n";
  ScriptResult ok = RunScriptText(script + "exec_ptx m.ptx k\nexpect %r2=0x44332211\n",
                                  dir + "/t.tsu");
  EXPECT_EQ(ok.failures, 0) << (ok.messages.empty() ? "" : ok.messages[0]);
  EXPECT_EQ(ok.execs, 1);
  ScriptResult bad = RunScriptText(script + "exec_ptx m.ptx bad\n", dir + "/t.tsu");
  ASSERT_FALSE(bad.messages.empty());
  EXPECT_NE(bad.messages[0].find("m.ptx:14:3: destination d '%h1' is .b16"), std::string::npos)
      << bad.messages[0];
  ScriptResult none = RunScriptText(script + "exec_ptx m.ptx nothere\n", dir + "/t.tsu");
  ASSERT_FALSE(none.messages.empty());
  EXPECT_NE(none.messages[0].find("has no function 'nothere'"), std::string::npos);
  ScriptResult missing = RunScriptText(script + "exec_ptx gone.ptx k\n", dir + "/t.tsu");
  ASSERT_FALSE(missing.messages.empty());
  EXPECT_NE(missing.messages[0].find("cannot read the PTX module: "), std::string::npos) << missing.messages[0];
}

}  // namespace
}  // namespace tsu
