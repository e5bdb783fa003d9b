// A program run as a child process whose every wait can have a deadline and whose output
// can never grow without bound: the runner's workers, what `tare ab` runs to list a
// binary's benchmarks, and how `tare stream run` starts its reference SUT.
//
// The child leads its own process group (so ending it also ends whatever it started and
// left holding its pipes), dies with the thread that started it (PR_SET_PDEATHSIG: in a
// group of its own, a Ctrl-C at the terminal does not reach it), reads /dev/null, gets no
// other descriptor of this process's, and writes into pipes this process reads without
// blocking. A worker also gets pipes of its own as descriptors 3 and up, and an
// environment of its own.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "system/child_exit.hpp"

namespace tare::system {

class ChildProcess {
 public:
  enum class Errors { own_pipe, with_output };

  /// How to start it.
  struct Launch {
    std::vector<std::string> argv;  ///< argv[0] is a path: no shell, no search of PATH
    Errors errors = Errors::own_pipe;
    /// Descriptors of this process's that become 3, 4, ... in the child (the ends of pipes
    /// the caller made for it); the caller still owns and closes its own copies.
    std::vector<int> descriptors;
    /// Its whole environment ("NAME=value"); this process's when absent.
    std::optional<std::vector<std::string>> environment;
  };

  /// Starts argv[0] with argv as its arguments; stderr goes to a pipe of its own or joins
  /// stdout's. Throws std::runtime_error saying why when it cannot be started (no such
  /// file, not executable).
  ChildProcess(const std::vector<std::string>& argv, Errors errors);
  explicit ChildProcess(const Launch& launch);
  /// Ends it (end()) if that was not done yet.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const noexcept { return pid_; }
  /// The read ends of its stdout and (Errors::own_pipe) stderr, non-blocking; -1 once closed.
  int output_fd() const noexcept { return output_fd_; }
  int errors_fd() const noexcept { return errors_fd_; }
  /// Hands the stdout pipe's read end to the caller, who closes it (end() then leaves it
  /// open: what the child wrote last can still be read after it was ended).
  int take_output_fd() noexcept;
  /// Its exit, watched without reaping it (fd() polls readable once it exited).
  const ChildExit& exit() const noexcept { return *exit_; }
  /// Kills its process group (what is still running of it and what it left behind), reaps
  /// it and closes the pipes. Returns its wait status; later calls return the same.
  int end() noexcept;

 private:
  pid_t pid_ = -1;
  std::unique_ptr<ChildExit> exit_;
  int output_fd_ = -1, errors_fd_ = -1;
  bool ended_ = false;
  int status_ = 0;
};

/// Text another process sends, of which at most `limit` bytes are kept: the first ones
/// (Keep::head: what a reader parses, or the first line of an error) or the last ones
/// (Keep::tail: the latest messages). What is not kept is counted.
class BoundedText {
 public:
  enum class Keep { head, tail };
  BoundedText(std::size_t limit, Keep keep) : limit_(limit), keep_(keep) {}

  void append(const char* data, std::size_t size);
  const std::string& text() const noexcept { return text_; }
  std::string& text() noexcept { return text_; }
  /// Bytes received and not kept.
  std::uint64_t dropped() const noexcept { return dropped_; }
  std::size_t limit() const noexcept { return limit_; }

 private:
  std::size_t limit_;
  Keep keep_;
  std::string text_;
  std::uint64_t dropped_ = 0;
};

/// Reads what `fd` (non-blocking) holds now into `into`, at most 1 MiB a call; false at the
/// end of the stream (the writers closed it) or on an error, true otherwise.
bool read_available(int fd, BoundedText& into);

}  // namespace tare::system
