// A run's stimulus as a stable record: JSON Lines, format "tsu-stimulus" version 1
// (docs/stimulus-format.md). `tsu regress --dump-stimulus FILE` writes every event that changes
// what the unit or the model sees, in the order the bench applied it to the model; `tsu replay
// FILE` runs the record against the model alone, or against a unit through the bench.
//
// Events: software writes to memory and slot bindings (made while the unit is drained),
// configuration commands (with the slot rewrite that goes with one), and requests with the
// model's expected response.
#ifndef TSU_TB_COSIM_STIMULUS_RECORD_H_
#define TSU_TB_COSIM_STIMULUS_RECORD_H_

#include <cstdint>
#include <cstdio>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "pool_binding.h"
#include "stimulus.h"
#include "tsu/descriptor_words.h"
#include "tsu/transaction.h"
#include "unit_port.h"

namespace tsu::tb {

inline constexpr const char* kStimulusFormat = "tsu-stimulus";
inline constexpr int kStimulusVersion = 1;

// The first line: what the run was and what the unit implements.
struct StimulusHeader {
  std::string config;
  uint64_t seed = 0;
  uint64_t ops = 0;
  std::string mix;
  UnitTraits traits;
  uint64_t pool_base = 0;
  uint64_t pool_entries = 0;
};

struct StimulusEvent {
  enum class Type : uint8_t { kMemory, kBind, kCfg, kTxn };
  Type type = Type::kMemory;
  // kMemory: bytes written at addr (both memories), with the unit drained.
  uint64_t addr = 0;
  std::vector<uint8_t> bytes;
  // kBind: the model binds `handle` from its slot's bytes in memory, as `kind`.
  // kCfg: `op` and `data`; with `rewrite`, the slot `data` is rewritten to `image` (bound as a
  // surface) at the cycle the unit takes the command.
  SlotKind kind = SlotKind::kSurface;
  uint64_t handle = 0;
  int alias = -1;  // kBind of a texture: the stimulus surface whose memory it shares (-1: none)
  CfgOp op = CfgOp::kInvalidateAll;
  uint64_t data = 0;
  bool rewrite = false;
  DescImage image{};
  // kTxn: the request (its number, class, description) and the model's response.
  uint64_t n = 0;
  Txn txn;
  Response expect;
};

// Writes a record, one event per line.
class StimulusWriter {
 public:
  // Opens `path`; false with *why if it cannot be written.
  bool Open(const std::string& path, const StimulusHeader& h, std::string* why);
  void Memory(uint64_t addr, const uint8_t* bytes, uint32_t n);
  void Bind(SlotKind kind, uint64_t handle, int alias = -1);
  void Cfg(CfgOp op, uint64_t data, const DescImage* rewrite);
  void Transaction(uint64_t n, const Txn& t, const Response& expect);
  // Flushes and closes; false if a write failed.
  bool Close(std::string* why);
  ~StimulusWriter();

 private:
  void Line(const std::string& s);
  std::FILE* f_ = nullptr;
  bool failed_ = false;
};

// Reads a record. Every malformed line is an error naming the line and the field.
class StimulusReader {
 public:
  // Reads the header line; false with *why on a bad or foreign file.
  bool Open(std::istream* in, StimulusHeader* h, std::string* why);
  // The next event; false at the end (*why empty) or on an error (*why says where).
  bool Next(StimulusEvent* e, std::string* why);
  uint64_t line() const { return line_; }

 private:
  std::istream* in_ = nullptr;
  uint64_t line_ = 0;
  std::string text_;
};

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_STIMULUS_RECORD_H_
