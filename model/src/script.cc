// `tsu run` scripts: declare surfaces, set registers, execute PTX, check results and memory.
// The format is documented in docs/run-scripts.md.
#include "tsu/script.h"

#include <cstdio>
#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>
#include <vector>

#include "tsu/encodings.h"
#include "tsu/hex.h"
#include "tsu/ptx_module.h"
#include "tsu/ptx_parser.h"
#include "tsu/read_file.h"
#include "tsu/text.h"
#include "tsu/texture.h"
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

// The largest value a numeric key's field holds; values above it are errors that name the key,
// the value and the range (never cut to fit).
uint64_t FieldMax(const std::string& k) {
  constexpr uint64_t kU8 = 0xFF, kU32 = 0xFFFFFFFFu;
  if (k == "block_height" || k == "block_depth" || k == "tile_x" || k == "tile_y" ||
      k == "tile_z") {
    return kU8;
  }
  if (k == "normalized" || k == "srgb" || k == "seamless") return 1;
  if (k == "width" || k == "height" || k == "depth" || k == "array" || k == "pitch" ||
      k == "levels" || k == "samples" || k == "aniso") {
    return kU32;
  }
  // base, handle, and keys that are not fields (reported as unknown once the value parses).
  return std::numeric_limits<uint64_t>::max();
}

// Numeric keys surfaces and textures share: base, width, height, depth, array, block_height,
// block_depth. Returns false if k is none of them.
template <typename Desc>
bool ExtentKey(const std::string& k, uint64_t n, Desc* d) {
  const uint32_t v = static_cast<uint32_t>(n);
  if (k == "base") {
    d->base = n;
  } else if (k == "width") {
    d->width = v;
  } else if (k == "height") {
    d->height = v;
  } else if (k == "depth") {
    d->depth = v;
  } else if (k == "array") {
    d->array_size = v;
  } else if (k == "block_height") {
    d->block_height_log2 = static_cast<uint8_t>(n);
  } else if (k == "block_depth") {
    d->block_depth_log2 = static_cast<uint8_t>(n);
  } else {
    return false;
  }
  return true;
}

class Runner {
 public:
  Runner(std::string name, const ScriptOptions& options)
      : name_(std::move(name)), options_(options), unit_(&mem_) {}

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
    } else if (cmd == "texture") {
      Texture(rest);
    } else if (cmd == "sampler") {
      SamplerCmd(rest);
    } else if (cmd == "texel") {
      TexelCmd(rest);
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
    } else if (cmd == "dialect") {
      DialectCmd(rest);
    } else if (cmd == "exec_ptx") {
      ExecPtx(rest);
    } else {
      Malformed("unknown command '" + Excerpt(cmd) +
                "' (surface, texture, sampler, texel, fill, mem, set, exec, exec_ptx, expect, "
                "expect_trap, expect_mem, reject, dialect)");
    }
  }

  // A line longer than kMaxScriptLineBytes is reported, not parsed.
  void LongLine(int lineno, size_t bytes) {
    line_ = lineno;
    Malformed("the line is " + std::to_string(bytes) + " bytes long; the limit is " +
              std::to_string(kMaxScriptLineBytes));
  }

  ScriptResult Finish() {
    CheckTrapClaimed();
    if (result_.checks == 0 && result_.failures == 0) {
      const std::string msg = name_ + ": " + (options_.strict ? "error" : "warning") +
                              ": the script checks nothing (no expect, expect_trap, expect_mem "
                              "or reject)";
      result_.messages.push_back(msg);
      if (options_.strict) ++result_.failures;
    }
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
  // A value for an integer field of at most `max`: a negative literal or one above max is an
  // error naming the field, the value and the range.
  bool Ranged(const std::string& what, const std::string& tok, uint64_t max, uint64_t* v) {
    if (!Value(tok, v)) return false;
    if (*v > max || (!tok.empty() && tok[0] == '-' && *v != 0)) {
      Malformed(Excerpt(what) + "=" + Excerpt(tok) + " is out of range (0 to " +
                std::to_string(max) + ")");
      return false;
    }
    return true;
  }
  // A 32-bit pattern (a float literal's bits, or an integer from -2^31 to 2^32 - 1).
  bool Bits32(const std::string& what, const std::string& tok, uint64_t* v) {
    if (!Value(tok, v)) return false;
    if (*v > 0xFFFFFFFFu && *v < (uint64_t{0} - (uint64_t{1} << 31))) {
      Malformed(Excerpt(what) + "=" + Excerpt(tok) +
                " does not fit 32 bits (-2147483648 to 4294967295, or a float)");
      return false;
    }
    *v &= 0xFFFFFFFFu;
    return true;
  }
  bool KeyValue(const std::string& k, const std::string& tok, uint64_t* v) {
    if (k == "bias" || k == "min_lod" || k == "max_lod") return Bits32(k, tok, v);
    return Ranged(k, tok, FieldMax(k), v);
  }

  // key=value pairs.
  bool Pairs(const std::string& s, std::map<std::string, std::string>* kv) {
    for (const std::string& w : SplitWs(s)) {
      size_t eq = w.find('=');
      if (eq == std::string::npos || eq == 0) {
        Malformed("expected key=value, got '" + Excerpt(w) + "'");
        return false;
      }
      (*kv)[w.substr(0, eq)] = w.substr(eq + 1);
    }
    return true;
  }

  // Keys shared by `surface` and `texture`: dim, format=ORDER/TYPE, layout. Returns false if k is
  // none of them; sets *bad on a malformed value.
  bool LayoutKey(const std::string& k, const std::string& v, Geometry* dim, ChannelOrder* order,
                 ChannelType* type, Layout* layout, bool* bad) {
    if (k == "dim") {
      auto g = Parse<Geometry>(v);
      if (!g) return Malformed("unknown dim '" + Excerpt(v) + "'"), *bad = true;
      *dim = *g;
    } else if (k == "format") {
      size_t slash = v.find('/');
      auto o = Parse<ChannelOrder>(v.substr(0, slash));
      auto t = slash == std::string::npos ? std::nullopt : Parse<ChannelType>(v.substr(slash + 1));
      if (!o || !t) return Malformed("format must be ORDER/TYPE with OpenCL names, got '" + Excerpt(v) + "'"), *bad = true;
      *order = *o;
      *type = *t;
    } else if (k == "layout") {
      auto l = Parse<Layout>(v);
      if (!l) return Malformed("layout must be pitch or block, got '" + Excerpt(v) + "'"), *bad = true;
      *layout = *l;
    } else {
      return false;
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
      bool bad = false;
      if (LayoutKey(k, v, &d.dim, &d.order, &d.type, &d.layout, &bad)) {
        if (bad) return;
      } else {
        if (!KeyValue(k, v, &n)) return;
        if (k == "handle") {
          handle = n;
        } else if (ExtentKey(k, n, &d)) {
        } else if (k == "pitch") {
          d.pitch = static_cast<uint32_t>(n);
        } else {
          return Malformed("unknown surface field '" + Excerpt(k) + "'");
        }
      }
    }
    std::string err;
    if (!unit_.BindSurface(handle, d, &err)) return Malformed(err);
    surfaces_[name] = handle;
  }

  // Sampler keys, shared by `sampler` and `texture` (its own sampler). Returns false if k is not
  // a sampler key; sets *bad on a malformed value.
  bool SamplerKey(const std::string& k, const std::string& v, SamplerDesc* d, bool* bad) {
    auto num = [&](uint64_t* n) {
      if (!KeyValue(k, v, n)) *bad = true;
      return !*bad;
    };
    auto flt = [&](float* f) {
      uint64_t n = 0;
      if (!num(&n)) return;
      const uint32_t u = static_cast<uint32_t>(n);
      std::memcpy(f, &u, 4);
    };
    auto filter = [&](FilterMode* f) {
      auto m = Parse<FilterMode>(v);
      if (!m) {
        Malformed("filter must be nearest or linear, got '" + Excerpt(v) + "'");
        *bad = true;
        return;
      }
      *f = *m;
    };
    uint64_t n = 0;
    if (k == "filter") {
      filter(&d->mag_filter);
      d->min_filter = d->mag_filter;
    } else if (k == "mag_filter") {
      filter(&d->mag_filter);
    } else if (k == "min_filter") {
      filter(&d->min_filter);
    } else if (k == "mip") {
      auto m = Parse<MipFilter>(v);
      if (!m) return Malformed("mip must be none, nearest or linear, got '" + Excerpt(v) + "'"), *bad = true;
      d->mip_filter = *m;
    } else if (k == "address" || k == "address_x" || k == "address_y" || k == "address_z") {
      auto m = Parse<AddressMode>(v);
      if (!m) return Malformed("address mode must be wrap, clamp, mirror or border, got '" + Excerpt(v) + "'"), *bad = true;
      for (int a = 0; a < 3; ++a) {
        if (k == "address" || k.back() == "xyz"[a]) d->address[a] = *m;
      }
    } else if (k == "normalized") {
      if (num(&n)) d->normalized = n != 0;
    } else if (k == "srgb") {
      if (num(&n)) d->srgb = n != 0;
    } else if (k == "seamless") {
      if (num(&n)) d->seamless_cube = n != 0;
    } else if (k == "aniso") {
      if (num(&n)) d->max_anisotropy = static_cast<uint32_t>(n);
    } else if (k == "read") {
      auto m = Parse<ReadMode>(v);
      if (!m) return Malformed("read must be element or normalized, got '" + Excerpt(v) + "'"), *bad = true;
      d->read_mode = *m;
    } else if (k == "compare") {
      auto m = Parse<CompareOp>(v);
      if (!m) return Malformed("unknown compare op '" + Excerpt(v) + "'"), *bad = true;
      d->compare = *m;
    } else if (k == "bias") {
      flt(&d->lod_bias);
    } else if (k == "min_lod") {
      flt(&d->min_lod);
    } else if (k == "max_lod") {
      flt(&d->max_lod);
    } else if (k == "border") {
      std::istringstream in(v);
      std::string part;
      for (int i = 0; i < 4; ++i) {
        if (!std::getline(in, part, ',')) return Malformed("border needs 4 comma-separated values"), *bad = true;
        if (!Bits32("border", part, &n)) return (void)(*bad = true), true;
        d->border[i] = static_cast<uint32_t>(n);
      }
    } else {
      return false;
    }
    return true;
  }

  void SamplerCmd(const std::string& rest) {
    std::vector<std::string> w = SplitWs(rest);
    if (w.empty()) return Malformed("sampler needs a name");
    const std::string name = w[0];
    std::map<std::string, std::string> kv;
    if (!Pairs(rest.substr(rest.find(name) + name.size()), &kv)) return;
    SamplerDesc d;
    uint64_t handle = 0x2000 + samplers_.size();
    for (const auto& [k, v] : kv) {
      bool bad = false;
      if (k == "handle") {
        if (!Value(v, &handle)) return;
      } else if (!SamplerKey(k, v, &d, &bad)) {
        return Malformed("unknown sampler field '" + Excerpt(k) + "'");
      }
      if (bad) return;
    }
    std::string err;
    if (!unit_.BindSampler(handle, d, &err)) return Malformed(err);
    samplers_[name] = handle;
  }

  void Texture(const std::string& rest) {
    std::vector<std::string> w = SplitWs(rest);
    if (w.empty()) return Malformed("texture needs a name");
    const std::string name = w[0];
    std::map<std::string, std::string> kv;
    if (!Pairs(rest.substr(rest.find(name) + name.size()), &kv)) return;
    TextureDesc d;
    uint64_t handle = 0x1000 + textures_.size();
    for (const auto& [k, v] : kv) {
      uint64_t n = 0;
      bool bad = false;
      if (SamplerKey(k, v, &d.sampler, &bad)) {
        if (bad) return;
      } else if (LayoutKey(k, v, &d.dim, &d.order, &d.type, &d.layout, &bad)) {
        if (bad) return;
      } else if (k == "nonresident") {  // level:layer:tx:ty:tz[;...]
        std::istringstream in(v);
        std::string tile;
        while (std::getline(in, tile, ';')) {
          uint32_t f[5] = {};
          std::istringstream ts(tile);
          std::string part;
          for (int i = 0; i < 5; ++i) {
            if (!std::getline(ts, part, ':')) {
              return Malformed("nonresident tiles are level:layer:x:y:z, separated by ';'");
            }
            if (!Ranged("nonresident", part, 0xFFFFFFFFu, &n)) return;
            f[i] = static_cast<uint32_t>(n);
          }
          d.non_resident.push_back({f[0], f[1], f[2], f[3], f[4]});
        }
      } else {
        if (!KeyValue(k, v, &n)) return;
        if (k == "handle") {
          handle = n;
        } else if (ExtentKey(k, n, &d)) {
        } else if (k == "levels") {
          d.levels = static_cast<uint32_t>(n);
        } else if (k == "samples") {
          d.samples = static_cast<uint32_t>(n);
        } else if (k == "tile_x" || k == "tile_y" || k == "tile_z") {
          d.tile_log2[k.back() - 'x'] = static_cast<uint8_t>(n);
        } else {
          return Malformed("unknown texture field '" + Excerpt(k) + "'");
        }
      }
    }
    std::string err;
    if (!unit_.BindTexture(handle, d, &err)) return Malformed(err);
    textures_[name] = handle;
  }

  // texel TEX x y z [level=K] [layer=L] [sample=S] = V0 V1 V2 V3   (component values, packed)
  void TexelCmd(const std::string& rest) {
    const size_t eq = rest.find(" = ");
    std::vector<std::string> w = SplitWs(rest.substr(0, eq == std::string::npos ? rest.size() : eq));
    if (eq == std::string::npos || w.size() < 4 || !textures_.count(w[0])) {
      return Malformed("texel TEXTURE x y z [level=K] [layer=L] [sample=S] = V0 V1 V2 V3");
    }
    const ResolvedTexture* t = unit_.FindTexture(textures_[w[0]]);
    uint64_t xyz[3], level = 0, layer = 0, sample = 0;
    for (int i = 0; i < 3; ++i) {
      if (!Ranged(std::string(1, "xyz"[i]), w[1 + i], 0xFFFFFFFFu, &xyz[i])) return;
    }
    for (size_t i = 4; i < w.size(); ++i) {
      const size_t e = w[i].find('=');
      const std::string k = w[i].substr(0, e);
      uint64_t n = 0;
      if (e == std::string::npos) return Malformed("bad texel option '" + Excerpt(w[i]) + "'");
      if (!Ranged(k, w[i].substr(e + 1), 0xFFFFFFFFu, &n)) return;
      if (k == "level") level = n;
      else if (k == "layer") layer = n;
      else if (k == "sample") sample = n;
      else return Malformed("unknown texel option '" + Excerpt(k) + "'");
    }
    std::vector<std::string> vals = SplitWs(rest.substr(eq + 3));
    if (vals.empty() || vals.size() > 4) return Malformed("texel takes 1 to 4 component values");
    if (level >= t->desc.levels || layer >= t->layers || sample >= t->desc.samples) {
      return Malformed("texel level/layer/sample outside the texture");
    }
    const ResolvedSurface& lv = t->level[level];
    if (xyz[0] >= lv.desc.width / t->desc.samples || xyz[1] >= lv.desc.height || xyz[2] >= lv.desc.depth) {
      return Malformed("texel coordinates outside level " + std::to_string(level));
    }
    uint32_t comps[4];
    for (int c = 0; c < 4; ++c) comps[c] = DefaultComponent(t->fmt, c);
    for (size_t i = 0; i < vals.size(); ++i) {
      uint64_t n = 0;
      if (!Bits32("component " + std::to_string(i), vals[i], &n)) return;
      comps[i] = static_cast<uint32_t>(n);
    }
    uint8_t bytes[16] = {};
    PackTexel(t->fmt, comps, bytes);
    const uint64_t addr = TexelAddress(*t, static_cast<uint32_t>(level), static_cast<uint32_t>(layer),
                                       static_cast<uint32_t>(xyz[0]), static_cast<uint32_t>(xyz[1]),
                                       static_cast<uint32_t>(xyz[2]), static_cast<uint32_t>(sample));
    mem_.Write(addr, bytes, static_cast<uint32_t>(t->fmt.texel_bytes));
  }

  void Fill(const std::string& rest) {
    std::vector<std::string> w = SplitWs(rest);
    if (w.size() != 2 || (!surfaces_.count(w[0]) && !textures_.count(w[0]))) {
      return Malformed("fill SURFACE|TEXTURE index|zero|BYTE");
    }
    uint64_t base = 0, size = 0;
    if (surfaces_.count(w[0])) {
      const ResolvedSurface* s = unit_.FindSurface(surfaces_[w[0]]);
      base = s->desc.base, size = s->size_bytes;
    } else {
      const ResolvedTexture* t = unit_.FindTexture(textures_[w[0]]);
      base = t->desc.base, size = t->size_bytes;
    }
    if (size > options_.max_fill_bytes) {
      return Malformed("fill " + Excerpt(w[0]) + ": the footprint is " + std::to_string(size) +
                       " bytes, above the fill limit of " +
                       std::to_string(options_.max_fill_bytes) +
                       " bytes (tsu run --max-fill-bytes)");
    }
    uint64_t byte = 0;
    const bool index = w[1] == "index";
    if (!index && w[1] != "zero" && !Ranged("fill byte", w[1], 0xFF, &byte)) return;
    // A page-sized buffer at a time: one sparse-memory lookup per 4 KiB, not per byte.
    std::vector<uint8_t> buf(4096);
    for (uint64_t i = 0; i < size;) {
      const uint64_t n = std::min<uint64_t>(buf.size(), size - i);
      for (uint64_t j = 0; j < n; ++j) {
        const uint64_t k = i + j;
        buf[j] = static_cast<uint8_t>(index ? (k * 7 + (k >> 8)) : byte);
      }
      mem_.Write(base + i, buf.data(), static_cast<uint32_t>(n));
      i += n;
    }
  }

  bool Bytes(const std::vector<std::string>& w, size_t from, std::vector<uint8_t>* out) {
    for (size_t i = from; i < w.size(); ++i) {
      uint64_t b = 0;
      if (!Value(w[i].rfind("0x", 0) == 0 ? w[i] : "0x" + w[i], &b)) return false;
      if (b > 0xFF) {
        Malformed("byte '" + Excerpt(w[i]) + "' is larger than 0xff");
        return false;
      }
      out->push_back(static_cast<uint8_t>(b));
    }
    return true;
  }

  // n bytes from addr stay below 2^64 (memory does not wrap to address 0).
  bool InAddressSpace(uint64_t addr, size_t n) {
    if (n != 0 && addr + (n - 1) < addr) {
      Malformed(std::to_string(n) + " bytes at " + Hex(addr) +
                " run past the top of the 64-bit address space");
      return false;
    }
    return true;
  }

  void Mem(const std::string& rest) {
    std::vector<std::string> w = SplitWs(rest);
    uint64_t addr = 0;
    std::vector<uint8_t> bytes;
    if (w.size() < 2) return Malformed("mem ADDR BYTE...");
    if (!Value(w[0], &addr) || !Bytes(w, 1, &bytes) || !InAddressSpace(addr, bytes.size())) return;
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
      Malformed("register '" + Excerpt(o.name) + "' is read before it is set");
      return false;
    }
    *v = it->second;
    return true;
  }

  // dialect ptxas|text: how the following instructions are judged (docs/semantics.md, Dialects).
  void DialectCmd(const std::string& rest) {
    const auto d = ParseDialect(Trim(rest));
    if (!d) return Malformed("dialect is 'ptxas' or 'text', not '" + Excerpt(Trim(rest)) + "'");
    options_.dialect = *d;
  }

  // exec_ptx FILE ENTRY: executes the texture/surface instructions of ENTRY in the PTX module
  // FILE (relative to the script), in order, with the registers the script has set. Every other
  // instruction is skipped: the module gives the instructions, the script the operand values.
  void ExecPtx(const std::string& rest) {
    std::istringstream words(rest);
    std::string file, entry, extra;
    if (!(words >> file >> entry) || (words >> extra)) return Malformed("exec_ptx FILE ENTRY");
    std::string path = file;
    if (!path.empty() && path[0] != '/') {
      const size_t slash = name_.find_last_of('/');
      if (slash != std::string::npos) path = name_.substr(0, slash + 1) + file;
    }
    std::string text, why;
    if (!ReadRegularFile(path, kMaxModuleBytes, &text, &why)) {
      return Malformed("cannot read the PTX module: " + why);
    }
    const PtxModule m = ReadPtxModule(text, options_.dialect);
    if (!m.errors.empty()) {  // the first error; `tsu ptx FILE` lists them all
      const ModuleDiagnostic& d = m.errors.front();
      return Malformed(Excerpt(file) + ":" + std::to_string(d.line) + ":" +
                       std::to_string(d.column) + ": " + d.message);
    }
    bool found = false;
    for (const ModuleFunction& fn : m.functions) found |= fn.name == entry;
    if (!found) return Malformed("the PTX module '" + Excerpt(file) + "' has no function '" +
                                 Excerpt(entry) + "'");
    for (const ModuleInstruction& mi : m.instructions) {
      if (mi.function != entry) continue;
      if (!mi.valid) {
        return Malformed(Excerpt(file) + ":" + std::to_string(mi.line) + ":" +
                         std::to_string(mi.column) + ": " + mi.error);
      }
      CheckTrapClaimed();
      Exec(mi.text);
    }
  }

  void Exec(const std::string& text) {
    Instruction in;
    std::string err;
    ParseOptions popt;
    popt.dialect = options_.dialect;
    if (!ParsePtx(text, &in, &err, popt)) return Malformed("invalid instruction: " + err);
    if (!in.no_semantics.empty()) {
      return Malformed("the instruction is valid PTX but has no defined meaning to execute: " +
                       in.no_semantics);
    }
    Request req;
    // Operand a: a declared surface/texture name (direct) or a register holding a handle.
    const auto& names = in.opcode == Opcode::kTex ? textures_ : surfaces_;
    if (auto it = names.find(in.resource.name); it != names.end()) {
      req.handle = it->second;
    } else if (!Read(in.resource, &req.handle)) {
      return;
    }
    if (in.has_sampler) {
      if (auto it = samplers_.find(in.sampler.name); it != samplers_.end()) {
        req.sampler = it->second;
      } else if (!Read(in.sampler, &req.sampler)) {
        return;
      }
    }
    uint64_t v64 = 0;
    if (in.has_lod) {
      if (!Read(in.lod, &v64)) return;
      req.lod = static_cast<uint32_t>(v64);
    }
    if (in.has_depth_ref) {
      if (!Read(in.depth_ref, &v64)) return;
      req.depth_ref = static_cast<uint32_t>(v64);
    }
    const std::pair<const std::vector<Operand>*, uint32_t*> vecs[] = {
        {&in.dpdx, req.dpdx}, {&in.dpdy, req.dpdy}, {&in.offset, req.offset}};
    for (const auto& [ops, dst] : vecs) {
      for (size_t i = 0; i < ops->size() && i < 4; ++i) {
        if (!Read((*ops)[i], &v64)) return;
        dst[i] = static_cast<uint32_t>(v64);
      }
    }
    for (size_t i = 0; i < in.coords.size() && i < 4; ++i) {
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
      if (in.has_pred_dst) regs_[in.pred_dst.name] = last_.pred ? 1 : 0;
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
        Fail("expected " + Excerpt(k) + " = " + Hex(want) + ", but " + Excerpt(k) +
             " was never written");
      } else if (it->second != want) {
        Fail("expected " + Excerpt(k) + " = " + Hex(want) + ", got " + Hex(it->second));
      }
    }
  }

  void ExpectTrap(const std::string& rest) {
    const std::string want = Trim(rest);
    auto cause = Parse<TrapCause>(want);
    if (!cause) return Malformed("unknown trap cause '" + Excerpt(want) + "'");
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
    if (!Value(w[0], &addr) || !Bytes(w, 1, &want) || !InAddressSpace(addr, want.size())) return;
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
    ParseOptions popt;
    popt.dialect = options_.dialect;
    if (ParsePtx(text, &in, &err, popt)) return Fail("expected rejection of '" + Excerpt(Trim(text)) + "'");
    if (err.find(want) == std::string::npos) {
      Fail("rejection message '" + err + "' does not contain '" + Excerpt(want) + "'");
    }
  }

  std::string name_;
  ScriptOptions options_;
  int line_ = 0;
  int exec_line_ = 0;
  SparseMemory mem_;
  Unit unit_;
  std::map<std::string, uint64_t> surfaces_;
  std::map<std::string, uint64_t> textures_;
  std::map<std::string, uint64_t> samplers_;
  std::map<std::string, uint64_t> regs_;
  Response last_;
  bool trap_claimed_ = true;
  ScriptResult result_;
};

}  // namespace

ScriptResult RunScriptText(const std::string& text, const std::string& name,
                           const ScriptOptions& options) {
  Runner r(name, options);
  int n = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    ++n;
    if (end - pos > kMaxScriptLineBytes) {
      r.LongLine(n, end - pos);
    } else {
      r.Line(n, text.substr(pos, end - pos));
    }
    pos = end + 1;
  }
  return r.Finish();
}

ScriptResult RunScriptFile(const std::string& path, const ScriptOptions& options) {
  std::string text, why;
  if (!ReadRegularFile(path, kMaxScriptBytes, &text, &why)) {
    ScriptResult r;
    r.malformed = true;
    r.failures = 1;
    r.messages.push_back("error: " + why);
    return r;
  }
  return RunScriptText(text, path, options);
}

}  // namespace tsu
