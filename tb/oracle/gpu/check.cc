#include "check.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace tsu {
namespace gpu {
namespace {

std::string Trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t");
  const size_t b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

uint64_t TexelBytes(const Resource& r) {
  uint64_t n = 0;
  for (const auto& l : r.texels) n += l.size();
  return n;
}

}  // namespace

bool ReadDepartures(const std::string& path, std::vector<Departure>* out, std::string* err) {
  std::ifstream in(path);
  if (!in) {
    *err = "cannot read departures file " + path;
    return false;
  }
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (Trim(line).empty() || Trim(line)[0] == '#') continue;
    const size_t a = line.find('|'), b = a == std::string::npos ? a : line.find('|', a + 1);
    if (b == std::string::npos || Trim(line.substr(b + 1)).empty()) {
      *err = path + ":" + std::to_string(n) + ": expected CATEGORY | PTX-SUBSTRING | REASON";
      return false;
    }
    out->push_back({Trim(line.substr(0, a)), Trim(line.substr(a + 1, b - a - 1)), Trim(line.substr(b + 1))});
  }
  return true;
}

std::string DescribeDifference(const Captured& want, const Captured& got) {
  std::ostringstream o;
  if (want.outcome != got.outcome) {
    o << "outcome: model " << want.outcome << ", capture " << got.outcome << "; ";
    return o.str();
  }
  if (want.outcome != "ok") return "";
  char buf[96];
  for (int k = 0; k < 4; ++k) {
    const uint64_t a = want.out[2 * k] | uint64_t{want.out[2 * k + 1]} << 32;
    const uint64_t b = got.out[2 * k] | uint64_t{got.out[2 * k + 1]} << 32;
    if (a != b) {
      std::snprintf(buf, sizeof buf, "element %d: model 0x%llx, capture 0x%llx; ", k,
                    static_cast<unsigned long long>(a), static_cast<unsigned long long>(b));
      o << buf;
    }
  }
  if (want.out[kOutPred] != got.out[kOutPred]) {
    o << "pred: model " << want.out[kOutPred] << ", capture " << got.out[kOutPred] << "; ";
  }
  if (got.out[kOutDone] != kDoneMark) o << "the capture's thread did not finish; ";
  if (want.bytes != got.bytes) {
    if (want.bytes.size() != got.bytes.size()) {
      o << "surface after: " << want.bytes.size() << " bytes in the model, " << got.bytes.size()
        << " in the capture; ";
    } else {
      for (size_t i = 0; i < want.bytes.size(); ++i) {
        if (want.bytes[i] != got.bytes[i]) {
          std::snprintf(buf, sizeof buf, "surface byte %zu: model 0x%02x, capture 0x%02x; ", i,
                        want.bytes[i], got.bytes[i]);
          o << buf;
          break;
        }
      }
    }
  }
  return o.str();
}

CheckResult Check(const CaseSet& cs, const Capture& want, const Capture& got,
                  const std::vector<Departure>& departures, const std::string& repeat) {
  CheckResult r;
  for (const Case& c : cs.cases) {
    CategoryTally& t = r.categories[c.category];
    ++t.cases;
    auto g = got.cases.find(c.id);
    if (g == got.cases.end()) {
      ++t.missing;
      continue;
    }
    const Captured& w = want.cases.at(c.id);
    const std::string diff = DescribeDifference(w, g->second);
    if (diff.empty()) {
      ++t.agree;
      continue;
    }
    const std::string& ptx = cs.kernels[static_cast<size_t>(c.kernel)];
    bool departed = false;
    for (const Departure& d : departures) {
      departed = departed || (d.category == c.category &&
                              (d.ptx == "*" || ptx.find(d.ptx) != std::string::npos));
    }
    if (departed) {
      ++t.departed;
      continue;
    }
    ++t.differ;
    r.differing.push_back(c.id);
    // The minimal repro: the differing case on the smallest resource, then the lowest id.
    const Resource& res = *cs.FindResource(c.resource);
    if (t.repro == ~uint64_t{0} || TexelBytes(res) < t.repro_bytes) {
      std::ostringstream o;
      o << "    case " << c.id << ": " << ptx << "\n      operands " << HexWords(c.in, kInHandle)
        << "\n      resource " << res.id << ": " << res.dim << " " << res.w << "x" << res.h << "x"
        << res.d << " layers " << res.layers << " levels " << res.levels << " " << res.order
        << "/" << res.type << (res.texture ? " filter " + res.filter + " mip " + res.mip : "")
        << "\n      " << diff << "\n      repeat: " << repeat << " --case " << c.id << "\n";
      t.repro = c.id;
      t.repro_bytes = TexelBytes(res);
      t.repro_text = o.str();
    }
  }
  return r;
}

void PrintCheck(const CheckResult& r, const Capture& got, std::ostream& o) {
  char buf[200];
  o << "GPU oracle: model against " << got.device << (got.sm ? " (sm_" + std::to_string(got.sm) + ")" : "")
    << "\n";
  std::snprintf(buf, sizeof buf, "  %-22s %7s %7s %7s %8s %8s %8s\n", "category", "cases", "agree",
                "differ", "departed", "missing", "agree %");
  o << buf;
  uint64_t cases = 0, agree = 0;
  for (const auto& [name, t] : r.categories) {
    const uint64_t seen = t.cases - t.missing;
    std::snprintf(buf, sizeof buf, "  %-22s %7llu %7llu %7llu %8llu %8llu %7.2f%%\n", name.c_str(),
                  static_cast<unsigned long long>(t.cases), static_cast<unsigned long long>(t.agree),
                  static_cast<unsigned long long>(t.differ),
                  static_cast<unsigned long long>(t.departed),
                  static_cast<unsigned long long>(t.missing),
                  seen ? 100.0 * static_cast<double>(t.agree) / static_cast<double>(seen) : 0.0);
    o << buf;
    cases += seen;
    agree += t.agree;
  }
  std::snprintf(buf, sizeof buf, "  %-22s %7llu %7llu %7llu %26.2f%%\n", "all",
                static_cast<unsigned long long>(cases), static_cast<unsigned long long>(agree),
                static_cast<unsigned long long>(r.differing.size()),
                cases ? 100.0 * static_cast<double>(agree) / static_cast<double>(cases) : 0.0);
  o << buf;
  for (const auto& [name, t] : r.categories) {
    if (t.differ) o << "  " << name << ": " << t.differ << " differences; the smallest:\n" << t.repro_text;
  }
}

}  // namespace gpu
}  // namespace tsu
