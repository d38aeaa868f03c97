// Validity rules of tex (PTX ISA 9.7.10.3), applied to a RawInstruction. Every rejection names
// the rule it enforces. Where ptxas is more lenient than the text, this front end follows the
// text; the departures are listed in docs/oracle.md.
//
// Operand layout:  d[|p], [a, {b,} c] {, lod | , dPdx, dPdy} {, e} {, f}
// The front end sees no register declarations, so the optional trailing operands are told apart
// by shape: a braced vector is the offset e, a scalar is the depth compare value f (ptxas uses
// the register's type; a scalar offset `r5` for 1d must be written `{r5}` here).
#include <algorithm>
#include <optional>
#include <string>

#include "tsu/ptx_parser.h"
#include "tsu/ptx_symbols.h"
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

struct TexMods {
  std::optional<TexMode> mode;
  std::optional<Geometry> geom;
  std::optional<VecSize> vec;
  std::optional<DataType> dtype;
  std::optional<DataType> ctype;
};

bool Classify(const RawInstruction& raw, TexMods* m, std::string* error) {
  // Order (docs/semantics.md F3): the mipmap mode, when written, comes first; the other
  // modifiers in any order, the first type being .dtype.
  for (size_t i = 0; i < raw.mods.size(); ++i) {
    const std::string& s = raw.mods[i];
    if (s == "base" || s == "level" || s == "grad") {
      if (m->mode) {
        *error = "multiple mipmap modes specified (.base, .level, .grad are exclusive)";
        return false;
      }
      if (i != 0) {
        *error = Dot(s) + " must be tex's first modifier (tex" + Dot(s) + ".geom...)";
        return false;
      }
      m->mode = *Parse<TexMode>(s);
    } else if (auto g = Parse<Geometry>(s)) {
      if (m->geom) {
        *error = "multiple geometry modifiers specified";
        return false;
      }
      m->geom = *g;
    } else if (s == "v2" || s == "v4") {
      if (m->vec) {
        *error = "multiple vector modifiers specified";
        return false;
      }
      m->vec = *Parse<VecSize>(s);
    } else if (auto t = Parse<DataType>(s)) {
      // The first type is .dtype, the second .ctype (tex.geom.v4.dtype.ctype).
      if (!m->dtype) {
        m->dtype = *t;
      } else if (!m->ctype) {
        m->ctype = *t;
      } else {
        *error = "too many type modifiers: tex takes .dtype then .ctype";
        return false;
      }
    } else {
      *error = "unknown modifier " + Dot(s) + " for tex";
      return false;
    }
  }
  return true;
}

// Elements of operand c the geometry needs (the written vector may be longer: the text's Notes
// allow .v4 coordinate vectors for any geometry, extra elements ignored).
int CoordsNeeded(Geometry g) {
  switch (g) {
    case Geometry::k1d:
      return 1;
    case Geometry::k2d:
    case Geometry::kA1d:
      return 2;
    default:
      return 4;  // 3d (4th ignored), a2d (4th ignored), cube, acube, 2dms, a2dms
  }
}

// Elements of the offset vector e per geometry (3d: four, the last ignored).
int OffsetsNeeded(Geometry g) {
  switch (g) {
    case Geometry::k1d:
    case Geometry::kA1d:
      return 1;
    case Geometry::k3d:
      return 4;
    default:
      return 2;  // 2d, a2d, 2dms, a2dms
  }
}

// Elements of dPdx/dPdy per geometry: singletons for 1d/a1d, two for 2d/a2d, four for 3d,
// cube and acube (fourth ignored for 3d and cube).
int GradsNeeded(Geometry g) {
  switch (g) {
    case Geometry::k1d:
    case Geometry::kA1d:
      return 1;
    case Geometry::k2d:
    case Geometry::kA2d:
      return 2;
    default:
      return 4;
  }
}


bool Vector(const RawOperand& op, const char* what, std::vector<Operand>* out,
            std::string* error) {
  if (op.kind == RawOperand::Kind::kScalar) {
    *out = {op.scalar};
    return true;
  }
  if (op.kind != RawOperand::Kind::kVector) {
    *error = std::string(what) + " must be a register, an immediate or a vector";
    return false;
  }
  const size_t n = op.elems.size();
  if (n != 1 && n != 2 && n != 4) {
    *error = std::string("illegal vector size ") + std::to_string(n) + " for " + what +
             " (vectors have 1, 2 or 4 elements)";
    return false;
  }
  *out = op.elems;
  return true;
}

bool Scalar(const RawOperand& op, const char* what, Operand* out, std::string* error) {
  if (op.kind != RawOperand::Kind::kScalar || op.has_pred) {
    *error = std::string(what) + " must be a scalar register or immediate";
    return false;
  }
  *out = op.scalar;
  return true;
}

bool Name(const RawOperand& op, const char* what, Operand* out, std::string* error) {
  if (op.kind != RawOperand::Kind::kScalar || op.scalar.kind != Operand::Kind::kName) {
    *error = std::string(what) + " must be a name or a .u64 register";
    return false;
  }
  *out = op.scalar;
  return true;
}

bool DecodeDestination(const RawOperand& op, Instruction* out, std::string* error) {
  const int n = out->vec == VecSize::kV2 ? 2 : 4;
  if (op.kind != RawOperand::Kind::kVector) {
    *error = "destination d of tex must be a " + std::to_string(n) + "-element vector";
    return false;
  }
  if (static_cast<int>(op.elems.size()) != n) {
    *error = "destination vector size mismatch: ." + std::string(Name(out->vec)) + " needs " +
             std::to_string(n) + " elements (got " + std::to_string(op.elems.size()) + ")";
    return false;
  }
  for (const Operand& e : op.elems) {
    if (e.kind != Operand::Kind::kName) {
      *error = "destination d must be registers, not immediates";
      return false;
    }
  }
  if (std::all_of(op.elems.begin(), op.elems.end(),
                  [](const Operand& e) { return e.name == "_"; })) {
    // ptxas 13.0: "Unable to infer type of vector elements" (a sink `_` may stand for some).
    *error = "destination d needs at least one register; it cannot be all sinks '_'";
    return false;
  }
  out->dst = op.elems;
  if (op.has_pred) {
    out->has_pred_dst = true;
    out->pred_dst = op.pred;
  }
  return true;
}

}  // namespace

bool DecodeTex(const RawInstruction& raw, const ParseOptions& options, Instruction* out,
               std::string* error) {
  const bool ptxas = options.dialect == Dialect::kPtxas;
  out->opcode = Opcode::kTex;
  TexMods m;
  if (!Classify(raw, &m, error)) return false;
  out->tex_mode = m.mode.value_or(TexMode::kNone);
  if (!m.geom) {
    *error = "tex requires a geometry (.1d .2d .3d .a1d .a2d .cube .acube .2dms .a2dms)";
    return false;
  }
  const Geometry g = *m.geom;
  out->geom = g;
  const std::string gn = DotName(g);
  if (!m.vec) {
    *error = "tex requires .v4 (or .v2 with .f16x2)";
    return false;
  }
  out->vec = *m.vec;
  if (!m.dtype || !m.ctype) {
    *error = "tex requires a .dtype and a .ctype (tex.geom.v4.dtype.ctype)";
    return false;
  }
  const DataType dt = *m.dtype;
  if (dt != DataType::kU32 && dt != DataType::kS32 && dt != DataType::kF16 &&
      dt != DataType::kF32 && dt != DataType::kF16x2) {
    *error = ".dtype must be .u32, .s32, .f16, .f32 (.v4) or .f16x2 (.v2), got " + DotName(dt);
    return false;
  }
  if (dt == DataType::kF16x2 && out->vec != VecSize::kV2) {
    *error = ".f16x2 results require .v2";
    return false;
  }
  if (dt != DataType::kF16x2 && out->vec != VecSize::kV4) {
    *error = "." + std::string(Name(dt)) + " results require .v4 (only .f16x2 takes .v2)";
    return false;
  }
  out->type = dt;
  const DataType ct = *m.ctype;
  if (ct != DataType::kS32 && ct != DataType::kF32) {
    *error = ".ctype must be .s32 or .f32 (integer coordinates require .s32), got " +
             DotName(ct);
    return false;
  }
  if (IsCube(g) && ct != DataType::kF32) {
    *error = gn + " requires .f32 coordinates";
    return false;
  }
  if (IsMultisample(g) && ct != DataType::kS32) {
    *error = gn + " requires .s32 coordinates";
    return false;
  }
  out->coord_type = ct;
  if (IsMultisample(g) && (out->tex_mode == TexMode::kLevel || out->tex_mode == TexMode::kGrad)) {
    *error = DotName(out->tex_mode) + " is not supported for multisample geometry " + gn;
    return false;
  }

  // d[|p], [a, {b,} c], then the mode's operands, then {e} {f}.
  if (raw.operands.size() < 2) {
    *error = "tex takes d, [a, {b,} c] and optional operands";
    return false;
  }
  if (!DecodeDestination(raw.operands[0], out, error)) return false;
  const RawOperand& addr = raw.operands[1];
  if (addr.kind != RawOperand::Kind::kAddress || (addr.items.size() != 2 && addr.items.size() != 3)) {
    *error = "the texture operand must be [a, c] (unified) or [a, b, c] (independent sampler)";
    return false;
  }
  if (!Name(addr.items[0], "operand a (texture)", &out->resource, error)) return false;
  if (addr.items.size() == 3) {
    out->has_sampler = true;
    if (!Name(addr.items[1], "operand b (sampler)", &out->sampler, error)) return false;
    // ptxas 13.0 parses [a, b, x] as a syntax error: with a sampler, c is braced even for 1d
    // (docs/semantics.md TF5, found by the ptxas oracle).
    if (addr.items.back().kind == RawOperand::Kind::kScalar) {
      *error = "with an explicit sampler [a, b, c] the coordinates c must be braced ({x})";
      return false;
    }
  }
  // The text writes 3-element coordinate vectors where a geometry uses three (`tex.a2d ...
  // [tex_a,{idx,f1,f2}]`): the text dialect takes them; ptxas has no 3-element vectors (TF2).
  const RawOperand& c = addr.items.back();
  const bool three = c.kind == RawOperand::Kind::kVector && c.elems.size() == 3 &&
                     !ptxas && CoordsNeeded(g) == 4 && g != Geometry::kACube &&
                     g != Geometry::kA2dms;
  if (three) {
    out->coords = c.elems;
  } else if (!Vector(c, "coordinate vector c", &out->coords, error)) {
    return false;
  }
  const int want = three ? 3 : CoordsNeeded(g);
  const bool bare = addr.items.back().kind == RawOperand::Kind::kScalar && want > 1;
  // For arrays and multisample geometries ptxas 13.0 crashes on a bare scalar, except in
  // .grad forms with a depth compare value, which it assembles; rejected below once f is known.
  const bool bare_crash = bare && ptxas && (IsArray(g) || IsMultisample(g));
  if (bare && ptxas) {
    // ptxas assembles it; what it means is documented nowhere (docs/semantics.md TF2).
    out->no_semantics = "a bare scalar coordinate for " + gn + " (ptxas assembles it, but neither "
                        "the PTX text nor ptxas says what it means; write the " +
                        std::to_string(want) + "-element vector)";
  } else if (static_cast<int>(out->coords.size()) < want) {
    *error = "coordinate vector c of " + gn + " needs " + std::to_string(want) +
             (want == 1 ? " element" : " elements") + " (got " +
             std::to_string(out->coords.size()) + ")";
    return false;
  }

  size_t next = 2;
  if (out->tex_mode == TexMode::kLevel) {
    if (raw.operands.size() <= next) {
      *error = "tex.level requires a lod operand after the texture operand";
      return false;
    }
    out->has_lod = true;
    const RawOperand& lod = raw.operands[next++];
    if (lod.kind == RawOperand::Kind::kVector && ptxas && !lod.has_pred) {
      // ptxas 13.0 assembles a braced lod of 1, 2 or 4 elements (docs/semantics.md F11).
      std::vector<Operand> v;
      if (!Vector(lod, "lod", &v, error)) return false;
      out->lod = v[0];
      if (v.size() > 1) {
        out->no_semantics = "a " + std::to_string(v.size()) + "-element lod (ptxas assembles "
                            "it, but neither the PTX text nor ptxas says which element is the "
                            "level; write a scalar)";
      }
    } else if (!Scalar(lod, "lod", &out->lod, error)) {
      return false;
    }
  } else if (out->tex_mode == TexMode::kGrad) {
    if (raw.operands.size() <= next + 1) {
      *error = "tex.grad requires two gradient vectors dPdx, dPdy";
      return false;
    }
    const int gw = GradsNeeded(g);
    for (std::vector<Operand>* dv : {&out->dpdx, &out->dpdy}) {
      const RawOperand& op = raw.operands[next++];
      if (op.kind != RawOperand::Kind::kVector) {
        *error = "tex.grad gradients must be braced vectors";
        return false;
      }
      if (!Vector(op, "gradient", dv, error)) return false;
      if (static_cast<int>(dv->size()) < gw && IsCube(g) && ptxas) {
        // ptxas takes 1- and 2-element cube gradients; the text and the model need 4 (TF2).
        out->no_semantics = "a " + std::to_string(dv->size()) + "-element gradient for " + gn +
                            " (ptxas assembles it, but the PTX text asks for four elements and "
                            "gives a shorter one no meaning)";
      } else if (static_cast<int>(dv->size()) != gw) {
        *error = "gradient vectors of " + gn + " must have " + std::to_string(gw) +
                 (gw == 1 ? " element" : " elements") + " (got " + std::to_string(dv->size()) + ")";
        return false;
      }
    }
  }
  // {e} {f}: a vector is e, a scalar is f, except for 1d/a1d textures, whose offset may be a
  // scalar, as ptxas reads them: two trailing scalars are e and f; with declarations (a module
  // read), a lone .u32/.s32 scalar is e (TF1); so is a lone integer literal (f is .f32).
  bool scalar_offset = false;
  bool bare_offset = false;  // an integer scalar where a 2- or 4-element offset goes
  if (next < raw.operands.size() && (OffsetsNeeded(g) == 1 || (ptxas && !IsCube(g))) &&
      raw.operands[next].kind == RawOperand::Kind::kScalar) {
    const Operand& o = raw.operands[next].scalar;
    const Symbol* sym = o.kind == Operand::Kind::kName && options.symbols != nullptr
                            ? options.symbols->Find(o.name)
                            : nullptr;
    scalar_offset = (raw.operands.size() == next + 2 &&
                     raw.operands[next + 1].kind == RawOperand::Kind::kScalar) ||
                    (o.kind == Operand::Kind::kImmediate && o.lit == Operand::Literal::kInt) ||
                    (sym != nullptr && sym->kind == Symbol::Kind::kRegister &&
                     (sym->type.cls == 'u' || sym->type.cls == 's'));
    if (OffsetsNeeded(g) > 1) {
      // ptxas 13.0 assembles a lone integer scalar there, as it does a bare scalar coordinate
      // (docs/semantics.md F11); a .b32/.f32 one is the depth compare value f, as before.
      scalar_offset = scalar_offset && raw.operands.size() == next + 1;
      bare_offset = scalar_offset;
    }
  }
  if (next < raw.operands.size() &&
      (raw.operands[next].kind == RawOperand::Kind::kVector || scalar_offset)) {
    if (IsCube(g)) {
      *error = "offset operand e is not supported for " + gn;
      return false;
    }
    if (!Vector(raw.operands[next++], "offset e", &out->offset, error)) return false;
    const int ow = OffsetsNeeded(g);
    if (bare_offset) {
      out->no_semantics = "a scalar offset for " + gn + " (ptxas assembles it, but neither the "
                          "PTX text nor ptxas says what it means; write the " +
                          std::to_string(ow) + "-element vector)";
    } else if (static_cast<int>(out->offset.size()) < ow) {
      *error = "offset vector e of " + gn + " needs " + std::to_string(ow) +
               (ow == 1 ? " element" : " elements") + " (got " +
               std::to_string(out->offset.size()) + ")";
      return false;
    }
    for (const Operand& o : out->offset) {
      const int64_t v = static_cast<int32_t>(o.imm);
      if (o.kind == Operand::Kind::kImmediate && (v < -8 || v > 7)) {
        // ptxas assembles it; like a register offset it is used modulo 16 (TF3).
        if (ptxas) continue;
        *error = "offset " + std::to_string(v) + " is out of range: offsets are -8..+7";
        return false;
      }
    }
  }
  if (next < raw.operands.size()) {
    const RawOperand& op = raw.operands[next];
    if (op.kind != RawOperand::Kind::kScalar) {
      *error = "unexpected operand after the offset (only a scalar depth compare value f may follow)";
      return false;
    }
    if (g == Geometry::k3d) {
      *error = "depth compare operand f is not supported for .3d textures";
      return false;
    }
    if (IsMultisample(g)) {
      *error = "depth compare operand f is not supported for multisample geometry " + gn;
      return false;
    }
    if (ct != DataType::kF32) {
      *error = "depth compare requires .f32 coordinates";
      return false;
    }
    out->has_depth_ref = true;
    if (!Scalar(op, "depth compare value f", &out->depth_ref, error)) return false;
    ++next;
  }
  if (bare_crash && next == raw.operands.size() &&
      !(out->tex_mode == TexMode::kGrad && out->has_depth_ref)) {
    *error = "a bare scalar coordinate for " + gn + " has no meaning (ptxas 13.0 crashes on it; "
             "write the " + std::to_string(want) + "-element vector)";
    return false;
  }
  if (next != raw.operands.size()) {
    *error = "too many operands for tex" + Dot(Name(out->tex_mode).empty() ? "" : Name(out->tex_mode)) +
             " (d, [a, {b,} c]" +
             (out->tex_mode == TexMode::kLevel ? ", lod" : out->tex_mode == TexMode::kGrad ? ", dPdx, dPdy" : "") +
             " {, e} {, f})";
    return false;
  }
  return true;
}

}  // namespace tsu
