#include "report/enum_names.hpp"
#include "runner/options.hpp"

#include <gtest/gtest.h>

#include "report/enum_names.hpp"

using tare::runner::parse_options;
using tare::runner::parse_param_override;
using tare::runner::UsageError;

namespace {
std::optional<tare::runner::RunOptions> parse(std::vector<std::string> args) {
  args.insert(args.begin(), "bench");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return parse_options(static_cast<int>(argv.size()), argv.data());
}
}  // namespace

TEST(Options, DefaultsAreFastAndRigorous) {
  const auto o = parse({});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->min_forks, 5);
  EXPECT_DOUBLE_EQ(o->target_ci_percent, 1);
  EXPECT_FALSE(o->seed);
}

TEST(Options, ParamOverridesSplitOnCommas) {
  const auto [name, values] = parse_param_override("size=16,1024");
  EXPECT_EQ(name, "size");
  EXPECT_EQ(values, (std::vector<std::string>{"16", "1024"}));
  EXPECT_THROW(parse_param_override("size"), UsageError);
  EXPECT_THROW(parse_param_override("=3"), UsageError);
  EXPECT_THROW(parse_param_override("size=1,,2"), UsageError);
}

TEST(Options, ReadsEveryContractOption) {
  const auto o = parse({"--forks", "7", "--max-forks", "9", "--param", "size=1,2", "--threads", "1,4", "--mode", "thrpt",
                        "--budget", "2.5", "--target-ci", "0.5%", "--json", "r.json", "--csv", "r.csv", "--seed", "42",
                        "--filter", "lookup"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->min_forks, 7);
  EXPECT_EQ(o->max_forks, 9);
  EXPECT_EQ(o->overrides.params.size(), 1u);
  EXPECT_EQ(*o->overrides.threads, (std::vector<int>{1, 4}));
  EXPECT_EQ(*o->overrides.mode, tare::Mode::thrpt);
  EXPECT_DOUBLE_EQ(o->budget_seconds, 2.5);
  EXPECT_DOUBLE_EQ(o->target_ci_percent, 0.5);
  EXPECT_EQ(o->json_path, "r.json");
  EXPECT_EQ(o->csv_path, "r.csv");
  EXPECT_EQ(*o->seed, 42u);
  EXPECT_EQ(*o->filter, "lookup");
}

TEST(Options, QuickSetsItsValuesAndGivenOptionsWin) {
  const auto quick = parse({"--quick"});
  ASSERT_TRUE(quick);
  EXPECT_TRUE(quick->quick);
  EXPECT_EQ(quick->min_forks, 3);
  EXPECT_EQ(quick->max_forks, 3);
  EXPECT_DOUBLE_EQ(quick->measure_ms, 20);
  EXPECT_DOUBLE_EQ(quick->warmup_max_ms, 50);
  EXPECT_DOUBLE_EQ(quick->budget_seconds, 1);
  EXPECT_DOUBLE_EQ(quick->target_ci_percent, 0);  // none: the forks are fixed, a missed ±1% is no news
  EXPECT_EQ(tare::runner::quick_look_note(*quick),
            "quick look: 3 forks of 20 ms; slow starts over 50 ms and slow drifts are not checked; use the defaults "
            "to publish");
  // Given values win, in any order; the fork bounds follow a given one, never crossing.
  const auto given = parse({"--measure-ms", "40", "--quick", "--forks", "5", "--budget", "2s"});
  ASSERT_TRUE(given);
  EXPECT_EQ(given->min_forks, 5);
  EXPECT_EQ(given->max_forks, 5);
  EXPECT_DOUBLE_EQ(given->measure_ms, 40);
  EXPECT_DOUBLE_EQ(given->warmup_max_ms, 50);
  EXPECT_DOUBLE_EQ(given->budget_seconds, 2);
  EXPECT_DOUBLE_EQ(parse({"--quick", "--target-ci", "2%"})->target_ci_percent, 2);
  const auto capped = parse({"--quick", "--max-forks", "2"});
  ASSERT_TRUE(capped);
  EXPECT_EQ(capped->min_forks, 2);
  EXPECT_EQ(capped->max_forks, 2);
  const auto range = parse({"--quick", "--max-forks", "6", "--warmup-max-ms", "200"});
  ASSERT_TRUE(range);
  EXPECT_EQ(tare::runner::quick_look_note(*range),
            "quick look: 3 to 6 forks of 20 ms; slow starts over 200 ms and slow drifts are not checked; use the "
            "defaults to publish");
  // Without --quick, nothing changes.
  const auto plain = parse({});
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->quick);
  EXPECT_EQ(plain->max_forks, 100);
  EXPECT_DOUBLE_EQ(plain->measure_ms, 100);
}

TEST(Options, ProfilersAreNamedOnceEachAndAnUnknownOneIsRefused) {
  const auto o = parse({"--prof", "rusage", "--prof", "rusage"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->profilers, (std::vector<tare::results::Profiler>{tare::results::Profiler::rusage}));
  try {
    parse({"--prof", "cycles"});
    ADD_FAILURE() << "accepted";
  } catch (const UsageError& e) {
    // The list comes from the profilers' names, so it grows with them.
    EXPECT_EQ(std::string(e.what()), "--prof cycles: unknown profiler; this tare has " + tare::report::profiler_names());
    EXPECT_NE(std::string(e.what()).find("rusage, alloc"), std::string::npos) << e.what();
  }
}

TEST(Options, InstructionsIsAProfilerAndTheRefusalListsIt) {
  const auto o = parse({"--prof", "instructions", "--prof", "rusage"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->profilers, (std::vector<tare::results::Profiler>{tare::results::Profiler::instructions,
                                                                tare::results::Profiler::rusage}));
  EXPECT_NE(tare::report::profiler_names().find("instructions"), std::string::npos);
  EXPECT_NE(tare::report::profiler_names().find("rusage"), std::string::npos);
}

TEST(Options, PerfTakesDefaultEventsOrAListAndRefusesUnknownNames) {
  const auto defaults = parse({"--prof", "perf"});
  ASSERT_TRUE(defaults);
  EXPECT_EQ(defaults->profilers, (std::vector<tare::results::Profiler>{tare::results::Profiler::perf}));
  ASSERT_FALSE(defaults->perf_events.empty());
  EXPECT_EQ(defaults->perf_events.front(), "cycles");
  const auto listed = parse({"--prof", "perf:page-faults,task-clock", "--prof", "rusage", "--prof", "perf:cycles,page-faults"});
  ASSERT_TRUE(listed);
  EXPECT_EQ(listed->profilers, (std::vector<tare::results::Profiler>{tare::results::Profiler::perf,
                                                                     tare::results::Profiler::rusage}));
  EXPECT_EQ(listed->perf_events, (std::vector<std::string>{"page-faults", "task-clock", "cycles"}));
  const auto refusal = [](std::vector<std::string> args) {
    try {
      parse(std::move(args));
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal({"--prof", "perf:page-faults,no-such-event"}).rfind(
                "--prof perf:page-faults,no-such-event: unknown event no-such-event: ", 0),
            0u);
  EXPECT_EQ(refusal({"--prof", "perf:"}), "--prof perf:: no events after \"perf:\"");
  EXPECT_EQ(refusal({"--prof", "rusage:minor"}), "--prof rusage:minor: rusage takes no events");
}

TEST(Options, AllocProfilerIsNamedBesideRusage) {
  const auto o = parse({"--prof", "alloc", "--prof", "rusage"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->profilers, (std::vector<tare::results::Profiler>{tare::results::Profiler::alloc, tare::results::Profiler::rusage}));
}

TEST(Options, RejectsBadInputWithAUsageError) {
  EXPECT_THROW(parse({"--bogus"}), UsageError);
  EXPECT_THROW(parse({"--mode", "fastest"}), UsageError);
  EXPECT_THROW(parse({"--threads", "two"}), UsageError);
  EXPECT_THROW(parse({"--target-ci", "0%"}), UsageError);
  EXPECT_THROW(parse({"--target-ci", "2"}), UsageError);  // a percentage carries its sign
  EXPECT_THROW(parse({"--forks", "5", "--max-forks", "3"}), UsageError);
  EXPECT_THROW(parse({"--param", "a=1", "--param", "a=2"}), UsageError);
}

// F7, F10: nan passed every range check CLI11 offers, 1e308 and inf passed "positive", and a
// seed past 2^64-1 wrapped around. Each is now one usage error naming the flag.
TEST(Options, EveryNumericOptionRejectsNanInfOverflowAndOutOfRange) {
  for (const char* flag : {"--timeout", "--budget", "--measure-ms", "--warmup-max-ms", "--steady-band", "--target-ci"})
    for (const char* bad : {"nan", "inf", "-inf", "1e308", "1e999", "-1", "x"}) {
      try {
        parse({flag, bad});
        ADD_FAILURE() << flag << " " << bad << " was accepted";
      } catch (const UsageError& e) {
        EXPECT_EQ(std::string(e.what()).rfind(std::string(flag) + " " + bad + ": expected ", 0), 0u) << e.what();
      }
    }
  for (const char* flag : {"--forks", "--max-forks", "--seed"})
    for (const char* bad : {"nan", "1e3", "-1", "1.5", "18446744073709551616"})
      EXPECT_THROW(parse({flag, bad}), UsageError) << flag << " " << bad;
  EXPECT_THROW(parse({"--threads", "1,99999999999"}), UsageError);
  EXPECT_THROW(parse({"--steady-band", "100.5"}), UsageError);
}

TEST(Options, NumbersAtTheEdgesOfTheirRangesAreKept) {
  const auto o = parse({"--timeout", "604800", "--steady-band", "0%", "--seed", "18446744073709551615",
                        "--target-ci", "100%", "--measure-ms", "0.5"});
  ASSERT_TRUE(o);
  EXPECT_DOUBLE_EQ(o->timeout_seconds, 604800);
  EXPECT_DOUBLE_EQ(o->steady_band_percent, 0);
  EXPECT_EQ(*o->seed, UINT64_MAX);
  EXPECT_DOUBLE_EQ(o->target_ci_percent, 100);
  EXPECT_DOUBLE_EQ(o->measure_ms, 0.5);
}
