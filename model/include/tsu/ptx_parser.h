// PTX front end: one instruction in PTX syntax → Instruction.
//
// Parsing has two layers. The syntax layer (ptx_syntax.cc) turns text into a RawInstruction:
// guard, opcode, modifier list and operand shapes; it knows nothing about which forms are
// valid. The decoders (decode_surface.cc, and decode_tex.cc for tex) apply the rules of the
// PTX text for one family of opcodes and fill the Instruction, or reject it with a message
// that names the rule broken.
#ifndef TSU_PTX_PARSER_H_
#define TSU_PTX_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tsu/instruction.h"

namespace tsu {

// The shape of one operand as written.
struct RawOperand {
  enum class Kind { kScalar, kVector, kAddress };
  Kind kind = Kind::kScalar;
  Operand scalar;                 // kScalar
  std::vector<Operand> elems;     // kVector
  std::vector<RawOperand> items;  // kAddress: the comma-separated items inside [ ]
  bool has_pred = false;          // `d|p` destination with a predicate
  Operand pred;
};

struct RawInstruction {
  bool has_guard = false;
  bool guard_negated = false;
  std::string guard;
  std::string base;                 // "suld", "tex", ...
  std::vector<std::string> mods;    // modifiers without dots, in written order
  std::vector<RawOperand> operands;
};

// Input limits (docs/semantics.md, "Front-end limits"): longer or larger input is an error, not
// work that grows with it.
constexpr size_t kMaxInstructionBytes = 4096;  // one instruction's text
constexpr size_t kMaxVectorElements = 4;       // {a, b, c, d}: PTX vectors are .v2 or .v4
constexpr size_t kMaxAddressItems = 4;         // [tex, sampler, coords, ...]

// Which authority decides where the PTX text's examples and ptxas 13.0 disagree
// (docs/semantics.md, "Dialects"). kPtxas, the default, gives ptxas's verdict on every form of
// tb/oracle/ptxas_forms.tsv; kText accepts the text's examples as written (an omitted clamp mode
// means .trap, sured.p takes .u32/.s32/.u64/.s64) and rejects the shapes the text gives no meaning.
enum class Dialect : uint8_t { kPtxas, kText };

// "ptxas" / "text"; nullopt for anything else.
std::optional<Dialect> ParseDialect(std::string_view s);
const char* DialectName(Dialect d);

class SymbolTable;  // tsu/ptx_symbols.h

struct ParseOptions {
  Dialect dialect = Dialect::kPtxas;
  // Declarations in scope (a module read): names and register types are then checked as ptxas
  // checks them. Null for a lone instruction, whose operands' kinds and types are unknown.
  const SymbolTable* symbols = nullptr;
};

// Syntax only. Returns false and sets *error on malformed text.
bool ParseSyntax(std::string_view text, RawInstruction* out, std::string* error);

// Full front end: syntax plus the validity rules of the opcode. Returns false and sets *error
// (a message naming the broken rule) if the form is not allowed.
bool ParsePtx(std::string_view text, Instruction* out, std::string* error,
              const ParseOptions& options = {});

// A PTX literal (decimal, 0x/0b/octal integers, 0f/0d float bits, decimal floats as f32 bits).
bool ParsePtxLiteral(const std::string& token, uint64_t* out, std::string* error);
// The same as an instruction operand reads it: a decimal float is an f64 literal (*kind says which
// kind of literal it was).
bool ParsePtxOperandLiteral(const std::string& token, uint64_t* out, Operand::Literal* kind,
                            std::string* error);

// Rules for one opcode family; each returns false with *error set on an invalid form.
bool DecodeSurface(const RawInstruction& raw, const ParseOptions& options, Instruction* out,
                   std::string* error);
bool DecodeTex(const RawInstruction& raw, const ParseOptions& options, Instruction* out,
               std::string* error);

}  // namespace tsu

#endif  // TSU_PTX_PARSER_H_
