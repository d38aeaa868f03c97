// Names in scope while the loader decodes a function: registers (with %r<N> ranges), variables in
// their spaces, and the register slots they take in the function's frame.
#ifndef TSU_EXEC_SCOPE_H_
#define TSU_EXEC_SCOPE_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tsu/exec/types.h"

namespace tsu::exec {

struct Decl {
  enum class Kind : uint8_t { kRegister, kVariable, kOpaque };
  Kind kind = Kind::kRegister;
  DType type = DType::kB32;
  int id = 0;          // unique per declaration (registers: slot keys)
  uint32_t count = 0;  // a %r<N> range: N
  // kVariable: where it lives.
  Space space = Space::kGlobal;
  uint64_t offset = 0;
  uint64_t size = 0;
  bool frame_local = false;
  bool frame_param = false;
  bool kernel_param = false;
  int opaque = -1;  // kOpaque: the opaque's index
};

class Scope {
 public:
  Scope() { levels_.emplace_back(); }
  void Push() { levels_.emplace_back(); }
  void Pop() {
    if (levels_.size() > 1) levels_.pop_back();
  }
  // Module-scope declarations stay; a function's are dropped.
  void ResetToModule() { levels_.resize(1); }

  bool Declare(const std::string& name, Decl d, std::string* error) {
    d.id = next_id_++;
    auto& names = levels_.back().names;
    if (names.count(name) != 0) {
      *error = "'" + name + "' is declared twice in one scope";
      return false;
    }
    names.emplace(name, d);
    return true;
  }
  bool DeclareRange(const std::string& prefix, uint32_t count, Decl d, std::string* error) {
    d.id = next_id_++;
    d.count = count;
    auto& ranges = levels_.back().ranges;
    if (ranges.count(prefix) != 0) {
      *error = "'" + prefix + "<N>' is declared twice in one scope";
      return false;
    }
    ranges.emplace(prefix, d);
    return true;
  }

  // The innermost declaration of name; *index is its number within a range (0 otherwise).
  const Decl* Find(std::string_view name, uint32_t* index) const {
    size_t digits = name.size();
    while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
    for (auto it = levels_.rbegin(); it != levels_.rend(); ++it) {
      if (auto n = it->names.find(name); n != it->names.end()) {
        *index = 0;
        return &n->second;
      }
      if (digits < name.size() && digits > 0 && name.size() - digits <= 9) {
        if (auto r = it->ranges.find(name.substr(0, digits)); r != it->ranges.end()) {
          uint32_t v = 0;
          for (size_t i = digits; i < name.size(); ++i) v = v * 10 + static_cast<uint32_t>(name[i] - '0');
          if (v < r->second.count) {
            *index = v;
            return &r->second;
          }
        }
      }
    }
    return nullptr;
  }

 private:
  struct Level {
    std::map<std::string, Decl, std::less<>> names;
    std::map<std::string, Decl, std::less<>> ranges;
  };
  std::vector<Level> levels_;
  int next_id_ = 0;
};

// Register slots of one function, handed out on first use.
class SlotMap {
 public:
  uint32_t Slot(const Decl& d, uint32_t index) {
    auto [it, added] = slots_.emplace(std::make_pair(d.id, index), next_);
    if (added) ++next_;
    return it->second;
  }
  uint32_t size() const { return next_; }
  void Clear() {
    slots_.clear();
    next_ = 0;
  }

 private:
  std::map<std::pair<int, uint32_t>, uint32_t> slots_;
  uint32_t next_ = 0;
};

}  // namespace tsu::exec

#endif  // TSU_EXEC_SCOPE_H_
