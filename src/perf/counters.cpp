#include "perf/counters.hpp"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "perf/event_text.hpp"
#include "perf/grouping.hpp"

namespace tare::perf {
namespace {

perf_event_attr counting_attr(const Encoding& event, bool leader) {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = event.type;
  attr.config = event.config;
  attr.config1 = event.config1;
  attr.config2 = event.config2;
  attr.exclude_user = event.exclude_user ? 1 : 0;
  attr.exclude_kernel = event.exclude_kernel ? 1 : 0;
  attr.exclude_hv = event.exclude_hv ? 1 : 0;
  attr.disabled = leader ? 1 : 0;  // members follow their leader
  attr.inherit = 1;
  attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  return attr;
}

int open_counter(const Encoding& event, int group_fd) {
  perf_event_attr attr = counting_attr(event, group_fd < 0);
  return static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, group_fd, PERF_FLAG_FD_CLOEXEC));
}

}  // namespace

std::optional<int> open_error(const Encoding& event) {
  const int fd = open_counter(event, -1);
  if (fd < 0) return errno;
  close(fd);
  return std::nullopt;
}

CounterSet::CounterSet(const std::vector<Encoding>& events) : events_(events.size()) {
  try {
    for (const auto& members : group_events(events)) open_group(events, members);
  } catch (...) {
    close_all();
    throw;
  }
}

void CounterSet::open_group(const std::vector<Encoding>& events, const std::vector<std::size_t>& members) {
  Group group;
  for (const std::size_t index : members) {
    const int leader = group.fds.empty() ? -1 : group.fds.front();
    int fd = open_counter(events[index], leader);
    if (fd < 0 && leader >= 0) {  // the group cannot take it: count it on its own
      open_group(events, {index});
      continue;
    }
    if (fd < 0)
      throw std::runtime_error("perf event " + events_to_text({events[index]}) + " did not open: " + std::strerror(errno));
    group.members.push_back(index);
    group.fds.push_back(fd);
  }
  if (!group.fds.empty()) groups_.push_back(std::move(group));
}

CounterSet::~CounterSet() { close_all(); }

void CounterSet::close_all() {
  for (auto& group : groups_)
    for (const int fd : group.fds) close(fd);
  groups_.clear();
}

// The leader alone is switched: members (opened enabled) count exactly while their leader
// does. Switching the members too (PERF_IOC_FLAG_GROUP) loses most of their counts once a
// group is enabled a second time (seen on Linux 6.18: 930 of 4000 page faults over ten rounds).
void CounterSet::enable() {
  for (const auto& group : groups_) ioctl(group.fds.front(), PERF_EVENT_IOC_ENABLE, 0);
}

void CounterSet::disable() {
  for (const auto& group : groups_) ioctl(group.fds.front(), PERF_EVENT_IOC_DISABLE, 0);
}

std::vector<Reading> CounterSet::read() const {
  std::vector<Reading> readings(events_);
  for (const auto& group : groups_) {
    std::vector<std::uint64_t> words(3 + group.members.size());
    const auto bytes = static_cast<ssize_t>(words.size() * sizeof(std::uint64_t));
    if (::read(group.fds.front(), words.data(), words.size() * sizeof(std::uint64_t)) != bytes)
      throw std::runtime_error(std::string("reading a perf event group failed: ") + std::strerror(errno));
    const auto group_readings = readings_from_group(words, group.members.size());
    if (!group_readings) throw std::runtime_error("a perf event group read back in an unexpected shape");
    for (std::size_t i = 0; i < group.members.size(); ++i) readings[group.members[i]] = (*group_readings)[i];
  }
  return readings;
}

}  // namespace tare::perf
