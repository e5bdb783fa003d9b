// The machine's readiness summary and the steal share in a run's context: written, read
// back the same, and an older file without them still read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <stdexcept>

#include "report/json_read.hpp"
#include "report/json_write.hpp"

namespace {

using tare::results::Readiness;
using tare::results::SystemCheck;

std::string written_run(const tare::results::Run& run) {
  std::ostringstream out;
  tare::report::write_json(run, out);
  return out.str();
}

tare::results::Run read_text(const std::string& text) {
  std::istringstream in(text);
  return tare::report::read_json(in);
}

tare::results::Run run_with_summary() {
  tare::results::Run run;
  run.context.steal_share = 0.02;
  run.context.system = {{SystemCheck::governor, Readiness::attention, "powersave"},
                        {SystemCheck::steal, Readiness::ready, "0.0% of CPU time"},
                        {SystemCheck::smt, Readiness::unknown, ""}};
  return run;
}

TEST(SystemContextJson, WrittenWithTheContext) {
  const auto doc = nlohmann::json::parse(written_run(run_with_summary()));
  EXPECT_EQ(doc["context"]["steal_share"], 0.02);
  ASSERT_EQ(doc["context"]["system"].size(), 3u);
  EXPECT_EQ(doc["context"]["system"][0], (nlohmann::json{{"check", "governor"}, {"readiness", "attention"}, {"state", "powersave"}}));
  EXPECT_TRUE(doc["context"]["system"][2]["state"].is_null());
}

TEST(SystemContextJson, ReadBackTheSame) {
  const std::string text = written_run(run_with_summary());
  const auto run = read_text(text);
  EXPECT_EQ(run.context.system, run_with_summary().context.system);
  EXPECT_DOUBLE_EQ(run.context.steal_share, 0.02);
  EXPECT_EQ(written_run(run), text);
}

TEST(SystemContextJson, AnOlderFileWithoutThemIsRead) {
  auto doc = nlohmann::json::parse(written_run(run_with_summary()));
  doc["context"].erase("system");
  doc["context"].erase("steal_share");
  const auto run = read_text(doc.dump());
  EXPECT_TRUE(run.context.system.empty());
  EXPECT_EQ(run.context.steal_share, -1);
}

TEST(SystemContextJson, AnUnknownCheckIsNamed) {
  auto doc = nlohmann::json::parse(written_run(run_with_summary()));
  doc["context"]["system"][0]["check"] = "cooling";
  EXPECT_THAT([&] { read_text(doc.dump()); },
              ::testing::ThrowsMessage<std::runtime_error>(::testing::HasSubstr("unknown system check \"cooling\"")));
}

}  // namespace
