// What the kernel lets a process count (a fake /proc), why an event is refused, the one
// warning line, and probing on this machine.
#include "perf/availability.hpp"
#include "perf/pfm_events.hpp"

#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;

fs::path fake_proc(const std::string& paranoid, const std::string& cap_eff) {
  const fs::path root = fs::temp_directory_path() / ("tare_perf_access_" + std::to_string(::getpid()));
  fs::create_directories(root / "sys" / "kernel");
  if (!paranoid.empty()) std::ofstream(root / "sys" / "kernel" / "perf_event_paranoid") << paranoid << "\n";
  else fs::remove(root / "sys" / "kernel" / "perf_event_paranoid");
  std::ofstream(root / "status") << "Name:\tbench\nCapInh:\t0000000000000000\nCapEff:\t" << cap_eff << "\n";
  return root;
}

TEST(PerfAccess, UserSpaceOnlyUnderParanoidTwoWithoutCapabilities) {
  auto root = fake_proc("2", "0000000000000000");
  auto access = tare::perf::read_access(root / "sys", root / "status");
  EXPECT_EQ(access.paranoid, 2);
  EXPECT_FALSE(access.privileged);
  EXPECT_TRUE(access.user_only());
  root = fake_proc("2", "0000004000000000");  // CAP_PERFMON (bit 38)
  EXPECT_FALSE(tare::perf::read_access(root / "sys", root / "status").user_only());
  root = fake_proc("4", "000001ffffffffff");  // root: CAP_SYS_ADMIN among all
  EXPECT_FALSE(tare::perf::read_access(root / "sys", root / "status").user_only());
  root = fake_proc("1", "0000000000000000");
  EXPECT_FALSE(tare::perf::read_access(root / "sys", root / "status").user_only());
  root = fake_proc("", "0000000000000000");  // no perf events in this kernel
  access = tare::perf::read_access(root / "sys", root / "status");
  EXPECT_FALSE(access.paranoid);
  EXPECT_TRUE(access.user_only());
  fs::remove_all(root);
}

TEST(PerfAvailability, ReasonsInWordsAndOneLineGroupedByReason) {
  tare::perf::Access access;
  access.paranoid = 3;
  EXPECT_NE(tare::perf::unavailable_reason(ENOENT, access).find("no hardware counters"), std::string::npos);
  EXPECT_NE(tare::perf::unavailable_reason(EACCES, access).find("perf_event_paranoid 3"), std::string::npos);
  tare::perf::Availability availability;
  availability.names = {"page-faults"};
  EXPECT_EQ(tare::perf::unavailable_line(availability), "");
  availability.unavailable = {{"cycles", "no counter"}, {"LLC-loads", "refused"}, {"instructions", "no counter"}};
  EXPECT_EQ(tare::perf::unavailable_line(availability),
            "--prof perf: not available here, so not counted: cycles, instructions: no counter; LLC-loads: refused; "
            "the others are counted");
  availability.names.clear();
  EXPECT_NE(tare::perf::unavailable_line(availability).find("no perf figures in this run"), std::string::npos);
}

// On this machine: every event is either counted or refused with a reason, never both,
// and in the order asked; hardware events are one or the other depending on the machine.
TEST(PerfAvailability, ProbingSplitsTheEventsIntoCountedAndRefused) {
  const std::vector<std::string> asked{"cycles", "page-faults", "instructions", "task-clock"};
  const auto availability = tare::perf::probe_events(asked);
  EXPECT_EQ(availability.names.size() + availability.unavailable.size(), asked.size());
  EXPECT_EQ(availability.names.size(), availability.encodings.size());
  for (const auto& [name, reason] : availability.unavailable) EXPECT_FALSE(reason.empty()) << name;
  if (availability.access.user_only()) {
    for (const auto& e : availability.encodings) EXPECT_TRUE(e.exclude_kernel);
  }
  EXPECT_THROW(tare::perf::probe_events({"no-such-event-anywhere"}), std::invalid_argument);
}

// Where the kernel allows user space only, every event is narrowed to it, and an event of
// the kernel alone (libpfm's ":k") is refused rather than counted as nothing.
TEST(PerfAvailability, UserSpaceOnlyNarrowsEventsAndRefusesKernelOnlyOnes) {
  tare::perf::Access user_only;
  user_only.paranoid = 2;
  std::vector<std::string> asked{"page-faults"};
  if (tare::perf::libpfm_built_in()) asked.push_back("perf::PAGE-FAULTS:k");
  const auto availability = tare::perf::probe_events(asked, user_only);
  for (const auto& e : availability.encodings) EXPECT_TRUE(e.exclude_kernel);
  if (tare::perf::libpfm_built_in()) {
    ASSERT_FALSE(availability.unavailable.empty());
    EXPECT_EQ(availability.unavailable.back().first, "perf::PAGE-FAULTS:k");
    EXPECT_NE(availability.unavailable.back().second.find("perf_event_paranoid 2"), std::string::npos);
  }
}

}  // namespace
