// Validity rules of suld, sust, sured and suq (PTX ISA 9.7.11), applied to a RawInstruction.
// Every rejection names the rule it enforces. Where the PTX text and ptxas disagree, the choice
// and its justification are in docs/oracle.md and docs/semantics.md.
#include <cctype>
#include <optional>
#include <string>

#include "tsu/ptx_parser.h"
#include "tsu/text.h"

namespace tsu {
namespace {

// A modifier as written, quoted short (it may be a long run of garbage).
std::string Dot(std::string_view s) { return "." + Excerpt(s); }

// An encoding's spelling with its dot (".a2d"): known text, no need to quote it short.
template <typename T>
std::string DotName(T v) {
  std::string s = ".";
  s += Name(v);
  return s;
}

// Modifiers sorted into their categories; a category given twice is an error.
struct Mods {
  std::optional<Addressing> addressing;
  std::optional<Geometry> geom;
  std::optional<VecSize> vec;
  std::optional<DataType> type;
  std::optional<ClampMode> clamp;
  std::optional<CacheOp> cop;
  std::optional<RedOp> red_op;
  std::optional<QueryKind> query;
};

template <typename T>
bool Set(std::optional<T>* slot, T v, const char* what, std::string* error) {
  if (slot->has_value()) {
    *error = std::string("multiple ") + what + " modifiers specified";
    return false;
  }
  *slot = v;
  return true;
}

bool Classify(const RawInstruction& raw, Mods* m, std::string* error) {
  const bool is_sured = raw.base == "sured";
  const bool is_suq = raw.base == "suq";
  // Order (docs/semantics.md F3): the addressing mode comes first; the others in any order.
  for (size_t i = 0; i < raw.mods.size(); ++i) {
    const std::string& s = raw.mods[i];
    bool ok = true;
    if ((s == "b" || s == "p") && i != 0 && !is_suq) {
      *error = Dot(s) + " must be " + raw.base + "'s first modifier (" + raw.base + Dot(s) +
               "...)";
      return false;
    }
    if (s == "b" || s == "p") {
      ok = Set(&m->addressing, *Parse<Addressing>(s), "addressing (.b/.p)", error);
    } else if (auto g = Parse<Geometry>(s)) {
      ok = Set(&m->geom, *g, "geometry", error);
    } else if (s == "v2" || s == "v4") {
      ok = Set(&m->vec, *Parse<VecSize>(s), "vector", error);
    } else if (s.size() >= 2 && s[0] == 'v' && std::isdigit(static_cast<unsigned char>(s[1]))) {
      *error = "illegal vector size " + Dot(s) + " (the text allows none, .v2, .v4)";
      return false;
    } else if (auto t = Parse<DataType>(s)) {
      ok = Set(&m->type, *t, "type", error);
    } else if (auto c = Parse<ClampMode>(s)) {
      ok = Set(&m->clamp, *c, "clamp", error);
    } else if (auto op = Parse<CacheOp>(s)) {
      ok = Set(&m->cop, *op, "cache operation", error);
    } else if (auto r = Parse<RedOp>(s); r && is_sured) {
      ok = Set(&m->red_op, *r, "reduction operation", error);
    } else if (auto q = Parse<QueryKind>(s); q && is_suq) {
      ok = Set(&m->query, *q, "query", error);
    } else {
      *error = "unknown modifier " + Dot(s) + " for " + raw.base;
      return false;
    }
    if (!ok) return false;
  }
  return true;
}

bool CheckOperandCount(const RawInstruction& raw, size_t n, const char* shape,
                       std::string* error) {
  if (raw.operands.size() != n) {
    *error = raw.base + " takes " + std::to_string(n) + " operands: " + shape + " (got " +
             std::to_string(raw.operands.size()) + ")";
    return false;
  }
  return true;
}

// Operand a inside [ ]: a .surfref name or a .u64 register, never an immediate or a vector.
bool TakeResource(const RawOperand& item, Instruction* out, std::string* error) {
  if (item.kind != RawOperand::Kind::kScalar || item.scalar.kind != Operand::Kind::kName) {
    *error = "operand a must be a .surfref name or a .u64 register";
    return false;
  }
  out->resource = item.scalar;
  return true;
}

// Operand b: a scalar or {x} for 1d, else a vector of at least SurfaceCoordCount(geom) elements.
// Longer vectors (of 2 or 4) are accepted with the extra elements ignored, as ptxas 13.0 does and
// as the tex Notes allow for textures (docs/semantics.md F8, found by the ptxas oracle). A bare
// scalar stays 1d-only: the text calls b "a two-element vector for 2d surfaces".
bool TakeCoords(const RawOperand& item, Dialect dialect, Instruction* out, std::string* error) {
  const int want = SurfaceCoordCount(out->geom);
  const std::string g = DotName(out->geom);
  if (item.kind == RawOperand::Kind::kScalar) {
    if (want != 1 && dialect == Dialect::kPtxas) {
      // ptxas assembles it; what it means is documented nowhere (docs/semantics.md F8).
      out->coords = {item.scalar};
      out->no_semantics = "a bare scalar coordinate for a " + g +
                          " surface (ptxas assembles it, but neither the PTX text nor ptxas "
                          "says what it means; write the " + std::to_string(want) +
                          "-element vector)";
      return true;
    }
    if (want != 1) {
      *error = "operand b of a " + g + " surface must be a " + std::to_string(want) +
               "-element vector";
      return false;
    }
    out->coords = {item.scalar};
    return true;
  }
  if (item.kind != RawOperand::Kind::kVector) {
    *error = "operand b must be a coordinate vector";
    return false;
  }
  const int got = static_cast<int>(item.elems.size());
  if (got == 3) {
    *error = "illegal coordinate vector size 3 (vectors have 1, 2 or 4 elements; .3d and .a2d "
             "take 4, the last ignored)";
    return false;
  }
  if (got < want) {
    *error = "operand b of a " + g + " surface needs " + std::to_string(want) +
             (want == 1 ? " element" : " elements") + " (got " + std::to_string(got) + ")";
    return false;
  }
  out->coords = item.elems;
  return true;
}

// The [a, b] address operand of suld/sust/sured.
bool TakeAddress(const RawOperand& op, Dialect dialect, Instruction* out, std::string* error) {
  if (op.kind != RawOperand::Kind::kAddress || op.items.size() != 2) {
    *error = out->opcode == Opcode::kSuld || out->opcode == Opcode::kSust ||
                     out->opcode == Opcode::kSured
                 ? "the surface operand must be [a, b]: a surface and a coordinate vector"
                 : "malformed surface operand";
    return false;
  }
  return TakeResource(op.items[0], out, error) && TakeCoords(op.items[1], dialect, out, error);
}

// How TakeData reads a data operand whose shape disagrees with the vector modifier.
enum class Shape {
  kStrict,   // suq, sured, sust.p, and every instruction in the text dialect
  kLenient,  // suld.b and sust.b in the ptxas dialect: a 2- or 4-element vector without .v2/.v4
};

// The data operand (d of suld, c of sust): a scalar for no vector, else a vector of VecCount.
// ptxas 13.0 also assembles Shape::kLenient's, whose meaning nothing documents: it is accepted
// as a form without a meaning (docs/semantics.md F11). A scalar for .v2/.v4 crashes ptxas 13.0
// (sust) or is rejected (suld): tsu rejects it.
bool TakeData(const RawOperand& op, const char* role, Instruction* out,
              std::vector<Operand>* dest, bool allow_imm, Shape shape, std::string* error) {
  if (op.has_pred) {
    *error = std::string(role) + " takes no '|p' predicate (only tex has one)";
    return false;
  }
  const int n = out->VecCount();
  if (op.kind == RawOperand::Kind::kAddress) {
    *error = std::string(role) + " must be a register or vector, not an address";
    return false;
  }
  const size_t got = op.kind == RawOperand::Kind::kVector ? op.elems.size() : 1;
  if (out->opcode == Opcode::kSuq && op.kind == RawOperand::Kind::kVector) {
    *error = "destination d of suq is a scalar register, not a vector";
    return false;
  }
  if (n == 1 && shape != Shape::kStrict && op.kind == RawOperand::Kind::kVector &&
      (got == 2 || got == 4)) {
    *dest = op.elems;
    out->no_semantics = std::string("a ") + std::to_string(got) + "-element " + role +
                        " without .v2/.v4 (ptxas assembles it, but neither the PTX text nor "
                        "ptxas says how many elements move; write the vector modifier)";
  } else if (n == 1) {
    if (op.kind == RawOperand::Kind::kVector && op.elems.size() == 1) {
      *dest = op.elems;
    } else if (op.kind == RawOperand::Kind::kScalar) {
      *dest = {op.scalar};
    } else {
      *error = std::string(role) + " without .v2/.v4 must be a scalar (got a " +
               std::to_string(op.elems.size()) + "-element vector)";
      return false;
    }
  } else {
    if (op.kind != RawOperand::Kind::kVector) {
      *error = std::string(role) + " of ." + std::string(Name(out->vec)) + " must be a " +
               std::to_string(n) + "-element vector";
      return false;
    }
    if (static_cast<int>(op.elems.size()) != n) {
      *error = std::string(role) + " vector size mismatch: ." + std::string(Name(out->vec)) +
               " needs " + std::to_string(n) + " elements (got " +
               std::to_string(op.elems.size()) + ")";
      return false;
    }
    *dest = op.elems;
  }
  for (const Operand& e : *dest) {
    if (!allow_imm && e.kind == Operand::Kind::kImmediate) {
      *error = std::string(role) + " must be registers, not immediates";
      return false;
    }
  }
  return true;
}

bool IsBitType(DataType t) {
  return t == DataType::kB8 || t == DataType::kB16 || t == DataType::kB32 || t == DataType::kB64;
}

// Common to suld/sust/sured: geometry and clamp mode. ptxas requires the clamp mode, as the
// syntax lines do (`.clamp` has no braces); the text dialect reads an omitted one as .trap, as
// the text's examples write it (docs/semantics.md F1).
bool TakeGeomAndClamp(const Mods& m, const std::string& name, bool arrays_allowed,
                      Dialect dialect, Instruction* out, std::string* error) {
  if (!m.geom) {
    *error = name + " requires a geometry (" +
             (arrays_allowed ? ".1d, .2d, .3d, .a1d or .a2d" : ".1d, .2d or .3d") + ")";
    return false;
  }
  if (!IsSurfaceGeom(*m.geom) || (!arrays_allowed && IsArray(*m.geom))) {
    *error = "geometry " + DotName(*m.geom) + " is not allowed for " + name + " (" +
             (arrays_allowed ? ".1d, .2d, .3d, .a1d, .a2d" : ".1d, .2d, .3d") + ")";
    return false;
  }
  out->geom = *m.geom;
  if (!m.clamp && dialect == Dialect::kPtxas) {
    *error = name + " requires a clamp mode (.trap, .clamp or .zero); an omitted one means .trap "
             "only in the text dialect (--dialect text)";
    return false;
  }
  out->clamp_explicit = m.clamp.has_value();
  out->clamp = m.clamp.value_or(ClampMode::kTrap);
  return true;
}

bool VecWithinLimit(const Instruction& in, std::string* error) {
  if (in.VecCount() * DataTypeBytes(in.type) > static_cast<int>(kMaxAccessBytes)) {
    *error = "vector type too large: ." + std::string(Name(in.vec)) + "." +
             std::string(Name(in.type)) + " exceeds the 128-bit vector limit";
    return false;
  }
  return true;
}

bool DecodeSuld(const RawInstruction& raw, const Mods& m, const ParseOptions& o,
                Instruction* out, std::string* error) {
  out->opcode = Opcode::kSuld;
  if (!m.addressing || *m.addressing != Addressing::kByte) {
    *error = m.addressing ? "suld.p does not exist: suld is unformatted only (suld.b)"
                          : "suld requires .b (unformatted load)";
    return false;
  }
  if (!TakeGeomAndClamp(m, "suld.b", true, o.dialect, out, error)) return false;
  if (m.cop && *m.cop != CacheOp::kCa && *m.cop != CacheOp::kCg && *m.cop != CacheOp::kCs &&
      *m.cop != CacheOp::kCv) {
    *error = "cache operation " + DotName(*m.cop) + " is not allowed for suld.b (.ca, .cg, .cs, .cv)";
    return false;
  }
  out->cop = m.cop.value_or(CacheOp::kNone);
  out->vec = m.vec.value_or(VecSize::kV1);
  if (!m.type || !IsBitType(*m.type)) {
    *error = m.type ? "suld.b requires .dtype .b8, .b16, .b32 or .b64 (got " +
                          DotName(*m.type) + ")"
                    : "suld.b requires a .dtype (.b8, .b16, .b32, .b64)";
    return false;
  }
  out->type = *m.type;
  if (!VecWithinLimit(*out, error)) return false;
  if (!CheckOperandCount(raw, 2, "d, [a, b]", error)) return false;
  const Shape shape = o.dialect == Dialect::kPtxas ? Shape::kLenient : Shape::kStrict;
  return TakeData(raw.operands[0], "destination d", out, &out->dst, false, shape, error) &&
         TakeAddress(raw.operands[1], o.dialect, out, error);
}

bool DecodeSust(const RawInstruction& raw, const Mods& m, const ParseOptions& o,
                Instruction* out, std::string* error) {
  out->opcode = Opcode::kSust;
  if (!m.addressing) {
    *error = "sust requires .b (unformatted) or .p (formatted)";
    return false;
  }
  out->addressing = *m.addressing;
  const bool p = out->addressing == Addressing::kSample;
  const std::string name = p ? "sust.p" : "sust.b";
  // ptxas accepts sust.p on .a1d/.a2d too; the text's syntax line lists 1d/2d/3d (docs/oracle.md).
  if (!TakeGeomAndClamp(m, name, true, o.dialect, out, error)) return false;
  if (m.cop && *m.cop != CacheOp::kWb && *m.cop != CacheOp::kCg && *m.cop != CacheOp::kCs &&
      *m.cop != CacheOp::kWt) {
    *error = "cache operation " + DotName(*m.cop) + " is not allowed for " + name +
             " (.wb, .cg, .cs, .wt)";
    return false;
  }
  out->cop = m.cop.value_or(CacheOp::kNone);
  out->vec = m.vec.value_or(VecSize::kV1);
  if (!m.type) {
    *error = name + (p ? " requires .b32" : " requires a .ctype (.b8, .b16, .b32, .b64)");
    return false;
  }
  if (p && *m.type != DataType::kB32) {
    *error = "sust.p requires .b32 (got " + DotName(*m.type) + ")";
    return false;
  }
  if (!IsBitType(*m.type)) {
    *error = "sust.b requires .ctype .b8, .b16, .b32 or .b64 (got " + DotName(*m.type) + ")";
    return false;
  }
  out->type = *m.type;
  if (!VecWithinLimit(*out, error)) return false;
  if (!CheckOperandCount(raw, 2, "[a, b], c", error)) return false;
  return TakeAddress(raw.operands[0], o.dialect, out, error) &&
         TakeData(raw.operands[1], "source c", out, &out->src, true,
                  o.dialect == Dialect::kPtxas && !p ? Shape::kLenient : Shape::kStrict, error);
}

bool DecodeSured(const RawInstruction& raw, const Mods& m, const ParseOptions& o,
                 Instruction* out, std::string* error) {
  out->opcode = Opcode::kSured;
  if (!m.addressing) {
    *error = "sured requires .b (byte addressing) or .p (sample addressing)";
    return false;
  }
  out->addressing = *m.addressing;
  const bool p = out->addressing == Addressing::kSample;
  const std::string name = p ? "sured.p" : "sured.b";
  if (!m.red_op) {
    *error = name + " requires an operation (.add, .min, .max, .and, .or)";
    return false;
  }
  out->red_op = *m.red_op;
  if (m.cop) {
    *error = "sured takes no cache operation (got " + DotName(*m.cop) + ")";
    return false;
  }
  if (m.vec) {
    *error = "sured takes no vector qualifier (got " + DotName(*m.vec) + ")";
    return false;
  }
  if (!TakeGeomAndClamp(m, name, false, o.dialect, out, error)) return false;
  if (!m.type) {
    *error = name + " requires a .ctype";
    return false;
  }
  const DataType t = *m.type;
  const std::string op = DotName(out->red_op);
  const std::string tn = DotName(t);
  if (!p) {
    bool ok = false;
    const char* rule = "";
    switch (out->red_op) {
      case RedOp::kAdd:
        ok = t == DataType::kU32 || t == DataType::kU64 || t == DataType::kS32;
        rule = ".add requires .u32, .u64 or .s32";
        break;
      case RedOp::kMin:
      case RedOp::kMax:
        ok = t == DataType::kU32 || t == DataType::kS32 || t == DataType::kU64 ||
             t == DataType::kS64;
        rule = out->red_op == RedOp::kMin ? ".min requires .u32, .s32, .u64 or .s64"
                                          : ".max requires .u32, .s32, .u64 or .s64";
        break;
      case RedOp::kAnd:
      case RedOp::kOr:
        ok = t == DataType::kB32;
        rule = out->red_op == RedOp::kAnd ? ".and requires .b32" : ".or requires .b32";
        break;
    }
    if (!ok) {
      *error = std::string("sured.b") + rule + " (got " + tn + ")";
      return false;
    }
  } else {
    // .b32/.b64 per the syntax line and ptxas; the text dialect also takes .u32/.s32/.u64/.s64
    // because the text's own example writes `sured.p.min.1d.u32` (docs/semantics.md F2).
    const bool is64 = DataTypeBytes(t) == 8;
    const bool typed = t == DataType::kU32 || t == DataType::kS32 || t == DataType::kU64 ||
                       t == DataType::kS64;
    const bool allowed = t == DataType::kB32 || t == DataType::kB64 ||
                         (typed && o.dialect == Dialect::kText);
    if (!allowed) {
      *error = "sured.p requires .b32 or .b64 (got " + tn + ")" +
               (typed ? "; the text dialect also takes it (--dialect text)" : "");
      return false;
    }
    if (is64 && out->red_op != RedOp::kMin && out->red_op != RedOp::kMax) {
      *error = "sured.p" + op + ": 64-bit sured.p is restricted to .min and .max (got " + tn + ")";
      return false;
    }
  }
  out->type = t;
  if (!CheckOperandCount(raw, 2, "[a, b], c", error)) return false;
  if (!TakeAddress(raw.operands[0], o.dialect, out, error)) return false;
  if (raw.operands[1].kind != RawOperand::Kind::kScalar || raw.operands[1].has_pred) {
    *error = "sured operand c must be a scalar register or immediate (no vector)";
    return false;
  }
  out->src = {raw.operands[1].scalar};
  return true;
}

bool DecodeSuq(const RawInstruction& raw, const Mods& m, const ParseOptions& /*o*/,
               Instruction* out, std::string* error) {
  out->opcode = Opcode::kSuq;
  if (!m.query) {
    *error = "suq requires a query (.width, .height, .depth, .channel_data_type, "
             ".channel_order, .array_size, .memory_layout)";
    return false;
  }
  out->query = *m.query;
  if (m.addressing || m.geom || m.vec || m.clamp || m.cop) {
    *error = "suq takes only .query and .b32 modifiers";
    return false;
  }
  if (!m.type || *m.type != DataType::kB32) {
    *error = m.type ? "suq requires .b32 (got " + DotName(*m.type) + ")" : "suq requires .b32";
    return false;
  }
  out->type = DataType::kB32;
  if (!CheckOperandCount(raw, 2, "d, [a]", error)) return false;
  if (!TakeData(raw.operands[0], "destination d", out, &out->dst, false, Shape::kStrict, error)) {
    return false;
  }
  const RawOperand& a = raw.operands[1];
  if (a.kind != RawOperand::Kind::kAddress || a.items.size() != 1) {
    *error = "suq operand must be [a]: a .surfref name or .u64 register, with no coordinates";
    return false;
  }
  return TakeResource(a.items[0], out, error);
}

}  // namespace

bool DecodeSurface(const RawInstruction& raw, const ParseOptions& options, Instruction* out,
                   std::string* error) {
  Mods m;
  if (!Classify(raw, &m, error)) return false;
  if (raw.base == "suld") return DecodeSuld(raw, m, options, out, error);
  if (raw.base == "sust") return DecodeSust(raw, m, options, out, error);
  if (raw.base == "sured") return DecodeSured(raw, m, options, out, error);
  return DecodeSuq(raw, m, options, out, error);
}

}  // namespace tsu
