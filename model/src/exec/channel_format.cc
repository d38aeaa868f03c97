// CUDA channel descriptions → unit formats (tsu/exec/channel_format.h).
#include "tsu/exec/channel_format.h"

namespace tsu::exec {

bool ChannelFormat(const std::vector<int>& bits, const std::string& kind, ChannelOrder* order,
                   ChannelType* type, std::string* error) {
  if (bits.size() != 1 && bits.size() != 2 && bits.size() != 4) {
    *error = "a CUDA array has 1, 2 or 4 channels, not " + std::to_string(bits.size());
    return false;
  }
  for (int b : bits) {
    if (b != bits[0]) {
      *error = "every channel must have the same width";
      return false;
    }
  }
  *order = bits.size() == 1 ? ChannelOrder::kR : bits.size() == 2 ? ChannelOrder::kRG : ChannelOrder::kRGBA;
  const int b = bits[0];
  if (kind == "float") {
    if (b == 16) *type = ChannelType::kHalfFloat;
    else if (b == 32) *type = ChannelType::kFloat;
    else {
      *error = "float channels are 16 or 32 bits, not " + std::to_string(b);
      return false;
    }
    return true;
  }
  if (kind != "signed" && kind != "unsigned") {
    *error = "the channel kind is float, signed or unsigned, not '" + kind + "'";
    return false;
  }
  const bool s = kind == "signed";
  switch (b) {
    case 8: *type = s ? ChannelType::kSignedInt8 : ChannelType::kUnsignedInt8; return true;
    case 16: *type = s ? ChannelType::kSignedInt16 : ChannelType::kUnsignedInt16; return true;
    case 32: *type = s ? ChannelType::kSignedInt32 : ChannelType::kUnsignedInt32; return true;
    default:
      *error = "integer channels are 8, 16 or 32 bits, not " + std::to_string(b);
      return false;
  }
}

bool ChannelFormatByName(const std::string& name, ChannelOrder* order, ChannelType* type,
                         std::string* error) {
  size_t i = 0;
  while (i < name.size() && (name[i] == 'r' || name[i] == 'g' || name[i] == 'b' || name[i] == 'a')) ++i;
  const std::string chans = name.substr(0, i);
  size_t j = i;
  while (j < name.size() && name[j] >= '0' && name[j] <= '9') ++j;
  const std::string suffix = name.substr(j);
  const int n = chans == "r" ? 1 : chans == "rg" ? 2 : chans == "rgba" ? 4 : 0;
  if (n == 0 || j == i || (suffix != "" && suffix != "f" && suffix != "i" && suffix != "u")) {
    *error = "unknown format '" + name + "' (r32f, rg16f, rgba8, rgba8i, r32u, ...)";
    return false;
  }
  const int b = std::stoi(name.substr(i, j - i));
  const std::string kind = suffix == "f" ? "float" : suffix == "i" ? "signed" : "unsigned";
  if (suffix.empty() && b == 32) {
    *error = "'" + name + "': say r32f, r32u or r32i";
    return false;
  }
  return ChannelFormat(std::vector<int>(static_cast<size_t>(n), b), kind, order, type, error);
}

}  // namespace tsu::exec
