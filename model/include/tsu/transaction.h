// One instruction's operand values going into the unit, and everything observable coming out.
#ifndef TSU_TRANSACTION_H_
#define TSU_TRANSACTION_H_

#include <cstdint>

#include "tsu/encodings.h"

namespace tsu {

// Operand values of one instruction instance (registers already read, immediates resolved).
struct Request {
  uint64_t handle = 0;      // the resource: a .surfref's handle or the .u64 register's value
  uint32_t coords[4] = {};  // operand b, raw 32-bit elements in written order
  uint64_t data[4] = {};    // sust/sured source elements (low bits used)
  bool guard = true;        // value of the guard predicate after @!/@ (false: no effect)
  // tex only.
  uint64_t sampler = 0;     // operand b's handle (independent mode)
  uint32_t lod = 0;         // .level: f32 or s32 bits per .ctype
  uint32_t dpdx[4] = {};    // .grad: f32 bits
  uint32_t dpdy[4] = {};
  uint32_t offset[4] = {};  // e: s32 texel offsets (low 4 bits used, see docs/semantics.md)
  uint32_t depth_ref = 0;   // f: f32 bits
};

// One memory access the unit made (at most one read and one write per instruction).
struct MemAccess {
  bool valid = false;
  uint64_t addr = 0;
  uint32_t size = 0;
  uint8_t data[16] = {};
};

struct Response {
  bool executed = false;  // false when the guard was false
  int count = 0;          // number of destination elements written
  uint64_t data[4] = {};  // destination elements (suld: zero-extended; suq: the value)
  bool pred = true;       // tex residency predicate; true for surface opcodes
  TrapCause trap = TrapCause::kNone;
  uint8_t oob_axes = 0;     // with kOutOfBounds, and also set when .clamp/.zero handled OOB
  bool misaligned = false;  // the address was masked down
  bool clamped = false;     // .clamp moved the access
  bool suppressed = false;  // .zero dropped the access
  MemAccess read;
  MemAccess write;
};

}  // namespace tsu

#endif  // TSU_TRANSACTION_H_
