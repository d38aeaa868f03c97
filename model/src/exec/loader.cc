// The kernel executor's loader (tsu/exec/loader.h): module statements → Program.
#include "tsu/exec/loader.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "alu.h"
#include "decode.h"
#include "scope.h"
#include "syntax.h"
#include "tsu/ascii.h"
#include "tsu/ptx_parser.h"
#include "tsu/text.h"

namespace tsu::exec {

std::string LoadedModule::Describe(size_t max) const {
  std::string out;
  for (size_t i = 0; i < errors.size() && i < max; ++i) {
    const ModuleDiagnostic& d = errors[i];
    out += program.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) +
           ": error: " + d.message + "\n";
  }
  if (errors.size() > max) out += "(" + std::to_string(errors.size() - max) + " more errors)\n";
  return out;
}

namespace {

// Directive words: `.x`, names, numbers, and [ ] { } ( ) , = < > ; each on its own.
std::vector<std::string> Tokens(std::string_view s) {
  std::vector<std::string> w;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (IsAsciiSpace(c)) {
      ++i;
    } else if (std::strchr("[]{}(),=<>;", c) != nullptr) {
      w.emplace_back(1, c);
      ++i;
    } else {
      size_t j = i;
      while (j < s.size() && !IsAsciiSpace(s[j]) && std::strchr("[]{}(),=<>;", s[j]) == nullptr) ++j;
      w.emplace_back(s.substr(i, j - i));
      i = j;
    }
  }
  return w;
}

uint64_t AlignUp(uint64_t v, uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

bool ParseCount(const std::string& tok, uint64_t* v) {
  std::string err;
  return ParsePtxLiteral(tok, v, &err);
}

// A variable declaration: [.visible|.extern|.weak] .space [.align N] [.ptr ...] [.vN] .type name
// [[N]]... [= init].
struct VarDecl {
  Space space = Space::kGlobal;
  bool opaque = false;  // .texref/.surfref/.samplerref
  bool is_extern = false;
  uint32_t align = 0;
  int vec = 1;
  DType type = DType::kB8;
  std::string name;
  uint64_t count = 1;
  bool unsized = false;
  bool is_array = false;
  std::vector<std::string> init;  // the initializer's literal tokens, flattened
  bool has_init = false;
  uint64_t ElementBytes() const {
    return static_cast<uint64_t>(std::max(1, Bits(type) / 8)) * static_cast<uint64_t>(vec);
  }
  uint64_t Bytes() const { return ElementBytes() * count; }
};

bool ParseVarDecl(const std::vector<std::string>& w, size_t i, VarDecl* v, std::string* error) {
  bool have_space = false, have_type = false;
  for (; i < w.size() && !w[i].empty() && w[i][0] == '.'; ++i) {
    const std::string& t = w[i];
    if (t == ".visible" || t == ".weak" || t == ".ptr" || t == ".common") continue;
    if (t == ".extern") {
      v->is_extern = true;
    } else if (t == ".global" || t == ".shared" || t == ".local" || t == ".param" || t == ".const") {
      if (!have_space) {
        v->space = t == ".global" ? Space::kGlobal : t == ".shared" ? Space::kShared
                   : t == ".local" ? Space::kLocal : t == ".param" ? Space::kParam : Space::kConst;
      }
      have_space = true;  // `.param .u64 .ptr .global x`: the second space is an attribute
    } else if (t == ".align") {
      uint64_t a = 0;
      if (i + 1 >= w.size() || !ParseCount(w[i + 1], &a) || a == 0 || a > 4096 || (a & (a - 1))) {
        *error = ".align needs a power of two up to 4096";
        return false;
      }
      v->align = static_cast<uint32_t>(a);
      ++i;
    } else if (t == ".v2" || t == ".v4" || t == ".v8") {
      v->vec = t[2] - '0';
    } else if (t == ".texref" || t == ".surfref" || t == ".samplerref" || t == ".tex") {
      v->opaque = true;
      have_type = true;
    } else if (auto d = ParseDType(std::string_view(t).substr(1))) {
      v->type = *d;
      have_type = true;
    } else {
      *error = "unsupported declaration attribute " + t;
      return false;
    }
  }
  if (!have_type) {
    *error = "a declaration needs a type";
    return false;
  }
  if (i >= w.size()) {
    *error = "a declaration needs a name";
    return false;
  }
  v->name = w[i++];
  while (i < w.size() && w[i] == "[") {
    v->is_array = true;
    if (i + 1 < w.size() && w[i + 1] == "]") {
      v->unsized = true;
      v->count = 0;
      i += 2;
      continue;
    }
    uint64_t n = 0;
    if (i + 2 >= w.size() || !ParseCount(w[i + 1], &n) || w[i + 2] != "]") {
      *error = "malformed array size in the declaration of '" + Excerpt(v->name) + "'";
      return false;
    }
    if (n == 0 || n > (uint64_t{1} << 32) || v->count > (uint64_t{1} << 32) / n) {
      *error = "the array '" + Excerpt(v->name) + "' is too large (the limit is 4 GiB)";
      return false;
    }
    v->count *= n;
    i += 3;
  }
  if (i < w.size() && w[i] == "=") {
    v->has_init = true;
    for (++i; i < w.size() && w[i] != ";"; ++i) {
      if (w[i] == "{" || w[i] == "}" || w[i] == "," || w[i] == "(" || w[i] == ")" || w[i] == "generic") continue;
      v->init.push_back(w[i]);
    }
  }
  if (i < w.size() && w[i] == ",") {
    *error = "one name per declaration is supported ('" + Excerpt(v->name) + ", ...')";
    return false;
  }
  if (v->Bytes() > (uint64_t{1} << 32)) {
    *error = "the variable '" + Excerpt(v->name) + "' is too large (the limit is 4 GiB)";
    return false;
  }
  return true;
}

// The initializer's bytes, element by element in the element type. A name stands for its
// address (a function's, for tables of function pointers; a variable's, plain or `generic(...)`),
// which `address` resolves.
bool InitBytes(const VarDecl& v, std::vector<uint8_t>* out, std::string* error,
               const std::function<bool(const std::string&, uint64_t*)>& address) {
  const uint64_t eb = static_cast<uint64_t>(std::max(1, Bits(v.type) / 8));
  const uint64_t n = v.count * static_cast<uint64_t>(v.vec);
  if (v.init.size() > n) {
    *error = "the initializer of '" + Excerpt(v.name) + "' has more elements than the variable";
    return false;
  }
  out->assign(v.Bytes(), 0);
  for (size_t k = 0; k < v.init.size(); ++k) {
    uint64_t bits = 0;
    Operand::Literal lit = Operand::Literal::kInt;
    const std::string& tok = v.init[k];
    const bool name = !tok.empty() && (IsAsciiAlpha(tok[0]) || tok[0] == '_' || tok[0] == '$' || tok[0] == '%');
    if (name) {
      if (Bits(v.type) != 64) {
        *error = "the initializer of '" + Excerpt(v.name) + "' takes the address of '" + Excerpt(tok) +
                 "' in a " + std::to_string(Bits(v.type)) + "-bit element (addresses are 64 bits)";
        return false;
      }
      if (!address(tok, &bits)) {
        *error = "the initializer of '" + Excerpt(v.name) + "' names '" + Excerpt(tok) +
                 "', which is no function or variable declared before it";
        return false;
      }
    } else if (!ParsePtxOperandLiteral(tok, &bits, &lit, error)) {
      *error = "the initializer of '" + Excerpt(v.name) + "': " + *error +
               " (addresses of variables in initializers are not supported)";
      return false;
    }
    if (v.type == DType::kF32 && lit == Operand::Literal::kF64) {
      double d;
      std::memcpy(&d, &bits, 8);
      const float f = static_cast<float>(d);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      bits = b;
    } else if (v.type == DType::kF64 && lit == Operand::Literal::kF32) {
      const uint32_t b = static_cast<uint32_t>(bits);
      float f;
      std::memcpy(&f, &b, 4);
      const double d = f;
      std::memcpy(&bits, &d, 8);
    } else if (v.type == DType::kF64 && lit == Operand::Literal::kInt) {
      const double d = static_cast<double>(static_cast<int64_t>(bits));
      std::memcpy(&bits, &d, 8);
    } else if (v.type == DType::kF32 && lit == Operand::Literal::kInt) {
      const float f = static_cast<float>(static_cast<int64_t>(bits));
      uint32_t b;
      std::memcpy(&b, &f, 4);
      bits = b;
    }
    for (uint64_t j = 0; j < eb; ++j) (*out)[k * eb + j] = static_cast<uint8_t>(bits >> (8 * j));
  }
  return true;
}

struct SpecialName {
  const char* name;
  Special special;
  DType type;
};
constexpr SpecialName kSpecials[] = {
    {"%tid.x", Special::kTidX, DType::kU32},       {"%tid.y", Special::kTidY, DType::kU32},
    {"%tid.z", Special::kTidZ, DType::kU32},       {"%ntid.x", Special::kNtidX, DType::kU32},
    {"%ntid.y", Special::kNtidY, DType::kU32},     {"%ntid.z", Special::kNtidZ, DType::kU32},
    {"%ctaid.x", Special::kCtaidX, DType::kU32},   {"%ctaid.y", Special::kCtaidY, DType::kU32},
    {"%ctaid.z", Special::kCtaidZ, DType::kU32},   {"%nctaid.x", Special::kNctaidX, DType::kU32},
    {"%nctaid.y", Special::kNctaidY, DType::kU32}, {"%nctaid.z", Special::kNctaidZ, DType::kU32},
    {"%laneid", Special::kLaneid, DType::kU32},    {"%warpid", Special::kWarpid, DType::kU32},
    {"%nwarpid", Special::kNwarpid, DType::kU32},  {"%smid", Special::kSmid, DType::kU32},
    {"%nsmid", Special::kNsmid, DType::kU32},      {"%gridid", Special::kGridid, DType::kU64},
    {"%lanemask_eq", Special::kLanemaskEq, DType::kU32},
    {"%lanemask_le", Special::kLanemaskLe, DType::kU32},
    {"%lanemask_lt", Special::kLanemaskLt, DType::kU32},
    {"%lanemask_ge", Special::kLanemaskGe, DType::kU32},
    {"%lanemask_gt", Special::kLanemaskGt, DType::kU32},
    {"%dynamic_smem_size", Special::kDynamicSmemSize, DType::kU32},
    {"%total_smem_size", Special::kTotalSmemSize, DType::kU32},
    {"%clock", Special::kClock, DType::kU32},      {"%clock64", Special::kClock64, DType::kU64},
    {"%globaltimer", Special::kGlobaltimer, DType::kU64},
};

// An immediate in a slot of type t: float literals become the slot's format.
bool FitImmediate(uint64_t bits, Operand::Literal lit, DType t, uint64_t* out, std::string* error) {
  using L = Operand::Literal;
  if (t == DType::kF32 || t == DType::kF16 || t == DType::kBf16) {
    if (lit == L::kInt) {
      *error = std::string("a .") + DTypeName(t) + " operand takes a float literal (0f3F800000 or 1.0), not an integer";
      return false;
    }
    float f;
    if (lit == L::kF64) {
      double d;
      std::memcpy(&d, &bits, 8);
      f = static_cast<float>(d);
    } else {
      const uint32_t b = static_cast<uint32_t>(bits);
      std::memcpy(&f, &b, 4);
    }
    uint32_t b;
    std::memcpy(&b, &f, 4);
    *out = b;
    if (t != DType::kF32) {
      *error = std::string("float literals in .") + DTypeName(t) + " operands are not supported (write the bits with .b16)";
      return false;
    }
    return true;
  }
  if (t == DType::kF64) {
    if (lit == L::kInt) {
      *error = "a .f64 operand takes a float literal (0d3FF0000000000000 or 1.0), not an integer";
      return false;
    }
    if (lit == L::kF32) {
      const uint32_t b = static_cast<uint32_t>(bits);
      float f;
      std::memcpy(&f, &b, 4);
      const double d = f;
      std::memcpy(out, &d, 8);
      return true;
    }
    *out = bits;
    return true;
  }
  *out = bits & Mask(Bits(t) >= 64 ? 64 : Bits(t));
  if (lit != L::kInt && Bits(t) != (lit == L::kF32 ? 32 : 64)) {
    *error = "a float literal in a " + std::to_string(Bits(t)) + "-bit integer slot";
    return false;
  }
  return true;
}

class Loader : public OperandResolver {
 public:
  Loader(std::string_view text, const std::string& file, uint64_t global_base, LoadedModule* out)
      : text_(text), global_base_(global_base), out_(out), p_(&out->program) {
    p_->file = file;
  }

  void Run() {
    ReadOptions ro;
    ro.keep_body = true;
    out_->module = ReadPtxModule(text_, ro);
    for (const ModuleDiagnostic& d : out_->module.errors) out_->errors.push_back(d);
    if (!out_->errors.empty()) return;
    // Texture/surface instructions the reader found invalid reject the module.
    for (const ModuleInstruction& mi : out_->module.instructions) {
      if (!mi.valid) Error(mi.line, mi.column, mi.error + ": " + Excerpt(mi.text, 60));
      else if (!mi.in.no_semantics.empty()) Error(mi.line, mi.column, "no defined meaning to execute: " + mi.in.no_semantics);
    }
    if (!out_->errors.empty()) return;
    Prescan();
    if (!out_->errors.empty()) return;
    Walk();
    if (!out_->errors.empty()) return;
    for (Pending& c : calls_) ResolveCall(c);
    for (const XFunction& f : p_->functions) {
      if (f.entry && !f.defined) Error(f.line, 1, "the kernel '" + f.name + "' has no body");
    }
  }

  // --- OperandResolver ---
  bool Source(const SynOp& op, DType t, XOperand* out, std::string* error) override {
    *out = XOperand{};
    out->negate = op.negate;
    if (op.kind == SynOp::Kind::kImm) {
      out->kind = XOperand::Kind::kImm;
      return FitImmediate(op.imm, op.lit, t, &out->imm, error);
    }
    if (op.kind != SynOp::Kind::kName) {
      *error = "expected a register or a value";
      return false;
    }
    if (op.name == "_") {
      *error = "'_' is a sink, not a source";
      return false;
    }
    for (const SpecialName& s : kSpecials) {
      if (op.name == s.name) {
        out->kind = XOperand::Kind::kSpecial;
        out->special = s.special;
        return true;
      }
    }
    uint32_t index = 0;
    const Decl* d = scope_.Find(op.name, &index);
    if (d == nullptr) {
      if (auto f = p_->function_index.find(op.name); f != p_->function_index.end()) {
        out->kind = XOperand::Kind::kImm;  // a function's address (for call through a register)
        out->imm = kFunctionBase + static_cast<uint64_t>(f->second);
        return true;
      }
      *error = op.name[0] == '%' && IsSpecialPrefix(op.name)
                   ? "unsupported special register " + Excerpt(op.name)
                   : "'" + Excerpt(op.name) + "' is not declared";
      return false;
    }
    if (d->kind == Decl::Kind::kRegister) {
      if (op.negate && d->type != DType::kPred) {
        *error = "'!' applies to predicates only";
        return false;
      }
      out->kind = XOperand::Kind::kReg;
      out->slot = slots_.Slot(*d, index);
      out->bits = static_cast<uint8_t>(d->type == DType::kPred ? 1 : Bits(d->type));
      return true;
    }
    if (d->kind == Decl::Kind::kOpaque) {
      out->kind = XOperand::Kind::kImm;
      out->imm = static_cast<uint64_t>(d->opaque);
      *error = "'" + Excerpt(op.name) + "' is a texture/surface/sampler reference: only texture and surface instructions take it";
      return false;
    }
    // A variable: its address in its space.
    if (d->frame_local) {
      out->kind = XOperand::Kind::kFrameLocal;
      out->imm = d->offset;
    } else if (d->frame_param) {
      out->kind = XOperand::Kind::kFrameParam;
      out->imm = d->offset;
    } else {
      out->kind = XOperand::Kind::kImm;
      out->imm = d->offset;
    }
    return true;
  }

  bool Dest(const SynOp& op, XOperand* out, std::string* error) override {
    *out = XOperand{};
    if (op.kind != SynOp::Kind::kName) {
      *error = "a destination must be a register";
      return false;
    }
    if (op.name == "_") {
      out->kind = XOperand::Kind::kSink;
      return true;
    }
    uint32_t index = 0;
    const Decl* d = scope_.Find(op.name, &index);
    if (d == nullptr || d->kind != Decl::Kind::kRegister) {
      *error = d == nullptr ? "'" + Excerpt(op.name) + "' is not declared"
                            : "'" + Excerpt(op.name) + "' is not a register";
      return false;
    }
    out->kind = XOperand::Kind::kReg;
    out->slot = slots_.Slot(*d, index);
    out->bits = static_cast<uint8_t>(d->type == DType::kPred ? 1 : Bits(d->type));
    return true;
  }

  bool Address(const SynOp& op, Space space, XAddress* out, std::string* error) override {
    *out = XAddress{};
    out->offset = op.offset;
    if (op.base_imm) {
      out->offset += static_cast<int64_t>(op.imm);
      return true;
    }
    uint32_t index = 0;
    const Decl* d = scope_.Find(op.name, &index);
    if (d == nullptr) {
      *error = "'" + Excerpt(op.name) + "' is not declared";
      return false;
    }
    if (d->kind == Decl::Kind::kRegister) {
      out->base.kind = XOperand::Kind::kReg;
      out->base.slot = slots_.Slot(*d, index);
      out->base.bits = static_cast<uint8_t>(Bits(d->type));
      if (space == Space::kParam && current_ != nullptr && current_->entry) out->kernel_param = true;
      if (space == Space::kParam && current_ != nullptr && !current_->entry) out->frame_param = true;
      return true;
    }
    if (d->kind == Decl::Kind::kOpaque) {
      *error = "'" + Excerpt(op.name) + "' is a texture/surface/sampler reference, not memory";
      return false;
    }
    if (space != Space::kGeneric && space != d->space) {
      *error = "'" + Excerpt(op.name) + "' is a ." + SpaceName(d->space) + " variable, accessed as ." +
               SpaceName(space);
      return false;
    }
    if (space == Space::kGeneric) {
      *error = "a generic access names the variable '" + Excerpt(op.name) + "' (cvta its address first)";
      return false;
    }
    out->offset += static_cast<int64_t>(d->offset);
    out->frame_local = d->frame_local;
    out->frame_param = d->frame_param;
    out->kernel_param = d->kernel_param;
    return true;
  }

 private:
  struct Pending {
    uint32_t function;
    uint32_t pc;
    std::string callee;
    std::vector<std::string> args, rets;
    std::vector<uint32_t> arg_offsets, ret_offsets;
    int line, column;
  };

  static bool IsSpecialPrefix(const std::string& n) {
    for (const char* p : {"%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid",
                          "%smid", "%nsmid", "%gridid", "%lanemask", "%clock", "%globaltimer",
                          "%dynamic_smem", "%total_smem", "%envreg", "%pm", "%cluster",
                          "%nclusterid", "%clusterid", "%is_explicit", "%aggr_smem",
                          "%reserved_smem", "%current_graph_exec"}) {
      if (n.rfind(p, 0) == 0) return true;
    }
    return false;
  }

  void Error(int line, int col, std::string msg) {
    out_->errors.push_back(ModuleDiagnostic{line, col, std::move(msg)});
  }

  // Static shared memory: every .shared variable of the module (module scope and function scope)
  // gets its offset before any instruction names it; .extern ones (dynamic) follow them all.
  void Prescan() {
    uint64_t off = 0;
    std::vector<size_t> dynamic;
    for (size_t i = 0; i < out_->module.body.size(); ++i) {
      const ModuleStatement& st = out_->module.body[i];
      if (st.kind != ModuleStatement::Kind::kDirective) continue;
      const std::vector<std::string> w = Tokens(st.text);
      bool shared = false;
      for (const std::string& t : w) {
        if (t == ".shared") shared = true;
        if (t.empty() || t[0] != '.') break;
      }
      if (!shared) continue;
      VarDecl v;
      std::string err;
      if (!ParseVarDecl(w, 0, &v, &err)) {
        Error(st.line, st.column, err);
        continue;
      }
      if (v.space != Space::kShared) continue;
      if (v.unsized || v.is_extern) {
        dynamic.push_back(i);
        dyn_align_ = std::max<uint64_t>(dyn_align_, v.align ? v.align : 16);
        continue;
      }
      off = AlignUp(off, v.align ? v.align : v.ElementBytes());
      shared_offset_[i] = off;
      off += v.Bytes();
    }
    p_->static_shared_bytes = off;
    const uint64_t dyn = AlignUp(off, dyn_align_);
    for (size_t i : dynamic) shared_offset_[i] = dyn;
  }

  void Walk() {
    const std::vector<ModuleStatement>& body = out_->module.body;
    // Function names first: calls and function addresses may name a function defined later.
    for (const ModuleStatement& st : body) {
      if (st.kind != ModuleStatement::Kind::kFunction &&
          !(st.kind == ModuleStatement::Kind::kDirective && IsPrototype(st.text))) {
        continue;
      }
      XFunction f;
      if (!Header(st, &f)) return;
      auto it = p_->function_index.find(f.name);
      if (it == p_->function_index.end()) {
        p_->function_index[f.name] = static_cast<int>(p_->functions.size());
        p_->functions.push_back(std::move(f));
      }
    }
    int depth = 0;
    for (size_t i = 0; i < body.size(); ++i) {
      const ModuleStatement& st = body[i];
      switch (st.kind) {
        case ModuleStatement::Kind::kFunction: {
          XFunction f;
          Header(st, &f);
          const int idx = p_->function_index[f.name];
          current_ = &p_->functions[static_cast<size_t>(idx)];
          current_index_ = static_cast<uint32_t>(idx);
          if (current_->defined) {
            Error(st.line, st.column, "the function '" + f.name + "' is defined twice");
            return;
          }
          current_->defined = true;
          BeginFunction();
          depth = 1;
          break;
        }
        case ModuleStatement::Kind::kOpen:
          scope_.Push();
          ++depth;
          break;
        case ModuleStatement::Kind::kClose:
          scope_.Pop();
          if (--depth == 0 && current_ != nullptr) {
            EndFunction();
            current_ = nullptr;
          }
          break;
        case ModuleStatement::Kind::kLabel:
          if (current_ != nullptr) Label(st);
          break;
        case ModuleStatement::Kind::kDirective:
          Directive(st, i);
          break;
        case ModuleStatement::Kind::kInstruction:
          if (current_ != nullptr) Instruction(st);
          break;
      }
      if (out_->errors.size() > 64) return;
    }
  }

  static bool IsPrototype(const std::string& text) {
    const std::vector<std::string> w = Tokens(text);
    for (const std::string& t : w) {
      if (t == ".func" || t == ".entry") return true;
      if (t != ".visible" && t != ".extern" && t != ".weak") return false;
    }
    return false;
  }

  // One parameter list: (.param [.align N] .type name[[N]], ...).
  bool Params(const std::vector<std::string>& w, size_t* i, std::vector<XParam>* out,
              const ModuleStatement& st) {
    if (*i >= w.size() || w[*i] != "(") return true;
    ++*i;
    std::vector<std::string> one;
    auto flush = [&]() {
      if (one.empty()) return true;
      VarDecl v;
      std::string err;
      if (!ParseVarDecl(one, 0, &v, &err)) {
        Error(st.line, st.column, "parameter: " + err);
        return false;
      }
      if (v.space != Space::kParam && v.space != Space::kGlobal) {
        Error(st.line, st.column, "parameter '" + v.name + "' must be .param");
        return false;
      }
      if (v.opaque || v.unsized) {
        Error(st.line, st.column, "parameter '" + v.name + "': unsupported kind");
        return false;
      }
      XParam p;
      p.name = v.name;
      p.size = static_cast<uint32_t>(v.Bytes());
      p.align = v.align ? v.align : static_cast<uint32_t>(v.ElementBytes());
      p.type = v.type;
      p.is_array = v.is_array;
      out->push_back(p);
      one.clear();
      return true;
    };
    int nest = 0;
    for (; *i < w.size(); ++*i) {
      const std::string& t = w[*i];
      if (t == ")" && nest == 0) {
        ++*i;
        return flush();
      }
      if (t == "[") ++nest;
      if (t == "]") --nest;
      if (t == "," && nest == 0) {
        if (!flush()) return false;
        continue;
      }
      one.push_back(t);
    }
    Error(st.line, st.column, "a parameter list is not closed");
    return false;
  }

  bool Header(const ModuleStatement& st, XFunction* f) {
    const std::vector<std::string> w = Tokens(st.text);
    size_t i = 0;
    while (i < w.size() && (w[i] == ".visible" || w[i] == ".extern" || w[i] == ".weak")) ++i;
    if (i >= w.size()) return false;
    f->entry = w[i] == ".entry";
    f->line = st.line;
    ++i;
    if (!f->entry && i < w.size() && w[i] == "(") {
      if (!Params(w, &i, &f->returns, st)) return false;
    }
    if (i >= w.size()) {
      Error(st.line, st.column, "a function needs a name");
      return false;
    }
    f->name = w[i++];
    if (!Params(w, &i, &f->params, st)) return false;
    // Performance directives: .maxntid x, y, z; .reqntid; others are read past.
    for (; i < w.size(); ++i) {
      if (w[i] == ".maxntid" || w[i] == ".reqntid") {
        uint64_t prod = 1;
        for (size_t k = i + 1; k < w.size() && (w[k] == "," || IsAsciiDigit(w[k][0])); ++k) {
          uint64_t v = 0;
          if (w[k] != "," && ParseCount(w[k], &v)) prod *= v;
        }
        f->max_ntid = static_cast<uint32_t>(std::min<uint64_t>(prod, 1u << 20));
      }
    }
    // Parameter area: params, then returns, then (later) the body's .param variables.
    uint32_t off = 0;
    for (XParam& p : f->params) {
      off = static_cast<uint32_t>(AlignUp(off, p.align));
      p.offset = off;
      off += p.size;
    }
    for (XParam& p : f->returns) {
      off = static_cast<uint32_t>(AlignUp(off, p.align));
      p.offset = off;
      off += p.size;
    }
    f->param_bytes = off;
    return true;
  }

  void BeginFunction() {
    scope_.ResetToModule();
    scope_.Push();
    slots_.Clear();
    labels_.clear();
    label_fixups_.clear();
    branch_targets_.clear();
    pending_branchtargets_.clear();
    current_->code.clear();
    local_off_ = 0;
    std::string err;
    auto declare = [&](const XParam& p) {
      Decl d;
      d.kind = Decl::Kind::kVariable;
      d.space = Space::kParam;
      d.offset = p.offset;
      d.size = p.size;
      d.kernel_param = current_->entry;
      d.frame_param = !current_->entry;
      if (!scope_.Declare(p.name, d, &err)) Error(current_->line, 1, err);
    };
    for (const XParam& p : current_->params) declare(p);
    for (const XParam& p : current_->returns) declare(p);
  }

  void Label(const ModuleStatement& st) {
    if (labels_.count(st.text) != 0) {
      Error(st.line, st.column, "the label '" + Excerpt(st.text) + "' is defined twice");
      return;
    }
    labels_[st.text] = static_cast<uint32_t>(current_->code.size());
    last_label_ = st.text;
  }

  void Directive(const ModuleStatement& st, size_t index) {
    const std::vector<std::string> w = Tokens(st.text);
    if (w.empty()) return;
    const std::string& d0 = w[0];
    if (d0 == ".version" || d0 == ".target" || d0 == ".address_size" || d0 == ".file" ||
        d0 == ".loc" || d0 == ".pragma" || d0 == ".section" || d0 == ".maxnreg" ||
        d0 == ".maxntid" || d0 == ".reqntid" || d0 == ".minnctapersm" || d0 == ".maxnctapersm" ||
        d0 == ".noreturn" || d0 == ".alias") {
      if (d0 == ".address_size" && w.size() > 1 && w[1] != "64") {
        Error(st.line, st.column, "only .address_size 64 modules are executed");
      }
      return;
    }
    if (d0 == ".callprototype") return;
    if (d0 == ".branchtargets") {
      if (current_ == nullptr || last_label_.empty()) {
        Error(st.line, st.column, ".branchtargets needs a label");
        return;
      }
      std::vector<std::string> names;
      for (size_t i = 1; i < w.size(); ++i) {
        if (w[i] != "," && w[i] != ";") names.push_back(w[i]);
      }
      pending_branchtargets_[last_label_] = {names, st.line, st.column};
      return;
    }
    if (d0 == ".reg") return Registers(st, w);
    if (IsPrototype(st.text)) return;  // a function prototype: already known
    VarDecl v;
    std::string err;
    if (!ParseVarDecl(w, 0, &v, &err)) return Error(st.line, st.column, err);
    Variable(st, index, v);
  }

  void Registers(const ModuleStatement& st, const std::vector<std::string>& w) {
    std::optional<DType> type;
    int vec = 1;
    size_t i = 1;
    for (; i < w.size() && !w[i].empty() && w[i][0] == '.'; ++i) {
      if (w[i] == ".v2" || w[i] == ".v4") {
        vec = w[i][2] - '0';
        continue;
      }
      type = ParseDType(std::string_view(w[i]).substr(1));
    }
    if (!type) return Error(st.line, st.column, ".reg needs a type");
    if (vec != 1) return Error(st.line, st.column, "vector registers (.reg .v2/.v4) are not supported");
    if (*type == DType::kB128) return Error(st.line, st.column, ".b128 registers are not supported");
    Decl d;
    d.kind = Decl::Kind::kRegister;
    d.type = *type;
    std::string err;
    for (; i < w.size(); ++i) {
      if (w[i] == "," || w[i] == ";") continue;
      if (i + 3 < w.size() && w[i + 1] == "<" && w[i + 3] == ">") {
        uint64_t n = 0;
        if (!ParseCount(w[i + 2], &n) || n > (1u << 24)) {
          return Error(st.line, st.column, "malformed register range");
        }
        if (!scope_.DeclareRange(w[i], static_cast<uint32_t>(n), d, &err)) Error(st.line, st.column, err);
        i += 3;
        continue;
      }
      if (!scope_.Declare(w[i], d, &err)) Error(st.line, st.column, err);
    }
  }

  void Variable(const ModuleStatement& st, size_t index, const VarDecl& v) {
    Decl d;
    d.kind = Decl::Kind::kVariable;
    d.space = v.space;
    d.size = v.Bytes();
    std::string err;
    if (v.opaque) {
      auto [it, added] = p_->opaques.emplace(v.name, static_cast<int>(p_->opaque_names.size()));
      if (added) p_->opaque_names.push_back(v.name);
      d.kind = Decl::Kind::kOpaque;
      d.opaque = it->second;
      if (!scope_.Declare(v.name, d, &err)) Error(st.line, st.column, err);
      return;
    }
    const uint64_t align = v.align ? v.align : v.ElementBytes();
    switch (v.space) {
      case Space::kShared:
        d.offset = shared_offset_.count(index) ? shared_offset_[index] : 0;
        break;
      case Space::kLocal:
        if (current_ == nullptr) return Error(st.line, st.column, ".local variables at module scope are not supported");
        local_off_ = AlignUp(local_off_, align);
        d.offset = local_off_;
        d.frame_local = true;
        local_off_ += v.Bytes();
        current_->local_bytes = static_cast<uint32_t>(local_off_);
        current_->local_align = std::max<uint32_t>(current_->local_align, static_cast<uint32_t>(align));
        if (local_off_ > (1u << 24)) return Error(st.line, st.column, "a function's .local variables exceed 16 MiB");
        break;
      case Space::kParam: {
        if (current_ == nullptr) return Error(st.line, st.column, ".param at module scope");
        const uint64_t off = AlignUp(current_->param_bytes, align);
        d.offset = off;
        d.frame_param = true;
        current_->param_bytes = static_cast<uint32_t>(off + v.Bytes());
        if (current_->param_bytes > (1u << 16)) return Error(st.line, st.column, "a function's parameters exceed 64 KiB");
        break;
      }
      case Space::kGlobal:
      case Space::kConst: {
        if (v.is_extern) {
          return Error(st.line, st.column, "the .extern variable '" + Excerpt(v.name) +
                                               "' is defined by no module tsu links");
        }
        uint64_t& size = v.space == Space::kGlobal ? p_->global_bytes : p_->const_bytes;
        const uint64_t off = AlignUp(size, align);
        XVariable x;
        x.name = v.name;
        x.space = v.space;
        x.size = v.Bytes();
        x.align = static_cast<uint32_t>(align);
        auto address = [&](const std::string& n, uint64_t* out) {
          if (auto f = p_->function_index.find(n); f != p_->function_index.end()) {
            *out = kFunctionBase + static_cast<uint64_t>(f->second);
            return true;
          }
          uint32_t idx = 0;
          const Decl* decl = scope_.Find(n, &idx);
          if (decl == nullptr || decl->kind != Decl::Kind::kVariable || decl->space != Space::kGlobal) return false;
          *out = decl->offset;
          return true;
        };
        if (v.has_init && !InitBytes(v, &x.init, &err, address)) return Error(st.line, st.column, err);
        x.offset = v.space == Space::kGlobal ? global_base_ + off : off;
        size = off + v.Bytes();
        if (v.space == Space::kGlobal && size > kModuleStride) {
          return Error(st.line, st.column, "the module's .global variables exceed 4 GiB");
        }
        if (v.space == Space::kConst && size > (1u << 20)) {
          return Error(st.line, st.column, "the module's .const variables exceed 1 MiB");
        }
        if (v.space == Space::kConst) {
          p_->const_init.resize(size, 0);
          if (!x.init.empty()) std::copy(x.init.begin(), x.init.end(), p_->const_init.begin() + static_cast<int64_t>(off));
        }
        d.offset = x.offset;
        p_->globals.push_back(std::move(x));
        break;
      }
      default:
        break;
    }
    if (!scope_.Declare(v.name, d, &err)) Error(st.line, st.column, err);
  }

  void Instruction(const ModuleStatement& st) {
    XInst x;
    x.line = st.line;
    x.column = st.column;
    if (st.tex_index >= 0) {
      TexInstruction(st, &x);
    } else {
      SynInst syn;
      std::string err;
      if (!ParseInstructionSyntax(st.text, &syn, &err)) {
        return Error(st.line, st.column, err + ": " + Excerpt(st.text, 60));
      }
      if (syn.base == "istypep" || syn.base == "tex") {
        return Error(st.line, st.column, "unsupported instruction '" + syn.base + "': " + Excerpt(st.text, 60));
      }
      DecodeResult extra;
      if (!DecodeInstruction(syn, this, &x, &extra, &err)) {
        return Error(st.line, st.column, err + ": " + Excerpt(st.text, 60));
      }
      x.fast = ChooseFast(x);
      const uint32_t pc = static_cast<uint32_t>(current_->code.size());
      for (const std::string& l : extra.labels) label_fixups_.push_back({pc, l, st.line, st.column});
      if (x.op == Op::kCall) {
        Pending c;
        c.function = current_index_;
        c.pc = pc;
        c.callee = extra.callee;
        c.line = st.line;
        c.column = st.column;
        for (const std::string& a : extra.call_args) {
          uint32_t off;
          if (!ParamVar(a, &off, st)) return;
          c.arg_offsets.push_back(off);
        }
        for (const std::string& r : extra.call_rets) {
          uint32_t off;
          if (!ParamVar(r, &off, st)) return;
          c.ret_offsets.push_back(off);
        }
        calls_.push_back(std::move(c));
      }
    }
    current_->code.push_back(std::move(x));
  }

  bool ParamVar(const std::string& name, uint32_t* off, const ModuleStatement& st) {
    uint32_t index = 0;
    const Decl* d = scope_.Find(name, &index);
    if (d == nullptr || d->kind != Decl::Kind::kVariable || !d->frame_param) {
      Error(st.line, st.column, "call: '" + Excerpt(name) + "' is not a .param variable of this function");
      return false;
    }
    *off = static_cast<uint32_t>(d->offset);
    return true;
  }

  void TexInstruction(const ModuleStatement& st, XInst* x) {
    const ModuleInstruction& mi = out_->module.instructions[static_cast<size_t>(st.tex_index)];
    x->op = Op::kTexSurf;
    XTexOp t;
    t.in = mi.in;
    t.in.has_guard = false;  // the machine applies the guard
    t.in.guard.clear();
    std::string err;
    auto src = [&](const Operand& o, DType type, XOperand* out) {
      SynOp s;
      if (o.kind == Operand::Kind::kImmediate) {
        s.kind = SynOp::Kind::kImm;
        s.imm = o.imm;
        s.lit = o.lit;
        // The front end already fitted literals to their slots (f32 bits): keep the bits.
        out->kind = XOperand::Kind::kImm;
        out->imm = o.imm;
        return true;
      }
      s.name = o.name;
      return Source(s, type, out, &err);
    };
    auto handle = [&](const Operand& o, XOperand* out, int* opaque) {
      uint32_t index = 0;
      const Decl* d = scope_.Find(o.name, &index);
      if (d != nullptr && d->kind == Decl::Kind::kOpaque) {
        *opaque = d->opaque;
        return true;
      }
      return src(o, DType::kU64, out);
    };
    auto many = [&](const std::vector<Operand>& v, DType type, std::vector<XOperand>* out) {
      for (const Operand& o : v) {
        if (!src(o, type, &out->emplace_back())) return false;
      }
      return true;
    };
    bool ok = handle(mi.in.resource, &t.resource, &t.resource_opaque);
    if (ok && mi.in.has_sampler) ok = handle(mi.in.sampler, &t.sampler, &t.sampler_opaque);
    ok = ok && many(mi.in.coords, DType::kB32, &t.coords) && many(mi.in.src, DType::kB64, &t.src) &&
         many(mi.in.dpdx, DType::kB32, &t.dpdx) && many(mi.in.dpdy, DType::kB32, &t.dpdy) &&
         many(mi.in.offset, DType::kB32, &t.offset);
    if (ok && mi.in.has_lod) ok = src(mi.in.lod, DType::kB32, &t.lod);
    if (ok && mi.in.has_depth_ref) ok = src(mi.in.depth_ref, DType::kB32, &t.depth_ref);
    for (const Operand& o : mi.in.dst) {
      SynOp s;
      s.name = o.name;
      if (!ok) break;
      ok = Dest(s, &t.dst.emplace_back(), &err);
    }
    if (ok && mi.in.has_pred_dst) {
      SynOp s;
      s.name = mi.in.pred_dst.name;
      ok = Dest(s, &t.pred_dst, &err);
    }
    if (ok && mi.in.has_guard) {
      SynOp g;
      g.name = mi.in.guard;
      g.negate = mi.in.guard_negated;
      ok = Source(g, DType::kPred, &x->guard, &err);
    }
    if (!ok) return Error(st.line, st.column, err + ": " + Excerpt(st.text, 60));
    x->tex_index = static_cast<int>(p_->tex.size());
    p_->tex.push_back(std::move(t));
  }

  void EndFunction() {
    XFunction& f = *current_;
    f.slots = slots_.size();
    for (const auto& [label, bt] : pending_branchtargets_) {
      std::vector<uint32_t> pcs;
      for (const std::string& n : bt.names) {
        auto it = labels_.find(n);
        if (it == labels_.end()) {
          Error(bt.line, bt.column, ".branchtargets: the label '" + Excerpt(n) + "' is not defined");
          return;
        }
        pcs.push_back(it->second);
      }
      branch_targets_[label] = pcs;
    }
    for (const Fixup& fx : label_fixups_) {
      XInst& x = f.code[fx.pc];
      if (x.op == Op::kBrx) {
        auto it = branch_targets_.find(fx.label);
        if (it == branch_targets_.end()) {
          Error(fx.line, fx.column, "brx.idx: '" + Excerpt(fx.label) + "' is not a .branchtargets label");
          return;
        }
        x.targets = it->second;
        continue;
      }
      auto it = labels_.find(fx.label);
      if (it == labels_.end()) {
        Error(fx.line, fx.column, "the label '" + Excerpt(fx.label) + "' is not defined in " + f.name);
        return;
      }
      x.target = it->second;
    }
    ComputeReconvergence(&f);
  }

  // Each branch's reconvergence point: its immediate post-dominator in the function's
  // instruction graph, with exits and returns going to a virtual node (code.size()).
  static void ComputeReconvergence(XFunction* f) {
    const uint32_t n = static_cast<uint32_t>(f->code.size());
    const uint32_t exit = n;
    std::vector<std::vector<uint32_t>> succ(n + 1);
    for (uint32_t i = 0; i < n; ++i) {
      const XInst& x = f->code[i];
      const bool guarded = x.guard.kind != XOperand::Kind::kNone;
      const uint32_t next = i + 1 < n ? i + 1 : exit;
      switch (x.op) {
        case Op::kBra:
          succ[i].push_back(x.target);
          if (guarded) succ[i].push_back(next);
          break;
        case Op::kBrx:
          succ[i] = x.targets;
          if (guarded) succ[i].push_back(next);
          break;
        case Op::kRet: case Op::kExit: case Op::kTrap:
          succ[i].push_back(exit);
          if (guarded) succ[i].push_back(next);
          break;
        default:
          succ[i].push_back(next);
      }
    }
    // Post-order of the reverse graph from exit.
    std::vector<std::vector<uint32_t>> pred(n + 1);
    for (uint32_t i = 0; i < n; ++i) {
      for (uint32_t s : succ[i]) pred[s].push_back(i);
    }
    std::vector<int> order(n + 1, -1);
    std::vector<uint32_t> post;
    post.reserve(n + 1);
    std::vector<std::pair<uint32_t, size_t>> stack{{exit, 0}};
    order[exit] = -2;
    while (!stack.empty()) {
      auto& [v, k] = stack.back();
      if (k < pred[v].size()) {
        const uint32_t u = pred[v][k++];
        if (order[u] == -1) {
          order[u] = -2;
          stack.push_back({u, 0});
        }
      } else {
        order[v] = static_cast<int>(post.size());
        post.push_back(v);
        stack.pop_back();
      }
    }
    constexpr uint32_t kUndef = ~0u;
    std::vector<uint32_t> ipdom(n + 1, kUndef);
    ipdom[exit] = exit;
    auto intersect = [&](uint32_t a, uint32_t b) {
      while (a != b) {
        while (order[a] < order[b]) a = ipdom[a];
        while (order[b] < order[a]) b = ipdom[b];
      }
      return a;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t k = post.size(); k-- > 0;) {
        const uint32_t v = post[k];
        if (v == exit) continue;
        uint32_t nd = kUndef;
        for (uint32_t s : succ[v]) {
          if (order[s] < 0 || ipdom[s] == kUndef) continue;
          nd = nd == kUndef ? s : intersect(s, nd);
        }
        if (nd != kUndef && ipdom[v] != nd) {
          ipdom[v] = nd;
          changed = true;
        }
      }
    }
    for (uint32_t i = 0; i < n; ++i) {
      f->code[i].rpc = ipdom[i] == kUndef ? exit : ipdom[i];  // no path to exit: never reconverges
    }
  }

  void ResolveCall(Pending& c) {
    XInst& x = p_->functions[c.function].code[c.pc];
    x.args.clear();
    x.rets.clear();
    for (uint32_t off : c.arg_offsets) {
      XOperand o;
      o.kind = XOperand::Kind::kFrameParam;
      o.imm = off;
      x.args.push_back(o);
    }
    for (uint32_t off : c.ret_offsets) {
      XOperand o;
      o.kind = XOperand::Kind::kFrameParam;
      o.imm = off;
      x.rets.push_back(o);
    }
    if (c.callee.empty()) {
      x.target = ~0u;  // through a register
      return;
    }
    auto it = p_->function_index.find(c.callee);
    if (it == p_->function_index.end()) {
      Error(c.line, c.column, "call: '" + Excerpt(c.callee) + "' is not a function of the module");
      return;
    }
    const XFunction& callee = p_->functions[static_cast<size_t>(it->second)];
    if (!callee.defined) {
      Error(c.line, c.column, "call: '" + Excerpt(c.callee) +
                                  "' is external (tsu links no library: vprintf, malloc and the "
                                  "CUDA device runtime are not available)");
      return;
    }
    if (callee.entry) {
      Error(c.line, c.column, "call: '" + Excerpt(c.callee) + "' is a kernel (.entry)");
      return;
    }
    if (callee.params.size() != c.arg_offsets.size() || callee.returns.size() != c.ret_offsets.size()) {
      Error(c.line, c.column, "call: '" + Excerpt(c.callee) + "' takes " +
                                  std::to_string(callee.params.size()) + " argument(s) and " +
                                  std::to_string(callee.returns.size()) + " result(s)");
      return;
    }
    x.target = static_cast<uint32_t>(it->second);
  }

  struct Fixup {
    uint32_t pc;
    std::string label;
    int line, column;
  };
  struct BranchTargets {
    std::vector<std::string> names;
    int line, column;
  };

  std::string_view text_;
  uint64_t global_base_;
  LoadedModule* out_;
  Program* p_;
  Scope scope_;
  SlotMap slots_;
  XFunction* current_ = nullptr;
  uint32_t current_index_ = 0;
  uint64_t local_off_ = 0;
  uint64_t dyn_align_ = 16;
  std::map<size_t, uint64_t> shared_offset_;  // statement index → offset
  std::map<std::string, uint32_t> labels_;
  std::string last_label_;
  std::vector<Fixup> label_fixups_;
  std::map<std::string, BranchTargets> pending_branchtargets_;
  std::map<std::string, std::vector<uint32_t>> branch_targets_;
  std::vector<Pending> calls_;
};

}  // namespace

LoadedModule LoadModule(std::string_view text, const std::string& file, uint64_t global_base) {
  LoadedModule m;
  Loader(text, file, global_base, &m).Run();
  return m;
}

}  // namespace tsu::exec
