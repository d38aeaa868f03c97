// The PTX module reader: structure (directives, functions, declarations, scopes, labels,
// comments), the checks declarations make possible (names' kinds, register types, as ptxas
// 13.0 makes them), and errors with their line and column.
#include <gtest/gtest.h>

#include <string>

#include "tsu/ptx_module.h"
#include "tsu/ptx_parser.h"

namespace tsu {
namespace {

constexpr const char* kHead =
    ".version 8.5\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".global .surfref surf_A;\n"
    ".global .texref tex_a;\n";

// A unified-mode module with one kernel whose body is `body` (starting on line 8).
std::string Module(const std::string& body) {
  return std::string(kHead) +
         ".visible .entry k(.param .u64 p0)\n"
         "{\n" +
         body + "\n}\n";
}

const ModuleInstruction& Only(const PtxModule& m) {
  EXPECT_EQ(m.instructions.size(), 1u);
  static const ModuleInstruction kNone;
  return m.instructions.empty() ? kNone : m.instructions[0];
}

TEST(PtxModule, DirectivesFunctionsAndCounts) {
  const PtxModule m = ReadPtxModule(Module(
      "  .reg .b32 %r<4>;\n"
      "  .reg .b64 %rd<2>;\n"
      "  ld.param.u64 %rd1, [p0];\n"
      "  suld.b.1d.b32.trap %r1, [surf_A, {%r2}];\n"
      "  add.s32 %r3, %r1, 1;\n"
      "  ret;"));
  EXPECT_EQ(m.version, "8.5");
  EXPECT_EQ(m.target, "sm_90");
  EXPECT_EQ(m.address_size, 64);
  EXPECT_FALSE(m.texmode_independent);
  ASSERT_EQ(m.functions.size(), 1u);
  EXPECT_EQ(m.functions[0].name, "k");
  EXPECT_TRUE(m.functions[0].entry);
  EXPECT_EQ(m.functions[0].params, std::vector<std::string>{"p0"});
  const ModuleInstruction& i = Only(m);
  EXPECT_TRUE(i.valid) << i.error;
  EXPECT_EQ(i.line, 11);
  EXPECT_EQ(i.column, 3);
  EXPECT_EQ(i.function, "k");
  EXPECT_EQ(m.skipped_instructions, 3u);  // ld, add, ret: read past, not checked
  EXPECT_TRUE(m.ok());
}

TEST(PtxModule, CommentsLabelsGuardsAndMultiLineStatements) {
  const PtxModule m = ReadPtxModule(Module(
      "  .reg .b32 %r<4>; .reg .pred %p<2>; // two declarations on a line\n"
      "$L_top: /* a label */\n"
      "  @!%p1 sust.b.1d.b32.clamp\n"
      "      [surf_A, {%r1}], // the address\n"
      "      %r2;\n"
      "  @%p1 bra $L_top;"));
  const ModuleInstruction& i = Only(m);
  EXPECT_TRUE(i.valid) << i.error;
  EXPECT_EQ(i.line, 10);  // where the statement starts (its guard)
  EXPECT_TRUE(i.in.has_guard);
  EXPECT_TRUE(i.in.guard_negated);
  EXPECT_TRUE(m.ok());
}

TEST(PtxModule, ScopesHideTheirDeclarations) {
  const PtxModule m = ReadPtxModule(Module(
      "  .reg .b32 %r<2>;\n"
      "  {\n"
      "    .reg .b32 inner;\n"
      "    suq.width.b32 inner, [surf_A];\n"
      "  }\n"
      "  suq.width.b32 inner, [surf_A];"));
  ASSERT_EQ(m.instructions.size(), 2u);
  EXPECT_TRUE(m.instructions[0].valid) << m.instructions[0].error;
  EXPECT_FALSE(m.instructions[1].valid);
  EXPECT_NE(m.instructions[1].error.find("unknown symbol 'inner'"), std::string::npos)
      << m.instructions[1].error;
  EXPECT_FALSE(m.ok());
}

TEST(PtxModule, RegisterRangesAreBoundedAndNotExpanded) {
  const PtxModule m = ReadPtxModule(Module(
      "  .reg .b32 %r<4000000000>;\n"  // four billion names, one table entry
      "  suld.b.1d.b32.trap %r3999999999, [surf_A, {%r0}];\n"
      "  suld.b.1d.b32.trap %r4000000000, [surf_A, {%r0}];\n"
      "  suld.b.1d.b32.trap %r01, [surf_A, {%r0}];"));
  ASSERT_EQ(m.instructions.size(), 3u);
  EXPECT_TRUE(m.instructions[0].valid) << m.instructions[0].error;
  EXPECT_FALSE(m.instructions[1].valid);  // one past the range
  EXPECT_FALSE(m.instructions[2].valid);  // %r01 is not %r1
}

// The kinds of names, as ptxas checks them (its messages: ".surfref or .u64 register expected").
TEST(PtxModule, ResourceKinds) {
  const PtxModule m = ReadPtxModule(Module(
      "  .reg .b32 %r<4>; .reg .b64 %rd<2>; .reg .u32 %u<2>;\n"
      "  suq.width.b32 %r1, [tex_a];\n"
      "  suq.width.b32 %r1, [%rd1];\n"
      "  suq.width.b32 %r1, [%u1];\n"
      "  suq.width.b32 %r1, [p0];\n"
      "  tex.1d.v4.u32.s32 {%r0,%r1,%r2,%r3}, [surf_A, {%r1}];\n"
      "  suq.width.b32 %r1, [nowhere];"));
  ASSERT_EQ(m.instructions.size(), 6u);
  EXPECT_NE(m.instructions[0].error.find("'tex_a' is a .texref; .surfref or .u64 register"),
            std::string::npos)
      << m.instructions[0].error;
  EXPECT_TRUE(m.instructions[1].valid) << m.instructions[1].error;
  EXPECT_NE(m.instructions[2].error.find("is a .u32 register"), std::string::npos);
  EXPECT_NE(m.instructions[3].error.find("'p0' is a variable"), std::string::npos);
  EXPECT_NE(m.instructions[4].error.find(".texref or .u64 register expected"), std::string::npos);
  EXPECT_NE(m.instructions[5].error.find("unknown symbol 'nowhere'"), std::string::npos);
}

// Register classes and widths per operand, measured against ptxas 13.0 (docs/semantics.md,
// "Operand types"): bit-typed data take any register at least as wide; coordinates exactly 32-bit
// integers; tex results exact widths.
TEST(PtxModule, RegisterTypes) {
  struct Case {
    const char* text;
    bool valid;
  };
  const Case cases[] = {
      {"suld.b.1d.b32.trap %f1, [surf_A, {%r1}];", true},      // .f32 data: any class
      {"suld.b.1d.b32.trap %rd1, [surf_A, {%r1}];", true},     // wider: allowed
      {"suld.b.1d.b32.trap %h1, [surf_A, {%r1}];", false},     // narrower: not
      {"suld.b.1d.b8.trap %h1, [surf_A, {%r1}];", true},
      {"suld.b.1d.b32.trap %r1, [surf_A, {%f1}];", false},     // a .f32 coordinate
      {"suld.b.1d.b32.trap %r1, [surf_A, {%rd1}];", false},    // a 64-bit coordinate
      {"sured.b.add.1d.u32.trap [surf_A, {%r1}], %f1;", false},  // typed: integers only
      {"sured.b.and.1d.b32.trap [surf_A, {%r1}], %f1;", true},   // .b32: any class
      {"suq.width.b32 %rd1, [surf_A];", false},                // suq: exactly 32 bits
      {"tex.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}];", true},
      {"tex.1d.v4.u32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}];", false},  // .u32 into .f32
      {"tex.1d.v4.f16.f32 {%h1,%h2,%h3,%h4}, [tex_a, {%f5}];", true},
      {"tex.1d.v4.f16.f32 {%r1,%r2,%r3,%r4}, [tex_a, {%f5}];", false},
      {"tex.1d.v4.f32.s32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}];", false},  // .s32 coordinate in .f32
      {"tex.a1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5, %f6}];", false},  // index is .u32
      {"tex.a1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%r5, %f6}];", true},
      {"tex.level.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}], %r1;", true},   // .b32 lod
      {"tex.level.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}], %u1;", false},  // .u32 lod
      {"tex.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}|%r1, [tex_a, {%f5}];", false},  // p is a .pred
      {"tex.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}|%p1, [tex_a, {%f5}];", true},
      {"@%r1 suq.width.b32 %r1, [surf_A];", false},  // a guard is a .pred
      // TF1 with declarations: a lone .u32 scalar after a 1d coordinate is the offset, a .f32
      // one the depth compare value; two trailing scalars are offset then depth.
      {"tex.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}], %u1;", true},
      {"tex.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}], %f6;", true},
      {"tex.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}], %r1, %f6;", true},
      // A vector's type: a .b32 element makes a mixed vector .b32 ({.b32, .f32} is a valid
      // surface coordinate); other mixes are mismatches.
      {"suld.b.2d.b32.trap %r1, [surf_A, {%r1, %f1}];", true},
      {"suld.b.2d.b32.trap %r1, [surf_A, {%u1, %f1}];", false},
      {"suld.b.2d.b32.trap %r1, [surf_A, {%f1, %f2}];", false},
      {"suld.b.2d.b32.trap %r1, [surf_A, {%u1, %r1}];", true},
      // Unified mode takes an explicit sampler that is a .texref, .surfref or 64-bit register.
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, %rd1, {%f5, %f6}];", true},
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, surf_A, {%f5, %f6}];", true},
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, %r1, {%f5, %f6}];", false},
  };
  for (const Case& c : cases) {
    const PtxModule m = ReadPtxModule(Module(
        "  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .f32 %f<8>; .reg .b16 %h<8>;\n"
        "  .reg .u32 %u<4>; .reg .pred %p<2>;\n  " +
        std::string(c.text)));
    const ModuleInstruction& i = Only(m);
    EXPECT_EQ(i.valid, c.valid) << c.text << ": " << i.error;
  }
  const PtxModule lone = ReadPtxModule(Module(
      "  .reg .f32 %f<8>; .reg .u32 %u<4>;\n"
      "  tex.1d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5}], %u1;"));
  ASSERT_EQ(lone.instructions.size(), 1u);
  EXPECT_EQ(lone.instructions[0].in.offset.size(), 1u);
  EXPECT_FALSE(lone.instructions[0].in.has_depth_ref);
}

// The families the grown enumeration found (docs/semantics.md F3, F11): each read in a module, as
// ptxas read it, with the verdict ptxas 13.0 gave; "meaningless" forms are valid and carry the
// reason `tsu run` will not execute them.
TEST(PtxModule, GrownFamilies) {
  struct Case {
    const char* text;
    bool valid;
    bool meaningless;
  };
  const Case cases[] = {
      // F3: the addressing / mipmap mode first, the rest in any order, .dtype before .ctype.
      {"sured.b.2d.add.u32.trap [surf_A, {%r1, %r2}], %r3;", true, false},
      {"suld.2d.b.b32.trap %r1, [surf_A, {%r1, %r2}];", false, false},
      {"suq.b32.width %r1, [surf_A];", true, false},
      {"tex.v4.f32.2d.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5, %f6}];", true, false},
      {"tex.2d.level.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5, %f6}], %f7;", false, false},
      {"tex.level.2d.v4.f32.u32 {%r1,%r2,%r3,%r4}, [tex_a, {%f5, %f6}], %f7;", false, false},
      // Guards spelled with spaces; a second guard is a syntax error.
      {"@ %p1 suq.width.b32 %r1, [surf_A];", true, false},
      {"@! %p1 suq.width.b32 %r1, [surf_A];", true, false},
      {"@%p1 @%p0 suq.width.b32 %r1, [surf_A];", false, false},
      {"@%p1suq.width.b32 %r1, [surf_A];", false, false},
      // F11: shapes ptxas assembles that nothing gives a meaning.
      {"suld.b.1d.b32.trap {%r1, %r2}, [surf_A, {%r3}];", true, true},
      {"sust.b.1d.b64.trap [surf_A, {%r3}], {%rd1, %rd2, %rd3, %rd4};", true, true},
      {"suld.b.1d.b32.trap {%r1, %r2, %r3}, [surf_A, {%r3}];", false, false},
      {"sust.b.1d.v2.b32.trap [surf_A, {%r3}], %r1;", false, false},  // ptxas crashes
      {"suq.width.b32 {%r1}, [surf_A];", false, false},
      {"tex.level.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5, %f6}], {%f7};", true, false},
      {"tex.level.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5, %f6}], {%f7, %f6};", true, true},
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5, %f6}], %u1;", true, true},
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5, %f6}], 1;", true, true},
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex_a, {%f5, %f6}], %f7;", true, false},  // depth
      {"suld.b.2d.b32.trap %r1, [surf_A, {1.0, %r2}];", true, true},
      {"suld.b.2d.b32.trap %r1, [surf_A, {1.0, 5}];", false, false},
      {"sust.b.1d.v2.b16.trap [surf_A, {%r1}], {%h1, 2.0};", true, true},
      {"sust.b.1d.b16.trap [surf_A, {%r1}], 1.0;", false, false},
      // The sink: a result element may be `_`, not all of them.
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,_}, [tex_a, {%f5, %f6}];", true, false},
      {"tex.2d.v4.f32.f32 {_,_,_,_}, [tex_a, {%f5, %f6}];", false, false},
  };
  for (const Case& c : cases) {
    const PtxModule m = ReadPtxModule(Module(
        "  .reg .b32 %r<8>; .reg .b64 %rd<8>; .reg .f32 %f<8>; .reg .b16 %h<8>;\n"
        "  .reg .u32 %u<4>; .reg .pred %p<2>;\n  " +
        std::string(c.text)));
    const ModuleInstruction& i = Only(m);
    EXPECT_EQ(i.valid, c.valid) << c.text << ": " << i.error;
    EXPECT_EQ(!i.in.no_semantics.empty(), c.meaningless) << c.text << ": " << i.in.no_semantics;
  }
}

TEST(PtxModule, IndependentModeSamplersAndInitializers) {
  const std::string text =
      ".version 8.5\n.target sm_90, texmode_independent\n.address_size 64\n"
      ".global .texref t = { width = 64, height = 32 };\n"
      ".global .samplerref s = { filter_mode = linear, addr_mode_0 = wrap };\n"
      ".entry k()\n{\n  .reg .f32 %f<8>;\n"
      "  tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [t, s, {%f5,%f6}];\n"
      "  tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [t, {%f5,%f6}];\n}\n";
  const PtxModule m = ReadPtxModule(text);
  EXPECT_TRUE(m.texmode_independent);
  ASSERT_EQ(m.instructions.size(), 2u);
  EXPECT_TRUE(m.instructions[0].valid) << m.instructions[0].error;
  EXPECT_FALSE(m.instructions[1].valid);  // independent mode needs the sampler
  EXPECT_NE(m.instructions[1].error.find("texmode_independent needs [a, b, c]"),
            std::string::npos);
  ASSERT_EQ(m.opaques.count("s"), 1u);
  EXPECT_EQ(m.opaques.at("s").kind, ".samplerref");
  EXPECT_EQ(m.opaques.at("s").fields.at("filter_mode"), "linear");
  EXPECT_EQ(m.opaques.at("t").fields.at("height"), "32");
  EXPECT_TRUE(m.errors.empty());
}

// Module errors carry their line and column; reading goes on after them.
TEST(PtxModule, ErrorsNameLineAndColumn) {
  struct Case {
    std::string text;
    int line;
    const char* message;
  };
  const Case cases[] = {
      {std::string(kHead) + ".global .samplerref s;\n", 6, "needs .target texmode_independent"},
      {std::string(kHead) + ".global .surfref x = { filter_mode = linear };\n", 6,
       "unrecognized field 'filter_mode'"},
      {Module("  .reg .b32 %r<2>;\n  .reg .b32 %r<2>;"), 9, "already declared (line 8)"},
      {Module("  .reg .b32 %r<2>;\n  }"), 10, "unbalanced '}'"},
      {std::string(kHead) + "suq.width.b32 %r1, [surf_A];\n", 6, "outside a function body"},
      {Module("  /* never closed"), 8, "unterminated /* comment"},
      {std::string(kHead) + ".entry k()\n{\n  ret;\n", 9, "a '}' is missing"},
      {Module("  ret"), 8, "a ';' is missing"},
  };
  for (const Case& c : cases) {
    const PtxModule m = ReadPtxModule(c.text);
    ASSERT_FALSE(m.errors.empty()) << c.text;
    EXPECT_EQ(m.errors[0].line, c.line) << c.text;
    EXPECT_NE(m.errors[0].message.find(c.message), std::string::npos)
        << c.text << "\n  got: " << m.errors[0].message;
    EXPECT_FALSE(m.ok());
  }
}

// The dialect applies to a module's instructions as to single lines.
TEST(PtxModule, Dialects) {
  const std::string text = Module(
      "  .reg .b32 %r<4>;\n"
      "  suld.b.1d.b32 %r1, [surf_A, {%r2}];");
  EXPECT_FALSE(ReadPtxModule(text).ok());
  EXPECT_TRUE(ReadPtxModule(text, Dialect::kText).ok());
}

TEST(PtxModule, BadBytesAndEmptyInput) {
  const PtxModule bad = ReadPtxModule(std::string(kHead) + "// \xff\n");
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].line, 6);
  EXPECT_NE(bad.errors[0].message.find("not valid UTF-8"), std::string::npos);
  const PtxModule empty = ReadPtxModule("");
  EXPECT_TRUE(empty.ok());
  EXPECT_TRUE(empty.instructions.empty());
}

// Immediates by slot (F10), the same with or without declarations: .f32 operands take float
// literals only, integer operands integers only, bit-typed data integers or a float literal of
// its width. An f64 literal in an .f32 slot is rounded to f32.
TEST(PtxModule, LiteralsBySlot) {
  struct Case {
    const char* text;
    bool valid;
  };
  const Case cases[] = {
      {"tex.2d.v4.f32.f32 {a,b,c,d}, [t, {1, 1}];", false},
      {"tex.2d.v4.f32.f32 {a,b,c,d}, [t, {1.0, 0f3F800000}];", true},
      {"tex.2d.v4.f32.s32 {a,b,c,d}, [t, {1.0, 1}];", false},
      {"tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {x, y}], 2;", false},
      {"tex.grad.2d.v4.f32.f32 {a,b,c,d}, [t, {x, y}], {1, 0}, {0.0, 1.0};", false},
      {"tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x, y}], {1.0, 0};", false},
      {"tex.1d.v4.f32.f32 {a,b,c,d}, [t, {x}], 1;", true},    // an integer: the 1d offset
      {"tex.1d.v4.f32.f32 {a,b,c,d}, [t, {x}], 0.5;", true},  // a float: the depth value
      {"suld.b.1d.b32.trap r, [s, {1.0}];", false},
      {"sust.b.1d.b32.trap [s, {x}], 0f3F800000;", true},
      {"sust.b.1d.b32.trap [s, {x}], 1.0;", false},  // decimal floats are f64 literals
      {"sust.b.1d.b64.trap [s, {x}], 1.0;", true},
      {"sust.b.1d.b64.trap [s, {x}], 0f3F800000;", false},
      {"sured.b.add.1d.u32.trap [s, {x}], 0f3F800000;", false},
      {"sured.b.and.1d.b32.trap [s, {x}], 0f3F800000;", true},
  };
  for (const Case& c : cases) {
    Instruction in;
    std::string err;
    EXPECT_EQ(ParsePtx(c.text, &in, &err), c.valid) << c.text << ": " << err;
  }
  Instruction in;
  std::string err;
  ASSERT_TRUE(ParsePtx("tex.2d.v4.f32.f32 {a,b,c,d}, [t, {0.1, 0d3FF0000000000000}];", &in, &err));
  EXPECT_EQ(in.coords[0].imm, 0x3DCCCCCDu);  // 0.1 rounded to f32
  EXPECT_EQ(in.coords[1].imm, 0x3F800000u);
  ASSERT_TRUE(ParsePtx("sust.b.1d.b64.trap [s, {x}], 1.5;", &in, &err));
  EXPECT_EQ(in.src[0].imm, 0x3FF8000000000000u);  // f64 bits, as written
}

}  // namespace
}  // namespace tsu
