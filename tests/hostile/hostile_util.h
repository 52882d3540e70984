// Helpers for the hostile-bot suite: finding what a bot left behind.
#ifndef WOODLAND_TEST_HOSTILE_HOSTILE_UTIL_H_
#define WOODLAND_TEST_HOSTILE_HOSTILE_UTIL_H_

#include <sys/types.h>

#include <string>

#include "absl/time/time.h"

namespace woodland::hostile {

// A word unique to this process and call, put on a bot's command line.
std::string NewTag();
// Processes whose command line contains `tag` (forked children keep it).
int CountTagged(const std::string& tag);
// Waits up to `wait` for CountTagged(tag) to reach 0; returns the count.
int WaitUntilNoneTagged(const std::string& tag, absl::Duration wait);
// This process's open file descriptors and threads.
int OpenFds();
int Threads();
// The state letter of process `pid` from /proc/PID/stat ('T' = stopped),
// or '?' when it cannot be read.
char ProcessState(pid_t pid);
// Whether this machine has a writable cgroup memory controller (v1).
bool MemoryCgroupAvailable();

}  // namespace woodland::hostile

#endif  // WOODLAND_TEST_HOSTILE_HOSTILE_UTIL_H_
