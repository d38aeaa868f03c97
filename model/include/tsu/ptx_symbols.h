// What a PTX module declares: registers with their types, .texref/.surfref/.samplerref names and
// other variables, in nested { } scopes. The module reader (ptx_module.h) fills it; the operand
// checks (CheckOperandTypes) read it to give ptxas's verdict on names and register types.
#ifndef TSU_PTX_SYMBOLS_H_
#define TSU_PTX_SYMBOLS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tsu/instruction.h"

namespace tsu {

// A register's declared type: its class and width. f16x2 is packed (class 'h', 32 bits).
struct RegType {
  char cls = 'b';  // 'b' bits, 'u' unsigned, 's' signed, 'f' float, 'h' f16x2, 'p' predicate
  uint8_t bits = 32;
};

// ".b32" → {b, 32}, ".pred" → {p, 1}, ".f16x2" → {h, 32}; nullopt for anything else.
std::optional<RegType> ParseRegType(std::string_view dotted);
std::string RegTypeName(RegType t);

struct Symbol {
  enum class Kind : uint8_t { kRegister, kTexref, kSurfref, kSamplerref, kVariable };
  Kind kind = Kind::kRegister;
  RegType type;  // kRegister
  int line = 0;  // where it was declared
};

const char* SymbolKindName(Symbol::Kind k);

class SymbolTable {
 public:
  SymbolTable() { scopes_.emplace_back(); }

  void PushScope() { scopes_.emplace_back(); }
  void PopScope() {
    if (scopes_.size() > 1) scopes_.pop_back();
  }
  size_t Depth() const { return scopes_.size(); }

  // Declares one name in the innermost scope; false (with *error) if it is declared there already.
  bool Declare(const std::string& name, const Symbol& s, std::string* error);
  // `%r<N>`: declares prefix0 .. prefix(N-1) as one entry (N may be large; nothing is expanded).
  bool DeclareRange(const std::string& prefix, uint32_t count, const Symbol& s,
                    std::string* error);
  // The innermost declaration of name, or null.
  const Symbol* Find(std::string_view name) const;

  // `.target ..., texmode_independent`: tex takes an explicit sampler.
  bool texmode_independent = false;

 private:
  struct Range {
    uint32_t count;
    Symbol symbol;
  };
  struct Scope {
    std::map<std::string, Symbol, std::less<>> names;
    std::map<std::string, Range, std::less<>> ranges;  // by prefix
  };
  std::vector<Scope> scopes_;
};

// ptxas's checks of an instruction's names and register types against the declarations: every
// register is declared, a resource is a .texref/.surfref/.samplerref of the right kind or a 64-bit
// integer register, and each operand's register has a class and width the operand accepts (the
// rules, measured against ptxas 13.0, are in docs/semantics.md "Operand types"). Returns false
// with *error naming the operand.
bool CheckOperandTypes(const Instruction& in, const SymbolTable& symbols, std::string* error);

}  // namespace tsu

#endif  // TSU_PTX_SYMBOLS_H_
