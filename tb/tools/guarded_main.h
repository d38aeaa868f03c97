// The top level of tsu's command-line programs (tsu, tsu_point): any exception that escapes a
// command (a file system error, a full disk, an allocation that failed) is a one-line message
// and exit 2, never an abort.
#ifndef TSU_TB_TOOLS_GUARDED_MAIN_H_
#define TSU_TB_TOOLS_GUARDED_MAIN_H_

#include <exception>
#include <iostream>

namespace tsu::tb {

inline int GuardedMain(int (*main_fn)(int, char**), int argc, char** argv) {
  try {
    return main_fn(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "error: an unknown exception\n";
  }
  return 2;
}

}  // namespace tsu::tb

#endif  // TSU_TB_TOOLS_GUARDED_MAIN_H_
