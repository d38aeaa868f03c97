#include "tsu/read_file.h"

#include <filesystem>
#include <fstream>
#include <system_error>

#include "tsu/text.h"

namespace tsu {

bool ReadRegularFile(const std::string& path, uint64_t max_bytes, std::string* out,
                     std::string* error) {
  const std::string name = Excerpt(path, 200);
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(st)) {
    *error = name + ": cannot open the file (it does not exist)";
    return false;
  }
  if (std::filesystem::is_directory(st)) {
    *error = name + ": is a directory, not a file";
    return false;
  }
  if (!std::filesystem::is_regular_file(st)) {
    *error = name + ": is not a regular file (a device, FIFO or socket is not read)";
    return false;
  }
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) {
    *error = name + ": cannot read the file size (" + ec.message() + ")";
    return false;
  }
  if (size > max_bytes) {
    *error = name + ": the file is " + std::to_string(size) + " bytes; the limit is " +
             std::to_string(max_bytes);
    return false;
  }
  try {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
      *error = name + ": cannot open the file";
      return false;
    }
    out->resize(static_cast<size_t>(size));
    f.read(out->data(), static_cast<std::streamsize>(size));
    if (static_cast<uintmax_t>(f.gcount()) != size) {  // shrank while being read
      *error = name + ": read " + std::to_string(f.gcount()) + " of " + std::to_string(size) + " bytes";
      return false;
    }
  } catch (const std::exception& e) {  // libstdc++ throws from a failed read whatever the mask
    *error = name + ": cannot read the file (" + e.what() + ")";
    return false;
  }
  return true;
}

}  // namespace tsu
