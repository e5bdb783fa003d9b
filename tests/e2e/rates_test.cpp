// End-to-end: items and bytes per operation declared in the source reach the listing, the
// JSON, the CSV and the console; a parameter they rest on that is not a count is a usage
// error; a reset per sample before an operation that changes the state is warned about.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

const std::string kRatesBench = TARE_E2E_RATES_BENCH;

std::vector<std::string> quick_rates(std::vector<std::string> extra) {
  std::vector<std::string> args{kRatesBench, "--forks", "2", "--max-forks", "2", "--measure-ms", "2",
                                "--warmup-max-ms", "20", "--seed", "24"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

const nlohmann::json& named(const nlohmann::json& run, const std::string& name) {
  for (const auto& b : run["benchmarks"])
    if (b["name"] == name) return b;
  throw std::runtime_error("no benchmark " + name);
}

}  // namespace

TEST(RatesEndToEnd, ItemsAndBytesPerSecondFollowTheScoreInEveryReport) {
  const auto dir = tare_e2e::scratch_dir();
  const auto json_path = (dir / "rates.json").string(), csv_path = (dir / "rates.csv").string();
  const auto result =
      tare_e2e::run_command(quick_rates({"--filter", "^rated", "--json", json_path, "--csv", csv_path}));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto run = nlohmann::json::parse(tare_e2e::slurp(json_path));
  const auto& b = named(run, "rated.sum/n=64");
  EXPECT_EQ(b["items_per_op"], 64);
  EXPECT_EQ(b["bytes_per_op"], 64 * sizeof(int));
  const double score = b["score"];
  EXPECT_DOUBLE_EQ(b["items_per_second"]["value"].get<double>(), 64 * 1e9 / score);
  EXPECT_DOUBLE_EQ(b["bytes_per_second"]["value"].get<double>(), 64 * sizeof(int) * 1e9 / score);
  if (!b["ci"].is_null() && b["ci"]["low"].get<double>() > 0) {
    EXPECT_DOUBLE_EQ(b["items_per_second"]["ci"]["low"].get<double>(), 64 * 1e9 / b["ci"]["high"].get<double>());
  }
  EXPECT_NE(tare_e2e::slurp(csv_path).find(",items_per_second,items_per_second_ci_low,"), std::string::npos);
  EXPECT_NE(result.out.find("Items and bytes per second"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("rated.sum/n=64: "), std::string::npos) << result.out;

  const auto listing = tare_e2e::run_command({kRatesBench, "--list-json"});
  ASSERT_EQ(listing.exit_code, 0) << listing.err;
  const auto list = nlohmann::json::parse(listing.out);
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list[0]["items_per_op"], 64);
  EXPECT_FALSE(list.back().contains("items_per_op")) << "only where declared";
}

TEST(RatesEndToEnd, AParameterTheAmountRestsOnThatIsNoCountIsAUsageError) {
  const auto result = tare_e2e::run_command({kRatesBench, "--param", "n=many", "--filter", "^rated"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("items_per_op(\"n\")"), std::string::npos) << result.err;
}

TEST(RatesEndToEnd, AResetPerSampleBeforeAnOperationThatChangesTheStateIsWarnedAbout) {
  const auto json_path = (tare_e2e::scratch_dir() / "reset.json").string();
  const auto result = tare_e2e::run_command(quick_rates({"--filter", "^reset", "--json", json_path}));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto run = nlohmann::json::parse(tare_e2e::slurp(json_path));
  const auto codes_of = [&](const std::string& name) {
    std::vector<std::string> codes;
    for (const auto& c : named(run, name)["warning_codes"]) codes.push_back(c["code"]);
    return codes;
  };
  const auto has_stale = [&](const std::string& name) {
    const auto codes = codes_of(name);
    return std::find(codes.begin(), codes.end(), "stale_input") != codes.end();
  };
  EXPECT_TRUE(has_stale("reset.per_sample/n=64"));
  EXPECT_FALSE(has_stale("reset.const_op/n=64")) << "const State& says the operation changes nothing";
  EXPECT_FALSE(has_stale("reset.per_call/n=64")) << "before_each renews the input for every call";
}
