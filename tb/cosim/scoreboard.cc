#include "scoreboard.h"

#include <cstring>
#include <sstream>

#include "tsu/hex.h"

namespace tsu::tb {

void Scoreboard::Expect(uint64_t n, uint64_t cycle, uint32_t tag, TxnClass cls, const Response& r) {
  rsp_.push_back({n, cycle, r, tag, cls});
  if (r.write.valid) wr_.push_back({n, r.write});
}

void Scoreboard::CorruptLastTrap() {
  Response& r = rsp_.back().resp;
  r.trap = static_cast<TrapCause>(static_cast<int>(r.trap) ^ 1);
}

bool Scoreboard::CorruptLastWrite() {
  if (wr_.empty()) return false;
  wr_.back().w.data[0] ^= 1;
  return true;
}

std::string Scoreboard::CheckResponse(uint64_t cycle, const UnitResponse& g,
                                      const std::function<std::string(uint64_t)>& describe) {
  if (rsp_.empty()) {
    return "response with tag " + std::to_string(g.tag) + " at cycle " + std::to_string(cycle) +
           " but no request is outstanding";
  }
  const ExpectedResponse& e = rsp_.front();
  const Response& m = e.resp;
  // Every field, compared first; the report is formatted only when one differs.
  struct Field {
    const char* name;
    uint64_t exp, got;
  };
  Field f[12];
  int nf = 0;
  f[nf++] = {"tag", e.tag, g.tag};
  f[nf++] = {"count", static_cast<uint64_t>(m.count), g.count};
  f[nf++] = {"trap", static_cast<uint64_t>(m.trap), g.trap};
  f[nf++] = {"oob_axes", m.oob_axes, g.oob};
  f[nf++] = {"misaligned", m.misaligned, g.misaligned};
  f[nf++] = {"clamped", m.clamped, g.clamped};
  f[nf++] = {"suppressed", m.suppressed, g.suppressed};
  f[nf++] = {"pred", m.pred, g.pred};
  static const char* const kData[] = {"data[0]", "data[1]", "data[2]", "data[3]"};
  for (int i = 0; i < m.count && i < 4; ++i) f[nf++] = {kData[i], m.data[i], g.data[i]};
  bool differs = false;
  for (int i = 0; i < nf; ++i) differs |= f[i].exp != f[i].got;
  ClassStats& cs = stats_[static_cast<int>(e.cls)];
  ++cs.checked;
  std::string report;
  if (differs) {
    ++cs.mismatches;
    std::string d;
    for (int i = 0; i < nf; ++i) {
      if (f[i].exp != f[i].got) d += std::string("\n    ") + f[i].name + ": expected " + Hex(f[i].exp) + ", got " + Hex(f[i].got);
    }
    report = "response mismatch on transaction #" + std::to_string(e.n) + " (" + describe(e.n) +
             "), accepted at cycle " + std::to_string(e.cycle) + ", responded at cycle " +
             std::to_string(cycle) + ":" + d;
  }
  rsp_.pop_front();
  return report;
}

Scoreboard::Write Scoreboard::CheckWrite(uint64_t cycle, uint64_t line, uint32_t mask,
                                         const uint8_t* data) {
  Write w;
  int first = 0;
  while (first < 16 && !(mask & (1u << first))) ++first;
  int n = 0;
  while (first + n < 16 && (mask & (1u << (first + n)))) ++n;
  if (n == 0 || (mask >> (first + n)) != 0 || (line & 15) != 0) {
    w.error = "memory write at cycle " + std::to_string(cycle) + " has address " + Hex(line) +
              " and mask " + Hex(mask) + ": not one contiguous run in a 16-byte line";
    return w;
  }
  w.well_formed = true;
  w.addr = line + static_cast<uint64_t>(first);
  w.bytes = n;
  if (wr_.empty()) {
    w.error = "memory write to " + Hex(w.addr) + " (" + std::to_string(n) + " bytes) at cycle " +
              std::to_string(cycle) + " that the model did not make";
    return w;
  }
  const ExpectedWrite e = wr_.front();
  wr_.pop_front();
  const uint64_t in_reach = addr_bits_ >= 64 ? ~0ull : (1ull << addr_bits_) - 1;
  const uint8_t* got = data + first;
  // Compare first; the report is formatted only for a mismatch (formatting every write cost 2.6%
  // of a run's instructions, by callgrind).
  if ((e.w.addr & in_reach) == w.addr && e.w.size == static_cast<uint32_t>(n) &&
      std::memcmp(e.w.data, got, static_cast<size_t>(n)) == 0) {
    return w;
  }
  std::ostringstream d;
  if ((e.w.addr & in_reach) != w.addr) d << "\n    address: expected " << Hex(e.w.addr & in_reach) << ", got " << Hex(w.addr);
  if (e.w.size != static_cast<uint32_t>(n)) d << "\n    bytes: expected " << e.w.size << ", got " << n;
  for (int i = 0; i < n && i < static_cast<int>(e.w.size); ++i) {
    if (e.w.data[i] != got[i]) d << "\n    byte " << i << ": expected " << Hex(e.w.data[i]) << ", got " << Hex(got[i]);
  }
  if (!d.str().empty()) {
    w.error = "memory write mismatch (the model's write of transaction #" + std::to_string(e.n) +
              ") at cycle " + std::to_string(cycle) + ":" + d.str();
  }
  return w;
}

void Scoreboard::AddStats(std::map<std::string, ClassStats>* per_class) const {
  for (int c = 0; c < kTxnClasses; ++c) {
    if (stats_[c].checked == 0 && stats_[c].mismatches == 0) continue;
    ClassStats& cs = (*per_class)[kTxnClassNames[c]];
    cs.checked += stats_[c].checked;
    cs.mismatches += stats_[c].mismatches;
  }
}

}  // namespace tsu::tb
