#include "stimulus_record.h"

#include <cinttypes>
#include <cstring>

#include <nlohmann/json.hpp>

#include "tsu/encodings.h"

namespace tsu::tb {
namespace {

using Json = nlohmann::ordered_json;

// The largest software write one line may carry (a texture level of the bench is far smaller).
constexpr size_t kMaxMemoryEventBytes = 64u << 20;

std::string HexBytes(const uint8_t* b, size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s(2 * n, '0');
  for (size_t i = 0; i < n; ++i) {
    s[2 * i] = kDigits[b[i] >> 4];
    s[2 * i + 1] = kDigits[b[i] & 15];
  }
  return s;
}

std::string Hex64(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
  return buf;
}

// An enum by its spelling, or by its code when it has none (the `illegal` scenario's reserved
// codes).
template <typename E>
Json EnumJson(E v) {
  if (ToInt(v) < kCount<E> && !Name(v).empty()) return std::string(Name(v));
  return ToInt(v);
}

const char* KindName(SlotKind k) {
  switch (k) {
    case SlotKind::kSurface: return "surface";
    case SlotKind::kTexture: return "texture";
    case SlotKind::kSampler: return "sampler";
  }
  return "surface";
}

// Reading: each accessor throws FieldError naming the field; Next() turns it into the message.
struct FieldError {
  std::string what;
};

const Json& Field(const Json& j, const char* name) {
  if (!j.is_object() || !j.contains(name)) throw FieldError{std::string("missing field \"") + name + "\""};
  return j.at(name);
}

uint64_t U64(const Json& j, const char* name) {
  const Json& v = Field(j, name);
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer() && v.get<int64_t>() >= 0) return static_cast<uint64_t>(v.get<int64_t>());
  if (v.is_string()) {  // "0x..." for values JSON readers may round (addresses, 64-bit data)
    const std::string s = v.get<std::string>();
    if (s.size() > 2 && s.size() <= 18 && s[0] == '0' && s[1] == 'x' &&
        s.find_first_not_of("0123456789abcdefABCDEF", 2) == std::string::npos) {
      return std::stoull(s.substr(2), nullptr, 16);
    }
  }
  throw FieldError{std::string("field \"") + name + "\" is not an unsigned number or 0x hex"};
}

uint32_t U32(const Json& j, const char* name) {
  const uint64_t v = U64(j, name);
  if (v > 0xFFFFFFFFull) throw FieldError{std::string("field \"") + name + "\" exceeds 32 bits"};
  return static_cast<uint32_t>(v);
}

bool Bool(const Json& j, const char* name) {
  const Json& v = Field(j, name);
  if (!v.is_boolean()) throw FieldError{std::string("field \"") + name + "\" is not true or false"};
  return v.get<bool>();
}

std::string Str(const Json& j, const char* name) {
  const Json& v = Field(j, name);
  if (!v.is_string()) throw FieldError{std::string("field \"") + name + "\" is not a string"};
  return v.get<std::string>();
}

template <typename E>
E Enum(const Json& j, const char* name) {
  const Json& v = Field(j, name);
  if (v.is_string()) {
    if (auto e = Parse<E>(v.get<std::string>())) return *e;
    throw FieldError{std::string("field \"") + name + "\": no such value \"" + v.get<std::string>() + "\""};
  }
  if (v.is_number_unsigned() && v.get<uint64_t>() < 256) return static_cast<E>(v.get<uint64_t>());
  throw FieldError{std::string("field \"") + name + "\" is not a name or a code below 256"};
}

std::vector<uint8_t> Bytes(const Json& j, const char* name, size_t max) {
  const std::string s = Str(j, name);
  if (s.size() % 2 != 0 || s.size() / 2 > max ||
      s.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
    throw FieldError{std::string("field \"") + name + "\" is not an even run of hex digits (at most " +
                     std::to_string(max) + " bytes)"};
  }
  std::vector<uint8_t> out(s.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(std::stoul(s.substr(2 * i, 2), nullptr, 16));
  return out;
}

template <typename T, size_t N>
void Array(const Json& j, const char* name, T (&out)[N]) {
  const Json& v = Field(j, name);
  if (!v.is_array() || v.size() != N) {
    throw FieldError{std::string("field \"") + name + "\" is not an array of " + std::to_string(N)};
  }
  for (size_t i = 0; i < N; ++i) {
    Json one;
    one["v"] = v[i];
    out[i] = static_cast<T>(sizeof(T) == 8 ? U64(one, "v") : U32(one, "v"));
  }
}

template <typename T, size_t N>
Json ArrayJson(const T (&a)[N], bool hex) {
  Json out = Json::array();
  for (size_t i = 0; i < N; ++i) {
    if (hex) {
      out.push_back(Hex64(a[i]));
    } else {
      out.push_back(a[i]);
    }
  }
  return out;
}

Json TraitsJson(const UnitTraits& t) {
  Json j;
  j["addr_bits"] = t.addr_bits;
  j["tex"] = t.has_tex;
  j["formats"] = {{"norm", t.families.norm}, {"half", t.families.half}, {"int", t.families.integer}};
  j["tex_features"] = {{"grad", t.tex.grad},           {"cube", t.tex.cube},
                       {"seamless", t.tex.seamless},   {"compare", t.tex.compare},
                       {"multisample", t.tex.multisample}, {"residency", t.tex.residency},
                       {"mip_linear", t.tex.mip_linear}, {"norm", t.tex.norm},
                       {"half", t.tex.half},           {"int", t.tex.integer}};
  return j;
}

UnitTraits ReadTraits(const Json& j) {
  UnitTraits t;
  const uint64_t bits = U64(j, "addr_bits");
  if (bits < 16 || bits > 64) throw FieldError{"field \"addr_bits\" is not 16 to 64"};
  t.addr_bits = static_cast<int>(bits);
  t.has_tex = Bool(j, "tex");
  const Json& f = Field(j, "formats");
  t.families.norm = Bool(f, "norm");
  t.families.half = Bool(f, "half");
  t.families.integer = Bool(f, "int");
  const Json& x = Field(j, "tex_features");
  t.tex.grad = Bool(x, "grad");
  t.tex.cube = Bool(x, "cube");
  t.tex.seamless = Bool(x, "seamless");
  t.tex.compare = Bool(x, "compare");
  t.tex.multisample = Bool(x, "multisample");
  t.tex.residency = Bool(x, "residency");
  t.tex.mip_linear = Bool(x, "mip_linear");
  t.tex.norm = Bool(x, "norm");
  t.tex.half = Bool(x, "half");
  t.tex.integer = Bool(x, "int");
  return t;
}

Json InstructionJson(const Instruction& in) {
  Json j;
  j["opcode"] = EnumJson(in.opcode);
  j["addressing"] = EnumJson(in.addressing);
  j["geom"] = EnumJson(in.geom);
  j["vec"] = EnumJson(in.vec);
  j["type"] = EnumJson(in.type);
  j["clamp"] = EnumJson(in.clamp);
  j["red_op"] = EnumJson(in.red_op);
  j["query"] = EnumJson(in.query);
  j["tex_mode"] = EnumJson(in.tex_mode);
  j["coord_type"] = EnumJson(in.coord_type);
  j["has_sampler"] = in.has_sampler;
  j["has_depth_ref"] = in.has_depth_ref;
  j["offsets"] = in.offset.size();
  j["indirect"] = !in.resource_is_symbol;  // the handle came from a .u64 register
  return j;
}

Instruction ReadInstruction(const Json& j) {
  Instruction in;
  in.opcode = Enum<Opcode>(j, "opcode");
  in.addressing = Enum<Addressing>(j, "addressing");
  in.geom = Enum<Geometry>(j, "geom");
  in.vec = Enum<VecSize>(j, "vec");
  in.type = Enum<DataType>(j, "type");
  in.clamp = Enum<ClampMode>(j, "clamp");
  in.clamp_explicit = true;
  in.red_op = Enum<RedOp>(j, "red_op");
  in.query = Enum<QueryKind>(j, "query");
  in.tex_mode = Enum<TexMode>(j, "tex_mode");
  in.coord_type = Enum<DataType>(j, "coord_type");
  in.has_sampler = Bool(j, "has_sampler");
  in.has_depth_ref = Bool(j, "has_depth_ref");
  in.has_lod = in.tex_mode == TexMode::kLevel;
  const uint64_t offsets = U64(j, "offsets");
  if (offsets > 4) throw FieldError{"field \"offsets\" is more than 4"};
  in.offset.resize(offsets);
  in.resource_is_symbol = !Bool(j, "indirect");
  return in;
}

Json RequestJson(const Request& r) {
  Json j;
  j["handle"] = Hex64(r.handle);
  j["coords"] = ArrayJson(r.coords, false);
  j["data"] = ArrayJson(r.data, true);
  j["guard"] = r.guard;
  j["sampler"] = Hex64(r.sampler);
  j["lod"] = r.lod;
  j["dpdx"] = ArrayJson(r.dpdx, false);
  j["dpdy"] = ArrayJson(r.dpdy, false);
  j["offset"] = ArrayJson(r.offset, false);
  j["depth_ref"] = r.depth_ref;
  return j;
}

Request ReadRequest(const Json& j) {
  Request r;
  r.handle = U64(j, "handle");
  Array(j, "coords", r.coords);
  Array(j, "data", r.data);
  r.guard = Bool(j, "guard");
  r.sampler = U64(j, "sampler");
  r.lod = U32(j, "lod");
  Array(j, "dpdx", r.dpdx);
  Array(j, "dpdy", r.dpdy);
  Array(j, "offset", r.offset);
  r.depth_ref = U32(j, "depth_ref");
  return r;
}

Json ResponseJson(const Response& r) {
  Json j;
  j["executed"] = r.executed;
  j["trap"] = EnumJson(r.trap);
  j["count"] = r.count;
  j["data"] = ArrayJson(r.data, true);
  j["oob"] = r.oob_axes;
  j["misaligned"] = r.misaligned;
  j["clamped"] = r.clamped;
  j["suppressed"] = r.suppressed;
  j["pred"] = r.pred;
  if (r.write.valid) {
    j["write"] = {{"addr", Hex64(r.write.addr)}, {"bytes", HexBytes(r.write.data, r.write.size)}};
  }
  return j;
}

Response ReadResponse(const Json& j) {
  Response r;
  r.executed = Bool(j, "executed");
  r.trap = Enum<TrapCause>(j, "trap");
  const uint64_t count = U64(j, "count");
  if (count > 4) throw FieldError{"field \"count\" is more than 4"};
  r.count = static_cast<int>(count);
  Array(j, "data", r.data);
  r.oob_axes = U32(j, "oob");
  r.misaligned = Bool(j, "misaligned");
  r.clamped = Bool(j, "clamped");
  r.suppressed = Bool(j, "suppressed");
  r.pred = Bool(j, "pred");
  if (j.contains("write")) {
    const Json& w = j.at("write");
    r.write.valid = true;
    r.write.addr = U64(w, "addr");
    const std::vector<uint8_t> b = Bytes(w, "bytes", sizeof(r.write.data));
    r.write.size = static_cast<uint32_t>(b.size());
    std::memcpy(r.write.data, b.data(), b.size());
  }
  return r;
}

TxnClass ReadClass(const Json& j) {
  const std::string c = Str(j, "class");
  for (int i = 0; i < kTxnClasses; ++i) {
    if (c == kTxnClassNames[i]) return static_cast<TxnClass>(i);
  }
  throw FieldError{"field \"class\": no such class \"" + c + "\""};
}

}  // namespace

// ---- Writing -----------------------------------------------------------------------------------

bool StimulusWriter::Open(const std::string& path, const StimulusHeader& h, std::string* why) {
  f_ = std::fopen(path.c_str(), "w");
  if (f_ == nullptr) {
    *why = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  Json j;
  j["format"] = kStimulusFormat;
  j["version"] = kStimulusVersion;
  j["config"] = h.config;
  j["seed"] = h.seed;
  j["ops"] = h.ops;
  j["mix"] = h.mix;
  j["traits"] = TraitsJson(h.traits);
  j["pool_base"] = Hex64(h.pool_base);
  j["pool_entries"] = h.pool_entries;
  Line(j.dump());
  return true;
}

void StimulusWriter::Line(const std::string& s) {
  if (f_ == nullptr) return;
  if (std::fwrite(s.data(), 1, s.size(), f_) != s.size() || std::fputc('\n', f_) == EOF) failed_ = true;
}

void StimulusWriter::Memory(uint64_t addr, const uint8_t* bytes, uint32_t n) {
  Json j;
  j["mem"] = Hex64(addr);
  j["bytes"] = HexBytes(bytes, n);
  Line(j.dump());
}

void StimulusWriter::Bind(SlotKind kind, uint64_t handle, int alias) {
  Json j;
  j["bind"] = KindName(kind);
  j["handle"] = handle;
  if (alias >= 0) j["alias"] = alias;
  Line(j.dump());
}

void StimulusWriter::Cfg(CfgOp op, uint64_t data, const DescImage* rewrite) {
  Json j;
  j["cfg"] = std::string(Name(op));
  j["data"] = Hex64(data);
  if (rewrite != nullptr) j["rewrite"] = HexBytes(rewrite->data(), rewrite->size());
  Line(j.dump());
}

void StimulusWriter::Transaction(uint64_t n, const Txn& t, const Response& expect) {
  Json j;
  j["txn"] = n;
  j["class"] = Name(t.cls);
  j["text"] = Stimulus::Describe(t);
  j["in"] = InstructionJson(t.in);
  j["req"] = RequestJson(t.req);
  j["expect"] = ResponseJson(expect);
  Line(j.dump());
}

bool StimulusWriter::Close(std::string* why) {
  if (f_ == nullptr) return true;
  const bool ok = std::fclose(f_) == 0 && !failed_;
  f_ = nullptr;
  if (!ok) *why = "writing the stimulus record failed (disk full?)";
  return ok;
}

StimulusWriter::~StimulusWriter() {
  if (f_ != nullptr) std::fclose(f_);
}

// ---- Reading -----------------------------------------------------------------------------------

bool StimulusReader::Open(std::istream* in, StimulusHeader* h, std::string* why) {
  in_ = in;
  line_ = 1;
  if (!std::getline(*in_, text_)) {
    *why = "line 1: empty file, not a " + std::string(kStimulusFormat) + " record";
    return false;
  }
  try {
    const Json j = Json::parse(text_);
    if (!j.is_object() || !j.contains("format") || j.at("format") != kStimulusFormat) {
      *why = "line 1: not a " + std::string(kStimulusFormat) + " record (no \"format\": \"" +
             kStimulusFormat + "\")";
      return false;
    }
    const uint64_t version = U64(j, "version");
    if (version != static_cast<uint64_t>(kStimulusVersion)) {
      *why = "line 1: version " + std::to_string(version) + "; this tsu reads version " +
             std::to_string(kStimulusVersion);
      return false;
    }
    h->config = Str(j, "config");
    h->seed = U64(j, "seed");
    h->ops = U64(j, "ops");
    h->mix = Str(j, "mix");
    h->traits = ReadTraits(Field(j, "traits"));
    h->pool_base = U64(j, "pool_base");
    h->pool_entries = U64(j, "pool_entries");
    if (h->pool_entries == 0 || h->pool_entries > 65536) {
      *why = "line 1: field \"pool_entries\" is not 1 to 65536";
      return false;
    }
  } catch (const nlohmann::json::exception& e) {
    *why = "line 1: not JSON (" + std::string(e.what()) + ")";
    return false;
  } catch (const FieldError& e) {
    *why = "line 1: " + e.what;
    return false;
  }
  return true;
}

bool StimulusReader::Next(StimulusEvent* e, std::string* why) {
  why->clear();
  for (;;) {
    if (!std::getline(*in_, text_)) return false;
    ++line_;
    if (text_.find_first_not_of(" \t\r") != std::string::npos) break;  // blank lines are allowed
  }
  try {
    const Json j = Json::parse(text_);
    if (!j.is_object()) throw FieldError{"not a JSON object"};
    if (j.contains("mem")) {
      e->type = StimulusEvent::Type::kMemory;
      e->addr = U64(j, "mem");
      e->bytes = Bytes(j, "bytes", kMaxMemoryEventBytes);
    } else if (j.contains("bind")) {
      e->type = StimulusEvent::Type::kBind;
      const std::string k = Str(j, "bind");
      if (k == "surface") {
        e->kind = SlotKind::kSurface;
      } else if (k == "texture") {
        e->kind = SlotKind::kTexture;
      } else if (k == "sampler") {
        e->kind = SlotKind::kSampler;
      } else {
        throw FieldError{"field \"bind\": no such kind \"" + k + "\""};
      }
      e->handle = U64(j, "handle");
      e->alias = -1;
      if (j.contains("alias")) {
        const uint64_t a = U64(j, "alias");
        if (a > 1024) throw FieldError{"field \"alias\" is not a surface slot"};
        e->alias = static_cast<int>(a);
      }
    } else if (j.contains("cfg")) {
      e->type = StimulusEvent::Type::kCfg;
      e->op = Enum<CfgOp>(j, "cfg");
      if (ToInt(e->op) >= kCount<CfgOp>) throw FieldError{"field \"cfg\" is not an operation"};
      e->data = U64(j, "data");
      e->rewrite = j.contains("rewrite");
      if (e->rewrite) {
        const std::vector<uint8_t> b = Bytes(j, "rewrite", kDescBytes);
        if (b.size() != kDescBytes) throw FieldError{"field \"rewrite\" is not one 64-byte slot"};
        std::memcpy(e->image.data(), b.data(), kDescBytes);
      }
    } else if (j.contains("txn")) {
      e->type = StimulusEvent::Type::kTxn;
      e->n = U64(j, "txn");
      e->txn.Reset();
      e->txn.cls = ReadClass(j);
      e->txn.text = Str(j, "text");
      e->txn.in = ReadInstruction(Field(j, "in"));
      e->txn.req = ReadRequest(Field(j, "req"));
      e->expect = ReadResponse(Field(j, "expect"));
    } else {
      throw FieldError{"not an event (no \"mem\", \"bind\", \"cfg\" or \"txn\")"};
    }
  } catch (const nlohmann::json::exception& ex) {
    *why = "line " + std::to_string(line_) + ": not JSON (" + ex.what() + ")";
    return false;
  } catch (const FieldError& ex) {
    *why = "line " + std::to_string(line_) + ": " + ex.what;
    return false;
  } catch (const std::exception& ex) {  // std::stoull and the like, on digits already checked
    *why = "line " + std::to_string(line_) + ": " + ex.what();
    return false;
  }
  return true;
}

}  // namespace tsu::tb
