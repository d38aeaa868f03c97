// Front end: every surface example of the PTX text decodes; every field is as written; forms
// the text forbids are rejected with a message naming the rule.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tsu/instruction_json.h"
#include "tsu/ptx_parser.h"
#include "tsu/text.h"

namespace tsu {
namespace {

Instruction Decode(const std::string& text, Dialect dialect = Dialect::kPtxas) {
  Instruction in;
  std::string err;
  ParseOptions o;
  o.dialect = dialect;
  EXPECT_TRUE(ParsePtx(text, &in, &err, o)) << text << ": " << err;
  return in;
}

std::string Reject(const std::string& text) {
  Instruction in;
  std::string err;
  EXPECT_FALSE(ParsePtx(text, &in, &err)) << "accepted: " << text;
  return err;
}

// The examples printed in ../shared/spec (ptx-suld.md, ptx-sust.md, ptx-sured.md, suq).
const char* const kSpecExamples[] = {
    "suld.b.1d.v4.b32.trap  {s1,s2,s3,s4}, [surf_B, {x}];",
    "suld.b.3d.v2.b64.trap  {r1,r2}, [surf_A, {x,y,z,w}];",
    "suld.b.a1d.v2.b32      {r0,r1}, [surf_C, {idx,x}];",
    "suld.b.a2d.b32         r0, [surf_D, {idx,x,y,z}];  // z ignored",
    "sust.p.1d.v4.b32.trap  [surf_B, {x}], {f1,f2,f3,f4};",
    "sust.b.3d.v2.b64.trap  [surf_A, {x,y,z,w}], {r1,r2};",
    "sust.b.a1d.v2.b64      [surf_C, {idx,x}], {r1,r2};",
    "sust.b.a2d.b32         [surf_D, {idx,x,y,z}], r0;  // z ignored",
    "sured.b.add.2d.u32.trap  [surf_A, {x,y}], r1;",
    "sured.p.min.1d.u32.trap  [surf_B, {x}], r1;",
    "sured.b.max.1d.u64.trap  [surf_C, {x}], r1;",
    "sured.p.min.1d.b64.trap  [surf_D, {x}], r1;",
    "suq.width.b32       %r1, [surf_A];",
};

// The text dialect takes every example as written (docs/semantics.md, Dialects).
TEST(PtxParser, TextDialectDecodesEverySpecExample) {
  for (const char* text : kSpecExamples) Decode(text, Dialect::kText);
}

// The default dialect is ptxas's: 5 of the 13 examples are errors for ptxas 13.0 (an omitted
// clamp mode; sured.p with .u32), and exactly those are rejected, with the reason.
TEST(PtxParser, PtxasDialectRejectsTheExamplesPtxasRejects) {
  int rejected = 0;
  for (const char* text : kSpecExamples) {
    Instruction in;
    std::string err;
    if (ParsePtx(text, &in, &err)) continue;
    ++rejected;
    const std::string t = text;
    if (t.find(".trap") == std::string::npos) {
      EXPECT_NE(err.find("requires a clamp mode"), std::string::npos) << t << ": " << err;
    } else {
      EXPECT_EQ(t.rfind("sured.p.min.1d.u32", 0), 0u) << t;
      EXPECT_NE(err.find("sured.p requires .b32 or .b64 (got .u32)"), std::string::npos) << err;
    }
  }
  EXPECT_EQ(rejected, 5);
}

TEST(PtxParser, SuldFields) {
  Instruction in = Decode("suld.b.3d.cg.v2.b64.clamp {r1,r2}, [surf_A, {x,y,z,w}];");
  EXPECT_EQ(in.opcode, Opcode::kSuld);
  EXPECT_EQ(in.geom, Geometry::k3d);
  EXPECT_EQ(in.cop, CacheOp::kCg);
  EXPECT_EQ(in.VecCount(), 2);
  EXPECT_EQ(in.type, DataType::kB64);
  EXPECT_EQ(in.clamp, ClampMode::kClamp);
  EXPECT_TRUE(in.clamp_explicit);
  EXPECT_EQ(in.resource.name, "surf_A");
  ASSERT_EQ(in.coords.size(), 4u);  // the fourth, ignored coordinate is kept as written
  EXPECT_EQ(in.coords[3].name, "w");
  ASSERT_EQ(in.dst.size(), 2u);
  EXPECT_EQ(in.dst[1].name, "r2");
}

TEST(PtxParser, OmittedClampDefaultsToTrapInTheTextDialect) {
  Instruction in = Decode("suld.b.a1d.v2.b32 {r0,r1}, [surf_C, {idx,x}];", Dialect::kText);
  EXPECT_EQ(in.clamp, ClampMode::kTrap);
  EXPECT_FALSE(in.clamp_explicit);
  ASSERT_FALSE(in.coords.empty());
  EXPECT_EQ(in.coords[0].name, "idx");
  EXPECT_NE(Reject("suld.b.a1d.v2.b32 {r0,r1}, [surf_C, {idx,x}];").find("requires a clamp mode"),
            std::string::npos);
}

TEST(PtxParser, ModifierOrderIsFree) {
  Instruction a = Decode("suld.b.1d.b32.ca.trap r1, [s, {x}];");
  Instruction b = Decode("suld.b.1d.trap.ca.b32 r1, [s, {x}];");
  EXPECT_EQ(ToJson(a), ToJson(b));
}

TEST(PtxParser, RegistersImmediatesAndIndirectHandles) {
  Instruction in = Decode("sust.b.2d.b32.zero [%rd4, {%r1, 7}], 0x2A;");
  EXPECT_EQ(in.resource.name, "%rd4");
  EXPECT_EQ(in.coords[0].name, "%r1");
  EXPECT_EQ(in.coords[1].kind, Operand::Kind::kImmediate);
  EXPECT_EQ(in.coords[1].imm, 7u);
  EXPECT_EQ(in.src[0].imm, 0x2Au);
  Instruction neg = Decode("suld.b.1d.b8.zero r1, [s, -4];");  // 1d: bare scalar coordinate
  EXPECT_EQ(neg.coords[0].imm, 0xFFFFFFFFFFFFFFFCull);
  Instruction f = Decode("sust.p.1d.b32.trap [s, {x}], 0f3F800000;");
  EXPECT_EQ(f.src[0].imm, 0x3F800000u);
}

TEST(PtxParser, FreeSpacingAndComments) {
  Instruction a = Decode("  suld.b.2d.b16.zero\tr1 ,[ surf_A ,{ x ,y } ] ; // trailing");
  Instruction b = Decode("suld.b.2d.b16.zero r1,[surf_A,{x,y}]");
  EXPECT_EQ(ToJson(a), ToJson(b));
}

TEST(PtxParser, GuardPredicate) {
  Instruction in = Decode("@!p1 suq.depth.b32 r1, [surf_A];");
  EXPECT_TRUE(in.has_guard);
  EXPECT_TRUE(in.guard_negated);
  EXPECT_EQ(in.guard, "p1");
}

TEST(PtxParser, SuredAndSuqFields) {
  Instruction r = Decode("sured.b.and.3d.b32.zero [s, {x,y,z,w}], r1;");
  EXPECT_EQ(r.red_op, RedOp::kAnd);
  EXPECT_EQ(r.addressing, Addressing::kByte);
  Instruction p = Decode("sured.p.or.2d.b32.clamp [s, {x,y}], r1;");
  EXPECT_EQ(p.addressing, Addressing::kSample);
  Instruction q = Decode("suq.channel_data_type.b32 r1, [rd1];");
  EXPECT_EQ(q.query, QueryKind::kChannelDataType);
}

TEST(PtxParser, JsonIsOneLineWithValidTrue) {
  const std::string s = ToJson(Decode("suld.b.1d.v4.b32.trap {a,b,c,d}, [surf_B, {x}];")).dump();
  EXPECT_EQ(s.find('\n'), std::string::npos);
  EXPECT_EQ(s.rfind("{\"valid\":true,\"opcode\":\"suld\"", 0), 0u) << s;
}

// (text, part of the message that names the rule)
const std::pair<const char*, const char*> kRejections[] = {
    {"sured.b.and.1d.u32.trap [s, {x}], r1;", ".and requires .b32"},
    {"sured.b.or.1d.b64.trap [s, {x}], r1;", ".or requires .b32"},
    {"sured.b.add.1d.s64.trap [s, {x}], r1;", ".add requires .u32, .u64 or .s32"},
    {"sured.b.add.1d.b32.trap [s, {x}], r1;", ".add requires"},
    {"sured.b.min.1d.b32.trap [s, {x}], r1;", ".min requires"},
    {"sured.p.add.1d.b64.trap [s, {x}], r1;", "restricted to .min and .max"},
    {"sured.p.add.1d.b16.trap [s, {x}], r1;", "sured.p requires .b32 or .b64"},
    {"sured.b.add.a1d.u32.trap [s, {i,x}], r1;", "geometry .a1d is not allowed for sured.b"},
    {"sured.b.add.1d.v2.u32.trap [s, {x}], {r1,r2};", "no vector qualifier"},
    {"sured.b.add.1d.cg.u32.trap [s, {x}], r1;", "no cache operation"},
    {"sured.b.1d.u32.trap [s, {x}], r1;", "requires an operation"},
    {"sured.add.1d.u32.trap [s, {x}], r1;", "requires .b"},
    {"suld.p.1d.b32.trap r1, [s, {x}];", "suld.p does not exist"},
    {"suld.1d.b32.trap r1, [s, {x}];", "suld requires .b"},
    {"suld.b.b32.trap r1, [s, {x}];", "requires a geometry"},
    {"suld.b.cube.b32.trap r1, [s, {x}];", "geometry .cube is not allowed"},
    {"suld.b.1d.wb.b32.trap r1, [s, {x}];", "cache operation .wb is not allowed for suld.b"},
    {"sust.b.1d.ca.b32.trap [s, {x}], r1;", "cache operation .ca is not allowed for sust.b"},
    {"suld.b.1d.ca.cg.b32.trap r1, [s, {x}];", "multiple cache operation modifiers"},
    {"suld.b.1d.b32.trap.zero r1, [s, {x}];", "multiple clamp modifiers"},
    {"suld.b.1d.v4.b64.trap {a,b,c,d}, [s, {x}];", "exceeds the 128-bit vector limit"},
    {"suld.b.1d.v3.b32.trap {a,b,c}, [s, {x}];", "illegal vector size .v3"},
    {"suld.b.1d.u32.trap r1, [s, {x}];", "suld.b requires .dtype .b8, .b16, .b32 or .b64"},
    {"suld.b.1d.trap r1, [s, {x}];", "requires a .dtype"},
    {"sust.p.1d.b16.trap [s, {x}], r1;", "sust.p requires .b32"},
    {"sust.b.1d.f32.trap [s, {x}], r1;", "sust.b requires .ctype"},
    {"suld.b.1d.v2.b32.trap r1, [s, {x}];", "must be a 2-element vector"},
    {"suld.b.1d.v2.b32.trap {r1}, [s, {x}];", "vector size mismatch"},
    {"suld.b.1d.v4.b32.trap {a,b}, [s, {x}];", "needs 4 elements"},
    {"suld.b.2d.b32.trap r1, [s, {x}];", "needs 2 elements"},
    {"suld.b.3d.b32.trap r1, [s, {x,y,z}];", "illegal coordinate vector size 3"},
    {"suld.b.a1d.b32.trap r1, [s, {x}];", "needs 2 elements"},
    {"suld.b.a2d.b32.trap r1, [s, {i,x,y}];", "illegal coordinate vector size 3"},
    {"suld.b.1d.b32.trap r1, [5, {x}];", "operand a must be a .surfref name or a .u64 register"},
    {"suld.b.1d.b32.trap r1, [s];", "must be [a, b]"},
    {"suld.b.1d.b32.trap 5, [s, {x}];", "not immediates"},
    {"suld.b.1d.b32.trap r1|p, [s, {x}];", "no '|p' predicate"},
    {"sust.b.1d.b32.trap [s], r1;", "must be [a, b]"},
    {"sust.b.1d.b32.trap [s, {x}];", "takes 2 operands"},
    {"suq.width.u32 r1, [s];", "suq requires .b32"},
    {"suq.b32 r1, [s];", "suq requires a query"},
    {"suq.width.b32 r1, [s, {x}];", "no coordinates"},
    {"suq.size.b32 r1, [s];", "unknown modifier .size for suq"},
    {"suq.width.2d.b32 r1, [s];", "suq takes only .query and .b32"},
    {"suld.b.1d.min.b32.trap r1, [s, {x}];", "unknown modifier .min for suld"},
    {"ld.global.b32 r1, [a];", "unknown instruction 'ld'"},
    {"suld.b.1d.b32.trap r1, [s, {x}]; junk", "unexpected text after the instruction"},
    {"suld.b.1d.b32.trap r1, [s, {x];", "expected '}'"},
    {"suld.b.1d.b32.trap r1, [s, {x};", "expected ']'"},
    {"suld.b.1d.b32.trap r1, [s, {0x}];", "malformed integer literal"},
    {"suld.b.1d.b32.trap r1, [s, {99999999999999999999}];", "does not fit in 64 bits"},
    {"sust.p.1d.b32.trap [s, {x}], 0f3F80;", "0f needs 8 hex digits"},
    {"", "empty instruction"},
    {"@{p} suld.b.1d.b32.trap r1, [s, {x}];", "expected a predicate register"},
    {"suld..b.1d.b32.trap r1, [s, {x}];", "empty modifier"},
};

// A bare scalar coordinate for .2d: ptxas assembles it but no document gives it a meaning. The
// default dialect accepts it and says why it will not run; the text dialect rejects it (F8).
TEST(PtxParser, BareScalarCoordinateForTwoDimensions) {
  const char* text = "suld.b.2d.b32.trap r1, [s, x];";
  Instruction in = Decode(text);
  EXPECT_NE(in.no_semantics.find("bare scalar coordinate"), std::string::npos);
  EXPECT_EQ(ToJson(in).value("no_semantics", ""), in.no_semantics);
  Instruction t;
  std::string err;
  ParseOptions o;
  o.dialect = Dialect::kText;
  EXPECT_FALSE(ParsePtx(text, &t, &err, o));
  EXPECT_NE(err.find("must be a 2-element vector"), std::string::npos) << err;
  EXPECT_TRUE(Decode("suld.b.2d.b32.trap r1, [s, {x, y}];").no_semantics.empty());
}

TEST(PtxParser, InvalidFormsNameTheBrokenRule) {
  for (const auto& [text, rule] : kRejections) {
    const std::string err = Reject(text);
    EXPECT_NE(err.find(rule), std::string::npos)
        << "for: " << text << "\n  message: " << err << "\n  should mention: " << rule;
  }
}

// Input the front end must refuse cleanly: not UTF-8, too long, too many operands.
// Every message is short and valid UTF-8, so it can be printed and put in JSON.
TEST(PtxParserLimits, BadBytesLongLinesAndHugeVectorsAreErrors) {
  Instruction in;
  std::string err;
  EXPECT_FALSE(ParsePtx("suld.b.1d.b32.trap r, [s, {x}];\xff", &in, &err));
  EXPECT_EQ(err, "the text is not valid UTF-8 (byte 0xFF at column 32)");
  // A multi-byte character where an error message cuts its excerpt: the cut is at a boundary.
  const std::string cut = "suld.b.1d.b32.trap r, [s, {x}]; " + std::string(23, 'a') + "\xc3\xa9";
  EXPECT_FALSE(ParsePtx(cut, &in, &err));
  EXPECT_EQ(FirstInvalidUtf8(err), std::string::npos) << err;
  EXPECT_NE(err.find("unexpected text after the instruction"), std::string::npos) << err;
  // Overlong, surrogate and truncated sequences are not UTF-8.
  for (const char* bad : {"\xc0\xaf", "\xed\xa0\x80", "\xe2\x82", "\xf4\x90\x80\x80"}) {
    EXPECT_NE(FirstInvalidUtf8(bad), std::string::npos) << bad;
  }
  EXPECT_EQ(FirstInvalidUtf8("x\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"), std::string::npos);

  std::string coords;
  for (int i = 0; i < 5'000'000; ++i) coords += (i ? ",x" : "x");
  EXPECT_FALSE(ParsePtx("suld.b.1d.b32.trap r, [s, {" + coords + "}];", &in, &err));
  EXPECT_EQ(err.rfind("the instruction is ", 0), 0u) << err.substr(0, 100);
  EXPECT_NE(err.find("the limit is 4096"), std::string::npos);
  EXPECT_FALSE(ParsePtx("suld.b.1d.b32.trap r, [s, {x,x,x,x,x}];", &in, &err));
  EXPECT_EQ(err, "a vector operand has at most 4 elements");
  EXPECT_FALSE(ParsePtx("suld.b.1d.b32.trap r, [s, x, x, x, x];", &in, &err));
  EXPECT_EQ(err, "an address operand has at most 4 items");
  EXPECT_FALSE(ParsePtx("suld.b.1d.b32.trap r, [s, 0x" + std::string(3000, '1') + "];", &in, &err));
  EXPECT_LT(err.size(), 120u) << err;
  // Found by fuzz.ptx: an unknown modifier was quoted whole (a 600-byte message).
  EXPECT_FALSE(ParsePtx("tex.3d.v" + std::string(600, 'A') + ".f32 r, [t, {x}];", &in, &err));
  EXPECT_LT(err.size(), 120u) << err;
  EXPECT_EQ(err.rfind("unknown modifier .vAAAA", 0), 0u) << err;
}

TEST(PtxParserLimits, ExcerptIsShortPrintableAndCutAtACharacter) {
  EXPECT_EQ(Excerpt("abc"), "abc");
  EXPECT_EQ(Excerpt(std::string(100, 'a'), 4), "aaaa...");
  EXPECT_EQ(Excerpt("a\xff\n", 10), "a\\xFF\\x0A");
  EXPECT_EQ(Excerpt("\xc3\xa9\xc3\xa9", 3), "\xc3\xa9\xc3\xa9");  // whole characters only
  EXPECT_EQ(Excerpt("\xc3\xa9\xc3\xa9\xc3\xa9", 3), "\xc3\xa9\xc3\xa9...");
}

// Reset() (the decoder reuses one Instruction per line) must leave exactly Instruction{}: a field
// added to Instruction but not to Reset() fails here.
TEST(PtxParser, ResetRestoresEveryDefault) {
  Instruction in;
  std::string err;
  ASSERT_TRUE(ParsePtx("@!p tex.grad.2d.v4.f32.f32 {a,b,c,d}|q, [t, {x,y}], {1.0,2.0}, {3.0,4.0}, {1,-1}, "
                       "z;", &in, &err)) << err;
  in.no_semantics = "x";
  in.resource_is_symbol = false;
  in.Reset();
  EXPECT_EQ(ToJson(in), ToJson(Instruction{}));
  const Instruction fresh;
  EXPECT_EQ(in.opcode, fresh.opcode);
  EXPECT_EQ(in.tex_mode, fresh.tex_mode);
  EXPECT_EQ(in.coord_type, fresh.coord_type);
  EXPECT_EQ(in.has_guard || in.guard_negated || in.has_sampler || in.has_lod ||
                in.has_depth_ref || in.has_pred_dst || in.clamp_explicit,
            false);
  EXPECT_TRUE(in.guard.empty() && in.no_semantics.empty() && in.coords.empty() &&
              in.dst.empty() && in.src.empty() && in.dpdx.empty() && in.dpdy.empty() &&
              in.offset.empty());
  EXPECT_TRUE(in.resource_is_symbol);
  EXPECT_TRUE(in.resource == Operand{} && in.sampler == Operand{} && in.lod == Operand{} &&
              in.depth_ref == Operand{} && in.pred_dst == Operand{});
}

}  // namespace
}  // namespace tsu
