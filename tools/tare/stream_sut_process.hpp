// The embedded reference SUT as a child process: `tare stream run` without --sut starts
// `tare stream sut --listen 127.0.0.1:0 ...` (this same executable), reads the address it
// listens on from its first line of output, and reaps it at the end. A separate process, so
// the SUT's threads never share the driver's address space or scheduling fate.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "stream/net.hpp"

namespace tare::tool {

class SutProcess {
 public:
  /// Starts `executable stream sut --listen 127.0.0.1:0 args...` and waits (up to 10 s) for
  /// its "listening on HOST:PORT" line. std::runtime_error when it fails to start.
  SutProcess(const std::string& executable, const std::vector<std::string>& args);
  ~SutProcess();
  SutProcess(const SutProcess&) = delete;
  SutProcess& operator=(const SutProcess&) = delete;

  const stream::Address& address() const noexcept { return address_; }
  /// Waits up to timeout_ms for it to exit by itself, then kills it. Returns its messages
  /// (what it wrote after the address line), for the report when a run failed.
  std::string finish(int timeout_ms);

 private:
  pid_t pid_ = -1;
  int output_fd_ = -1;
  stream::Address address_;
  std::string output_;
};

}  // namespace tare::tool
