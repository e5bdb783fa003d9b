// The timed code's identity in the results JSON (`code`): its shape and order of fields,
// the round trip, and null for a benchmark the run did not identify.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "report/json_read.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

results::CodeIdentity summing_code() {
  results::CodeIdentity code;
  code.functions = {{"sum(int const*, unsigned long)", "00a1b2c3d4e5f607", 0x1260, 14},
                    {"unsigned long tare::detail::timed_loop<sum::{lambda()#1}, NoState>(void const*, void*, unsigned long)",
                     "ffeeddccbbaa9988", 0x14f0, 61}};
  code.hot_function = "sum(int const*, unsigned long)";
  code.hot_loop_address = 0x1280;
  code.invocations = 4096;
  code.instructions = 4096 * 23;
  return code;
}

TEST(CodeIdentityJson, RoundTripKeepsEveryField) {
  results::Run run = testing::full_run();
  run.benchmarks[0].code = summing_code();
  const std::string text = testing::to_text(run);
  std::istringstream in(text);
  const results::Run read = read_json(in);
  ASSERT_TRUE(read.benchmarks[0].code);
  const auto& code = *read.benchmarks[0].code;
  ASSERT_EQ(code.functions.size(), 2u);
  EXPECT_EQ(code.functions[0].name, "sum(int const*, unsigned long)");
  EXPECT_EQ(code.functions[0].digest, "00a1b2c3d4e5f607");
  EXPECT_EQ(code.functions[0].address, 0x1260u);
  EXPECT_EQ(code.functions[0].instructions, 14u);
  EXPECT_EQ(code.functions[1].address, 0x14f0u);
  EXPECT_EQ(code.hot_function, "sum(int const*, unsigned long)");
  EXPECT_EQ(code.hot_loop_address, std::optional<std::uint64_t>(0x1280));
  EXPECT_EQ(code.invocations, 4096u);
  EXPECT_EQ(code.instructions, 4096u * 23);
  EXPECT_FALSE(read.benchmarks[1].code);  // null for a benchmark without it
  std::istringstream again(text);
  EXPECT_EQ(testing::to_text(read_json(again)), text);
}

TEST(CodeIdentityJson, ShapeAndNullLoop) {
  results::Run run = testing::full_run();
  run.benchmarks[0].code = summing_code();
  run.benchmarks[0].code->hot_loop_address.reset();  // the hottest region was no loop
  const auto json = nlohmann::ordered_json::parse(testing::to_text(run));
  const auto& code = json["benchmarks"][0]["code"];
  std::vector<std::string> keys;
  for (const auto& [key, value] : code.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"functions", "hot_function", "hot_loop_address", "invocations", "instructions"}));
  std::vector<std::string> function_keys;
  for (const auto& [key, value] : code["functions"][0].items()) function_keys.push_back(key);
  EXPECT_EQ(function_keys, (std::vector<std::string>{"name", "digest", "address", "instructions"}));
  EXPECT_EQ(code["functions"][0]["address"], 0x1260);
  EXPECT_TRUE(code["hot_loop_address"].is_null());
  EXPECT_TRUE(json["benchmarks"][1]["code"].is_null());
  std::istringstream in(testing::to_text(run));
  EXPECT_FALSE(read_json(in).benchmarks[0].code->hot_loop_address);
}

}  // namespace
}  // namespace tare::report
