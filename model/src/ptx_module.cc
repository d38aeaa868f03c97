// The PTX module reader (tsu/ptx_module.h). One pass over the text: a scanner cuts it into
// statements (`;`-terminated, or a `{` / `}` that opens or closes a scope, or a `label:`), with
// comments removed and the line and column of each statement's first character; the statement
// handler declares what directives declare and decodes texture/surface instructions in scope.
#include "tsu/ptx_module.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#include "tsu/ascii.h"
#include "tsu/ptx_symbols.h"
#include "tsu/text.h"

namespace tsu {

bool PtxModule::ok() const {
  if (!errors.empty()) return false;
  for (const ModuleInstruction& i : instructions) {
    if (!i.valid) return false;
  }
  return true;
}

namespace {

bool IsIdentStart(char c) {
  return IsAsciiAlpha(c) || c == '_' || c == '$' || c == '%';
}
bool IsIdentChar(char c) {
  return IsAsciiAlnum(c) || c == '_' || c == '$' || c == '%';
}

constexpr bool IsPunct(char c) {
  switch (c) {
    case ',': case '(': case ')': case '=': case '{': case '}': case ';': case '<': case '>':
    case '[': case ']':
      return true;
    default:
      return false;
  }
}

// Whitespace-separated words of a directive, with `,` `(` `)` `=` `{` `}` `;` `<` `>` `[` `]` as
// words of their own.
std::vector<std::string_view> Words(std::string_view s) {
  std::vector<std::string_view> w;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (IsAsciiSpace(c)) {
      ++i;
    } else if (IsPunct(c)) {
      w.push_back(s.substr(i, 1));
      ++i;
    } else {
      size_t j = i;
      while (j < s.size() && !IsAsciiSpace(s[j]) && !IsPunct(s[j])) ++j;
      w.push_back(s.substr(i, j - i));
      i = j;
    }
  }
  return w;
}

bool IsTexSurfaceOpcode(std::string_view base) {
  return base == "tex" || base == "suld" || base == "sust" || base == "sured" || base == "suq";
}

class Reader {
 public:
  Reader(std::string_view text, const ReadOptions& options, PtxModule* out)
      : s_(text), dialect_(options.dialect), keep_(options.keep_body), m_(out) {}

  void Run() {
    if (s_.size() > kMaxModuleBytes) {
      Error(1, 1, "the module is " + std::to_string(s_.size()) + " bytes; the limit is " +
                      std::to_string(kMaxModuleBytes));
      return;
    }
    if (const size_t bad = FirstInvalidUtf8(s_); bad != std::string_view::npos) {
      int line = 1, col = 1;
      for (size_t i = 0; i < bad; ++i) {
        if (s_[i] == '\n') {
          ++line;
          col = 1;
        } else {
          ++col;
        }
      }
      Error(line, col, "the text is not valid UTF-8");
      return;
    }
    Scan();
    if (!stmt_.empty()) {
      Error(stmt_line_, stmt_col_, "the module ends inside a statement (a ';' is missing)");
    }
    if (depth_ > 0) Error(line_, col_, "the module ends inside a { } scope (a '}' is missing)");
  }

 private:
  void Keep(ModuleStatement::Kind kind, int line, int col, std::string_view text) {
    if (!keep_) return;
    ModuleStatement& st = m_->body.emplace_back();
    st.kind = kind;
    st.line = line;
    st.column = col;
    st.text = std::string(text);
  }

  void Error(int line, int col, std::string msg) {
    m_->errors.push_back(ModuleDiagnostic{line, col, std::move(msg)});
  }

  void Advance() {
    if (s_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }

  // Appends the current character to the statement, noting where the statement starts (a
  // statement never starts with white space, so an empty one is a blank one).
  void Take() {
    const char c = s_[pos_];
    if (!stmt_.empty()) {
      stmt_.push_back(c);
    } else if (!IsAsciiSpace(c)) {
      stmt_line_ = line_;
      stmt_col_ = col_;
      stmt_.push_back(c);
    }
    Advance();
  }

  // Characters the scanner must look at one by one; runs of the others are copied whole.
  static bool Special(char c) {
    switch (c) {
      case '/': case '"': case '{': case '}': case '(': case ')': case ';': case ':': case '\n':
        return true;
      default:
        return false;
    }
  }

  void Scan() {
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (!Special(c)) {  // a run of ordinary characters (no newline): one append
        if (stmt_.empty()) {
          if (IsAsciiSpace(c)) {
            Advance();
            continue;
          }
          stmt_line_ = line_;
          stmt_col_ = col_;
        }
        size_t end = pos_ + 1;
        while (end < s_.size() && !Special(s_[end])) ++end;
        stmt_.append(s_.data() + pos_, end - pos_);
        col_ += static_cast<int>(end - pos_);
        pos_ = end;
        continue;
      }
      if (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '/') {
        const size_t nl = s_.find('\n', pos_);
        const size_t end = nl == std::string_view::npos ? s_.size() : nl;
        col_ += static_cast<int>(end - pos_);
        pos_ = end;
        continue;
      }
      if (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '*') {
        const int l = line_, k = col_;
        Advance();
        Advance();
        while (pos_ + 1 < s_.size() && !(s_[pos_] == '*' && s_[pos_ + 1] == '/')) Advance();
        if (pos_ + 1 >= s_.size()) {
          Error(l, k, "unterminated /* comment");
          pos_ = s_.size();
          return;
        }
        Advance();
        Advance();
        if (!stmt_.empty()) stmt_.push_back(' ');
        continue;
      }
      if (c == '"') {
        const int l = line_, k = col_;
        Take();
        while (pos_ < s_.size() && s_[pos_] != '"' && s_[pos_] != '\n') Take();
        if (pos_ >= s_.size() || s_[pos_] != '"') {
          Error(l, k, "unterminated string");
          continue;
        }
        Take();
        continue;
      }
      const bool empty = stmt_.empty();
      if (c == '{' && empty) {
        Advance();
        OpenScope(false);
        continue;
      }
      if (c == '}' && empty && inner_ == 0) {
        CloseScope();
        Advance();
        continue;
      }
      if (c == '{' && !empty && inner_ == 0 && paren_ == 0 && IsBlockHeader()) {
        const bool section = stmt_.rfind(".section", 0) == 0;
        Advance();
        header_ = true;
        Statement();
        header_ = false;
        if (section) {
          SkipBlock();
        } else {
          OpenScope(true);
        }
        continue;
      }
      if (c == '}' && inner_ == 0) {  // a scope closes on an unfinished statement
        Error(stmt_line_, stmt_col_,
              "a ';' is missing: '" + Excerpt(stmt_, 40) + "' runs into the '}'");
        stmt_.clear();
        paren_ = 0;
        CloseScope();
        Advance();
        continue;
      }
      if (c == '{') ++inner_;
      if (c == '}') --inner_;
      if (c == '(') ++paren_;
      if (c == ')' && paren_ > 0) --paren_;
      if (c == ';' && inner_ == 0) {
        Take();
        Statement();
        continue;
      }
      if (c == '\n' && !empty && IsLineDirective()) {
        Statement();
        Advance();
        continue;
      }
      if (c == ':' && inner_ == 0 && !empty && IsLabel()) {
        if (keep_) {
          size_t end = stmt_.size();
          while (end > 0 && IsAsciiSpace(stmt_[end - 1])) --end;
          Keep(ModuleStatement::Kind::kLabel, stmt_line_, stmt_col_, std::string_view(stmt_).substr(0, end));
        }
        Advance();
        stmt_.clear();  // a label: nothing to check
        continue;
      }
      Take();
    }
  }

  // .version, .target, .address_size, .file and .loc end at the end of their line (no ';').
  bool IsLineDirective() const {
    for (const char* d : {".version", ".target", ".address_size", ".file", ".loc"}) {
      const size_t n = std::strlen(d);
      if (stmt_.compare(0, n, d) == 0 &&
          (stmt_.size() == n || IsAsciiSpace(stmt_[n]))) {
        return true;
      }
    }
    return false;
  }

  // The statement so far is one identifier (a label before ':').
  bool IsLabel() const {
    size_t end = stmt_.size();
    while (end > 0 && IsAsciiSpace(stmt_[end - 1])) --end;
    if (end == 0 || !IsIdentStart(stmt_[0])) return false;
    for (size_t i = 1; i < end; ++i) {
      if (!IsIdentChar(stmt_[i])) return false;
    }
    return true;
  }

  // The statement so far is an .entry/.func header or a .section, whose '{' opens a block.
  bool IsBlockHeader() const {
    if (stmt_[0] != '.') return false;  // headers start with a directive; operands do not
    const std::vector<std::string_view> w = Words(stmt_);
    for (std::string_view x : w) {
      if (x == ".entry" || x == ".func" || x == ".section") return true;
      if (x != ".visible" && x != ".extern" && x != ".weak") return false;
    }
    return false;
  }

  // Skips a .section { ... } block (debug data: its lines have no ';').
  void SkipBlock() {
    const int l = line_, k = col_;
    int d = 1;
    while (pos_ < s_.size() && d > 0) {
      if (s_[pos_] == '{') ++d;
      if (s_[pos_] == '}') --d;
      Advance();
    }
    if (d > 0) Error(l, k, "the module ends inside a .section block");
  }

  void OpenScope(bool function) {
    if (!function && depth_ == 0) {
      Error(line_, col_, "a '{' scope outside a function body");
    }
    if (function && depth_ > 0) Error(line_, col_, "a function defined inside a function");
    ++depth_;
    symbols_.PushScope();
    if (!function) Keep(ModuleStatement::Kind::kOpen, line_, col_, "{");
    if (function) {
      Symbol param;
      param.kind = Symbol::Kind::kVariable;
      param.line = line_;
      std::string err;
      for (const std::string& p : pending_params_) {
        if (!symbols_.Declare(p, param, &err)) Error(line_, col_, err);
      }
      pending_params_.clear();
    }
  }

  void CloseScope() {
    if (depth_ == 0) {
      Error(line_, col_, "unbalanced '}'");
      return;
    }
    --depth_;
    symbols_.PopScope();
    Keep(ModuleStatement::Kind::kClose, line_, col_, "}");
    if (depth_ == 0) function_.clear();
  }

  void Statement() {
    std::string& text = text_;  // both buffers keep their storage from statement to statement
    text.assign(stmt_);
    stmt_.clear();
    inner_ = paren_ = 0;
    if (text.empty()) return;
    ++m_->statements;
    while (!text.empty() && IsAsciiSpace(text.back())) text.pop_back();
    if (text[0] == '.') {
      Keep(header_ ? ModuleStatement::Kind::kFunction : ModuleStatement::Kind::kDirective,
           stmt_line_, stmt_col_, text);
      return Directive(text);
    }
    if (depth_ > 0) Keep(ModuleStatement::Kind::kInstruction, stmt_line_, stmt_col_, text);
    Instruction(text);
  }

  void Instruction(const std::string& text) {
    // The opcode's base: after the guards (`@p`, `@!p`, `@ ! p`; a second guard is a syntax
    // error that ParsePtx reports once the opcode says the statement is ours).
    size_t i = 0;
    auto skip_space = [&] {
      while (i < text.size() && IsAsciiSpace(text[i])) ++i;
    };
    while (i < text.size() && text[i] == '@') {
      ++i;
      skip_space();
      while (i < text.size() && text[i] == '!') ++i;
      skip_space();
      while (i < text.size() && IsIdentChar(text[i])) ++i;
      skip_space();
    }
    size_t j = i;
    while (j < text.size() && IsIdentChar(text[j])) ++j;
    std::string_view base = std::string_view(text).substr(i, j - i);
    if (base.empty() && i > 0) {  // `@p1tex.2d...`: the guard swallowed the opcode (invalid)
      const std::string_view head = std::string_view(text).substr(0, text.find('.'));
      for (std::string_view op : {"tex", "suld", "sust", "sured", "suq"}) {
        if (head.size() > op.size() && head.substr(head.size() - op.size()) == op) base = op;
      }
    }
    if (depth_ == 0) {
      Error(stmt_line_, stmt_col_,
            "an instruction outside a function body: '" + Excerpt(text, 40) + "'");
      return;
    }
    if (!IsTexSurfaceOpcode(base)) {
      ++m_->skipped_instructions;
      return;
    }
    ModuleInstruction mi;
    mi.line = stmt_line_;
    mi.column = stmt_col_;
    mi.function = function_;
    mi.text = text.size() <= kMaxInstructionBytes ? text : Excerpt(text, 80);
    ParseOptions o;
    o.dialect = dialect_;
    o.symbols = &symbols_;
    mi.valid = ParsePtx(text, &mi.in, &mi.error, o);
    if (keep_) m_->body.back().tex_index = static_cast<int>(m_->instructions.size());
    m_->instructions.push_back(std::move(mi));
  }

  void Directive(const std::string& text) {
    const std::vector<std::string_view> w = Words(text);
    const std::string_view d = w[0];
    if (d == ".version") {
      if (w.size() < 2) return Error(stmt_line_, stmt_col_, ".version needs a number");
      m_->version = std::string(w[1]);
      return;
    }
    if (d == ".target") {
      for (size_t i = 1; i < w.size(); ++i) {
        if (w[i] == ",") continue;
        if (w[i] == ";") break;
        m_->target += (m_->target.empty() ? "" : ", ") + std::string(w[i]);
        if (w[i] == "texmode_independent") symbols_.texmode_independent = true;
      }
      m_->texmode_independent = symbols_.texmode_independent;
      return;
    }
    if (d == ".address_size") {
      if (w.size() < 2 || (w[1] != "32" && w[1] != "64")) {
        return Error(stmt_line_, stmt_col_, ".address_size must be 32 or 64");
      }
      m_->address_size = w[1] == "32" ? 32 : 64;
      return;
    }
    if (d == ".reg") return Registers(w);
    size_t k = 0;
    while (k < w.size() && (w[k] == ".visible" || w[k] == ".extern" || w[k] == ".weak")) ++k;
    if (k < w.size() && (w[k] == ".entry" || w[k] == ".func")) return Function(w, k);
    if (d == ".global" || d == ".const" || d == ".local" || d == ".shared" || d == ".param" ||
        d == ".tex" || d == ".texref" || d == ".surfref" || d == ".samplerref" ||
        d == ".visible" || d == ".extern" || d == ".weak") {
      return Variable(w);
    }
    // Everything else (.file, .loc, .pragma, .maxntid, .reqntid, .alias, .callprototype ...)
    // says nothing the checks need.
  }

  // .reg [.v2|.v4] .type name[, name | name<N>]... ;
  void Registers(const std::vector<std::string_view>& w) {
    std::optional<RegType> type;
    size_t i = 1;
    for (; i < w.size() && !w[i].empty() && w[i][0] == '.'; ++i) {
      if (auto t = ParseRegType(w[i])) type = t;
    }
    if (!type) {
      return Error(stmt_line_, stmt_col_, ".reg needs a type (.b32, .u64, .f32, .pred ...)");
    }
    Symbol sym;
    sym.kind = Symbol::Kind::kRegister;
    sym.type = *type;
    sym.line = stmt_line_;
    for (; i < w.size(); ++i) {
      if (w[i] == "," || w[i] == ";") continue;
      const std::string name(w[i]);
      std::string err;
      if (i + 3 < w.size() && w[i + 1] == "<" && w[i + 3] == ">") {
        uint64_t n = 0;
        std::string lerr;
        if (!ParsePtxLiteral(std::string(w[i + 2]), &n, &lerr) || n > 0xffffffffu) {
          return Error(stmt_line_, stmt_col_, "malformed register range '" + Excerpt(name) + "<" +
                                                  Excerpt(w[i + 2]) + ">'");
        }
        if (!symbols_.DeclareRange(name, static_cast<uint32_t>(n), sym, &err)) {
          Error(stmt_line_, stmt_col_, err);
        }
        i += 3;
        continue;
      }
      if (!IsIdentStart(name[0])) {
        return Error(stmt_line_, stmt_col_, "malformed register name '" + Excerpt(name) + "'");
      }
      if (!symbols_.Declare(name, sym, &err)) Error(stmt_line_, stmt_col_, err);
    }
  }

  // [.visible|.extern|.weak] (.entry|.func) [(ret params)] name (params) [performance directives]
  void Function(const std::vector<std::string_view>& w, size_t k) {
    ModuleFunction f;
    f.entry = w[k] == ".entry";
    f.line = stmt_line_;
    size_t i = k + 1;
    if (i < w.size() && w[i] == "(") {  // .func return parameters
      while (i < w.size() && w[i] != ")") ++i;
      ++i;
    }
    if (i >= w.size() || !IsIdentStart(w[i][0])) {
      return Error(stmt_line_, stmt_col_, std::string(w[k]) + " needs a name");
    }
    f.name = std::string(w[i++]);
    if (i < w.size() && w[i] == "(") {
      std::string_view last;
      for (++i; i < w.size() && w[i] != ")"; ++i) {
        if (w[i] == ",") {
          if (!last.empty()) f.params.emplace_back(last);
          last = {};
        } else if (w[i] != "[" && w[i] != "]" && !w[i].empty() && w[i][0] != '.' &&
                   !IsAsciiDigit(w[i][0])) {
          last = w[i];
        }
      }
      if (!last.empty()) f.params.emplace_back(last);
    }
    if (!header_) return;  // a prototype (`.extern .func f(...);`): nothing to check in it
    function_ = f.name;
    // Parameters are in scope in the body, which the '{' after this header opens.
    pending_params_ = f.params;
    m_->functions.push_back(std::move(f));
  }

  // A variable or an opaque handle: [.visible|.extern] .space [.align N] [.vN] .type name...
  void Variable(const std::vector<std::string_view>& w) {
    std::string kind;
    size_t i = 0;
    for (; i < w.size() && !w[i].empty() && w[i][0] == '.'; ++i) {
      if (w[i] == ".texref" || w[i] == ".tex") kind = ".texref";
      if (w[i] == ".surfref") kind = ".surfref";
      if (w[i] == ".samplerref") kind = ".samplerref";
      if (w[i] == ".align" && i + 1 < w.size()) ++i;
    }
    if (i >= w.size() || !IsIdentStart(w[i][0])) {
      return Error(stmt_line_, stmt_col_, "a declaration needs a name");
    }
    Symbol sym;
    sym.line = stmt_line_;
    sym.kind = kind == ".texref"      ? Symbol::Kind::kTexref
               : kind == ".surfref"    ? Symbol::Kind::kSurfref
               : kind == ".samplerref" ? Symbol::Kind::kSamplerref
                                       : Symbol::Kind::kVariable;
    for (; i < w.size(); ++i) {
      if (w[i] == "=") break;  // a data initializer (or an opaque one, read below)
      if (w[i] == "," || w[i] == ";" || w[i] == "[" || w[i] == "]" || !IsIdentStart(w[i][0])) {
        continue;
      }
      const std::string name(w[i]);
      std::string err;
      if (!symbols_.Declare(name, sym, &err)) Error(stmt_line_, stmt_col_, err);
      if (!kind.empty()) {
        if (kind == ".samplerref" && !symbols_.texmode_independent) {
          Error(stmt_line_, stmt_col_,
                ".samplerref '" + Excerpt(name) +
                    "' needs .target texmode_independent (unified mode has no samplers)");
        }
        if (depth_ > 0) {
          Error(stmt_line_, stmt_col_, kind + " '" + Excerpt(name) + "' must be declared at module scope");
        }
        OpaqueDecl& o = m_->opaques[name];
        o.kind = kind;
        o.line = stmt_line_;
        if (i + 1 < w.size() && w[i + 1] == "=") Initializer(w, i + 2, kind, &o);
      }
    }
  }

  // { field = value, ... } of a .texref/.surfref/.samplerref; the fields each kind allows are
  // ptxas 13.0's (docs/ptx-modules.md).
  void Initializer(const std::vector<std::string_view>& w, size_t i, const std::string& kind,
                   OpaqueDecl* o) {
    static const char* const kTex[] = {"width", "height", "depth", "channel_data_type",
                                       "channel_order", "normalized_coords", "filter_mode",
                                       "addr_mode_0", "addr_mode_1", "addr_mode_2"};
    static const char* const kSurf[] = {"width", "height", "depth", "channel_data_type",
                                        "channel_order"};
    static const char* const kSampler[] = {"filter_mode", "addr_mode_0", "addr_mode_1",
                                           "addr_mode_2", "force_unnormalized_coords"};
    if (i >= w.size() || w[i] != "{") {
      return Error(stmt_line_, stmt_col_, "an " + kind + " initializer is { field = value, ... }");
    }
    for (++i; i + 2 < w.size() && w[i] != "}"; i += 3) {
      const std::string field(w[i]);
      bool known = false;
      auto check = [&](const auto& list) {
        for (const char* f : list) known |= field == f;
      };
      if (kind == ".texref") check(kTex);
      if (kind == ".surfref") check(kSurf);
      if (kind == ".samplerref") check(kSampler);
      if (!known || w[i + 1] != "=") {
        return Error(stmt_line_, stmt_col_,
                     "unrecognized field '" + Excerpt(field) + "' in a " + kind + " initializer");
      }
      o->fields[field] = std::string(w[i + 2]);
      if (i + 3 < w.size() && w[i + 3] == ",") ++i;
    }
  }

  std::string_view s_;
  Dialect dialect_;
  bool keep_;
  PtxModule* m_;
  SymbolTable symbols_;
  size_t pos_ = 0;
  int line_ = 1, col_ = 1;
  std::string stmt_;
  std::string text_;  // the statement being handled
  int stmt_line_ = 1, stmt_col_ = 1;
  int inner_ = 0, paren_ = 0;  // { } and ( ) nesting inside the current statement
  int depth_ = 0;              // scope nesting: 1 inside a function body
  std::string function_;
  std::vector<std::string> pending_params_;
  bool header_ = false;  // the statement ends at the '{' of a block
};

}  // namespace

PtxModule ReadPtxModule(std::string_view text, Dialect dialect) {
  ReadOptions o;
  o.dialect = dialect;
  return ReadPtxModule(text, o);
}

PtxModule ReadPtxModule(std::string_view text, const ReadOptions& options) {
  PtxModule m;
  Reader(text, options, &m).Run();
  return m;
}

}  // namespace tsu
