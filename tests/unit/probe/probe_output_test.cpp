// Writing probes out: on demand, at exit (in a child process that exits), on a signal.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "tare/probe.hpp"

namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::filesystem::path scratch(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("tare-probe-" + std::to_string(getpid()) + "-" + name);
}

void call_probe(int times) {
  for (int i = 0; i < times; ++i) {
    TARE_PROBE("dump_test.site");
  }
}

// Probes of their own for the children (a forked child inherits the parent's counts).
void call_exit_probe(int times) {
  for (int i = 0; i < times; ++i) {
    TARE_PROBE("dump_test.exit");
  }
}
void call_signal_probe(int times) {
  for (int i = 0; i < times; ++i) {
    TARE_PROBE("dump_test.signal");
  }
}

const nlohmann::json* find_probe(const nlohmann::json& doc, const std::string& name) {
  for (const auto& p : doc["probes"])
    if (p["name"] == name) return &p;
  return nullptr;
}

TEST(ProbeDump, TextAndJsonOnDemand) {
  call_probe(100);
  std::ostringstream text, json;
  tare::probe::write_text(text);
  tare::probe::write_json(json);
  EXPECT_NE(text.str().find("dump_test.site"), std::string::npos) << text.str();
  const auto doc = nlohmann::json::parse(json.str());
  EXPECT_EQ(doc["schema"], "tare.probe/1");
  const auto* p = find_probe(doc, "dump_test.site");
  ASSERT_NE(p, nullptr);
  EXPECT_GE((*p)["calls"].get<int>(), 100);
  EXPECT_EQ((*p)["clock"], "tare tick");
}

TEST(ProbeDump, AtExitWritesJsonWhenTheProgramEnds) {
  const auto path = scratch("exit.json");
  const pid_t child = fork();
  if (child == 0) {
    tare::probe::dump_at_exit(path.string());
    call_exit_probe(250);
    std::exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const auto doc = nlohmann::json::parse(slurp(path));
  const auto* p = find_probe(doc, "dump_test.exit");
  ASSERT_NE(p, nullptr) << doc.dump();
  EXPECT_EQ((*p)["calls"].get<int>(), 250);
  std::filesystem::remove(path);
}

TEST(ProbeDump, OnSignalWritesATableFromABackgroundThread) {
  const auto path = scratch("signal.txt");
  const pid_t child = fork();
  if (child == 0) {
    tare::probe::dump_on_signal(SIGUSR2, path.string());
    call_signal_probe(300);
    std::raise(SIGUSR2);
    // The dump happens on the background thread: wait for the file, then leave.
    for (int i = 0; i < 1000; ++i) {
      if (slurp(path).find("dump_test.signal") != std::string::npos) std::_Exit(0);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::_Exit(3);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  const std::string table = slurp(path);
  const auto line = table.find("dump_test.signal");
  ASSERT_NE(line, std::string::npos) << table;
  EXPECT_NE(table.substr(line, table.find('\n', line) - line).find(" 300 "), std::string::npos) << table;
  std::filesystem::remove(path);
}

}  // namespace
