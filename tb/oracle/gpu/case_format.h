// The GPU oracle's two files, defined once for both sides: the case set (written by
// `tsu oracle gpu cases`, read by the capture harness and by the checker) and the capture (written
// by the harness on a GPU, or by `tsu oracle gpu model`, read by the checker). Plain C++17 with
// no tsu dependency, so the CUDA harness (nvcc) includes it as it is. docs/gpu-oracle.md
// describes both formats.
//
// Case set, version 1: text, one record per line, fields `key=value` separated by spaces.
//   tsu-gpu-cases 1
//   seed S
//   resource id=R kind=texture|surface dim=2d w= h= d= layers= levels= order=RGBA type=UNORM_INT8
//            memory=array|pitch2d read=element|normalized filter=nearest|linear mip=none|nearest|linear
//            address=wrap,clamp,border norm=0|1 srgb=0|1 seamless=0|1 border=HEX,HEX,HEX,HEX
//            bias=F min_lod=F max_lod=F
//   texels id=R level=L bytes=HEX     (one line per level: [layer][z][y][x], packed texels)
//   kernel id=K ptx=INSTRUCTION       (the instruction, in PTX with the registers below)
//   case id=N category=C kernel=K resource=R class=plain|store|trap in=HEX,HEX,...
//   unexpressible category=C what=TEXT (a case the CUDA runtime cannot express, listed)
// A line starting with # is a comment. HEX words are 32-bit, without 0x.
//
// Capture, version 1:
//   tsu-gpu-capture 1
//   device sm=90 name=TEXT                (name=model when the model wrote it)
//   case id=N outcome=ok|trap|error out=HEX,...[ bytes=HEX]
// `bytes` is the store or reduction's surface after the instruction (class store), packed.
#ifndef TSU_TB_ORACLE_GPU_CASE_FORMAT_H_
#define TSU_TB_ORACLE_GPU_CASE_FORMAT_H_

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace tsu {
namespace gpu {

constexpr int kCaseVersion = 1;
constexpr int kCaptureVersion = 1;

// The kernel's input block per case (32-bit words), read by every kernel the same way.
enum InWord : int {
  kInCoord = 0,   // 4 words: operand c / b elements
  kInLod = 4,     // .level
  kInDpdx = 5,    // 4 words
  kInDpdy = 9,    // 4 words
  kInOffset = 13, // 3 words
  kInRef = 16,    // depth compare value
  kInData = 17,   // 4 x 64-bit source elements, low word first (sust, sured)
  kInHandle = 25, // 64-bit texture or surface object, low word first (the harness fills it)
  kInWords = 28,
};
// The kernel's output block per case.
enum OutWord : int {
  kOutData = 0,   // 4 x 64-bit destination elements, low word first
  kOutPred = 8,   // the |p predicate (1 when the instruction has none)
  kOutDone = 9,   // kDoneMark once the thread ran to its end
  kOutWords = 10,
};
constexpr uint32_t kDoneMark = 0x600DCA5Eu;

// The registers a case's instruction names (the kernel declares and loads all of them):
//   %t (.b64 resource), %c0..%c3 (.b32 coordinates), %lod, %gx0..%gx3, %gy0..%gy3, %e0..%e2,
//   %ref (.b32), destinations %d0..%d3 (.b32), %dd0..%dd3 (.b64), %dh0..%dh3 (.b16), sources
//   %s0..%s3 (.b32), %sd0..%sd3 (.b64), %sh0..%sh3 (.b16), and %p (.pred).

struct Resource {
  int id = 0;
  bool texture = true;
  std::string dim = "2d";  // a tex or surface geometry name
  uint32_t w = 1, h = 1, d = 1, layers = 0, levels = 1;
  std::string order = "RGBA", type = "UNORM_INT8", read = "element";
  // CUDA's storage: a CUDA array (its own layout), or linear memory with a row pitch
  // (cudaResourceTypePitch2D: 2d textures of one level).
  std::string memory = "array";
  std::string filter = "nearest", mip = "none", address[3] = {"clamp", "clamp", "clamp"};
  bool norm = false, srgb = false, seamless = false;
  uint32_t border[4] = {};
  float bias = 0, min_lod = -1000, max_lod = 1000;
  std::vector<std::vector<uint8_t>> texels;  // per level: [layer][z][y][x]
};

struct Case {
  uint64_t id = 0;
  std::string category, cls = "plain";
  int kernel = 0, resource = 0;
  uint32_t in[kInWords] = {};
};

struct Unexpressible {
  std::string category, what;
};

struct CaseSet {
  uint64_t seed = 0;
  std::vector<Resource> resources;
  std::vector<std::string> kernels;  // instruction text per kernel id
  std::vector<Case> cases;
  std::vector<Unexpressible> unexpressible;
  const Resource* FindResource(int id) const {
    for (const Resource& r : resources) {
      if (r.id == id) return &r;
    }
    return nullptr;
  }
};

struct Captured {
  uint64_t id = 0;
  std::string outcome = "ok";  // ok, trap, error
  uint32_t out[kOutWords] = {};
  std::vector<uint8_t> bytes;  // class store: the surface after
};

struct Capture {
  std::string device = "model";
  int sm = 0;
  std::map<uint64_t, Captured> cases;
};

// ---- Text helpers --------------------------------------------------------------------------

inline std::string Hex(const uint8_t* p, size_t n) {
  static const char* const kDigits = "0123456789abcdef";
  std::string s;
  s.reserve(2 * n);
  for (size_t k = 0; k < n; ++k) {
    s += kDigits[p[k] >> 4];
    s += kDigits[p[k] & 15];
  }
  return s;
}

inline std::string HexWords(const uint32_t* w, int n) {
  std::string s;
  char buf[12];
  for (int k = 0; k < n; ++k) {
    std::snprintf(buf, sizeof buf, "%s%x", k ? "," : "", w[k]);
    s += buf;
  }
  return s;
}

inline bool ParseHexBytes(const std::string& s, std::vector<uint8_t>* out) {
  if (s.size() % 2) return false;
  out->clear();
  out->reserve(s.size() / 2);
  for (size_t k = 0; k < s.size(); k += 2) {
    char* end = nullptr;
    const std::string two = s.substr(k, 2);
    const unsigned long v = std::strtoul(two.c_str(), &end, 16);
    if (*end != '\0') return false;
    out->push_back(static_cast<uint8_t>(v));
  }
  return true;
}

inline bool ParseHexWords(const std::string& s, uint32_t* w, int n) {
  std::istringstream in(s);
  std::string item;
  int k = 0;
  while (std::getline(in, item, ',')) {
    if (k >= n || item.empty() || item.size() > 8) return false;
    char* end = nullptr;
    w[k++] = static_cast<uint32_t>(std::strtoul(item.c_str(), &end, 16));
    if (*end != '\0') return false;
  }
  return k == n;
}

// A record: its tag and key=value fields (a value runs to the next space; `ptx=` and `what=`
// take the rest of the line).
struct Record {
  std::string tag;
  std::map<std::string, std::string> f;
  bool Has(const char* k) const { return f.count(k) != 0; }
  const std::string& Get(const char* k) const {
    static const std::string kEmpty;
    auto it = f.find(k);
    return it == f.end() ? kEmpty : it->second;
  }
};

inline Record SplitRecord(const std::string& line) {
  Record r;
  size_t at = line.find(' ');
  r.tag = line.substr(0, at);
  while (at != std::string::npos) {
    const size_t start = at + 1;
    const size_t eq = line.find('=', start);
    if (eq == std::string::npos) break;
    const std::string key = line.substr(start, eq - start);
    if (key == "ptx" || key == "what") {
      r.f[key] = line.substr(eq + 1);
      break;
    }
    at = line.find(' ', eq);
    r.f[key] = line.substr(eq + 1, at == std::string::npos ? std::string::npos : at - eq - 1);
  }
  return r;
}

inline bool ToU32(const std::string& s, uint32_t* v) {
  if (s.empty() || s.size() > 10) return false;
  char* end = nullptr;
  const unsigned long long x = std::strtoull(s.c_str(), &end, 10);
  if (*end != '\0' || x > 0xFFFFFFFFull) return false;
  *v = static_cast<uint32_t>(x);
  return true;
}

inline bool ToFloat(const std::string& s, float* v) {
  if (s.empty()) return false;
  char* end = nullptr;
  *v = std::strtof(s.c_str(), &end);
  return *end == '\0';
}

// ---- Case set -------------------------------------------------------------------------------

inline void WriteCaseSet(const CaseSet& cs, std::ostream& o) {
  o << "tsu-gpu-cases " << kCaseVersion << "\nseed " << cs.seed << "\n";
  for (const Resource& r : cs.resources) {
    o << "resource id=" << r.id << " kind=" << (r.texture ? "texture" : "surface")
      << " dim=" << r.dim << " w=" << r.w << " h=" << r.h << " d=" << r.d
      << " layers=" << r.layers << " levels=" << r.levels << " order=" << r.order
      << " type=" << r.type << " memory=" << r.memory << " read=" << r.read;
    if (r.texture) {
      char buf[160];
      std::snprintf(buf, sizeof buf, " bias=%.9g min_lod=%.9g max_lod=%.9g",
                    static_cast<double>(r.bias), static_cast<double>(r.min_lod),
                    static_cast<double>(r.max_lod));
      o << " filter=" << r.filter << " mip=" << r.mip << " address=" << r.address[0] << ","
        << r.address[1] << "," << r.address[2] << " norm=" << r.norm << " srgb=" << r.srgb
        << " seamless=" << r.seamless << " border=" << HexWords(r.border, 4) << buf;
    }
    o << "\n";
    for (size_t l = 0; l < r.texels.size(); ++l) {
      o << "texels id=" << r.id << " level=" << l << " bytes="
        << Hex(r.texels[l].data(), r.texels[l].size()) << "\n";
    }
  }
  for (size_t k = 0; k < cs.kernels.size(); ++k) {
    o << "kernel id=" << k << " ptx=" << cs.kernels[k] << "\n";
  }
  for (const Case& c : cs.cases) {
    o << "case id=" << c.id << " category=" << c.category << " kernel=" << c.kernel
      << " resource=" << c.resource << " class=" << c.cls << " in=" << HexWords(c.in, kInHandle)
      << "\n";
  }
  for (const Unexpressible& u : cs.unexpressible) {
    o << "unexpressible category=" << u.category << " what=" << u.what << "\n";
  }
}

// Reads a case set; on a malformed file returns false with *err naming the line.
inline bool ReadCaseSet(std::istream& in, CaseSet* cs, std::string* err) {
  std::string line;
  int n = 0;
  auto fail = [&](const std::string& why) {
    *err = "line " + std::to_string(n) + ": " + why;
    return false;
  };
  if (!std::getline(in, line) || line != "tsu-gpu-cases " + std::to_string(kCaseVersion)) {
    *err = "not a version " + std::to_string(kCaseVersion) + " case set (first line 'tsu-gpu-cases " +
           std::to_string(kCaseVersion) + "')";
    return false;
  }
  n = 1;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    const Record r = SplitRecord(line);
    if (r.tag == "seed") {
      cs->seed = std::strtoull(line.c_str() + 5, nullptr, 10);
    } else if (r.tag == "resource") {
      Resource x;
      uint32_t id = 0;
      if (!ToU32(r.Get("id"), &id) || !ToU32(r.Get("w"), &x.w) || !ToU32(r.Get("h"), &x.h) ||
          !ToU32(r.Get("d"), &x.d) || !ToU32(r.Get("layers"), &x.layers) ||
          !ToU32(r.Get("levels"), &x.levels) || x.levels == 0 || x.levels > 17) {
        return fail("resource: bad id, extent or level count");
      }
      x.id = static_cast<int>(id);
      x.texture = r.Get("kind") == "texture";
      if (!x.texture && r.Get("kind") != "surface") return fail("resource: kind");
      x.dim = r.Get("dim");
      x.order = r.Get("order");
      x.type = r.Get("type");
      x.read = r.Get("read");
      x.memory = r.Get("memory");
      if (x.memory != "array" && !(x.memory == "pitch2d" && x.texture && x.dim == "2d" && x.levels == 1)) {
        return fail("resource: memory is array, or pitch2d for a 2d texture of one level");
      }
      if (x.texture) {
        x.filter = r.Get("filter");
        x.mip = r.Get("mip");
        const std::string& a = r.Get("address");
        const size_t c1 = a.find(','), c2 = a.find(',', c1 == std::string::npos ? 0 : c1 + 1);
        if (c1 == std::string::npos || c2 == std::string::npos) return fail("resource: address");
        x.address[0] = a.substr(0, c1);
        x.address[1] = a.substr(c1 + 1, c2 - c1 - 1);
        x.address[2] = a.substr(c2 + 1);
        x.norm = r.Get("norm") == "1";
        x.srgb = r.Get("srgb") == "1";
        x.seamless = r.Get("seamless") == "1";
        if (!ParseHexWords(r.Get("border"), x.border, 4) || !ToFloat(r.Get("bias"), &x.bias) ||
            !ToFloat(r.Get("min_lod"), &x.min_lod) || !ToFloat(r.Get("max_lod"), &x.max_lod)) {
          return fail("resource: border or lod fields");
        }
      }
      x.texels.resize(x.levels);
      cs->resources.push_back(x);
    } else if (r.tag == "texels") {
      uint32_t id = 0, level = 0;
      if (!ToU32(r.Get("id"), &id) || !ToU32(r.Get("level"), &level)) return fail("texels: id/level");
      Resource* res = nullptr;
      for (Resource& x : cs->resources) {
        if (x.id == static_cast<int>(id)) res = &x;
      }
      if (!res || level >= res->levels) return fail("texels: no such resource level");
      if (!ParseHexBytes(r.Get("bytes"), &res->texels[level])) return fail("texels: bytes");
    } else if (r.tag == "kernel") {
      uint32_t id = 0;
      if (!ToU32(r.Get("id"), &id) || id != cs->kernels.size() || r.Get("ptx").empty()) {
        return fail("kernel: ids must count up from 0, with a ptx");
      }
      cs->kernels.push_back(r.Get("ptx"));
    } else if (r.tag == "case") {
      Case c;
      uint32_t kernel = 0, res = 0;
      if (!ToU32(r.Get("kernel"), &kernel) || kernel >= cs->kernels.size() ||
          !ToU32(r.Get("resource"), &res) || !cs->FindResource(static_cast<int>(res))) {
        return fail("case: unknown kernel or resource");
      }
      c.id = std::strtoull(r.Get("id").c_str(), nullptr, 10);
      c.category = r.Get("category");
      c.cls = r.Get("class");
      c.kernel = static_cast<int>(kernel);
      c.resource = static_cast<int>(res);
      if (c.category.empty() || (c.cls != "plain" && c.cls != "store" && c.cls != "trap")) {
        return fail("case: category and class (plain, store, trap)");
      }
      if (!ParseHexWords(r.Get("in"), c.in, kInHandle)) return fail("case: in (25 words)");
      cs->cases.push_back(c);
    } else if (r.tag == "unexpressible") {
      cs->unexpressible.push_back({r.Get("category"), r.Get("what")});
    } else {
      return fail("unknown record '" + r.tag + "'");
    }
  }
  return true;
}

// ---- Capture --------------------------------------------------------------------------------

inline void WriteCaptureHeader(const Capture& c, std::ostream& o) {
  o << "tsu-gpu-capture " << kCaptureVersion << "\ndevice sm=" << c.sm << " name=" << c.device
    << "\n";
}

inline void WriteCaptured(const Captured& c, std::ostream& o) {
  o << "case id=" << c.id << " outcome=" << c.outcome << " out=" << HexWords(c.out, kOutWords);
  if (!c.bytes.empty()) o << " bytes=" << Hex(c.bytes.data(), c.bytes.size());
  o << "\n";
}

inline bool ReadCapture(std::istream& in, Capture* cap, std::string* err) {
  std::string line;
  int n = 1;
  if (!std::getline(in, line) || line != "tsu-gpu-capture " + std::to_string(kCaptureVersion)) {
    *err = "not a version " + std::to_string(kCaptureVersion) + " capture";
    return false;
  }
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    Record r = SplitRecord(line);
    if (r.tag == "device") {
      const size_t at = line.find(" name=");
      cap->device = at == std::string::npos ? "?" : line.substr(at + 6);
      cap->sm = std::atoi(r.Get("sm").c_str());
    } else if (r.tag == "case") {
      Captured c;
      c.id = std::strtoull(r.Get("id").c_str(), nullptr, 10);
      c.outcome = r.Get("outcome");
      if ((c.outcome != "ok" && c.outcome != "trap" && c.outcome != "error") ||
          !ParseHexWords(r.Get("out"), c.out, kOutWords) ||
          (r.Has("bytes") && !ParseHexBytes(r.Get("bytes"), &c.bytes))) {
        *err = "line " + std::to_string(n) + ": a case needs outcome ok/trap/error and 10 out words";
        return false;
      }
      cap->cases[c.id] = c;
    } else {
      *err = "line " + std::to_string(n) + ": unknown record '" + r.tag + "'";
      return false;
    }
  }
  return true;
}

}  // namespace gpu
}  // namespace tsu

#endif  // TSU_TB_ORACLE_GPU_CASE_FORMAT_H_
