// The golden model's side of a GPU oracle case: a case set's resource bound in a fresh model (the
// same texels, in the model's pitch layout), and a case executed there, its answer in the
// capture's terms (outcome, output block, a store's surface after).
#ifndef TSU_TB_ORACLE_GPU_MODEL_SIDE_H_
#define TSU_TB_ORACLE_GPU_MODEL_SIDE_H_

#include <memory>
#include <string>

#include "case_format.h"
#include "tsu/instruction.h"
#include "tsu/memory.h"
#include "tsu/transaction.h"
#include "tsu/unit.h"

namespace tsu {
namespace gpu {

constexpr uint64_t kModelHandle = 5;

// One resource bound in its own model.
class ModelResource {
 public:
  // False with *err when the resource does not describe a valid tsu texture or surface, or its
  // texel bytes do not fill it.
  bool Bind(const Resource& r, std::string* err);
  // Executes `in` with the case's operands; a store case's surface bytes after are in *bytes.
  Captured Run(const Case& c, const Instruction& in);
  // The surface's texels, packed as the case set writes them.
  std::vector<uint8_t> SurfaceBytes() const;

 private:
  const Resource* res_ = nullptr;
  std::unique_ptr<SparseMemory> mem_;
  std::unique_ptr<Unit> unit_;
};

// The model's answer to every case of `cs` (a fresh model per store case), as a capture.
bool ModelCapture(const CaseSet& cs, Capture* cap, std::string* err);

// The request a case's input block describes.
Request CaseRequest(const Case& c);

}  // namespace gpu
}  // namespace tsu

#endif  // TSU_TB_ORACLE_GPU_MODEL_SIDE_H_
