// Checking where a command will write before it starts work: an output directory or file that
// cannot be made is a one-line message (the caller exits 2), never an exception or an abort after
// minutes of simulation. Each check probes the file system for real (it creates and removes a
// scratch entry), so /proc, /sys, a read-only mount and a path under a regular file all fail
// here, whoever runs the command.
#ifndef TSU_OUTPUT_PATH_H_
#define TSU_OUTPUT_PATH_H_

#include <string>

namespace tsu {

// Creates `dir` (and its parents) if missing and checks that a file can be made in it.
bool PrepareOutputDir(const std::string& dir, std::string* error);

// Checks that `dir` could be created (its nearest existing ancestor is a directory in which a
// directory can be made) or, if it exists, written; creates nothing that outlives the call.
bool CheckOutputDir(const std::string& dir, std::string* error);

// Checks that the file `path` can be written: not a directory, its directory made if missing,
// the file opened for appending (and so created, empty, if missing).
bool PrepareOutputFile(const std::string& path, std::string* error);

}  // namespace tsu

#endif  // TSU_OUTPUT_PATH_H_
