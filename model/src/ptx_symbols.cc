// Declarations in scope and ptxas's operand checks against them.
#include "tsu/ptx_symbols.h"

#include <initializer_list>
#include <utility>

#include "tsu/ascii.h"
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
  while (d > 0 && IsAsciiDigit(name[d - 1])) --d;
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

// What a register operand accepts: a set of register classes and a width rule, measured against
// ptxas 13.0 with every register type in every operand slot (the "types." forms of
// tb/oracle/ptxas_forms.tsv; docs/semantics.md "Operand types").
enum ClassBit : uint8_t { kB = 1, kU = 2, kS = 4, kF = 8, kH = 16, kP = 32 };
struct Accept {
  uint8_t classes;
  bool at_least;  // data of bit-typed instructions: a wider register is allowed
};
constexpr Accept kData{kB | kU | kS | kF | kH, true};    // suld d, sust c, sured.b32/.p c
constexpr Accept kIntData{kB | kU | kS | kH, true};      // sured c of .u32/.s32/.u64/.s64
constexpr Accept kAny{kB | kU | kS | kF | kH, false};    // suq d
constexpr Accept kAnyUnpacked{kB | kU | kS | kF, false}; // tex .f32 d and .f32 coordinates
constexpr Accept kInt{kB | kU | kS | kH, false};         // tex .u32/.s32 d, .s32 c and lod
constexpr Accept kIntStrict{kB | kU | kS, false};        // surface coordinates, array index, offsets
constexpr Accept kFloat{kB | kF, false};                 // .f32 lod, gradients, depth compare
constexpr Accept kPacked{kB | kH, false};                // .f16x2 d

uint8_t ClassOf(RegType t) {
  switch (t.cls) {
    case 'b':
      return kB;
    case 'u':
      return kU;
    case 's':
      return kS;
    case 'f':
      return kF;
    case 'h':
      return kH;
    default:
      return kP;
  }
}

bool Fits(RegType t, Accept a, int bits) {
  if ((ClassOf(t) & a.classes) == 0) return false;
  return a.at_least ? t.bits >= bits : t.bits == bits;
}

std::string AcceptText(Accept a, int bits) {
  std::string c;
  for (const auto& [bit, name] : {std::pair<uint8_t, const char*>{kB, ".b"}, {kU, ".u"},
                                  {kS, ".s"}, {kF, ".f"}, {kH, ".f16x2"}}) {
    if ((a.classes & bit) == 0) continue;
    if (!c.empty()) c += " ";
    c += name;
    if (bit != kH) c += std::to_string(bits);
  }
  return c + (a.at_least ? " (or wider)" : "");
}

// The type of a vector operand as ptxas 13.0 derives it: equal types stay; a .bN element makes
// the vector .bN if every other element is N bits wide (or a predicate); .uN and .sN mix as .uN;
// any other mix is a mismatch (measured: `{%b32, %f32}` is a valid coordinate, `{%u32, %f32}` and
// `{%f32, %f32}` are not).
std::optional<RegType> Unify(RegType a, RegType b) {
  if (a.cls == b.cls && a.bits == b.bits) return a;
  for (int k = 0; k < 2; ++k) {
    if (a.cls == 'b' && (b.bits == a.bits || b.cls == 'p')) return a;
    std::swap(a, b);
  }
  if ((a.cls == 'u' || a.cls == 's') && (b.cls == 'u' || b.cls == 's') && a.bits == b.bits) {
    return RegType{'u', a.bits};
  }
  return std::nullopt;
}

class Checker {
 public:
  Checker(const SymbolTable& s, std::string* error) : s_(s), error_(error) {}

  // A register operand, or a vector of them, whose (unified) type must fit (immediates pass:
  // the decoder decided where they may stand).
  bool Regs(const std::vector<Operand>& v, const char* role, Accept a, int bits) {
    std::optional<RegType> type;
    std::string first;
    for (const Operand& o : v) {
      if (o.kind == Operand::Kind::kImmediate) continue;
      const Symbol* sym = s_.Find(o.name);
      if (sym == nullptr) return Fail("unknown symbol '" + Excerpt(o.name) + "' (" + role + ")");
      if (sym->kind != Symbol::Kind::kRegister) {
        return Fail(std::string(role) + " '" + Excerpt(o.name) + "' is a " +
                    SymbolKindName(sym->kind) + ", not a register");
      }
      if (!type) {
        type = sym->type;
        first = o.name;
        continue;
      }
      const std::optional<RegType> u = Unify(*type, sym->type);
      if (!u) {
        return Fail(std::string(role) + ": the vector mixes '" + Excerpt(first) + "' (" +
                    RegTypeName(*type) + ") and '" + Excerpt(o.name) + "' (" +
                    RegTypeName(sym->type) + ")");
      }
      type = u;
    }
    if (type && !Fits(*type, a, bits)) {
      return Fail(std::string(role) + " '" + Excerpt(first) + "'" +
                  (v.size() > 1 ? " (the vector)" : "") + " is " + RegTypeName(*type) +
                  "; it takes " + AcceptText(a, bits));
    }
    return true;
  }
  bool Reg(const Operand& o, const char* role, Accept a, int bits) {
    return Regs(std::vector<Operand>{o}, role, a, bits);
  }
  bool Pred(const std::string& name, const char* role) {
    const Symbol* sym = s_.Find(name);
    if (sym == nullptr) return Fail("unknown symbol '" + Excerpt(name) + "' (" + role + ")");
    if (sym->kind != Symbol::Kind::kRegister || sym->type.cls != 'p') {
      return Fail(std::string(role) + " '" + Excerpt(name) + "' is not a .pred register");
    }
    return true;
  }
  // Operand a (or b, the sampler): a name of one of the wanted kinds, or a 64-bit integer
  // register.
  bool Resource(const Operand& o, std::initializer_list<Symbol::Kind> want, const char* role) {
    const Symbol* sym = s_.Find(o.name);
    const std::string expected =
        std::string(SymbolKindName(*want.begin())) + " or .u64 register expected";
    if (sym == nullptr) {
      return Fail(std::string(role) + ": unknown symbol '" + Excerpt(o.name) + "' (" + expected +
                  ")");
    }
    for (Symbol::Kind k : want) {
      if (sym->kind == k) return true;
    }
    if (sym->kind == Symbol::Kind::kRegister && Fits(sym->type, kIntStrict, 64)) return true;
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
  using K = Symbol::Kind;
  if (in.has_guard && !c.Pred(in.guard, "guard")) return false;
  if (in.opcode == Opcode::kTex) {
    if (!c.Resource(in.resource, {K::kTexref}, "operand a (texture)")) return false;
    if (symbols.texmode_independent && !in.has_sampler) {
      *error = "operand b (sampler): .target texmode_independent needs [a, b, c] with a "
               ".samplerref or .u64 register";
      return false;
    }
    // Unified mode takes [a, b, c] too, with b a .texref, a .surfref or a 64-bit register
    // (unified modules declare no .samplerref).
    if (in.has_sampler &&
        !(symbols.texmode_independent
              ? c.Resource(in.sampler, {K::kSamplerref}, "operand b (sampler)")
              : c.Resource(in.sampler, {K::kTexref, K::kSurfref}, "operand b (sampler)"))) {
      return false;
    }
    const Accept da = in.type == DataType::kF16x2                                 ? kPacked
                      : in.type == DataType::kU32 || in.type == DataType::kS32 ? kInt
                                                                                : kAnyUnpacked;
    // `_`, the sink, may stand for a result element, as ptxas 13.0 takes it (F11).
    std::vector<Operand> dst;
    for (const Operand& o : in.dst) {
      if (!(o.kind == Operand::Kind::kName && o.name == "_")) dst.push_back(o);
    }
    if (!c.Regs(dst, "destination d", da, in.type == DataType::kF16 ? 16 : 32)) return false;
    if (in.has_pred_dst && !c.Pred(in.pred_dst.name, "predicate p")) return false;
    const bool f32 = in.coord_type == DataType::kF32;
    const bool indexed = IsArray(in.geom) && in.coords.size() > 1;  // not a bare scalar
    if (indexed && !c.Reg(in.coords[0], "array index", kIntStrict, 32)) return false;
    const std::vector<Operand> rest(in.coords.begin() + (indexed ? 1 : 0), in.coords.end());
    if (!c.Regs(rest, "coordinate", f32 ? kAnyUnpacked : kInt, 32)) return false;
    if (in.has_lod && !c.Reg(in.lod, "lod", f32 ? kFloat : kInt, 32)) return false;
    if (!c.Regs(in.dpdx, "gradient dPdx", kFloat, 32) ||
        !c.Regs(in.dpdy, "gradient dPdy", kFloat, 32) ||
        !c.Regs(in.offset, "offset e", kIntStrict, 32)) {
      return false;
    }
    return !in.has_depth_ref || c.Reg(in.depth_ref, "depth compare f", kFloat, 32);
  }
  if (!c.Resource(in.resource, {K::kSurfref}, "operand a (surface)")) return false;
  if (!c.Regs(in.coords, "coordinate", kIntStrict, 32)) return false;
  switch (in.opcode) {
    case Opcode::kSuld:
      return c.Regs(in.dst, "destination d", kData, Bits(in.type));
    case Opcode::kSust:
      return c.Regs(in.src, "source c", kData, Bits(in.type));
    case Opcode::kSured: {
      const bool typed = in.type != DataType::kB32 && in.type != DataType::kB64;
      return c.Regs(in.src, "source c", typed ? kIntData : kData, Bits(in.type));
    }
    case Opcode::kSuq:
      return c.Regs(in.dst, "destination d", kAny, 32);
    default:
      return true;
  }
}

}  // namespace tsu
