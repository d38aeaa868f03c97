#include "cover_points.h"

#include <cstdlib>
#include <fstream>

namespace tsu::tb {

// A record is  C '<\001key\002value>...' count  ; user points sit on pages "v_user/...".
std::vector<CoverPoint> ReadCoverPoints(const std::string& dat_path) {
  std::vector<CoverPoint> points;
  std::ifstream in(dat_path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("C '", 0) != 0) continue;
    const size_t close = line.rfind('\'');
    if (close == std::string::npos || close < 3) continue;
    const std::string keys = line.substr(3, close - 3);
    CoverPoint p;
    p.count = std::strtoull(line.c_str() + close + 1, nullptr, 10);
    bool user = false;
    size_t pos = 0;
    while (pos < keys.size()) {
      const size_t k0 = keys.find('\001', pos);
      if (k0 == std::string::npos) break;
      const size_t v0 = keys.find('\002', k0);
      if (v0 == std::string::npos) break;
      size_t v1 = keys.find('\001', v0);
      if (v1 == std::string::npos) v1 = keys.size();
      const std::string key = keys.substr(k0 + 1, v0 - k0 - 1);
      const std::string val = keys.substr(v0 + 1, v1 - v0 - 1);
      if (key == "h") p.hier = val;
      if (key == "page") user = val.rfind("v_user", 0) == 0;
      pos = v1;
    }
    if (user) points.push_back(std::move(p));
  }
  return points;
}

}  // namespace tsu::tb
