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

// Syntax only. Returns false and sets *error on malformed text.
bool ParseSyntax(std::string_view text, RawInstruction* out, std::string* error);

// Full front end: syntax plus the validity rules of the opcode. Returns false and sets *error
// (a message naming the broken rule) if the form is not allowed.
bool ParsePtx(std::string_view text, Instruction* out, std::string* error);

// A PTX literal (decimal, 0x/0b/octal integers, 0f/0d float bits, decimal floats as f32 bits).
bool ParsePtxLiteral(const std::string& token, uint64_t* out, std::string* error);

// Rules for one opcode family; each returns false with *error set on an invalid form.
bool DecodeSurface(const RawInstruction& raw, Instruction* out, std::string* error);
bool DecodeTex(const RawInstruction& raw, Instruction* out, std::string* error);

}  // namespace tsu

#endif  // TSU_PTX_PARSER_H_
