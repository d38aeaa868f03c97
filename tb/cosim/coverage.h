// Functional coverage of the co-simulation, counted in C++: named bins over instruction x
// geometry x type/format x clamp mode x in/out of bounds x layout, traps, reduction ops, queries
// and the ordering hazards seen in the transaction stream. The planned bins are enumerated here;
// docs/testplan.md says which feature each family covers.
#ifndef TSU_TB_COSIM_COVERAGE_H_
#define TSU_TB_COSIM_COVERAGE_H_

#include <cstdint>
#include <deque>
#include <map>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

#include "stimulus.h"
#include "tsu/descriptor.h"
#include "tsu/transaction.h"
#include "tsu/unit.h"

namespace tsu::tb {

class Coverage {
 public:
  Coverage();
  // A configuration that leaves format families out: their sust.p bins become
  // format.sust.p_left_out.<format>, hit when such a store traps format_mismatch, and their
  // default-alpha bins are not planned.
  void SetFamilies(const FormatFamilies& f);
  // A unit with the texture path: plans the tex bins (the tex class and its ordering against
  // surface stores). A configuration that leaves texture features out (docs/semantics.md H15)
  // plans no bin that needs one, and tex.left_out.<feature> instead: a tex that traps for it.
  void EnableTex(const TexFeatures& f = TexFeatures{});
  // A unit without the texture path: plans illegal.no_texture_path, a tex that traps
  // illegal_instruction there (H15).
  void NoTexturePath();
  // Counts one executed transaction (the surface it named may be null: invalid handle).
  void Sample(const Txn& t, const ResolvedSurface* s, const Response& r);
  // Counts one executed tex (b: the texture it sampled, smp: the sampler in force; null for a bad
  // handle).
  void SampleTex(const Txn& t, const TexBinding* b, const SamplerDesc* smp, const Response& r);
  const std::map<std::string, uint64_t>& bins() const { return bins_; }
  uint64_t Count(const std::string& bin) const {
    const auto it = bins_.find(bin);
    return it == bins_.end() ? 0 : it->second;
  }
  // Planned bins never hit.
  std::vector<std::string> Missing() const;
  size_t planned() const { return planned_.size(); }
  const std::vector<std::string>& planned_bins() const { return planned_; }
  size_t planned_hit() const { return planned_.size() - Missing().size(); }

 private:
  void Hit(const std::string& bin) { ++bins_[bin]; }
  // A bin named by small codes (`key`, from Key()): its name is built only on its first hit,
  // so a transaction costs hash lookups, not string building and map searches.
  template <class NameFn>
  void Hit(uint64_t key, NameFn name) {
    auto it = by_key_.m.find(key);
    if (it == by_key_.m.end()) it = by_key_.m.emplace(key, &bins_[name()]).first;
    ++*it->second;
  }
  static uint64_t Key(std::initializer_list<unsigned> codes) {
    uint64_t k = 0;
    for (unsigned c : codes) k = (k << 8) | (c & 0xFF);
    return k;
  }
  // Points into bins_ (std::map nodes stay put, and move with a moved map); a copy of the
  // coverage starts it afresh, so it never points into another object's bins.
  struct KeyCache {
    std::unordered_map<uint64_t, uint64_t*> m;
    KeyCache() = default;
    KeyCache(const KeyCache&) {}
    KeyCache& operator=(const KeyCache&) {
      m.clear();
      return *this;
    }
    KeyCache(KeyCache&&) = default;
    KeyCache& operator=(KeyCache&&) = default;
  };
  KeyCache by_key_;
  std::vector<std::string> planned_;
  FormatFamilies families_;
  TexFeatures tex_features_;
  std::map<std::string, uint64_t> bins_;
  struct Recent {
    Opcode op;
    uint64_t addr;
    uint32_t size;
  };
  std::deque<Recent> recent_;  // the last few memory accesses, for hazard bins
  // The previous transaction, for the store/tex ordering bins: the base of the surface a store
  // wrote, or of a sampled texture that shares a surface's bytes (kNoBase: neither).
  static constexpr uint64_t kNoBase = ~uint64_t{0};
  uint64_t last_store_base_ = kNoBase, last_tex_base_ = kNoBase;
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_COVERAGE_H_
