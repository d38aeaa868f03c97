// Validity rules of tex (PTX ISA 9.7.10.3). The tex front end is built by the issue
// "Golden model II"; until then every tex form is rejected with a message saying so, which the
// ptxas-table test counts as a known disagreement rather than a silent pass.
#include <string>

#include "tsu/ptx_parser.h"

namespace tsu {

bool DecodeTex(const RawInstruction& /*raw*/, Instruction* out, std::string* error) {
  out->opcode = Opcode::kTex;
  *error = "tex is not decoded yet: the tex front end arrives with the tex golden model";
  return false;
}

}  // namespace tsu
