// clocksource() reads one sysfs file; checked against a fake /sys tree.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "clock/clocksource.hpp"

namespace {

namespace fs = std::filesystem;

class Clocksource : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("tare-clocksource-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  void write_clocksource(const std::string& text) {
    const fs::path dir = root_ / "sys/devices/system/clocksource/clocksource0";
    fs::create_directories(dir);
    std::ofstream(dir / "current_clocksource") << text;
  }

  fs::path root_;
};

TEST_F(Clocksource, ReadsAndTrims) {
  write_clocksource("tsc\n");
  EXPECT_EQ(tare::clock::clocksource(root_), "tsc");
}

TEST_F(Clocksource, KeepsNamesWithPunctuation) {
  write_clocksource("  kvm-clock \n");
  EXPECT_EQ(tare::clock::clocksource(root_), "kvm-clock");
}

TEST_F(Clocksource, MissingOrEmptyIsEmpty) {
  EXPECT_EQ(tare::clock::clocksource(root_), "");
  write_clocksource("\n");
  EXPECT_EQ(tare::clock::clocksource(root_), "");
}

}  // namespace
