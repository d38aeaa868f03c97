#include "tsu/output_path.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace tsu {
namespace {

namespace fs = std::filesystem;

std::string Quote(const fs::path& p) { return "'" + p.string() + "'"; }

// Makes and removes a scratch directory in `dir`: the one test every file system, mount option
// and privilege agrees with.
bool ProbeDir(const fs::path& dir, std::string* error) {
  std::string templ = (dir / ".tsu_probe_XXXXXX").string();
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (mkdtemp(buf.data()) == nullptr) {
    *error = "cannot write in " + Quote(dir) + ": " + std::strerror(errno);
    return false;
  }
  rmdir(buf.data());
  return true;
}

}  // namespace

bool PrepareOutputDir(const std::string& dir, std::string* error) {
  if (dir.empty()) {
    *error = "an empty directory name";
    return false;
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    *error = "cannot create " + Quote(dir) + ": " + ec.message();
    return false;
  }
  if (!fs::is_directory(dir, ec)) {
    *error = Quote(dir) + " is not a directory";
    return false;
  }
  return ProbeDir(dir, error);
}

bool CheckOutputDir(const std::string& dir, std::string* error) {
  if (dir.empty()) {
    *error = "an empty directory name";
    return false;
  }
  std::error_code ec;
  fs::path p = fs::absolute(dir, ec);
  if (ec) {
    *error = "cannot resolve " + Quote(dir) + ": " + ec.message();
    return false;
  }
  // The nearest existing ancestor; a component that is a file ends the walk there.
  while (!fs::exists(p, ec) && p.has_parent_path() && p.parent_path() != p) p = p.parent_path();
  if (!fs::is_directory(p, ec)) {
    *error = Quote(p) + " is not a directory (on the way to " + Quote(dir) + ")";
    return false;
  }
  return ProbeDir(p, error);
}

bool PrepareOutputFile(const std::string& path, std::string* error) {
  if (path.empty()) {
    *error = "an empty file name";
    return false;
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    *error = Quote(path) + " is a directory";
    return false;
  }
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !PrepareOutputDir(parent.string(), error)) return false;
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    *error = "cannot open " + Quote(path) + " for writing: " + std::strerror(errno);
    return false;
  }
  close(fd);
  return true;
}

}  // namespace tsu
