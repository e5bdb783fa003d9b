// write_fleet_summary: one line per benchmark, the fleet's score and interval on a readable
// scale, the machines counted and the one that disagrees named.
#include "report/fleet_text.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace {

tare::results::FleetBenchmark summary_benchmark(const char* name, std::optional<double> mean) {
  tare::results::FleetBenchmark b;
  b.name = name;
  b.unit = "ns/op";
  b.mean = mean;
  return b;
}

std::string fleet_summary(const tare::results::Fleet& fleet) {
  std::ostringstream out;
  tare::report::write_fleet_summary(fleet, out);
  return out.str();
}

TEST(FleetText, OneLinePerBenchmark) {
  tare::results::Fleet fleet;
  auto sort = summary_benchmark("sort", 12345.0);
  sort.machines = 3;
  sort.ci = tare::results::Interval{0.95, 12000, 12700};
  sort.per_machine = {{"n1", 3, 1, {}, {}, {}, {}, false}, {"n2", 3, 1, {}, {}, {}, {}, true}};
  auto hash = summary_benchmark("hash", std::nullopt);
  fleet.benchmarks = {sort, hash};
  EXPECT_EQ(fleet_summary(fleet),
            "Across the machines that succeeded (95% interval for the mean of a machine of this kind):\n"
            "  sort: 12.3 [12.0, 12.7] µs/op over 3 machines; n2 disagrees with the others\n"
            "  hash: no score over 0 machines\n");
}

TEST(FleetText, NothingWithoutBenchmarks) { EXPECT_EQ(fleet_summary({}), ""); }

}  // namespace
