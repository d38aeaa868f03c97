// tex in the PTX front end: every form and example of the text accepted, the forbidden forms
// rejected naming the rule, offsets outside the text's range, the JSON of every operand.
#include <gtest/gtest.h>

#include <string>

#include "tsu/instruction_json.h"
#include "tsu/ptx_parser.h"

namespace tsu {
namespace {

// ---- Front end ------------------------------------------------------------------------------------

TEST(TexFrontEnd, AcceptsEveryFormOfTheText) {
  const char* ok[] = {
      "tex.3d.v4.s32.s32  {r1,r2,r3,r4}, [tex_a,{f1,f2,f3,f4}];",
      "tex.1d.v4.s32.f32  {r1,r2,r3,r4}, [tex_a,smpl_x,{f1}];",
      "tex.a1d.v4.s32.s32 {r1,r2,r3,r4}, [tex_a,smpl_x,{idx,s1}];",
      "tex.a2d.v4.s32.f32 {r1,r2,r3,r4}, [tex_a,{idx,f1,f2,f3}];",
      "tex.acube.v4.f32.f32 {r0,r1,r2,r3}, [tex_cuarray,{idx,f1,f2,f3}];",
      "tex.2dms.v4.s32.s32 {r0,r1,r2,r3}, [tex_ms,{sample,r6,r7,r8}];",
      "tex.2dms.v4.s32.s32 {r0,r1,r2,r3}, [tex_ms, smpl_x,{sample,r6,r7,r8}];",
      "tex.a2dms.v4.s32.s32 {r0,r1,r2,r3}, [tex_ams,{idx,sample,r6,r7}];",
      "tex.1d.v4.f16.f32  {h1,h2,h3,h4}, [tex_a,smpl_x,{f1}];",
      "tex.1d.v2.f16x2.f32  {h1,h2}, [tex_a,smpl_x,{f1}];",
      "tex.grad.3d.v4.f32.f32 {%f4,%f5,%f6,%f7},[tex_3d,{%f0,%f0,%f0,%f0}], {fl0,fl1,fl2,fl3},{fl0,fl1,fl2,fl3};",
      "tex.grad.cube.v4.f32.f32{%f4,%f5,%f6,%f7},[tex_cube,{%f0,%f0,%f0,%f0}], {fl0,fl1,fl2,fl3},{fl0,fl1,fl2,fl3};",
      "tex.1d.v4.s32.f32  {r1,r2,r3,r4}, [tex_a, {f1}], {r5};",
      "tex.a2d.v4.s32.f32  {r1,r2,r3,r4}, [tex_a,{idx,f1,f2,f3}], {f5,f6};",
      "tex.level.2d.v4.s32.f32  {r1,r2,r3,r4}, [tex_a,{f1,f2}], flvl, {r7, r8};",
      "tex.1d.v4.f32.f32  {f1,f2,f3,f4}, [tex_a, {f1}], f0;",
      "tex.a2d.v4.s32.f32  {f0,f1,f2,f3}, [tex_a,{idx,f4,f5,f6}], {r5,r6}, f6;",
      "tex.3d.v4.s32.s32 {r1,r2,r3,r4}|p, [tex_a,{f1,f2,f3,f4}];",
      "tex.base.2dms.v4.f32.s32 {a,b,c,d}, [t, {s,x,y,z}];",
      "tex.grad.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], {a,b}, {c,d}, {o,p}, f;",
      "tex.1d.v4.f32.f32 {a,b,c,d}, [rd1, rd2, {x}];",
  };
  for (const char* t : ok) {
    Instruction in;
    std::string err;
    EXPECT_TRUE(ParsePtx(t, &in, &err)) << t << ": " << err;
  }
}

TEST(TexFrontEnd, RejectsForbiddenFormsNamingTheRule) {
  struct Case {
    const char* text;
    const char* rule;
  } cases[] = {
      {"tex.1d.v4.f32.f32 {a,b,c,d}, [t, smp, x];", "coordinates c must be braced"},
      {"tex.cube.v4.f32.f32 {a,b,c,d}, [t, {x,y,z,w}], {o,p};", "not supported for .cube"},
      {"tex.acube.v4.f32.f32 {a,b,c,d}, [t, {i,x,y,z}], {o,p};", "not supported for .acube"},
      {"tex.3d.v4.f32.f32 {a,b,c,d}, [t, {x,y,z,w}], f;", "not supported for .3d"},
      {"tex.2dms.v4.f32.s32 {a,b,c,d}, [t, {s,x,y,z}], f;", "not supported for multisample"},
      {"tex.level.2dms.v4.f32.s32 {a,b,c,d}, [t, {s,x,y,z}], l;", "not supported for multisample"},
      {"tex.grad.a2dms.v4.f32.s32 {a,b,c,d}, [t, {i,s,x,y}], {a,b}, {c,d};", "not supported for multisample"},
      {"tex.cube.v4.f32.s32 {a,b,c,d}, [t, {x,y,z,w}];", "requires .f32 coordinates"},
      {"tex.acube.v4.f32.s32 {a,b,c,d}, [t, {i,x,y,z}];", "requires .f32 coordinates"},
      {"tex.2dms.v4.f32.f32 {a,b,c,d}, [t, {s,x,y,z}];", "requires .s32 coordinates"},
      {"tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x}];", "needs 2 elements"},
      {"tex.3d.v4.f32.f32 {a,b,c,d}, [t, {x,y}];", "needs 4 elements"},
      {"tex.a2d.v4.f32.f32 {a,b,c,d}, [t, {i,x,y}];", "illegal vector size 3"},
      {"tex.2d.v2.f32.f32 {a,b}, [t, {x,y}];", "require .v4"},
      {"tex.2d.v4.f16x2.f32 {a,b,c,d}, [t, {x,y}];", ".f16x2 results require .v2"},
      {"tex.2d.f32.f32 a, [t, {x,y}];", "requires .v4"},
      {"tex.2d.v4.f32.u32 {a,b,c,d}, [t, {x,y}];", "integer coordinates require .s32"},
      {"tex.2d.v4.b32.f32 {a,b,c,d}, [t, {x,y}];", ".dtype must be"},
      {"tex.2d.v4.f32.f32 {a,b,c}, [t, {x,y}];", "destination vector size mismatch"},
      {"tex.grad.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], {a}, {b};", "must have 2 elements"},
      {"tex.grad.3d.v4.f32.f32 {a,b,c,d}, [t, {x,y,z,w}], {a,b}, {c,d};", "must have 4 elements"},
      {"tex.grad.1d.v4.f32.f32 {a,b,c,d}, [t, {x}], a, b;", "braced vectors"},
      {"tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}];", "requires a lod"},
      {"tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], {o};", "needs 2 elements"},
      {"tex.1d.v4.f32.s32 {a,b,c,d}, [t, {x}], f;", "depth compare requires .f32"},
      {"tex.base.level.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], l;", "multiple mipmap modes"},
      {"tex.2d.v4.f32.f32 {a,b,c,d}, t, {x,y};", "texture operand must be"},
      {"tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], f, g;", "too many operands"},
      {"tex.v4.f32.f32 {a,b,c,d}, [t, {x,y}];", "requires a geometry"},
  };
  for (const Case& c : cases) {
    Instruction in;
    std::string err;
    EXPECT_FALSE(ParsePtx(c.text, &in, &err)) << c.text;
    EXPECT_NE(err.find(c.rule), std::string::npos) << c.text << "\n  got: " << err;
  }
}

// An immediate offset outside -8..+7: ptxas assembles it and the default dialect accepts it; it is
// used modulo 16 like a register offset (TF3). The text dialect rejects it.
TEST(TexFrontEnd, OffsetOutsideTheTextRange) {
  const char* text = "tex.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], {9,0};";
  Instruction in;
  std::string err;
  ASSERT_TRUE(ParsePtx(text, &in, &err)) << err;
  EXPECT_TRUE(in.no_semantics.empty()) << in.no_semantics;
  ParseOptions o;
  o.dialect = Dialect::kText;
  EXPECT_FALSE(ParsePtx(text, &in, &err, o));
  EXPECT_NE(err.find("out of range"), std::string::npos) << err;
}

// Every example of the tex text (ptx-tex.md), as written. The text dialect decodes all 18; the
// default (ptxas) dialect rejects exactly the two with 3-element coordinate vectors, which ptxas
// 13.0 rejects too ("Illegal vector size: 3").
TEST(TexFrontEnd, EveryExampleOfTheText) {
  const char* const examples[] = {
      "tex.3d.v4.s32.s32  {r1,r2,r3,r4}, [tex_a,{f1,f2,f3,f4}];",
      "tex.1d.v4.s32.f32  {r1,r2,r3,r4}, [tex_a,smpl_x,{f1}];",
      "tex.a1d.v4.s32.s32 {r1,r2,r3,r4}, [tex_a,smpl_x,{idx,s1}];",
      "tex.a2d.v4.s32.f32 {r1,r2,r3,r4}, [tex_a,{idx,f1,f2,f3}];",
      "tex.acube.v4.f32.f32 {r0,r1,r2,r3}, [tex_cuarray,{idx,f1,f2,f3}];",
      "tex.2dms.v4.s32.s32 {r0,r1,r2,r3}, [tex_ms,{sample,r6,r7,r8}];",
      "tex.2dms.v4.s32.s32 {r0,r1,r2,r3}, [tex_ms, smpl_x,{sample,r6,r7,r8}];",
      "tex.a2dms.v4.s32.s32 {r0,r1,r2,r3}, [tex_ams,{idx,sample,r6,r7}];",
      "tex.1d.v4.f16.f32  {h1,h2,h3,h4}, [tex_a,smpl_x,{f1}];",
      "tex.1d.v2.f16x2.f32  {h1,h2}, [tex_a,smpl_x,{f1}];",
      "tex.grad.3d.v4.f32.f32 {%f4,%f5,%f6,%f7},[tex_3d,{%f0,%f0,%f0,%f0}],\n"
      "                 {fl0,fl1,fl2,fl3},{fl0,fl1,fl2,fl3};",
      "tex.grad.cube.v4.f32.f32{%f4,%f5,%f6,%f7},[tex_cube,{%f0,%f0,%f0,%f0}],\n"
      "                 {fl0,fl1,fl2,fl3},{fl0,fl1,fl2,fl3};",
      "tex.1d.v4.s32.f32  {r1,r2,r3,r4}, [tex_a, {f1}], {r5};",
      "tex.a2d.v4.s32.f32  {r1,r2,r3,r4}, [tex_a,{idx,f1,f2}], {f5,f6};",
      "tex.level.2d.v4.s32.f32  {r1,r2,r3,r4}, [tex_a,{f1,f2}],\n                          flvl, {r7, r8};",
      "tex.1d.v4.f32.f32  {f1,f2,f3,f4}, [tex_a, {f1}], f0;",
      "tex.a2d.v4.s32.f32  {f0,f1,f2,f3}, [tex_a,{idx,f4,f5}], {r5,r6}, f6;",
      "tex.3d.v4.s32.s32 {r1,r2,r3,r4}|p, [tex_a,{f1,f2,f3,f4}];",
  };
  ParseOptions text;
  text.dialect = Dialect::kText;
  int ptxas_rejects = 0;
  for (const char* e : examples) {
    Instruction in;
    std::string err;
    EXPECT_TRUE(ParsePtx(e, &in, &err, text)) << e << ": " << err;
    EXPECT_TRUE(in.no_semantics.empty()) << e;
    if (!ParsePtx(e, &in, &err)) {
      ++ptxas_rejects;
      EXPECT_NE(err.find("illegal vector size 3"), std::string::npos) << e << ": " << err;
    }
  }
  EXPECT_EQ(ptxas_rejects, 2);
  Instruction a2d;
  std::string err;
  ASSERT_TRUE(ParsePtx("tex.a2d.v4.s32.f32 {r1,r2,r3,r4}, [tex_a,{idx,f1,f2}];", &a2d, &err, text));
  EXPECT_EQ(a2d.coords.size(), 3u);
  EXPECT_FALSE(ParsePtx("tex.acube.v4.f32.f32 {r0,r1,r2,r3}, [t,{idx,f1,f2}];", &a2d, &err, text));
}

// The JSON of a tex decode names everything the model uses (docs/ptx-modules.md, "Decodes").
TEST(TexFrontEnd, JsonNamesEveryOperand) {
  Instruction in;
  std::string err;
  ASSERT_TRUE(ParsePtx("@p tex.grad.a2d.v4.f32.f32 {a,b,c,d}|q, [t, s, {i,x,y,w}], {1.0,0f40000000}, {dx,dy}, "
                       "{-1,3}, z;", &in, &err)) << err;
  const std::string j = ToJson(in).dump();
  EXPECT_EQ(j,
            "{\"valid\":true,\"opcode\":\"tex\",\"guard\":\"p\",\"mode\":\"grad\",\"geom\":\"a2d\","
            "\"vec\":4,\"dtype\":\"f32\",\"ctype\":\"f32\",\"resource\":{\"name\":\"t\"},"
            "\"sampler\":{\"name\":\"s\"},\"coords\":[{\"name\":\"i\"},{\"name\":\"x\"},"
            "{\"name\":\"y\"},{\"name\":\"w\"}],\"dst\":[{\"name\":\"a\"},{\"name\":\"b\"},"
            "{\"name\":\"c\"},{\"name\":\"d\"}],\"pred\":{\"name\":\"q\"},\"lod\":null,"
            "\"dpdx\":[{\"imm\":1065353216},{\"imm\":1073741824}],\"dpdy\":[{\"name\":\"dx\"},{\"name\":\"dy\"}],"
            "\"offset\":[{\"imm\":18446744073709551615},{\"imm\":3}],\"depth_ref\":{\"name\":\"z\"}}");
  ASSERT_TRUE(ParsePtx("tex.level.1d.v2.f16x2.s32 {a,b}, [t, {x}], l;", &in, &err)) << err;
  const nlohmann::ordered_json k = ToJson(in);
  EXPECT_EQ(k["mode"], "level");
  EXPECT_EQ(k["vec"], 2);
  EXPECT_EQ(k["dtype"], "f16x2");
  EXPECT_EQ(k["ctype"], "s32");
  EXPECT_EQ(k["lod"]["name"], "l");
  EXPECT_TRUE(k["sampler"].is_null() && k["pred"].is_null() && k["offset"].is_null() &&
              k["depth_ref"].is_null() && k["dpdx"].is_null());
}

}  // namespace
}  // namespace tsu
