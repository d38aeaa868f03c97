// Reading Verilator coverage files (.dat): the `cover property` points and their counts.
#ifndef TSU_TB_COMMON_COVER_POINTS_H_
#define TSU_TB_COMMON_COVER_POINTS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tsu::tb {

struct CoverPoint {
  std::string hier;   // instance path and label, e.g. "tsu_top.tsu_top.c_forward"
  uint64_t count = 0;
};

// Every user cover point (`cover property`) in a Verilator coverage file; line coverage is
// skipped. An unreadable file gives an empty list.
std::vector<CoverPoint> ReadCoverPoints(const std::string& dat_path);

}  // namespace tsu::tb

#endif  // TSU_TB_COMMON_COVER_POINTS_H_
