// CUDA's channel descriptions (cudaCreateChannelDesc: bits per channel and a kind) as the unit's
// channel order and type, so the host side names formats as a CUDA program does.
#ifndef TSU_EXEC_CHANNEL_FORMAT_H_
#define TSU_EXEC_CHANNEL_FORMAT_H_

#include <string>
#include <vector>

#include "tsu/encodings.h"

namespace tsu::exec {

// bits: 1, 2 or 4 channels of equal width (8, 16 or 32); kind: "float", "signed" or "unsigned".
// False with *error naming what CUDA would refuse.
bool ChannelFormat(const std::vector<int>& bits, const std::string& kind, ChannelOrder* order,
                   ChannelType* type, std::string* error);

// A short name for the CLI: r32f, rg16f, rgba8, rgba8u, r16i, ... (8/16-bit without a suffix are
// unsigned integers, read as normalized floats by default).
bool ChannelFormatByName(const std::string& name, ChannelOrder* order, ChannelType* type,
                         std::string* error);

}  // namespace tsu::exec

#endif  // TSU_EXEC_CHANNEL_FORMAT_H_
