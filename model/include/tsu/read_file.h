// Reading a whole input file (a script, a PTX module, a mix) with a size limit: only a regular
// file is read, so a directory, a FIFO or a device such as /dev/zero is an error instead of a
// crash, a hang or an unbounded allocation.
#ifndef TSU_READ_FILE_H_
#define TSU_READ_FILE_H_

#include <cstdint>
#include <string>

namespace tsu {

// Reads `path` into *out. Returns false, with a message that names the path in *error, when it
// is not a regular file, cannot be read, or is larger than max_bytes. Never throws.
bool ReadRegularFile(const std::string& path, uint64_t max_bytes, std::string* out,
                     std::string* error);

}  // namespace tsu

#endif  // TSU_READ_FILE_H_
