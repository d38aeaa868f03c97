// The PTX module reader: a whole .ptx file as nvcc and clang write it. It follows the module's
// structure (directives, .entry/.func with parameters, declarations with %r<N> ranges,
// .texref/.surfref/.samplerref with initializers, comments, labels, guards and { } scopes), keeps
// the declarations in scope, and decodes every tex/suld/sust/sured/suq statement with them, so
// register types and resource kinds are checked as ptxas checks them. Every other instruction is
// skipped, not checked (docs/ptx-modules.md).
#ifndef TSU_PTX_MODULE_H_
#define TSU_PTX_MODULE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "tsu/instruction.h"
#include "tsu/ptx_parser.h"

namespace tsu {

// A module larger than this is refused (docs/semantics.md F9); nvcc's largest are a few MB.
constexpr size_t kMaxModuleBytes = size_t{256} << 20;

struct ModuleDiagnostic {
  int line = 0;
  int column = 0;
  std::string message;
};

// One texture/surface instruction of the module, decoded in its scope.
struct ModuleInstruction {
  int line = 0;    // of its first character (the guard, if any)
  int column = 0;
  std::string function;  // the enclosing .entry/.func
  std::string text;      // the statement, comments removed
  bool valid = false;
  Instruction in;     // valid
  std::string error;  // !valid
};

// A .texref/.surfref/.samplerref declared at module scope, with its initializer's fields.
struct OpaqueDecl {
  std::string kind;  // ".texref", ".surfref", ".samplerref"
  int line = 0;
  std::map<std::string, std::string> fields;  // e.g. filter_mode → linear
};

struct ModuleFunction {
  std::string name;
  bool entry = false;  // .entry (a kernel) or .func
  int line = 0;
  std::vector<std::string> params;
};

// One statement of the module as the scanner cut it (kept when ReadOptions::keep_body is set): the
// kernel executor (tsu/exec/) builds its program from these, in order.
struct ModuleStatement {
  enum class Kind : uint8_t {
    kDirective,    // a directive (.reg, .local, .global ..., a prototype), at module or function scope
    kFunction,     // an .entry/.func header whose body follows
    kInstruction,  // any instruction, guard included
    kLabel,        // `name:` (text: the name)
    kOpen,         // a `{` scope inside a body
    kClose,        // a `}` that closes a scope or a body
  };
  Kind kind = Kind::kDirective;
  int line = 0;
  int column = 0;
  std::string text;
  int tex_index = -1;  // kInstruction: its entry in PtxModule::instructions, if texture/surface
};

struct ReadOptions {
  Dialect dialect = Dialect::kPtxas;
  bool keep_body = false;  // fill PtxModule::body
};

struct PtxModule {
  std::string version;
  std::string target;
  int address_size = 0;
  bool texmode_independent = false;
  std::vector<ModuleFunction> functions;
  std::map<std::string, OpaqueDecl> opaques;
  std::vector<ModuleInstruction> instructions;  // texture/surface instructions, in order
  std::vector<ModuleDiagnostic> errors;         // the module's own errors (declarations, braces)
  size_t skipped_instructions = 0;              // other instructions: read past, not checked
  size_t statements = 0;
  std::vector<ModuleStatement> body;  // every statement, in order (ReadOptions::keep_body)

  // True iff the module has no errors and every texture/surface instruction is valid.
  bool ok() const;
};

// Reads a module. Never throws; every problem is an error or an invalid instruction with its line
// and column.
PtxModule ReadPtxModule(std::string_view text, Dialect dialect = Dialect::kPtxas);
PtxModule ReadPtxModule(std::string_view text, const ReadOptions& options);

}  // namespace tsu

#endif  // TSU_PTX_MODULE_H_
