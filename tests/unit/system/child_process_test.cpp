// Starting a child with pipes of its own as descriptors 3 and 4 and an environment of its
// own (how the runner starts workers), on /bin/sh.
#include "system/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using tare::system::ChildProcess;

// A pipe whose ends the test closes when it is done with them.
struct TestPipe {
  int read = -1, write = -1;
  TestPipe() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) == 0) {
      read = fds[0];
      write = fds[1];
    }
  }
  ~TestPipe() {
    for (int fd : {read, write})
      if (fd >= 0) close(fd);
  }
  void close_end(int& end) {
    close(end);
    end = -1;
  }
};

// Everything `fd` carries until its writers close it; waits for each piece (a minute at
// most, so that a broken child fails the test instead of hanging it).
std::string read_to_end(int fd) {
  std::string text;
  for (;;) {
    pollfd ready{fd, POLLIN, 0};
    if (poll(&ready, 1, 60'000) <= 0) return text + "<timed out>";
    char buffer[256];
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return text;
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

TEST(ChildProcess, GivesTheChildItsDescriptorsAsThreeAndFour) {
  TestPipe to_child, from_child;
  ASSERT_GE(to_child.read, 0);
  ASSERT_GE(from_child.read, 0);
  ChildProcess::Launch launch;
  launch.argv = {"/bin/sh", "-c", "read line <&3; echo \"got $line\" >&4"};
  launch.errors = ChildProcess::Errors::with_output;
  launch.descriptors = {to_child.read, from_child.write};
  ChildProcess child(launch);
  // The child has its own copies: once this process closes its ends, only the child's
  // remain, and the reply pipe ends when the child does.
  to_child.close_end(to_child.read);
  from_child.close_end(from_child.write);
  ASSERT_EQ(write(to_child.write, "ping\n", 5), 5);
  EXPECT_EQ(read_to_end(from_child.read), "got ping\n");
  const int status = child.end();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
}

TEST(ChildProcess, GivesTheChildTheEnvironmentItWasGivenAndNoOther) {
  ChildProcess::Launch launch;
  launch.argv = {"/bin/sh", "-c", "echo \"${TARE_CHILD_TEST-unset} ${HOME-unset}\""};
  launch.errors = ChildProcess::Errors::with_output;
  launch.environment = std::vector<std::string>{"TARE_CHILD_TEST=given"};
  ChildProcess child(launch);
  const int output = child.take_output_fd();
  ASSERT_GE(output, 0);
  EXPECT_EQ(child.output_fd(), -1);
  EXPECT_EQ(read_to_end(output), "given unset\n");
  child.end();
  close(output);
}

TEST(ChildProcess, AnOutputTakenStaysOpenAfterTheChildIsEnded) {
  ChildProcess::Launch launch;
  launch.argv = {"/bin/sh", "-c", "echo last words"};
  launch.errors = ChildProcess::Errors::with_output;
  ChildProcess child(launch);
  const int output = child.take_output_fd();
  ASSERT_GE(output, 0);
  // Wait for its exit (the event), then end it: what it wrote is still there to read.
  EXPECT_TRUE(child.exit().wait_until(tare::system::ChildExit::Clock::now() + std::chrono::minutes(1)));
  child.end();
  EXPECT_EQ(read_to_end(output), "last words\n");
  close(output);
}

TEST(ChildProcess, SaysWhyAProgramCannotBeRun) {
  ChildProcess::Launch launch;
  launch.argv = {"/nonexistent/tare-child-test"};
  launch.descriptors = {STDIN_FILENO};
  try {
    ChildProcess child(launch);
    ADD_FAILURE() << "started a program that does not exist";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot be run"), std::string::npos) << e.what();
  }
}

}  // namespace
