// The closing table and the JUnit report of a co-simulation run (no Verilated model needed: the
// part of tsu regress that every build of the bench shares, tsu_cosim_core).
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cosim.h"

namespace tsu::tb {

std::string ResultTable(const CosimResult& r) {
  std::ostringstream o;
  char line[160];
  o << "| class | transactions checked | mismatches |\n|---|---:|---:|\n";
  uint64_t total = 0, bad = 0;
  for (const char* c : {"suld", "sust", "sured", "suq", "tex"}) {
    auto it = r.per_class.find(c);
    if (it == r.per_class.end() && std::string(c) == "tex") continue;  // a unit without tex
    const ClassStats s = it == r.per_class.end() ? ClassStats{} : it->second;
    std::snprintf(line, sizeof line, "| %s | %llu | %llu |\n", c,
                  static_cast<unsigned long long>(s.checked), static_cast<unsigned long long>(s.mismatches));
    o << line;
    total += s.checked;
    bad += s.mismatches;
  }
  std::snprintf(line, sizeof line, "| all | %llu | %llu |\n\n", static_cast<unsigned long long>(total),
                static_cast<unsigned long long>(bad));
  o << line;
  std::snprintf(line, sizeof line,
                "%s cycles %llu, %.3f cycles per transaction, %llu memory writes checked\n",
                r.unit.c_str(), static_cast<unsigned long long>(r.cycles),
                r.transactions ? static_cast<double>(r.cycles) / static_cast<double>(r.transactions) : 0.0,
                static_cast<unsigned long long>(r.writes_checked));
  o << line;
  const uint64_t fetches = (r.desc_line_reads - r.level_record_reads) / 4;
  if (r.desc_line_reads == 0 && r.desc_lookups != 0) {  // a unit that reads no descriptor
    std::snprintf(line, sizeof line, "descriptor port: not used by the unit; %llu configuration commands\n",
                  static_cast<unsigned long long>(r.cfg_commands));
  } else {
    std::snprintf(line, sizeof line,
                  "descriptor cache: %llu lookups, %llu fetches (%llu line reads checked), hit rate "
                  "%.2f%%, %llu configuration commands\n",
                  static_cast<unsigned long long>(r.desc_lookups), static_cast<unsigned long long>(fetches),
                  static_cast<unsigned long long>(r.desc_line_reads),
                  r.desc_lookups ? 100.0 * (1.0 - static_cast<double>(fetches) /
                                                      static_cast<double>(r.desc_lookups))
                                 : 0.0,
                  static_cast<unsigned long long>(r.cfg_commands));
  }
  o << line;
  if (r.tex_cache_lookups != 0) {
    std::snprintf(line, sizeof line, "texel cache: %llu lookups, %llu misses, hit rate %.2f%%\n",
                  static_cast<unsigned long long>(r.tex_cache_lookups),
                  static_cast<unsigned long long>(r.tex_cache_misses),
                  100.0 * (1.0 - static_cast<double>(r.tex_cache_misses) /
                                     static_cast<double>(r.tex_cache_lookups)));
    o << line;
  }
  std::snprintf(line, sizeof line, "functional coverage: %zu/%zu planned bins hit (%.1f%%)\n",
                r.coverage.planned_hit(), r.coverage.planned(),
                r.coverage.planned() ? 100.0 * static_cast<double>(r.coverage.planned_hit()) /
                                           static_cast<double>(r.coverage.planned())
                                     : 0.0);
  o << line;
  return o.str();
}

std::string JUnitXml(const CosimResult& r, const CosimOptions& opt) {
  std::ostringstream o;
  int failures = 0;
  std::ostringstream cases;
  auto esc = [](const std::string& s) {
    std::string e;
    for (char c : s) {
      if (c == '<') e += "&lt;";
      else if (c == '>') e += "&gt;";
      else if (c == '&') e += "&amp;";
      else if (c == '"') e += "&quot;";
      else e += c;
    }
    return e;
  };
  int tests = 1;
  for (const char* c : {"suld", "sust", "sured", "suq", "tex"}) {
    auto it = r.per_class.find(c);
    if (it == r.per_class.end() && std::string(c) == "tex") continue;  // a unit without tex
    ++tests;
    const ClassStats s = it == r.per_class.end() ? ClassStats{} : it->second;
    cases << "  <testcase classname=\"tsu.regress\" name=\"" << c << "\">";
    if (s.mismatches) {
      ++failures;
      cases << "<failure message=\"" << s.mismatches << " mismatches\">" << esc(r.report) << "</failure>";
    }
    cases << "<system-out>" << s.checked << " transactions checked</system-out></testcase>\n";
  }
  const bool other_fail = !r.ok && failures == 0;
  cases << "  <testcase classname=\"tsu.regress\" name=\"protocol_memory_image\">";
  if (other_fail) {
    ++failures;
    cases << "<failure message=\"mismatch\">" << esc(r.report) << "</failure>";
  }
  cases << "</testcase>\n";
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"tsu regress seed "
    << opt.seed << "\" tests=\"" << tests << "\" failures=\"" << failures << "\">\n"
    << cases.str() << "</testsuite>\n</testsuites>\n";
  return o.str();
}


std::string RunJson(const CosimResult& r, const CosimOptions& opt, bool coverage_ok) {
  nlohmann::json j;
  j["config"] = opt.config;
  j["unit"] = opt.unit == CosimUnit::kModel ? "model" : "rtl";
  j["seed"] = opt.seed;
  j["ops"] = opt.ops;
  j["transactions"] = r.transactions;
  j["cycles"] = r.cycles;
  j["cycles_per_txn"] =
      r.transactions ? static_cast<double>(r.cycles) / static_cast<double>(r.transactions) : 0.0;
  uint64_t checked = 0, mismatches = 0;
  nlohmann::json classes = nlohmann::json::object();
  for (const auto& [name, s] : r.per_class) {
    classes[name] = {{"checked", s.checked}, {"mismatches", s.mismatches}};
    checked += s.checked;
    mismatches += s.mismatches;
  }
  j["classes"] = classes;
  j["checked"] = checked;
  j["mismatches"] = mismatches;
  j["writes_checked"] = r.writes_checked;
  const uint64_t fetches = (r.desc_line_reads - r.level_record_reads) / 4;
  j["desc_lookups"] = r.desc_lookups;
  j["desc_fetches"] = fetches;
  j["desc_hit_rate"] = r.desc_lookups ? 1.0 - static_cast<double>(fetches) /
                                                  static_cast<double>(r.desc_lookups)
                                      : 0.0;
  j["tex_cache_lookups"] = r.tex_cache_lookups;
  j["tex_cache_misses"] = r.tex_cache_misses;
  j["bins_hit"] = r.coverage.planned_hit();
  j["bins_planned"] = r.coverage.planned();
  j["coverage_ok"] = coverage_ok;
  // Every bin hit and the planned bins missed: runs of many seeds merge their coverage from these.
  j["bins"] = r.coverage.bins();
  j["planned_missing"] = r.coverage.Missing();
  j["pass"] = r.ok && coverage_ok;
  // The first line of the mismatch report names what differed; the whole report follows.
  const std::string first = r.report.substr(0, r.report.find('\n'));
  j["first_message"] = r.ok ? (coverage_ok ? "" : "planned coverage not reached") : first;
  j["report"] = r.report;
  j["repro"] = opt.repro;
  j["waveform"] = r.waveform;
  j["log"] = r.log;
  // Reports quote user input (mix files, paths); never let a stray byte make the dump throw.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace tsu::tb
