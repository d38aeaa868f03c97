// `tsu run` scripts report failures with file, line, expected and got; a check that should fail
// does fail.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace tsu
