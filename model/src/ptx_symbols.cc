// Declarations in scope and ptxas's operand checks against them.
#include "tsu/ptx_symbols.h"

#include <cctype>

#include "tsu/text.h"

namespace tsu {

std::optional<RegType> ParseRegType(std::string_view d) {
  if (d == ".pred") return RegType{'p', 1};
  if (d == ".f16x2" || d == ".bf16x2") return RegType{'h', 32};
  if (d == ".bf16") return RegType{'b', 16};
  if (d.size() < 3 || d[0] != '.') return std::nullopt;
  const char c = d[1];
  if (c != 'b' && c != 'u' && c != 's' && c != 'f') return std::nullopt;
  const std::string_view w = d.substr(2);
  int bits = 0;
  if (w == "8") {
    bits = 8;
  } else if (w == "16") {
    bits = 16;
  } else if (w == "32") {
    bits = 32;
  } else if (w == "64") {
    bits = 64;
  } else {
    return std::nullopt;
  }
  if (c == 'f' && bits == 8) return std::nullopt;
  return RegType{c, static_cast<uint8_t>(bits)};
}

std::string RegTypeName(RegType t) {
  if (t.cls == 'p') return ".pred";
  if (t.cls == 'h') return ".f16x2";
  return std::string(".") + t.cls + std::to_string(t.bits);
}

const char* SymbolKindName(Symbol::Kind k) {
  switch (k) {
    case Symbol::Kind::kRegister:
      return "register";
    case Symbol::Kind::kTexref:
      return ".texref";
    case Symbol::Kind::kSurfref:
      return ".surfref";
    case Symbol::Kind::kSamplerref:
      return ".samplerref";
    case Symbol::Kind::kVariable:
      return "variable";
  }
  return "?";
}

bool SymbolTable::Declare(const std::string& name, const Symbol& s, std::string* error) {
  Scope& sc = scopes_.back();
  if (auto it = sc.names.find(name); it != sc.names.end()) {
    *error = "'" + Excerpt(name) + "' is already declared (line " +
             std::to_string(it->second.line) + ")";
    return false;
  }
  sc.names.emplace(name, s);
  return true;
}

bool SymbolTable::DeclareRange(const std::string& prefix, uint32_t count, const Symbol& s,
                               std::string* error) {
  Scope& sc = scopes_.back();
  if (auto it = sc.ranges.find(prefix); it != sc.ranges.end()) {
    *error = "'" + Excerpt(prefix) + "<N>' is already declared (line " +
             std::to_string(it->second.symbol.line) + ")";
    return false;
  }
  sc.ranges.emplace(prefix, Range{count, s});
  return true;
}

const Symbol* SymbolTable::Find(std::string_view name) const {
  // A name ending in digits may be one of a range: split it as prefix + index (no leading zero).
  size_t d = name.size();
  while (d > 0 && std::isdigit(static_cast<unsigned char>(name[d - 1]))) --d;
  const std::string_view prefix = name.substr(0, d);
  const std::string_view digits = name.substr(d);
  uint64_t index = 0;
  bool indexed = !digits.empty() && digits.size() <= 10 && (digits.size() == 1 || digits[0] != '0');
  for (char c : digits) index = index * 10 + static_cast<uint64_t>(c - '0');
  for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s) {
    if (auto it = s->names.find(name); it != s->names.end()) return &it->second;
    if (indexed) {
      if (auto it = s->ranges.find(prefix); it != s->ranges.end() && index < it->second.count) {
        return &it->second.symbol;
      }
    }
  }
  return nullptr;
}

namespace {

// What a register operand accepts, measured against ptxas 13.0 (docs/semantics.md "Operand
// types"): data of bit-typed instructions take any register at least as wide; typed integer data
// an integer register at least as wide; coordinates, offsets, handles and tex results exact widths.
enum class Accept : uint8_t { kAnyAtLeast, kIntAtLeast, kAnyExact, kIntExact, kFloatExact, kPacked };

bool Fits(RegType t, Accept a, int bits) {
  const bool is_int = t.cls == 'b' || t.cls == 'u' || t.cls == 's';
  switch (a) {
    case Accept::kAnyAtLeast:
      return t.cls != 'p' && t.bits >= bits;
    case Accept::kIntAtLeast:
      return is_int && t.bits >= bits;
    case Accept::kAnyExact:
      return t.cls != 'p' && t.bits == bits;
    case Accept::kIntExact:
      return is_int && t.bits == bits;
    case Accept::kFloatExact:
      return (t.cls == 'b' || t.cls == 'f') && t.bits == bits;
    case Accept::kPacked:
      return (t.cls == 'b' || t.cls == 'h') && t.bits == bits;
  }
  return false;
}

const char* AcceptText(Accept a) {
  switch (a) {
    case Accept::kAnyAtLeast:
      return "a register of at least";
    case Accept::kIntAtLeast:
      return "an integer (.b/.u/.s) register of at least";
    case Accept::kAnyExact:
      return "a register of exactly";
    case Accept::kIntExact:
      return "an integer (.b/.u/.s) register of exactly";
    case Accept::kFloatExact:
      return "a .f or .b register of exactly";
    case Accept::kPacked:
      return "a .b32 or .f16x2 register of exactly";
  }
  return "";
}

class Checker {
 public:
  Checker(const SymbolTable& s, std::string* error) : s_(s), error_(error) {}

  // A register operand (immediates pass: the decoder decided where they may stand).
  bool Reg(const Operand& o, const char* role, Accept a, int bits) {
    if (o.kind == Operand::Kind::kImmediate) return true;
    const Symbol* sym = s_.Find(o.name);
    if (sym == nullptr) return Fail("unknown symbol '" + Excerpt(o.name) + "' (" + role + ")");
    if (sym->kind != Symbol::Kind::kRegister) {
      return Fail(std::string(role) + " '" + Excerpt(o.name) + "' is a " +
                  SymbolKindName(sym->kind) + ", not a register");
    }
    if (!Fits(sym->type, a, bits)) {
      return Fail(std::string(role) + " '" + Excerpt(o.name) + "' is " +
                  RegTypeName(sym->type) + "; it takes " + AcceptText(a) + " " +
                  std::to_string(bits) + " bits");
    }
    return true;
  }
  bool Regs(const std::vector<Operand>& v, const char* role, Accept a, int bits) {
    for (const Operand& o : v) {
      if (!Reg(o, role, a, bits)) return false;
    }
    return true;
  }
  bool Pred(const std::string& name, const char* role) {
    const Symbol* sym = s_.Find(name);
    if (sym == nullptr) return Fail("unknown symbol '" + Excerpt(name) + "' (" + role + ")");
    if (sym->kind != Symbol::Kind::kRegister || sym->type.cls != 'p') {
      return Fail(std::string(role) + " '" + Excerpt(name) + "' is not a .pred register");
    }
    return true;
  }
  // Operand a (or b, the sampler): a name of the wanted kind, or a 64-bit integer register.
  bool Resource(const Operand& o, Symbol::Kind want, const char* role) {
    const Symbol* sym = s_.Find(o.name);
    const std::string expected = std::string(SymbolKindName(want)) + " or .u64 register expected";
    if (sym == nullptr) {
      return Fail(std::string(role) + ": unknown symbol '" + Excerpt(o.name) + "' (" + expected +
                  ")");
    }
    if (sym->kind == want) return true;
    if (sym->kind == Symbol::Kind::kRegister && Fits(sym->type, Accept::kIntExact, 64)) {
      return true;
    }
    return Fail(std::string(role) + ": '" + Excerpt(o.name) + "' is " +
                (sym->kind == Symbol::Kind::kRegister ? "a " + RegTypeName(sym->type) + " register"
                                                      : std::string("a ") +
                                                            SymbolKindName(sym->kind)) +
                "; " + expected);
  }

 private:
  bool Fail(std::string m) {
    *error_ = std::move(m);
    return false;
  }
  const SymbolTable& s_;
  std::string* error_;
};

int Bits(DataType t) { return DataTypeBytes(t) * 8; }

}  // namespace

bool CheckOperandTypes(const Instruction& in, const SymbolTable& symbols, std::string* error) {
  Checker c(symbols, error);
  if (in.has_guard && !c.Pred(in.guard, "guard")) return false;
  if (in.opcode == Opcode::kTex) {
    if (!c.Resource(in.resource, Symbol::Kind::kTexref, "operand a (texture)")) return false;
    if (symbols.texmode_independent && !in.has_sampler) {
      *error = "operand b (sampler): .target texmode_independent needs [a, b, c] with a "
               ".samplerref or .u64 register";
      return false;
    }
    if (!symbols.texmode_independent && in.has_sampler) {
      *error = "an explicit sampler [a, b, c] needs .target texmode_independent";
      return false;
    }
    if (in.has_sampler &&
        !c.Resource(in.sampler, Symbol::Kind::kSamplerref, "operand b (sampler)")) {
      return false;
    }
    const int db = in.type == DataType::kF16 ? 16 : 32;
    const Accept da = in.type == DataType::kF16x2                                 ? Accept::kPacked
                      : in.type == DataType::kU32 || in.type == DataType::kS32 ? Accept::kIntExact
                                                                                : Accept::kAnyExact;
    if (!c.Regs(in.dst, "destination d", da, db)) return false;
    if (in.has_pred_dst && !c.Pred(in.pred_dst.name, "predicate p")) return false;
    const Accept ca = in.coord_type == DataType::kF32 ? Accept::kAnyExact : Accept::kIntExact;
    for (size_t i = 0; i < in.coords.size(); ++i) {
      const bool index = i == 0 && IsArray(in.geom) && in.coords.size() > 1;  // not a bare scalar
      if (!c.Reg(in.coords[i], index ? "array index" : "coordinate",
                 index ? Accept::kIntExact : ca, 32)) {
        return false;
      }
    }
    if (in.has_lod && !c.Reg(in.lod, "lod", in.coord_type == DataType::kF32 ? Accept::kFloatExact
                                                                              : Accept::kIntExact,
                             32)) {
      return false;
    }
    if (!c.Regs(in.dpdx, "gradient dPdx", Accept::kFloatExact, 32) ||
        !c.Regs(in.dpdy, "gradient dPdy", Accept::kFloatExact, 32) ||
        !c.Regs(in.offset, "offset e", Accept::kIntExact, 32)) {
      return false;
    }
    return !in.has_depth_ref || c.Reg(in.depth_ref, "depth compare f", Accept::kAnyExact, 32);
  }
  if (!c.Resource(in.resource, Symbol::Kind::kSurfref, "operand a (surface)")) return false;
  if (!c.Regs(in.coords, "coordinate", Accept::kIntExact, 32)) return false;
  switch (in.opcode) {
    case Opcode::kSuld:
      return c.Regs(in.dst, "destination d", Accept::kAnyAtLeast, Bits(in.type));
    case Opcode::kSust:
      return c.Regs(in.src, "source c", Accept::kAnyAtLeast, Bits(in.type));
    case Opcode::kSured: {
      const bool typed = in.type != DataType::kB32 && in.type != DataType::kB64;
      return c.Regs(in.src, "source c", typed ? Accept::kIntAtLeast : Accept::kAnyAtLeast,
                    Bits(in.type));
    }
    case Opcode::kSuq:
      return c.Regs(in.dst, "destination d", Accept::kAnyExact, 32);
    default:
      return true;
  }
}

}  // namespace tsu
