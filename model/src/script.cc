// `tsu run` scripts: declare surfaces, set registers, execute PTX, check results and memory.
// The format is documented in docs/run-scripts.md.
#include "tsu/script.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "tsu/encodings.h"
#include "tsu/hex.h"
#include "tsu/ptx_parser.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

std::string Trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return {};
  size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

std::vector<std::string> SplitWs(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

class Runner {
 public:
  Runner(std::string name) : name_(std::move(name)), unit_(&mem_) {}

  void Line(int lineno, const std::string& raw_line) {
    line_ = lineno;
    std::string line = raw_line;
    if (size_t hash = line.find('#'); hash != std::string::npos) line = line.substr(0, hash);
    line = Trim(line);
    if (line.empty()) return;
    size_t sp = line.find_first_of(" \t");
    const std::string cmd = line.substr(0, sp);
    const std::string rest = sp == std::string::npos ? "" : Trim(line.substr(sp));
    if (cmd != "expect_trap") CheckTrapClaimed();
    if (cmd == "surface") {
      Surface(rest);
    } else if (cmd == "fill") {
      Fill(rest);
    } else if (cmd == "mem") {
      Mem(rest);
    } else if (cmd == "set") {
      Set(rest);
    } else if (cmd == "exec") {
      Exec(rest);
    } else if (cmd == "expect") {
      Expect(rest);
    } else if (cmd == "expect_trap") {
      ExpectTrap(rest);
    } else if (cmd == "expect_mem") {
      ExpectMem(rest);
    } else if (cmd == "reject") {
      Reject(rest);
    } else {
      Malformed("unknown command '" + cmd +
                "' (surface, fill, mem, set, exec, expect, expect_trap, expect_mem, reject)");
    }
  }

  ScriptResult Finish() {
    CheckTrapClaimed();
    return result_;
  }

 private:
  void Malformed(const std::string& msg) {
    result_.malformed = true;
    ++result_.failures;
    result_.messages.push_back(Where() + "error: " + msg);
  }
  void Fail(const std::string& msg) {
    ++result_.failures;
    result_.messages.push_back(Where() + "FAIL: " + msg);
  }
  std::string Where() const { return name_ + ":" + std::to_string(line_) + ": "; }

  bool Value(const std::string& tok, uint64_t* v) {
    std::string err;
    if (ParsePtxLiteral(tok, v, &err)) return true;
    Malformed(err);
    return false;
  }

  // key=value pairs.
  bool Pairs(const std::string& s, std::map<std::string, std::string>* kv) {
    for (const std::string& w : SplitWs(s)) {
      size_t eq = w.find('=');
      if (eq == std::string::npos || eq == 0) {
        Malformed("expected key=value, got '" + w + "'");
        return false;
      }
      (*kv)[w.substr(0, eq)] = w.substr(eq + 1);
    }
    return true;
  }

  void Surface(const std::string& rest) {
    std::vector<std::string> w = SplitWs(rest);
    if (w.empty()) return Malformed("surface needs a name");
    const std::string name = w[0];
    std::map<std::string, std::string> kv;
    if (!Pairs(rest.substr(rest.find(name) + name.size()), &kv)) return;
    SurfaceDesc d;
    uint64_t handle = surfaces_.size() + 1;
    for (const auto& [k, v] : kv) {
      uint64_t n = 0;
      if (k == "dim") {
        auto g = Parse<Geometry>(v);
        if (!g) return Malformed("unknown dim '" + v + "'");
        d.dim = *g;
      } else if (k == "format") {
        size_t slash = v.find('/');
        auto o = Parse<ChannelOrder>(v.substr(0, slash));
        auto t = slash == std::string::npos ? std::nullopt : Parse<ChannelType>(v.substr(slash + 1));
        if (!o || !t) return Malformed("format must be ORDER/TYPE with OpenCL names, got '" + v + "'");
        d.order = *o;
        d.type = *t;
      } else if (k == "layout") {
        auto l = Parse<Layout>(v);
        if (!l) return Malformed("layout must be pitch or block, got '" + v + "'");
        d.layout = *l;
      } else {
        if (!Value(v, &n)) return;
        if (k == "handle") {
          handle = n;
        } else if (k == "base") {
          d.base = n;
        } else if (k == "width") {
          d.width = static_cast<uint32_t>(n);
        } else if (k == "height") {
          d.height = static_cast<uint32_t>(n);
        } else if (k == "depth") {
          d.depth = static_cast<uint32_t>(n);
        } else if (k == "array") {
          d.array_size = static_cast<uint32_t>(n);
        } else if (k == "pitch") {
          d.pitch = static_cast<uint32_t>(n);
        } else if (k == "block_height") {
          d.block_height_log2 = static_cast<uint8_t>(n);
        } else if (k == "block_depth") {
          d.block_depth_log2 = static_cast<uint8_t>(n);
        } else {
          return Malformed("unknown surface field '" + k + "'");
        }
      }
    }
    std::string err;
    if (!unit_.BindSurface(handle, d, &err)) return Malformed(err);
    surfaces_[name] = handle;
  }

  void Fill(const std::string& rest) {
    std::vector<std::string> w = SplitWs(rest);
    if (w.size() != 2 || !surfaces_.count(w[0])) return Malformed("fill SURFACE index|zero|BYTE");
    const ResolvedSurface* s = unit_.FindSurface(surfaces_[w[0]]);
    uint64_t byte = 0;
    const bool index = w[1] == "index";
    if (!index && w[1] != "zero" && !Value(w[1], &byte)) return;
    for (uint64_t i = 0; i < s->size_bytes; ++i) {
      const uint8_t v = static_cast<uint8_t>(index ? (i * 7 + (i >> 8)) : byte);
      mem_.Write(s->desc.base + i, &v, 1);
    }
  }

  bool Bytes(const std::vector<std::string>& w, size_t from, std::vector<uint8_t>* out) {
    for (size_t i = from; i < w.size(); ++i) {
      uint64_t b = 0;
      if (!Value(w[i].rfind("0x", 0) == 0 ? w[i] : "0x" + w[i], &b)) return false;
      if (b > 0xFF) {
        Malformed("byte '" + w[i] + "' is larger than 0xff");
        return false;
      }
      out->push_back(static_cast<uint8_t>(b));
    }
    return true;
  }

  void Mem(const std::string& rest) {
    std::vector<std::string> w = SplitWs(rest);
    uint64_t addr = 0;
    std::vector<uint8_t> bytes;
    if (w.size() < 2) return Malformed("mem ADDR BYTE...");
    if (!Value(w[0], &addr) || !Bytes(w, 1, &bytes)) return;
    mem_.Write(addr, bytes.data(), static_cast<uint32_t>(bytes.size()));
  }

  void Set(const std::string& rest) {
    std::map<std::string, std::string> kv;
    if (!Pairs(rest, &kv)) return;
    for (const auto& [k, v] : kv) {
      uint64_t n = 0;
      if (!Value(v, &n)) return;
      regs_[k] = n;
    }
  }

  bool Read(const Operand& o, uint64_t* v) {
    if (o.kind == Operand::Kind::kImmediate) {
      *v = o.imm;
      return true;
    }
    auto it = regs_.find(o.name);
    if (it == regs_.end()) {
      Malformed("register '" + o.name + "' is read before it is set");
      return false;
    }
    *v = it->second;
    return true;
  }

  void Exec(const std::string& text) {
    Instruction in;
    std::string err;
    if (!ParsePtx(text, &in, &err)) return Malformed("invalid instruction: " + err);
    Request req;
    // Operand a: a declared surface name (direct) or a register holding a handle (indirect).
    if (auto it = surfaces_.find(in.resource.name); it != surfaces_.end()) {
      req.handle = it->second;
    } else if (!Read(in.resource, &req.handle)) {
      return;
    }
    for (size_t i = 0; i < in.coords.size(); ++i) {
      uint64_t v = 0;
      if (!Read(in.coords[i], &v)) return;
      req.coords[i] = static_cast<uint32_t>(v);
    }
    for (size_t i = 0; i < in.src.size(); ++i) {
      if (!Read(in.src[i], &req.data[i])) return;
    }
    if (in.has_guard) {
      uint64_t g = 0;
      if (!Read(Operand::Name(in.guard), &g)) return;
      req.guard = (g != 0) != in.guard_negated;
    }
    last_ = unit_.Execute(in, req);
    ++result_.execs;
    exec_line_ = line_;
    trap_claimed_ = last_.trap == TrapCause::kNone;
    if (last_.trap == TrapCause::kNone && last_.executed) {
      for (size_t i = 0; i < in.dst.size() && static_cast<int>(i) < last_.count; ++i) {
        regs_[in.dst[i].name] = last_.data[i];
      }
    }
  }

  void CheckTrapClaimed() {
    if (!trap_claimed_) {
      trap_claimed_ = true;
      Fail("the instruction at line " + std::to_string(exec_line_) + " trapped (" +
           std::string(Name(last_.trap)) + ") but no expect_trap follows it");
    }
  }

  void Expect(const std::string& rest) {
    std::map<std::string, std::string> kv;
    if (!Pairs(rest, &kv)) return;
    for (const auto& [k, v] : kv) {
      uint64_t want = 0;
      if (!Value(v, &want)) return;
      ++result_.checks;
      auto it = regs_.find(k);
      if (it == regs_.end()) {
        Fail("expected " + k + " = " + Hex(want) + ", but " + k + " was never written");
      } else if (it->second != want) {
        Fail("expected " + k + " = " + Hex(want) + ", got " + Hex(it->second));
      }
    }
  }

  void ExpectTrap(const std::string& rest) {
    const std::string want = Trim(rest);
    auto cause = Parse<TrapCause>(want);
    if (!cause) return Malformed("unknown trap cause '" + want + "'");
    ++result_.checks;
    trap_claimed_ = true;
    if (last_.trap != *cause) {
      Fail("expected trap " + want + ", got " + std::string(Name(last_.trap)));
    }
  }

  void ExpectMem(const std::string& rest) {
    std::vector<std::string> w = SplitWs(rest);
    uint64_t addr = 0;
    std::vector<uint8_t> want;
    if (w.size() < 2) return Malformed("expect_mem ADDR BYTE...");
    if (!Value(w[0], &addr) || !Bytes(w, 1, &want)) return;
    ++result_.checks;
    std::vector<uint8_t> got(want.size());
    mem_.Read(addr, got.data(), static_cast<uint32_t>(got.size()));
    for (size_t i = 0; i < want.size(); ++i) {
      if (got[i] != want[i]) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "memory at %s: expected byte 0x%02x, got 0x%02x",
                      Hex(addr + i).c_str(), want[i], got[i]);
        return Fail(buf);
      }
    }
  }

  // reject "message substring" INSTRUCTION
  void Reject(const std::string& rest) {
    if (rest.empty() || rest[0] != '"') return Malformed("reject \"message part\" INSTRUCTION");
    size_t close = rest.find('"', 1);
    if (close == std::string::npos) return Malformed("unterminated message in reject");
    const std::string want = rest.substr(1, close - 1);
    const std::string text = rest.substr(close + 1);
    Instruction in;
    std::string err;
    ++result_.checks;
    if (ParsePtx(text, &in, &err)) return Fail("expected rejection of '" + Trim(text) + "'");
    if (err.find(want) == std::string::npos) {
      Fail("rejection message '" + err + "' does not contain '" + want + "'");
    }
  }

  std::string name_;
  int line_ = 0;
  int exec_line_ = 0;
  SparseMemory mem_;
  Unit unit_;
  std::map<std::string, uint64_t> surfaces_;
  std::map<std::string, uint64_t> regs_;
  Response last_;
  bool trap_claimed_ = true;
  ScriptResult result_;
};

}  // namespace

ScriptResult RunScriptText(const std::string& text, const std::string& name) {
  Runner r(name);
  std::istringstream in(text);
  int n = 0;
  for (std::string line; std::getline(in, line);) r.Line(++n, line);
  return r.Finish();
}

ScriptResult RunScriptFile(const std::string& path) {
  std::ifstream f(path);
  if (!f) {
    ScriptResult r;
    r.malformed = true;
    r.failures = 1;
    r.messages.push_back(path + ": error: cannot open file");
    return r;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  return RunScriptText(ss.str(), path);
}

}  // namespace tsu
