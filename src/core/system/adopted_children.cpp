#include "system/adopted_children.hpp"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "system/child_exit.hpp"

namespace tare::system {
namespace {

// Ends after this many rounds whatever is left: each round ends one generation of what the
// previous one orphaned, and a process cannot start children once it has been killed.
constexpr int kMaxRounds = 16;

// The parent pid in /proc/PID/stat: the field after the command, which is in parentheses
// and may itself hold spaces and parentheses, so it is read after the last ')'.
pid_t parent_of(const char* pid_text) noexcept {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%s/stat", pid_text);
  std::FILE* file = std::fopen(path, "r");
  if (!file) return -1;
  char text[1024];
  const std::size_t size = std::fread(text, 1, sizeof text - 1, file);
  std::fclose(file);
  text[size] = '\0';
  const char* close = std::strrchr(text, ')');
  char state = 0;
  int parent = -1;
  if (!close || std::sscanf(close + 1, " %c %d", &state, &parent) != 2) return -1;
  return parent;
}

// The pids whose parent is this process, from /proc (which every kernel has;
// /proc/PID/task/TID/children needs a kernel option).
std::vector<pid_t> children() {
  std::vector<pid_t> found;
  DIR* proc = ::opendir("/proc");
  if (!proc) return found;
  const pid_t self = ::getpid();
  while (const dirent* entry = ::readdir(proc)) {
    const char* name = entry->d_name;
    if (name[0] < '1' || name[0] > '9') continue;
    if (parent_of(name) == self) found.push_back(static_cast<pid_t>(std::atoi(name)));
  }
  ::closedir(proc);
  return found;
}

// Whether this process has any child at all, exited or not, without reaping one: listing
// them means reading every process's stat file in /proc (half a millisecond after every
// fork), and usually there is none.
bool has_children() noexcept {
  siginfo_t info{};
  return !(::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) < 0 && errno == ECHILD);
}

}  // namespace

bool adopt_orphaned_descendants() noexcept { return ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0; }

std::size_t end_stray_children() noexcept {
  std::size_t ended = 0;
  if (!has_children()) return 0;
  try {
    for (int round = 0; round < kMaxRounds; ++round) {
      std::vector<pid_t> strays = children();
      const std::vector<pid_t> keep = ChildExit::watched();
      std::erase_if(strays, [&](pid_t pid) { return std::find(keep.begin(), keep.end(), pid) != keep.end(); });
      if (strays.empty()) break;
      for (const pid_t pid : strays) {
        // Not yet reaped, so neither its pid nor the group it may lead can have been reused.
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        ++ended;
      }
    }
  } catch (...) {  // out of memory listing /proc: leave the rest rather than fail the run
  }
  return ended;
}

}  // namespace tare::system
