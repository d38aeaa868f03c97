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
  } else if (in.opcode == Opcode::kTex) {
    // Everything the model's tex uses (docs/ptx-front-end.md, "tex decodes").
    j["mode"] = in.tex_mode == TexMode::kNone ? "none" : std::string(Name(in.tex_mode));
    j["geom"] = std::string(Name(in.geom));
    j["vec"] = in.vec == VecSize::kV2 ? 2 : 4;
    j["dtype"] = std::string(Name(in.type));
    j["ctype"] = std::string(Name(in.coord_type));
  }
  j["resource"] = OperandJson(in.resource);
  if (in.opcode == Opcode::kTex) {
    j["sampler"] = in.has_sampler ? OperandJson(in.sampler) : nlohmann::ordered_json(nullptr);
  }
  if (surface_mem || in.opcode == Opcode::kTex) j["coords"] = ListJson(in.coords);
  if (!in.dst.empty()) j["dst"] = ListJson(in.dst);
  if (!in.src.empty()) j["src"] = ListJson(in.src);
  if (in.opcode == Opcode::kTex) {
    j["pred"] = in.has_pred_dst ? OperandJson(in.pred_dst) : nlohmann::ordered_json(nullptr);
    j["lod"] = in.has_lod ? OperandJson(in.lod) : nlohmann::ordered_json(nullptr);
    if (in.tex_mode == TexMode::kGrad) {
      j["dpdx"] = ListJson(in.dpdx);
      j["dpdy"] = ListJson(in.dpdy);
    } else {
      j["dpdx"] = nullptr;
      j["dpdy"] = nullptr;
    }
    j["offset"] = in.offset.empty() ? nlohmann::ordered_json(nullptr) : ListJson(in.offset);
    j["depth_ref"] = in.has_depth_ref ? OperandJson(in.depth_ref) : nlohmann::ordered_json(nullptr);
  }
  if (!in.no_semantics.empty()) j["no_semantics"] = in.no_semantics;
  return j;
}

}  // namespace tsu
