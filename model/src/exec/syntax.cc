// Instruction syntax for the executor (syntax.h).
#include "syntax.h"

#include "tsu/ascii.h"
#include "tsu/ptx_parser.h"
#include "tsu/text.h"

namespace tsu::exec {
namespace {

bool NameStart(char c) { return IsAsciiAlpha(c) || c == '_' || c == '$' || c == '%'; }
bool NameChar(char c) { return IsAsciiAlnum(c) || c == '_' || c == '$' || c == '%'; }

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}
  char Peek() {
    while (p_ < s_.size() && IsAsciiSpace(s_[p_])) ++p_;
    return p_ < s_.size() ? s_[p_] : '\0';
  }
  bool Accept(char c) {
    if (Peek() != c) return false;
    ++p_;
    return true;
  }
  // A name; `%tid.x`-style members are part of it.
  std::string Name() {
    Peek();
    const size_t start = p_;
    if (p_ >= s_.size() || !NameStart(s_[p_])) return {};
    while (p_ < s_.size() && NameChar(s_[p_])) ++p_;
    if (s_[start] == '%' && p_ + 1 < s_.size() && s_[p_] == '.' && IsAsciiAlpha(s_[p_ + 1])) {
      ++p_;
      while (p_ < s_.size() && IsAsciiAlnum(s_[p_])) ++p_;
    }
    return std::string(s_.substr(start, p_ - start));
  }
  std::string Opcode() {
    Peek();
    const size_t start = p_;
    while (p_ < s_.size() && (NameChar(s_[p_]) || s_[p_] == '.' || s_[p_] == ':')) ++p_;
    return std::string(s_.substr(start, p_ - start));
  }
  std::string Number() {
    Peek();
    const size_t start = p_;
    if (p_ < s_.size() && (s_[p_] == '-' || s_[p_] == '+')) ++p_;
    const bool hex = p_ + 1 < s_.size() && s_[p_] == '0' &&
                     (s_[p_ + 1] == 'x' || s_[p_ + 1] == 'X' || s_[p_ + 1] == 'f' ||
                      s_[p_ + 1] == 'F' || s_[p_ + 1] == 'd' || s_[p_ + 1] == 'D');
    while (p_ < s_.size()) {
      const char c = s_[p_];
      const bool exp_sign = !hex && (c == '-' || c == '+') && p_ > start &&
                            (s_[p_ - 1] == 'e' || s_[p_ - 1] == 'E');
      if (IsAsciiAlnum(c) || c == '.' || exp_sign) {
        ++p_;
      } else {
        break;
      }
    }
    return std::string(s_.substr(start, p_ - start));
  }
  std::string Rest() {
    Peek();
    return Excerpt(s_.substr(p_), 24);
  }
  bool AtEnd() { return Peek() == '\0'; }

 private:
  std::string_view s_;
  size_t p_ = 0;
};

bool Literal(Lexer* lx, uint64_t* v, Operand::Literal* lit, std::string* error) {
  const std::string tok = lx->Number();
  if (tok.empty() || tok == "-" || tok == "+") {
    *error = "expected a number near '" + lx->Rest() + "'";
    return false;
  }
  return ParsePtxOperandLiteral(tok, v, lit, error);
}

bool Scalar(Lexer* lx, SynOp* out, std::string* error) {
  const char c = lx->Peek();
  if (c == '!') {
    lx->Accept('!');
    out->negate = true;
  }
  if (NameStart(lx->Peek())) {
    out->kind = SynOp::Kind::kName;
    out->name = lx->Name();
    return true;
  }
  if (out->negate) {
    *error = "'!' must precede a predicate register";
    return false;
  }
  const char d = lx->Peek();
  if (IsAsciiDigit(d) || d == '-' || d == '+') {
    out->kind = SynOp::Kind::kImm;
    return Literal(lx, &out->imm, &out->lit, error);
  }
  *error = d == '\0' ? "an operand is missing" : "expected an operand near '" + lx->Rest() + "'";
  return false;
}

bool Operand(Lexer* lx, SynOp* out, std::string* error) {
  if (lx->Accept('{')) {
    out->kind = SynOp::Kind::kVector;
    do {
      if (out->elems.size() == 8) {
        *error = "a vector operand has at most 8 elements";
        return false;
      }
      if (!Scalar(lx, &out->elems.emplace_back(), error)) return false;
    } while (lx->Accept(','));
    if (!lx->Accept('}')) {
      *error = "expected '}' near '" + lx->Rest() + "'";
      return false;
    }
    return true;
  }
  if (lx->Accept('(')) {
    out->kind = SynOp::Kind::kList;
    if (lx->Accept(')')) return true;
    do {
      if (!Scalar(lx, &out->elems.emplace_back(), error)) return false;
    } while (lx->Accept(','));
    if (!lx->Accept(')')) {
      *error = "expected ')' near '" + lx->Rest() + "'";
      return false;
    }
    return true;
  }
  if (lx->Accept('[')) {
    out->kind = SynOp::Kind::kAddress;
    if (NameStart(lx->Peek())) {  // [a, b, {c, d}]: a texture instruction's operand list
      const std::string first = lx->Name();
      if (lx->Peek() == ',') {
        out->kind = SynOp::Kind::kAddressList;
        SynOp& a = out->elems.emplace_back();
        a.name = first;
        while (lx->Accept(',')) {
          if (out->elems.size() == 4) {
            *error = "an address list has at most 4 items";
            return false;
          }
          SynOp& item = out->elems.emplace_back();
          if (lx->Peek() == '{') {
            if (!Operand(lx, &item, error)) return false;
          } else if (!Scalar(lx, &item, error)) {
            return false;
          }
        }
        if (!lx->Accept(']')) {
          *error = "expected ']' near '" + lx->Rest() + "'";
          return false;
        }
        return true;
      }
      out->name = first;
      goto offset;
    }
    {
    const char c = lx->Peek();
    if (IsAsciiDigit(c)) {
      Operand::Literal lit;
      if (!Literal(lx, &out->imm, &lit, error)) return false;
      out->base_imm = true;
    } else {
      *error = "expected an address near '" + lx->Rest() + "'";
      return false;
    }
    }
  offset:
    if (lx->Peek() == '+' || lx->Peek() == '-') {
      const bool minus = lx->Peek() == '-';
      lx->Accept(minus ? '-' : '+');
      uint64_t v = 0;
      Operand::Literal lit;
      if (!Literal(lx, &v, &lit, error)) return false;
      if (lit != Operand::Literal::kInt) {
        *error = "an address offset must be an integer";
        return false;
      }
      out->offset = minus ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
    }
    if (!lx->Accept(']')) {
      *error = "expected ']' near '" + lx->Rest() + "'";
      return false;
    }
    return true;
  }
  if (!Scalar(lx, out, error)) return false;
  if (lx->Accept('|')) {
    out->has_pred = true;
    out->pred = lx->Name();
    if (out->pred.empty()) {
      *error = "expected a predicate register after '|'";
      return false;
    }
  }
  return true;
}

}  // namespace

bool ParseInstructionSyntax(std::string_view text, SynInst* out, std::string* error) {
  *out = SynInst{};
  Lexer lx(text);
  if (lx.Accept('@')) {
    out->guard = true;
    out->guard_negated = lx.Accept('!');
    out->guard_name = lx.Name();
    if (out->guard_name.empty()) {
      *error = "expected a predicate register after '@'";
      return false;
    }
  }
  const std::string opcode = lx.Opcode();
  if (opcode.empty() || !IsAsciiAlpha(opcode[0])) {
    *error = "expected an opcode near '" + lx.Rest() + "'";
    return false;
  }
  size_t dot = opcode.find('.');
  out->base = opcode.substr(0, dot);
  while (dot != std::string::npos) {
    const size_t next = opcode.find('.', dot + 1);
    std::string mod = opcode.substr(dot + 1, next == std::string::npos ? next : next - dot - 1);
    if (mod.empty()) {
      *error = "empty modifier in '" + Excerpt(opcode) + "'";
      return false;
    }
    out->mods.push_back(std::move(mod));
    dot = next;
  }
  if (lx.Peek() != ';' && !lx.AtEnd()) {
    do {
      if (out->ops.size() == 8) {
        *error = "too many operands";
        return false;
      }
      if (!Operand(&lx, &out->ops.emplace_back(), error)) return false;
    } while (lx.Accept(','));
  }
  lx.Accept(';');
  if (!lx.AtEnd()) {
    *error = "unexpected text after the operands: '" + lx.Rest() + "'";
    return false;
  }
  return true;
}

}  // namespace tsu::exec
