// Instruction semantics, one form at a time: each row runs a one-thread kernel around one
// instruction and compares the result with a value derived by hand from the PTX ISA text (and, for
// what the text leaves open, from the decisions in docs/semantics.md "Kernel execution").
#include <cstring>
#include <string>

#include "kernel_fixture.h"

namespace tsu::exec::test {
namespace {

struct Row {
  const char* inst;  // operands %d (result), %a %b %c %e (sources)
  const char* dreg;  // register type of %d: b16 b32 b64 pred
  const char* sreg;  // register type of the sources
  uint64_t a, b, c, e;
  uint64_t want;
};

// The form's name for the coverage count: the opcode with its modifiers.
std::string Form(const char* inst) {
  std::string s(inst);
  return s.substr(0, s.find_first_of(" \t"));
}

uint64_t RunRow(const Row& r, std::string* error) {
  const std::string dbits = r.dreg;
  const std::string text =
      ".version 9.0\n.target sm_80\n.address_size 64\n"
      ".visible .entry k(.param .u64 out)\n{\n"
      "\t.reg .b64 %o;\n\t.reg ." + dbits + " %d;\n\t.reg ." + r.sreg + " %a, %b, %c, %e;\n"
      "\t.reg .pred %pa, %pb;\n\t.reg .b64 %w;\n"
      "\tld.param.u64 %o, [out];\n"
      "\tmov." + std::string(r.sreg) + " %a, " + std::to_string(r.a) + ";\n"
      "\tmov." + std::string(r.sreg) + " %b, " + std::to_string(r.b) + ";\n"
      "\tmov." + std::string(r.sreg) + " %c, " + std::to_string(r.c) + ";\n"
      "\tmov." + std::string(r.sreg) + " %e, " + std::to_string(r.e) + ";\n"
      "\tsetp.ne.b64 %pa, %w, 0;\n"  // a false predicate for the .and/.or forms
      "\t" + r.inst + ";\n" +
      (dbits == "pred" ? "\tselp.u64 %w, 1, 0, %d;\n"
                       : "\tcvt.u64." + std::string(dbits == "b16" ? "u16" : dbits == "b32" ? "u32" : "u64") +
                             " %w, %d;\n") +
      "\tst.global.u64 [%o], %w;\n\tret;\n}\n";
  Device dev;
  const int m = dev.LoadModule(text, Form(r.inst) + ".ptx", error);
  if (m < 0) return ~0ull;
  const uint64_t out = dev.Malloc(8);
  LaunchConfig c;
  if (!PackParams(dev.program(m).functions[0], {ArgValue{out}}, &c.params, error)) return ~0ull;
  const LaunchReport rep = dev.Launch(m, 0, c);
  if (!rep.ok) {
    *error = rep.error;
    return ~0ull;
  }
  uint64_t v = 0;
  dev.CopyFromDevice(&v, out, 8, error);
  return v;
}

constexpr uint64_t F(float f) {
  return static_cast<uint64_t>(__builtin_bit_cast(uint32_t, f));
}
constexpr uint64_t D(double d) { return __builtin_bit_cast(uint64_t, d); }
constexpr uint64_t kNeg32(int32_t v) { return static_cast<uint32_t>(v); }

const Row kRows[] = {
    // Integer arithmetic.
    {"add.s32 %d, %a, %b", "b32", "b32", 0x7fffffff, 1, 0, 0, 0x80000000},
    {"add.sat.s32 %d, %a, %b", "b32", "b32", 0x7fffffff, 1, 0, 0, 0x7fffffff},
    {"add.sat.s32 %d, %a, %b", "b32", "b32", 0x80000000, kNeg32(-1), 0, 0, 0x80000000},
    {"sub.u64 %d, %a, %b", "b64", "b64", 1, 2, 0, 0, ~0ull},
    {"mul.lo.s32 %d, %a, %b", "b32", "b32", 0x10001, 0x10001, 0, 0, 0x20001},
    {"mul.hi.u32 %d, %a, %b", "b32", "b32", 0xffffffff, 0xffffffff, 0, 0, 0xfffffffe},
    {"mul.hi.s32 %d, %a, %b", "b32", "b32", kNeg32(-2), 0x40000000, 0, 0, 0xffffffff},
    {"mul.hi.u64 %d, %a, %b", "b64", "b64", ~0ull, 2, 0, 0, 1},
    {"mul.wide.s32 %d, %a, %b", "b64", "b32", kNeg32(-3), 5, 0, 0, static_cast<uint64_t>(-15)},
    {"mul.wide.u32 %d, %a, %b", "b64", "b32", 0xffffffff, 0xffffffff, 0, 0, 0xfffffffe00000001ull},
    {"mad.lo.s32 %d, %a, %b, %c", "b32", "b32", 7, 6, 100, 0, 142},
    {"mad.hi.u32 %d, %a, %b, %c", "b32", "b32", 0x80000000, 4, 5, 0, 7},
    {"mul24.lo.u32 %d, %a, %b", "b32", "b32", 0x01000003, 2, 0, 0, 6},
    {"div.u32 %d, %a, %b", "b32", "b32", 100, 7, 0, 0, 14},
    {"div.s32 %d, %a, %b", "b32", "b32", kNeg32(-100), 7, 0, 0, kNeg32(-14)},
    {"div.u32 %d, %a, %b", "b32", "b32", 100, 0, 0, 0, 0xffffffff},        // X4
    {"div.s32 %d, %a, %b", "b32", "b32", 5, 0, 0, 0, 0xffffffff},          // X4
    {"div.s32 %d, %a, %b", "b32", "b32", 0x80000000, kNeg32(-1), 0, 0, 0x80000000},  // X4
    {"rem.s32 %d, %a, %b", "b32", "b32", kNeg32(-7), 3, 0, 0, kNeg32(-1)},
    {"rem.u32 %d, %a, %b", "b32", "b32", 9, 0, 0, 0, 9},                    // X4
    {"rem.s32 %d, %a, %b", "b32", "b32", 0x80000000, kNeg32(-1), 0, 0, 0},  // X4
    {"abs.s32 %d, %a", "b32", "b32", 0x80000000, 0, 0, 0, 0x80000000},
    {"neg.s64 %d, %a", "b64", "b64", 1, 0, 0, 0, ~0ull},
    {"min.s32 %d, %a, %b", "b32", "b32", kNeg32(-1), 1, 0, 0, kNeg32(-1)},
    {"min.u32 %d, %a, %b", "b32", "b32", kNeg32(-1), 1, 0, 0, 1},
    {"max.s16 %d, %a, %b", "b16", "b16", 0x8000, 0x7fff, 0, 0, 0x7fff},
    {"add.cc.u32 %d, %a, %b;\n\taddc.u32 %d, %c, %e", "b32", "b32", 0xffffffff, 1, 10, 20, 31},
    {"sub.cc.u32 %d, %a, %b;\n\tsubc.u32 %d, %c, %e", "b32", "b32", 0, 1, 10, 2, 7},
    {"sad.u32 %d, %a, %b, %c", "b32", "b32", 3, 10, 100, 0, 107},
    // Bits.
    {"popc.b64 %d, %a", "b32", "b64", 0xf0f0f0f0f0f0f0f0ull, 0, 0, 0, 32},
    {"clz.b32 %d, %a", "b32", "b32", 0, 0, 0, 0, 32},
    {"clz.b64 %d, %a", "b32", "b64", 1, 0, 0, 0, 63},
    {"bfind.u32 %d, %a", "b32", "b32", 0, 0, 0, 0, 0xffffffff},
    {"bfind.s32 %d, %a", "b32", "b32", kNeg32(-16), 0, 0, 0, 3},
    {"bfind.shiftamt.u32 %d, %a", "b32", "b32", 0x100, 0, 0, 0, 23},
    {"brev.b32 %d, %a", "b32", "b32", 1, 0, 0, 0, 0x80000000},
    {"bfe.u32 %d, %a, %b, %c", "b32", "b32", 0xabcd1234, 8, 8, 0, 0x12},
    {"bfe.s32 %d, %a, %b, %c", "b32", "b32", 0x0000f000, 12, 4, 0, 0xffffffff},
    {"bfe.u32 %d, %a, %b, %c", "b32", "b32", 0xffffffff, 30, 8, 0, 3},
    {"bfe.s32 %d, %a, %b, %c", "b32", "b32", 0x80000000, 28, 0, 0, 0},
    {"bfi.b32 %d, %a, %b, %c, %e", "b32", "b32", 0xf, 0x12345678, 8, 4, 0x12345f78},
    {"prmt.b32 %d, %a, %b, %c", "b32", "b32", 0x33221100, 0x77665544, 0x7531, 0, 0x77553311},
    {"prmt.b32 %d, %a, %b, %c", "b32", "b32", 0x00008000, 0, 0x0009, 0, 0x000000ff},
    {"prmt.b32.rc8 %d, %a, %b, %c", "b32", "b32", 0x33221100, 0, 2, 0, 0x22222222},
    {"prmt.b32.f4e %d, %a, %b, %c", "b32", "b32", 0x33221100, 0x77665544, 1, 0, 0x44332211},
    {"lop3.b32 %d, %a, %b, %c, 0x96", "b32", "b32", 0xf0f0, 0xcccc, 0xaaaa, 0, 0xf0f0 ^ 0xcccc ^ 0xaaaa},
    {"lop3.b32 %d, %a, %b, %c, 0xe8", "b32", "b32", 0xf0, 0xcc, 0xaa, 0, 0xe8},  // majority
    {"shf.l.wrap.b32 %d, %a, %b, %c", "b32", "b32", 0x80000000, 1, 33, 0, 3},
    {"shf.l.clamp.b32 %d, %a, %b, %c", "b32", "b32", 0x12345678, 0x9abcdef0, 40, 0, 0x12345678},
    {"shf.r.clamp.b32 %d, %a, %b, %c", "b32", "b32", 0x12345678, 0x9abcdef0, 4, 0, 0x01234567},
    {"shl.b32 %d, %a, %b", "b32", "b32", 1, 32, 0, 0, 0},                  // X4: clamped to 32
    {"shr.u32 %d, %a, %b", "b32", "b32", 0x80000000, 33, 0, 0, 0},
    {"shr.s32 %d, %a, %b", "b32", "b32", 0x80000000, 40, 0, 0, 0xffffffff},
    {"shr.s16 %d, %a, %b", "b16", "b16", 0x8000, 3, 0, 0, 0xf000},
    {"not.b16 %d, %a", "b16", "b16", 0x00ff, 0, 0, 0, 0xff00},
    {"cnot.b32 %d, %a", "b32", "b32", 0, 0, 0, 0, 1},
    {"bmsk.clamp.b32 %d, %a, %b", "b32", "b32", 4, 40, 0, 0, 0xfffffff0},
    {"dp4a.s32.s32 %d, %a, %b, %c", "b32", "b32", 0xff020304, 0x01010101, 10, 0, 18},
    {"dp2a.lo.u32.u32 %d, %a, %b, %c", "b32", "b32", 0x00020003, 0x00000504, 1, 0, 23},
    // SIMD video instructions.
    {"vabsdiff4.u32.u32.u32 %d, %a, %b, %c", "b32", "b32", 0x10ff0320, 0x20000130, 0, 0, 0x10ff0210},
    {"vabsdiff4.u32.u32.u32.add %d, %a, %b, %c", "b32", "b32", 0x10ff0320, 0x20000130, 5, 0, 294},
    {"vadd4.s32.s32.s32.sat %d, %a, %b, %c", "b32", "b32", 0x7f80017f, 0x01ff0101, 0, 0, 0x7f80027f},
    {"vmax2.s32.s32.s32 %d, %a, %b, %c", "b32", "b32", 0x80000001, 0x7fffffff, 0, 0, 0x7fff0001},
    {"vavrg4.u32.u32.u32 %d, %a, %b, %c", "b32", "b32", 0x000000ff, 0x00000001, 0, 0, 0x00000080},
    {"vsub2.u32.u32.u32 %d, %a, %b, %c", "b32", "b32", 0x00010000, 0x00020001, 0, 0, 0xffffffff},
    {"vmin4.u32.s32.s32.sat %d, %a, %b, %c", "b32", "b32", 0x000000ff, 0x00000001, 0, 0, 0x00000000},
    // Comparison and selection.
    {"setp.lt.s32 %d, %a, %b", "pred", "b32", kNeg32(-1), 0, 0, 0, 1},
    {"setp.lo.u32 %d, %a, %b", "pred", "b32", kNeg32(-1), 0, 0, 0, 0},
    {"setp.ge.u64 %d, %a, %b", "pred", "b64", 5, 5, 0, 0, 1},
    {"setp.eq.f32 %d, %a, %b", "pred", "b32", 0x7fc00000, 0x7fc00000, 0, 0, 0},
    {"setp.equ.f32 %d, %a, %b", "pred", "b32", 0x7fc00000, 0, 0, 0, 1},
    {"setp.ne.f32 %d, %a, %b", "pred", "b32", 0x7fc00000, 0, 0, 0, 0},
    {"setp.neu.f32 %d, %a, %b", "pred", "b32", 0x7fc00000, 0, 0, 0, 1},
    {"setp.eq.f32 %d, %a, %b", "pred", "b32", F(-0.0f), F(0.0f), 0, 0, 1},
    {"setp.nan.f64 %d, %a, %b", "pred", "b64", D(1.0), 0x7ff8000000000001ull, 0, 0, 1},
    {"setp.gt.or.s32 %d, %a, %b, %pa", "pred", "b32", 1, 2, 0, 0, 0},
    {"setp.gt.or.s32 %d, %a, %b, !%pa", "pred", "b32", 1, 2, 0, 0, 1},
    {"set.lt.u32.s32 %d, %a, %b", "b32", "b32", kNeg32(-5), 3, 0, 0, 0xffffffff},
    {"set.gt.f32.f32 %d, %a, %b", "b32", "b32", F(2.0f), F(1.0f), 0, 0, F(1.0f)},
    {"selp.b32 %d, %a, %b, %pa", "b32", "b32", 1, 2, 0, 0, 2},
    {"slct.b32.s32 %d, %a, %b, %c", "b32", "b32", 1, 2, kNeg32(-1), 0, 2},
    {"slct.b32.f32 %d, %a, %b, %c", "b32", "b32", 1, 2, F(-0.0f), 0, 1},
    // f32 rounding: 1 + 2^-24 is a tie; 1 + 3*2^-25 is above it.
    {"add.rn.f32 %d, %a, %b", "b32", "b32", F(1.0f), F(0x1p-24f), 0, 0, F(1.0f)},
    {"add.rp.f32 %d, %a, %b", "b32", "b32", F(1.0f), F(0x1p-24f), 0, 0, F(1.0f + 0x1p-23f)},
    {"add.rz.f32 %d, %a, %b", "b32", "b32", F(1.0f), F(0x1.8p-24f), 0, 0, F(1.0f)},
    {"add.rn.f32 %d, %a, %b", "b32", "b32", F(1.0f), F(0x1.8p-24f), 0, 0, F(1.0f + 0x1p-23f)},
    {"add.rm.f32 %d, %a, %b", "b32", "b32", F(-1.0f), F(-0x1p-30f), 0, 0, F(-1.0f - 0x1p-23f)},
    {"sub.f32 %d, %a, %b", "b32", "b32", F(0.5f), F(0.25f), 0, 0, F(0.25f)},
    {"mul.rz.f32 %d, %a, %b", "b32", "b32", F(1.0f + 0x1p-23f), F(1.0f + 0x1p-23f), 0, 0, F(1.0f + 0x1p-22f)},
    {"mul.rp.f32 %d, %a, %b", "b32", "b32", F(1.0f + 0x1p-23f), F(1.0f + 0x1p-23f), 0, 0, F(1.0f + 0x1.8p-22f)},
    {"fma.rn.f32 %d, %a, %b, %c", "b32", "b32", F(1.0f + 0x1p-23f), F(1.0f - 0x1p-23f), F(-1.0f), 0, F(-0x1p-46f)},
    {"fma.rz.f32 %d, %a, %b, %c", "b32", "b32", F(3.0f), F(0x1.555556p-2f), F(0.0f), 0, F(0x1.000000p0f)},
    {"div.rn.f32 %d, %a, %b", "b32", "b32", F(1.0f), F(3.0f), 0, 0, F(0x1.555556p-2f)},
    {"div.rz.f32 %d, %a, %b", "b32", "b32", F(1.0f), F(3.0f), 0, 0, F(0x1.555554p-2f)},
    {"div.rp.f32 %d, %a, %b", "b32", "b32", F(2.0f), F(3.0f), 0, 0, F(0x1.555556p-1f)},
    {"sqrt.rn.f32 %d, %a", "b32", "b32", F(2.0f), 0, 0, 0, F(0x1.6a09e6p0f)},
    {"sqrt.rp.f32 %d, %a", "b32", "b32", F(2.0f), 0, 0, 0, F(0x1.6a09e8p0f)},
    {"rcp.rn.f32 %d, %a", "b32", "b32", F(3.0f), 0, 0, 0, F(0x1.555556p-2f)},
    {"add.f32 %d, %a, %b", "b32", "b32", 0x7f800000, 0xff800000, 0, 0, 0x7fffffff},  // X2: canonical NaN
    {"mul.f32 %d, %a, %b", "b32", "b32", 0xffc12345, F(2.0f), 0, 0, 0x7fffffff},
    {"add.ftz.f32 %d, %a, %b", "b32", "b32", 0x00000001, F(0.0f), 0, 0, 0},
    {"add.f32 %d, %a, %b", "b32", "b32", 0x00000001, F(0.0f), 0, 0, 1},
    {"mul.ftz.f32 %d, %a, %b", "b32", "b32", F(0x1p-100f), F(0x1p-30f), 0, 0, 0},
    {"add.sat.f32 %d, %a, %b", "b32", "b32", F(0.75f), F(0.5f), 0, 0, F(1.0f)},
    {"mul.sat.f32 %d, %a, %b", "b32", "b32", F(-1.0f), F(2.0f), 0, 0, 0},
    {"min.f32 %d, %a, %b", "b32", "b32", 0x7fc00000, F(3.0f), 0, 0, F(3.0f)},
    {"min.NaN.f32 %d, %a, %b", "b32", "b32", 0x7fc00000, F(3.0f), 0, 0, 0x7fffffff},
    {"max.f32 %d, %a, %b", "b32", "b32", F(-0.0f), F(0.0f), 0, 0, F(0.0f)},
    {"min.f32 %d, %a, %b", "b32", "b32", F(0.0f), F(-0.0f), 0, 0, F(-0.0f)},
    {"abs.f32 %d, %a", "b32", "b32", F(-2.5f), 0, 0, 0, F(2.5f)},
    {"neg.f32 %d, %a", "b32", "b32", F(2.5f), 0, 0, 0, F(-2.5f)},
    {"copysign.f32 %d, %a, %b", "b32", "b32", F(-1.0f), F(3.0f), 0, 0, F(-3.0f)},
    {"testp.subnormal.f32 %d, %a", "pred", "b32", 0x00000010, 0, 0, 0, 1},
    {"testp.normal.f32 %d, %a", "pred", "b32", 0x00000010, 0, 0, 0, 0},
    {"testp.infinite.f64 %d, %a", "pred", "b64", 0xfff0000000000000ull, 0, 0, 0, 1},
    {"testp.notanumber.f32 %d, %a", "pred", "b32", 0x7f800001, 0, 0, 0, 1},
    // f64.
    {"add.rn.f64 %d, %a, %b", "b64", "b64", D(1.0), D(0x1p-53), 0, 0, D(1.0)},
    {"add.rp.f64 %d, %a, %b", "b64", "b64", D(1.0), D(0x1p-53), 0, 0, D(1.0 + 0x1p-52)},
    {"mul.rm.f64 %d, %a, %b", "b64", "b64", D(-1.0 - 0x1p-52), D(1.0 + 0x1p-52), 0, 0, D(-(1.0 + 0x1p-51) - 0x1p-52)},
    {"div.rn.f64 %d, %a, %b", "b64", "b64", D(1.0), D(3.0), 0, 0, D(1.0 / 3.0)},
    {"fma.rn.f64 %d, %a, %b, %c", "b64", "b64", D(1.0 + 0x1p-52), D(1.0 - 0x1p-52), D(-1.0), 0, D(-0x1p-104)},
    {"sqrt.rn.f64 %d, %a", "b64", "b64", D(2.0), 0, 0, 0, D(1.4142135623730951)},
    {"add.f64 %d, %a, %b", "b64", "b64", 0x7ff0000000000000ull, 0xfff0000000000000ull, 0, 0, 0x7fffffffffffffffull},
    // Conversions.
    {"cvt.rni.s32.f32 %d, %a", "b32", "b32", F(2.5f), 0, 0, 0, 2},
    {"cvt.rni.s32.f32 %d, %a", "b32", "b32", F(3.5f), 0, 0, 0, 4},
    {"cvt.rmi.s32.f32 %d, %a", "b32", "b32", F(-0.5f), 0, 0, 0, kNeg32(-1)},
    {"cvt.rpi.s32.f32 %d, %a", "b32", "b32", F(0.25f), 0, 0, 0, 1},
    {"cvt.rzi.s32.f32 %d, %a", "b32", "b32", F(-1.75f), 0, 0, 0, kNeg32(-1)},
    {"cvt.rzi.s32.f32 %d, %a", "b32", "b32", 0x7fc00000, 0, 0, 0, 0},           // X4: NaN → 0
    {"cvt.rzi.s32.f32 %d, %a", "b32", "b32", F(3e9f), 0, 0, 0, 0x7fffffff},      // saturates
    {"cvt.rzi.s32.f32 %d, %a", "b32", "b32", F(-3e9f), 0, 0, 0, 0x80000000},
    {"cvt.rzi.u32.f32 %d, %a", "b32", "b32", F(-5.0f), 0, 0, 0, 0},
    {"cvt.rzi.u8.f32 %d, %a", "b16", "b32", F(300.0f), 0, 0, 0, 255},
    {"cvt.rzi.s64.f64 %d, %a", "b64", "b64", D(-1e30), 0, 0, 0, 0x8000000000000000ull},
    {"cvt.rn.f32.s32 %d, %a", "b32", "b32", 16777217, 0, 0, 0, F(16777216.0f)},
    {"cvt.rp.f32.s32 %d, %a", "b32", "b32", 16777217, 0, 0, 0, F(16777218.0f)},
    {"cvt.rn.f32.u64 %d, %a", "b32", "b64", ~0ull, 0, 0, 0, F(0x1p64f)},
    {"cvt.rz.f32.u64 %d, %a", "b32", "b64", ~0ull, 0, 0, 0, F(0x1.fffffep63f)},
    {"cvt.rn.f64.s64 %d, %a", "b64", "b64", (uint64_t{1} << 53) + 1, 0, 0, 0, D(0x1p53)},
    {"cvt.rn.f32.f64 %d, %a", "b32", "b64", D(1.0 + 0x1p-24), 0, 0, 0, F(1.0f)},
    {"cvt.rp.f32.f64 %d, %a", "b32", "b64", D(1.0 + 0x1p-40), 0, 0, 0, F(1.0f + 0x1p-23f)},
    {"cvt.rn.f32.f64 %d, %a", "b32", "b64", D(1e300), 0, 0, 0, 0x7f800000},
    {"cvt.rz.f32.f64 %d, %a", "b32", "b64", D(1e300), 0, 0, 0, 0x7f7fffff},
    {"cvt.f64.f32 %d, %a", "b64", "b32", F(0.1f), 0, 0, 0, D(static_cast<double>(0.1f))},
    {"cvt.ftz.f64.f32 %d, %a", "b64", "b32", 0x00000003, 0, 0, 0, 0},
    {"cvt.rn.f16.f32 %d, %a", "b16", "b32", F(1.0f), 0, 0, 0, 0x3c00},
    {"cvt.rn.f16.f32 %d, %a", "b16", "b32", F(65519.0f), 0, 0, 0, 0x7bff},
    {"cvt.rn.f16.f32 %d, %a", "b16", "b32", F(65520.0f), 0, 0, 0, 0x7c00},
    {"cvt.rz.f16.f32 %d, %a", "b16", "b32", F(70000.0f), 0, 0, 0, 0x7bff},
    {"cvt.rn.f16.f32 %d, %a", "b16", "b32", F(0x1p-25f), 0, 0, 0, 0},         // a tie to even zero
    {"cvt.rn.f16.f32 %d, %a", "b16", "b32", F(0x1.8p-25f), 0, 0, 0, 1},       // smallest subnormal
    {"cvt.rn.f16.f32 %d, %a", "b16", "b32", 0x7fc00000, 0, 0, 0, 0x7fff},     // X2
    {"cvt.f32.f16 %d, %a", "b32", "b16", 0x3555, 0, 0, 0, F(0x1.554p-2f)},
    {"cvt.f32.f16 %d, %a", "b32", "b16", 0x0001, 0, 0, 0, F(0x1p-24f)},
    {"cvt.rn.bf16.f32 %d, %a", "b16", "b32", F(1.00390625f), 0, 0, 0, 0x3f80},  // tie to even
    {"cvt.rn.bf16.f32 %d, %a", "b16", "b32", F(1.01171875f), 0, 0, 0, 0x3f82},
    {"cvt.f32.bf16 %d, %a", "b32", "b16", 0xc0a0, 0, 0, 0, F(-5.0f)},
    {"cvt.rni.f32.f32 %d, %a", "b32", "b32", F(2.5f), 0, 0, 0, F(2.0f)},
    {"cvt.rmi.f32.f32 %d, %a", "b32", "b32", F(-2.5f), 0, 0, 0, F(-3.0f)},
    {"cvt.sat.f32.f32 %d, %a", "b32", "b32", F(1.5f), 0, 0, 0, F(1.0f)},
    {"cvt.s32.s8 %d, %a", "b32", "b16", 0x0080, 0, 0, 0, 0xffffff80},
    {"cvt.u32.u8 %d, %a", "b32", "b16", 0x0180, 0, 0, 0, 0x80},
    {"cvt.u8.u32 %d, %a", "b16", "b32", 0x1234, 0, 0, 0, 0x34},
    {"cvt.sat.s8.s32 %d, %a", "b16", "b32", 300, 0, 0, 0, 0x7f},
    {"cvt.sat.u16.s32 %d, %a", "b16", "b32", kNeg32(-7), 0, 0, 0, 0},
    {"cvt.s64.s32 %d, %a", "b64", "b32", kNeg32(-2), 0, 0, 0, static_cast<uint64_t>(-2)},
    {"cvt.rn.f16x2.f32 %d, %a, %b", "b32", "b32", F(1.0f), F(-2.0f), 0, 0, 0x3c00c000},
    // f16 and bf16 arithmetic.
    {"add.f16 %d, %a, %b", "b16", "b16", 0x3c00, 0x3c00, 0, 0, 0x4000},
    {"add.rn.f16 %d, %a, %b", "b16", "b16", 0x3c00, 0x0001, 0, 0, 0x3c00},
    {"mul.f16 %d, %a, %b", "b16", "b16", 0x7bff, 0x4000, 0, 0, 0x7c00},
    {"fma.rn.f16 %d, %a, %b, %c", "b16", "b16", 0x3c01, 0x3bff, 0xbc00, 0, 0x0ffe},  // 2^-11 - 2^-21, exact
    {"add.f16x2 %d, %a, %b", "b32", "b32", 0x3c004000, 0x3c003c00, 0, 0, 0x40004200},
    {"mul.bf16x2 %d, %a, %b", "b32", "b32", 0x40004040, 0x3f003f00, 0, 0, 0x3f803fc0},
    {"fma.rn.bf16 %d, %a, %b, %c", "b16", "b16", 0x3f80, 0x4000, 0x3f80, 0, 0x4040},
    {"neg.f16 %d, %a", "b16", "b16", 0x3c00, 0, 0, 0, 0xbc00},
    {"max.f16 %d, %a, %b", "b16", "b16", 0x7e00, 0x3c00, 0, 0, 0x3c00},
    // Data movement.
    {"mov.b64 %d, {%a, %b}", "b64", "b32", 0x11111111, 0x22222222, 0, 0, 0x2222222211111111ull},
    {"mov.b64 {%a, %b}, %w;\n\tmov.b32 %d, %b", "b32", "b32", 0, 0, 0, 0, 0},
    {"cvta.shared.u64 %w, %w;\n\tcvta.to.shared.u64 %d, %w", "b64", "b64", 0, 0, 0, 0, 0},
};

TEST(ExecIsa, EveryFormAgainstHandDerivedValues) {
  std::map<std::string, int> forms;
  for (const Row& r : kRows) {
    std::string err;
    const uint64_t got = RunRow(r, &err);
    ASSERT_TRUE(err.empty()) << r.inst << ": " << err;
    EXPECT_EQ(got, r.want) << r.inst << " a=" << std::hex << r.a << " b=" << r.b << " c=" << r.c
                           << ": got 0x" << got << ", want 0x" << r.want;
    ++forms[Form(r.inst)];
  }
  std::printf("%zu rows, %zu distinct forms\n", sizeof kRows / sizeof kRows[0], forms.size());
}

}  // namespace
}  // namespace tsu::exec::test
