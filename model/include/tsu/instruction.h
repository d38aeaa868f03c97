// The decoded form of one PTX instruction: what the front end produces and the model executes.
#ifndef TSU_INSTRUCTION_H_
#define TSU_INSTRUCTION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tsu/encodings.h"
#include "tsu/geometry.h"

namespace tsu {

// One scalar operand as written: a register (`r1`, `%r1`), a symbol (`surf_A`) or an immediate.
// Registers and symbols share a syntax; the position decides (the resource slot takes a symbol
// for direct access and a .u64 register for indirect access, see docs/semantics.md).
struct Operand {
  enum class Kind : uint8_t { kName, kImmediate };
  // What an immediate was written as: an integer, an f32 (0fXXXXXXXX) or an f64 (0d..., or a
  // decimal float, which PTX reads as double). The slot decides which kinds it takes (F10).
  enum class Literal : uint8_t { kInt, kF32, kF64 };
  Kind kind = Kind::kName;
  std::string name;  // kName: as written, including a leading '%'
  uint64_t imm = 0;  // kImmediate: the value's bits (float literals as their bit pattern)
  Literal lit = Literal::kInt;

  static Operand Name(std::string n) { return Operand{Kind::kName, std::move(n), 0}; }
  static Operand Imm(uint64_t v, Literal l = Literal::kInt) {
    return Operand{Kind::kImmediate, {}, v, l};
  }
  bool operator==(const Operand& o) const {
    return kind == o.kind && name == o.name && imm == o.imm && lit == o.lit;
  }
};

// Every field of every instruction; fields an opcode does not use keep their defaults.
struct Instruction {
  Opcode opcode = Opcode::kSuld;
  Addressing addressing = Addressing::kByte;  // sust/sured .b or .p; suld is always .b
  Geometry geom = Geometry::k1d;
  VecSize vec = VecSize::kV1;
  DataType type = DataType::kB32;  // .dtype/.ctype; for tex the result type
  ClampMode clamp = ClampMode::kTrap;
  bool clamp_explicit = false;  // false when the text omitted the clamp mode
  CacheOp cop = CacheOp::kNone;
  RedOp red_op = RedOp::kAdd;
  QueryKind query = QueryKind::kWidth;

  // tex only (issue "Golden model II"); kept here so one descriptor serves every opcode.
  TexMode tex_mode = TexMode::kNone;
  DataType coord_type = DataType::kS32;

  // Guard predicate `@p` / `@!p`, if any.
  bool has_guard = false;
  bool guard_negated = false;
  std::string guard;

  // Operands. `resource` is operand a (a .surfref/.texref name or a .u64 register).
  Operand resource;
  bool resource_is_symbol = true;   // decided by the script/unit binding; see ResolveResource
  std::vector<Operand> coords;      // operand b (c for tex), in written order, padding included
  std::vector<Operand> dst;         // suld/suq destinations
  std::vector<Operand> src;         // sust/sured source data

  // tex operands (decode_tex.cc). The sampler is operand b of `[a, b, c]` (independent mode);
  // without it the texture's own sampler applies (unified mode).
  bool has_sampler = false;
  Operand sampler;
  bool has_lod = false;             // .level: the lod operand (.ctype)
  Operand lod;
  std::vector<Operand> dpdx, dpdy;  // .grad: the partials, as written (padding included)
  std::vector<Operand> offset;      // e: texel offsets (empty: none)
  bool has_depth_ref = false;       // f: depth compare value
  Operand depth_ref;
  bool has_pred_dst = false;        // d|p: residency predicate
  Operand pred_dst;

  // Non-empty for a form ptxas assembles but to which neither the PTX text nor ptxas gives a
  // documented meaning (a bare scalar coordinate for .2d, a short cube gradient): the front end
  // accepts it and says why the model will not execute it (docs/semantics.md F8, TF2).
  std::string no_semantics;

  // Back to the defaults, keeping the vectors' and strings' storage (a decoder reusing one
  // Instruction per line then allocates nothing once warm). Every field is listed;
  // PtxParser.ResetRestoresEveryDefault checks it against Instruction{}.
  void Reset() {
    opcode = Opcode::kSuld;
    addressing = Addressing::kByte;
    geom = Geometry::k1d;
    vec = VecSize::kV1;
    type = DataType::kB32;
    clamp = ClampMode::kTrap;
    clamp_explicit = false;
    cop = CacheOp::kNone;
    red_op = RedOp::kAdd;
    query = QueryKind::kWidth;
    tex_mode = TexMode::kNone;
    coord_type = DataType::kS32;
    has_guard = guard_negated = false;
    guard.clear();
    resource = Operand{};
    resource_is_symbol = true;
    coords.clear();
    dst.clear();
    src.clear();
    has_sampler = has_lod = has_depth_ref = has_pred_dst = false;
    sampler = lod = depth_ref = pred_dst = Operand{};
    dpdx.clear();
    dpdy.clear();
    offset.clear();
    no_semantics.clear();
  }

  // Number of vector elements (1, 2 or 4) moved by suld/sust.
  int VecCount() const { return vec == VecSize::kV1 ? 1 : vec == VecSize::kV2 ? 2 : 4; }
};

// Size in bytes of one element of a data type (b8 → 1 ... b64 → 8).
constexpr int DataTypeBytes(DataType t) {
  switch (t) {
    case DataType::kB8:
      return 1;
    case DataType::kB16:
    case DataType::kF16:
      return 2;
    case DataType::kB64:
    case DataType::kU64:
    case DataType::kS64:
      return 8;
    default:
      return 4;
  }
}

}  // namespace tsu

#endif  // TSU_INSTRUCTION_H_
