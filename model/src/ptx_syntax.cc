// The syntax layer of the PTX front end: text → RawInstruction. Knows the shape of PTX
// operands (scalars, {vectors}, [addresses], d|p pairs) and literals, not the rules of any opcode.
#include <cstdio>
#include <cstring>
#include <string>

#include "tsu/ascii.h"
#include "tsu/ptx_parser.h"
#include "tsu/ptx_symbols.h"
#include "tsu/text.h"

namespace tsu {
namespace {

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  void SkipSpace() {
    for (;;) {
      while (pos_ < s_.size() && IsAsciiSpace(s_[pos_])) ++pos_;
      if (pos_ + 1 >= s_.size() || s_[pos_] != '/') return;
      if (s_[pos_ + 1] == '/') {
        pos_ = s_.size();
      } else if (s_[pos_ + 1] == '*') {
        size_t end = s_.find("*/", pos_ + 2);
        pos_ = end == std::string_view::npos ? s_.size() : end + 2;
      } else {
        return;
      }
    }
  }
  bool AtEnd() {
    SkipSpace();
    return pos_ >= s_.size();
  }
  char Peek() {
    SkipSpace();
    return pos_ < s_.size() ? s_[pos_] : '\0';
  }
  bool Accept(char c) {
    if (Peek() == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  // Identifier: [%]?[A-Za-z_$][A-Za-z0-9_$]*; with dots allowed when `dotted` (opcodes).
  std::string Ident(bool dotted) {
    SkipSpace();
    size_t start = pos_;
    if (pos_ < s_.size() && s_[pos_] == '%') ++pos_;
    if (pos_ >= s_.size() || !(IsAsciiAlpha(s_[pos_]) || s_[pos_] == '_' || s_[pos_] == '$')) {
      pos_ = start;
      return {};
    }
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (IsAsciiAlnum(c) || c == '_' || c == '$' || (dotted && c == '.')) {
        ++pos_;
      } else {
        break;
      }
    }
    return std::string(s_.substr(start, pos_ - start));
  }
  // A literal token: digits, letters, dots, and exponent signs.
  std::string NumberToken() {
    SkipSpace();
    size_t start = pos_;
    if (pos_ < s_.size() && (s_[pos_] == '-' || s_[pos_] == '+')) ++pos_;
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      bool exp_sign = (c == '-' || c == '+') && pos_ > start &&
                      (s_[pos_ - 1] == 'e' || s_[pos_ - 1] == 'E') &&
                      !(s_.substr(start).size() > 1 && (s_[start + 1] == 'x' || s_[start + 1] == 'X'));
      if (IsAsciiAlnum(c) || c == '.' || exp_sign) {
        ++pos_;
      } else {
        break;
      }
    }
    return std::string(s_.substr(start, pos_ - start));
  }
  std::string Rest() {
    SkipSpace();
    return Excerpt(s_.substr(pos_), 24);
  }

 private:
  std::string_view s_;
  size_t pos_ = 0;
};

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// PTX literals: decimal, 0x hex, 0b binary, 0 octal (optional U suffix), 0fXXXXXXXX (f32 bits),
// 0dXXXXXXXXXXXXXXXX (f64 bits), and decimal floats (stored as f32 bits). A leading '-' negates.
bool ParseLiteral(const std::string& tok, uint64_t* out, std::string* error,
                  Operand::Literal* kind = nullptr) {
  if (kind != nullptr) *kind = Operand::Literal::kInt;
  std::string t = tok;
  bool neg = false;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    neg = t[0] == '-';
    t = t.substr(1);
  }
  if (t.empty()) {
    *error = "malformed literal '" + Excerpt(tok) + "'";
    return false;
  }
  auto hex_run = [&](size_t from, size_t digits, uint64_t* v) {
    if (t.size() != from + digits) return false;
    *v = 0;
    for (size_t i = from; i < t.size(); ++i) {
      int d = HexDigit(t[i]);
      if (d < 0) return false;
      *v = (*v << 4) | static_cast<uint64_t>(d);
    }
    return true;
  };
  uint64_t v = 0;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'f' || t[1] == 'F')) {
    if (!hex_run(2, 8, &v)) {
      *error = "malformed f32 literal '" + Excerpt(tok) + "' (0f needs 8 hex digits)";
      return false;
    }
    *out = neg ? (v ^ 0x80000000u) : v;
    if (kind != nullptr) *kind = Operand::Literal::kF32;
    return true;
  }
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'd' || t[1] == 'D')) {
    if (!hex_run(2, 16, &v)) {
      *error = "malformed f64 literal '" + Excerpt(tok) + "' (0d needs 16 hex digits)";
      return false;
    }
    *out = neg ? (v ^ 0x8000000000000000ull) : v;
    if (kind != nullptr) *kind = Operand::Literal::kF64;
    return true;
  }
  if (t.find('.') != std::string::npos ||
      (t.find_first_of("eE") != std::string::npos && t.find_first_of("xX") == std::string::npos)) {
    char* end = nullptr;
    if (kind != nullptr) {  // an operand: PTX reads a decimal float as an f64 literal
      double d = std::strtod(t.c_str(), &end);
      if (end == nullptr || *end != '\0') {
        *error = "malformed float literal '" + Excerpt(tok) + "'";
        return false;
      }
      if (neg) d = -d;
      std::memcpy(out, &d, 8);
      *kind = Operand::Literal::kF64;
      return true;
    }
    float f = std::strtof(t.c_str(), &end);  // a script value: f32 bits
    if (end == nullptr || *end != '\0') {
      *error = "malformed float literal '" + Excerpt(tok) + "'";
      return false;
    }
    if (neg) f = -f;
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    *out = bits;
    return true;
  }
  if (t.back() == 'U' || t.back() == 'u') t.pop_back();
  int base = 10;
  size_t from = 0;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    from = 2;
  } else if (t.size() > 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) {
    base = 2;
    from = 2;
  } else if (t.size() > 1 && t[0] == '0') {
    base = 8;
    from = 1;
  }
  if (from >= t.size()) {
    *error = "malformed integer literal '" + Excerpt(tok) + "'";
    return false;
  }
  for (size_t i = from; i < t.size(); ++i) {
    int d = HexDigit(t[i]);
    if (d < 0 || d >= base) {
      *error = "malformed integer literal '" + Excerpt(tok) + "'";
      return false;
    }
    uint64_t nv = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
    if (nv / static_cast<uint64_t>(base) != v) {
      *error = "integer literal '" + Excerpt(tok) + "' does not fit in 64 bits";
      return false;
    }
    v = nv;
  }
  *out = neg ? (~v + 1) : v;
  return true;
}

bool ParseScalar(Lexer* lx, Operand* out, std::string* error) {
  char c = lx->Peek();
  if (c == '%' || c == '_' || c == '$' || IsAsciiAlpha(c)) {
    *out = Operand::Name(lx->Ident(false));
    if (out->name.empty() || out->name == "%") {
      *error = "malformed register name near '" + lx->Rest() + "'";
      return false;
    }
    return true;
  }
  if (IsAsciiDigit(c) || c == '-' || c == '+') {
    uint64_t v = 0;
    Operand::Literal lit;
    if (!ParseLiteral(lx->NumberToken(), &v, error, &lit)) return false;
    *out = Operand::Imm(v, lit);
    return true;
  }
  *error = c == '\0' ? "unexpected end of instruction: an operand is missing"
                     : "expected an operand near '" + lx->Rest() + "'";
  return false;
}

bool ParseVectorOrScalar(Lexer* lx, RawOperand* out, std::string* error) {
  if (lx->Accept('{')) {
    out->kind = RawOperand::Kind::kVector;
    out->elems.reserve(kMaxVectorElements);
    do {
      if (out->elems.size() == kMaxVectorElements) {
        *error = "a vector operand has at most " + std::to_string(kMaxVectorElements) +
                 " elements";
        return false;
      }
      if (!ParseScalar(lx, &out->elems.emplace_back(), error)) return false;
    } while (lx->Accept(','));
    if (!lx->Accept('}')) {
      *error = "expected '}' to close a vector operand near '" + lx->Rest() + "'";
      return false;
    }
    return true;
  }
  out->kind = RawOperand::Kind::kScalar;
  return ParseScalar(lx, &out->scalar, error);
}

bool ParseOperand(Lexer* lx, RawOperand* out, std::string* error) {
  if (lx->Accept('[')) {
    out->kind = RawOperand::Kind::kAddress;
    out->items.reserve(kMaxAddressItems);
    do {
      if (out->items.size() == kMaxAddressItems) {
        *error = "an address operand has at most " + std::to_string(kMaxAddressItems) + " items";
        return false;
      }
      if (!ParseVectorOrScalar(lx, &out->items.emplace_back(), error)) return false;
    } while (lx->Accept(','));
    if (!lx->Accept(']')) {
      *error = "expected ']' to close an address operand near '" + lx->Rest() + "'";
      return false;
    }
    return true;
  }
  if (!ParseVectorOrScalar(lx, out, error)) return false;
  if (lx->Accept('|')) {
    out->has_pred = true;
    if (!ParseScalar(lx, &out->pred, error)) return false;
    if (out->pred.kind != Operand::Kind::kName) {
      *error = "the predicate after '|' must be a register";
      return false;
    }
  }
  return true;
}

// Immediates by slot, as ptxas 13.0 takes them (docs/semantics.md F10): integer slots take
// integer literals; .f32 slots take float literals (0f, 0d, decimal; an f64 one is rounded to f32,
// to nearest even, as ptxas converts it); bit-typed data of N bits takes integers or a float
// literal of exactly N bits (0f for 32, 0d or decimal for 64).
enum class Slot { kInteger, kFloat32, kBits };

bool FitLiteral(Operand* o, Slot slot, int bits, const char* role, std::string* error) {
  if (o->kind != Operand::Kind::kImmediate) return true;
  using L = Operand::Literal;
  switch (slot) {
    case Slot::kInteger:
      if (o->lit == L::kInt) return true;
      *error = std::string(role) + " takes an integer literal, not a float literal";
      return false;
    case Slot::kFloat32:
      if (o->lit == L::kInt) {
        *error = std::string(role) + " is .f32: write a float literal (1.0 or 0f3F800000), "
                 "not an integer";
        return false;
      }
      if (o->lit == L::kF64) {
        double d;
        std::memcpy(&d, &o->imm, 8);
        const float f = static_cast<float>(d);
        uint32_t b;
        std::memcpy(&b, &f, 4);
        o->imm = b;
        o->lit = L::kF32;
      }
      return true;
    case Slot::kBits:
      if (o->lit == L::kInt || (o->lit == L::kF32 && bits == 32) ||
          (o->lit == L::kF64 && bits == 64)) {
        return true;
      }
      *error = std::string(role) + " is " + std::to_string(bits) + "-bit data: a float literal " +
               "must be " + (bits == 32 ? "0f (32 bits)" : bits == 64 ? "0d or decimal (64 bits)"
                                                                      : "an integer here");
      return false;
  }
  return true;
}

bool FitAll(std::vector<Operand>* v, Slot slot, int bits, const char* role, std::string* error) {
  for (Operand& o : *v) {
    if (!FitLiteral(&o, slot, bits, role, error)) return false;
  }
  return true;
}

// ptxas 13.0 also takes a float literal beside a register in an integer coordinate vector and in
// a 16-bit data vector; what value it stands for is documented nowhere (docs/semantics.md F11).
bool FloatBesideRegister(const std::vector<Operand>& v, size_t i) {
  if (v[i].kind != Operand::Kind::kImmediate || v[i].lit == Operand::Literal::kInt) return false;
  for (const Operand& o : v) {
    if (o.kind == Operand::Kind::kName) return true;
  }
  return false;
}

void MarkFloatBesideRegister(Instruction* in, const char* where) {
  in->no_semantics = std::string("a float literal in ") + where + " (ptxas assembles it beside a "
                     "register, but neither the PTX text nor ptxas says what value it stands "
                     "for; write an integer)";
}

bool CheckLiterals(Instruction* in, Dialect dialect, std::string* error) {
  const bool ptxas = dialect == Dialect::kPtxas;
  const int bits = DataTypeBytes(in->type) * 8;
  if (in->opcode != Opcode::kTex) {
    for (size_t i = 0; i < in->coords.size(); ++i) {
      if (ptxas && FloatBesideRegister(in->coords, i)) {
        MarkFloatBesideRegister(in, "an integer coordinate vector");
      } else if (!FitLiteral(&in->coords[i], Slot::kInteger, 32, "a coordinate", error)) {
        return false;
      }
    }
    const bool typed = in->type == DataType::kU32 || in->type == DataType::kS32 ||
                       in->type == DataType::kU64 || in->type == DataType::kS64;
    for (size_t i = 0; i < in->src.size(); ++i) {
      if (ptxas && bits == 16 && !typed && FloatBesideRegister(in->src, i)) {
        MarkFloatBesideRegister(in, "a 16-bit data vector");
      } else if (!FitLiteral(&in->src[i], typed ? Slot::kInteger : Slot::kBits, bits, "source c",
                             error)) {
        return false;
      }
    }
    return true;
  }
  const Slot c = in->coord_type == DataType::kF32 ? Slot::kFloat32 : Slot::kInteger;
  const bool indexed = IsArray(in->geom) && in->coords.size() > 1;
  for (size_t i = 0; i < in->coords.size(); ++i) {
    const bool index = indexed && i == 0;
    if (ptxas && !index && c == Slot::kInteger && FloatBesideRegister(in->coords, i)) {
      MarkFloatBesideRegister(in, "an integer coordinate vector");
    } else if (!FitLiteral(&in->coords[i], index ? Slot::kInteger : c, 32,
                           index ? "the array index" : "a coordinate", error)) {
      return false;
    }
  }
  return (!in->has_lod || FitLiteral(&in->lod, c, 32, "lod", error)) &&
         FitAll(&in->dpdx, Slot::kFloat32, 32, "a gradient", error) &&
         FitAll(&in->dpdy, Slot::kFloat32, 32, "a gradient", error) &&
         FitAll(&in->offset, Slot::kInteger, 32, "an offset", error) &&
         (!in->has_depth_ref ||
          FitLiteral(&in->depth_ref, Slot::kFloat32, 32, "the depth compare value", error));
}

}  // namespace

bool ParsePtxLiteral(const std::string& token, uint64_t* out, std::string* error) {
  return ParseLiteral(token, out, error);
}

bool ParsePtxOperandLiteral(const std::string& token, uint64_t* out, Operand::Literal* kind,
                            std::string* error) {
  return ParseLiteral(token, out, error, kind);
}

bool ParseSyntax(std::string_view text, RawInstruction* out, std::string* error) {
  *out = RawInstruction{};
  Lexer lx(text);
  if (lx.AtEnd()) {
    *error = "empty instruction";
    return false;
  }
  if (lx.Accept('@')) {
    out->has_guard = true;
    out->guard_negated = lx.Accept('!');
    out->guard = lx.Ident(false);
    if (out->guard.empty()) {
      *error = "expected a predicate register after '@'";
      return false;
    }
  }
  std::string opcode = lx.Ident(true);
  if (opcode.empty()) {
    *error = "expected an opcode near '" + lx.Rest() + "'";
    return false;
  }
  size_t dot = opcode.find('.');
  out->base = opcode.substr(0, dot);
  out->mods.reserve(8);
  while (dot != std::string::npos) {
    size_t next = opcode.find('.', dot + 1);
    std::string mod = opcode.substr(dot + 1, next == std::string::npos ? next : next - dot - 1);
    if (mod.empty()) {
      *error = "empty modifier in '" + Excerpt(opcode) + "'";
      return false;
    }
    out->mods.push_back(mod);
    dot = next;
  }
  if (lx.Peek() != ';' && !lx.AtEnd()) {
    out->operands.reserve(8);
    do {
      if (!ParseOperand(&lx, &out->operands.emplace_back(), error)) return false;
    } while (lx.Accept(','));
  }
  lx.Accept(';');
  if (!lx.AtEnd()) {
    *error = "unexpected text after the instruction: '" + lx.Rest() + "'";
    return false;
  }
  return true;
}

std::optional<Dialect> ParseDialect(std::string_view s) {
  if (s == "ptxas") return Dialect::kPtxas;
  if (s == "text") return Dialect::kText;
  return std::nullopt;
}

const char* DialectName(Dialect d) { return d == Dialect::kPtxas ? "ptxas" : "text"; }

bool ParsePtx(std::string_view text, Instruction* out, std::string* error,
              const ParseOptions& options) {
  if (text.size() > kMaxInstructionBytes) {
    *error = "the instruction is " + std::to_string(text.size()) + " bytes long; the limit is " +
             std::to_string(kMaxInstructionBytes);
    return false;
  }
  if (const size_t bad = FirstInvalidUtf8(text); bad != std::string_view::npos) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "the text is not valid UTF-8 (byte 0x%02X at column %zu)",
                  static_cast<unsigned char>(text[bad]), bad + 1);
    *error = buf;
    return false;
  }
  RawInstruction raw;
  if (!ParseSyntax(text, &raw, error)) return false;
  out->Reset();
  out->has_guard = raw.has_guard;
  out->guard_negated = raw.guard_negated;
  out->guard = raw.guard;
  if (raw.base == "suld" || raw.base == "sust" || raw.base == "sured" || raw.base == "suq") {
    if (!DecodeSurface(raw, options, out, error) || !CheckLiterals(out, options.dialect, error)) return false;
    return options.symbols == nullptr || CheckOperandTypes(*out, *options.symbols, error);
  }
  if (raw.base == "tex") {
    if (!DecodeTex(raw, options, out, error) || !CheckLiterals(out, options.dialect, error)) return false;
    return options.symbols == nullptr || CheckOperandTypes(*out, *options.symbols, error);
  }
  *error = "unknown instruction '" + Excerpt(raw.base) + "' (tsu executes tex, suld, sust, sured, suq)";
  return false;
}

}  // namespace tsu
