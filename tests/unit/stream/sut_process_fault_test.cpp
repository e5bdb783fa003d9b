// The embedded SUT's output (issue 17, item 2): read all the time it runs, so that however
// much it writes it never blocks on a full pipe, and only its last words are kept. The SUT
// is a real shell script that says where it "listens" and then writes without end.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "stream/suts/sut_process.hpp"

namespace tare::stream {
namespace {

std::filesystem::path sut_scratch_dir() {
  auto dir = std::filesystem::temp_directory_path() / ("tare-stream-tests-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

std::string chatty_sut_script(const std::filesystem::path& done_marker) {
  const auto path = sut_scratch_dir() / "chatty_sut";
  // 8 MiB of messages (a pipe holds 64 KiB) and a last line, then a file that says all of
  // it went out, then silence.
  std::ofstream(path) << "#!/bin/sh\n"
                      << "echo 'listening on 127.0.0.1:9'\n"
                      << "head -c 8388608 /dev/zero | tr '\\0' 'x'\n"
                      << "echo 'the last words'\n"
                      << "touch '" << done_marker.string() << "'\n"
                      << "exec sleep 86400\n";
  ::chmod(path.c_str(), 0755);
  return path.string();
}

bool exists_within(const std::filesystem::path& path, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!std::filesystem::exists(path)) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

TEST(SutProcessFaults, AChattySutNeverBlocksAndOnlyItsLastWordsAreKept) {
  const auto marker = sut_scratch_dir() / "chatty_sut.done";
  std::filesystem::remove(marker);
  SutProcess sut({chatty_sut_script(marker)});
  EXPECT_EQ(sut.address().text(), "127.0.0.1:9");
  // Nobody calls finish() meanwhile: the SUT gets its 8 MiB out only if they are read as
  // they come.
  ASSERT_TRUE(exists_within(marker, std::chrono::seconds(60))) << "the SUT blocked on its full output pipe";
  const std::string said = sut.finish(0);  // it sleeps: killed at once
  EXPECT_LE(said.size(), SutProcess::kMessageBytes + 100);
  EXPECT_EQ(said.rfind("the last words\n"), said.size() - 15) << said.substr(0, 200);
  EXPECT_EQ(said.rfind("[", 0), 0u) << "the message says that its start was left out";
}

TEST(SutProcessFaults, ASutThatFloodsBeforeSayingWhereItListensIsRefused) {
  const auto path = sut_scratch_dir() / "flooding_sut";
  // 32 MiB without a line end, then silence: without a cap all of it would be kept.
  std::ofstream(path) << "#!/bin/sh\nhead -c 33554432 /dev/zero\nexec sleep 86400\n";
  ::chmod(path.c_str(), 0755);
  try {
    SutProcess sut({path.string()});
    ADD_FAILURE() << "started";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "the embedded SUT wrote 65536 bytes without saying where it listens; killed");
  }
}

}  // namespace
}  // namespace tare::stream
