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

// How an event is read: with its group (one read gives every member), or alone.
enum class ReadShape { group, single };

perf_event_attr counting_attr(const Encoding& event, bool leader, ReadShape shape) {
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
  attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  if (shape == ReadShape::group) attr.read_format |= PERF_FORMAT_GROUP;
  return attr;
}

int open_counter(const Encoding& event, int group_fd, ReadShape shape) {
  perf_event_attr attr = counting_attr(event, group_fd < 0, shape);
  return static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, group_fd, PERF_FLAG_FD_CLOEXEC));
}

// A group leader, read as a group; where the kernel refuses group reads of inherited
// counters (EINVAL; perf_event_open(2) warns that some kernels do), alone.
int open_leader(const Encoding& event, ReadShape& shape) {
  shape = ReadShape::group;
  const int fd = open_counter(event, -1, shape);
  if (fd >= 0 || errno != EINVAL) return fd;
  shape = ReadShape::single;
  return open_counter(event, -1, shape);
}

std::vector<std::uint64_t> read_words(int fd, std::size_t count) {
  std::vector<std::uint64_t> words(count);
  const auto bytes = static_cast<ssize_t>(count * sizeof(std::uint64_t));
  if (::read(fd, words.data(), count * sizeof(std::uint64_t)) != bytes)
    throw std::runtime_error(std::string("reading a perf counter failed: ") + std::strerror(errno));
  return words;
}

}  // namespace

std::optional<int> open_error(const Encoding& event) {
  ReadShape shape = ReadShape::group;
  const int fd = open_leader(event, shape);
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
    if (group.fds.empty()) {
      ReadShape shape = ReadShape::group;
      const int fd = open_leader(events[index], shape);
      if (fd < 0)
        throw std::runtime_error("perf event " + events_to_text({events[index]}) + " did not open: " + std::strerror(errno));
      group.read_alone = shape == ReadShape::single;
      group.members.push_back(index);
      group.fds.push_back(fd);
      continue;
    }
    // A group read alone takes no members; a member the group refuses counts on its own.
    const int fd = group.read_alone ? -1 : open_counter(events[index], group.fds.front(), ReadShape::group);
    if (fd < 0) {
      open_group(events, {index});
      continue;
    }
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
    if (group.read_alone) {
      const auto words = read_words(group.fds.front(), 3);  // { value, time_enabled, time_running }
      readings[group.members.front()] = {words[0], words[1], words[2]};
      continue;
    }
    const auto group_readings = readings_from_group(read_words(group.fds.front(), 3 + group.members.size()),
                                                    group.members.size());
    if (!group_readings) throw std::runtime_error("a perf event group read back in an unexpected shape");
    for (std::size_t i = 0; i < group.members.size(); ++i) readings[group.members[i]] = (*group_readings)[i];
  }
  return readings;
}

}  // namespace tare::perf
