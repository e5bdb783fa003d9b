// A benchmark binary whose benchmarks start a process and leave it behind, holding the
// worker's output (and, for the crashing one, its reply pipe too), or as a daemon in a
// session of its own: what a careless benchmark of a server does. Each left-behind process's pid is appended to the file
// TARE_E2E_ORPHANS names, so a test can see whether any outlived the run.
#include <tare/tare.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>

namespace {

// Starts `sleep` for a day in a child that keeps the worker's stdout and stderr, and its
// protocol pipes (fds 3 and 4) unless told to close them; returns at once.
void leave_a_process_behind(bool keep_protocol_pipes) {
  const pid_t child = fork();
  if (child == 0) {
    if (!keep_protocol_pipes) {
      close(3);
      close(4);
    }
    execl("/bin/sleep", "sleep", "86400", static_cast<char*>(nullptr));
    _exit(127);
  }
  if (const char* path = std::getenv("TARE_E2E_ORPHANS")) std::ofstream(path, std::ios::app) << child << "\n";
}

// A daemon's double fork: a child that starts a session of its own (so it leaves the
// worker's process group) and forks the `sleep`, which it orphans at once. Returns when the
// daemon's pid is written.
void leave_a_daemon_behind() {
  const pid_t child = fork();
  if (child == 0) {
    setsid();
    const pid_t daemon = fork();
    if (daemon == 0) {
      execl("/bin/sleep", "sleep", "86400", static_cast<char*>(nullptr));
      _exit(127);
    }
    if (const char* path = std::getenv("TARE_E2E_ORPHANS")) std::ofstream(path, std::ios::app) << daemon << "\n";
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
}

struct LeavesStdout {
  explicit LeavesStdout(const tare::Params&) { leave_a_process_behind(false); }
};

struct LeavesEverything {
  explicit LeavesEverything(const tare::Params&) { leave_a_process_behind(true); }
};

struct LeavesADaemon {
  explicit LeavesADaemon(const tare::Params&) { leave_a_daemon_behind(); }
};

}  // namespace

TARE_BENCHMARKS {
  // Measures normally; only its exit leaves the stdout pipe open.
  tare::group<LeavesStdout>("orphan").bench("holds_stdout", [](LeavesStdout&) { return tare::opaque(1); });
  // Crashes while its child holds every pipe: no end of file says that it died.
  tare::group<LeavesEverything>("orphan").bench("holds_pipes_and_crashes", [](LeavesEverything&) {
    std::raise(SIGSEGV);
  });
  // Starts a daemon outside the worker's process group, which killing the group misses.
  tare::group<LeavesADaemon>("orphan").bench("starts_a_daemon", [](LeavesADaemon&) { return tare::opaque(1); });
}
