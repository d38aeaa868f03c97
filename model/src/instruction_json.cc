#include "tsu/instruction_json.h"

#include <string>

namespace tsu {
namespace {

nlohmann::ordered_json OperandJson(const Operand& o) {
  if (o.kind == Operand::Kind::kImmediate) return nlohmann::ordered_json{{"imm", o.imm}};
  return nlohmann::ordered_json{{"name", o.name}};
}

nlohmann::ordered_json ListJson(const std::vector<Operand>& v) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const Operand& o : v) a.push_back(OperandJson(o));
  return a;
}

}  // namespace

nlohmann::ordered_json ToJson(const Instruction& in) {
  nlohmann::ordered_json j;
  j["valid"] = true;
  j["opcode"] = std::string(Name(in.opcode));
  if (in.has_guard) j["guard"] = (in.guard_negated ? "!" : "") + in.guard;
  const bool surface_mem = in.opcode == Opcode::kSuld || in.opcode == Opcode::kSust ||
                           in.opcode == Opcode::kSured;
  if (surface_mem) {
    j["addressing"] = std::string(Name(in.addressing));
    if (in.opcode == Opcode::kSured) j["op"] = std::string(Name(in.red_op));
    j["geom"] = std::string(Name(in.geom));
    j["vec"] = in.VecCount();
    j["type"] = std::string(Name(in.type));
    j["clamp"] = std::string(Name(in.clamp));
    j["clamp_explicit"] = in.clamp_explicit;
    j["cop"] = in.cop == CacheOp::kNone ? "none" : std::string(Name(in.cop));
  } else if (in.opcode == Opcode::kSuq) {
    j["query"] = std::string(Name(in.query));
    j["type"] = std::string(Name(in.type));
  }
  nlohmann::ordered_json res = OperandJson(in.resource);
  j["resource"] = res;
  if (surface_mem) j["coords"] = ListJson(in.coords);
  if (!in.dst.empty()) j["dst"] = ListJson(in.dst);
  if (!in.src.empty()) j["src"] = ListJson(in.src);
  return j;
}

}  // namespace tsu
